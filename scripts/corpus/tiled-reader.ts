/**
 * A small Tiled reader of the corpus script's own (scripts/corpus/tiled.ts), written apart
 * from Walkbox's (src/shared/formats/tiled) so that the corpus checks Walkbox against a
 * second reading of each map: the map's size, its image layers, every object (where its
 * lines are in the file, its shape in map px) and every tile cell, with the tilesets' tile
 * properties and collision shapes. Read from the TMX and JSON map format references
 * (docs/reference/tmx-map-format.rst, json-map-format.rst in mapeditor/tiled).
 *
 * Glossary
 * - layer path: the names of the groups a layer is in and its own, joined by ' / '.
 * - lines: 1-based first and last line of an object in the map's text.
 *
 * Units: px (map px), tiles.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gunzipSync, inflateSync } from 'node:zlib'

export type Pt = [number, number]

export interface MapObject {
  id: number
  name: string
  type: string
  x: number
  y: number
  width: number
  height: number
  rotation: number
  shape: 'rect' | 'ellipse' | 'polygon' | 'polyline' | 'point' | 'text' | 'tile'
  points: Pt[]
  gid?: number
  lines: [number, number]
}

export interface MapLayer {
  kind: 'tiles' | 'objects' | 'image' | 'group'
  name: string
  className: string
  walkboxProperty?: string
  path: string
  /** Offsets summed with the groups above, px. */
  dx: number
  dy: number
  objects: MapObject[]
  /** Tiles: cells by (x, y) in tiles, gid with flags. */
  cells: { x: number; y: number; gid: number }[]
  image?: string
}

export interface TileInfo {
  props: Record<string, unknown>
  width: number
  height: number
  shapes: Pt[][]
}

export interface MapRead {
  orientation: string
  infinite: boolean
  width: number
  height: number
  tilewidth: number
  tileheight: number
  properties: Record<string, unknown>
  layers: MapLayer[]
  /** By global id (flags cleared). */
  tile(gid: number): TileInfo | null
  text: string
}

// ---------------------------------------------------------------------------------------
// A very small XML tree (elements, attributes, text; what Tiled writes).

interface El {
  name: string
  a: Record<string, string>
  kids: El[]
  text: string
  line: number
  endLine: number
}

const ent = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e === 'lt'
      ? '<'
      : e === 'gt'
        ? '>'
        : e === 'amp'
          ? '&'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(
                  e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
                ),
  )

function xml(text: string): El {
  const root: El = { name: '#', a: {}, kids: [], text: '', line: 1, endLine: 1 }
  const stack = [root]
  let line = 1
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([\w.-]+)([^>]*?)(\/?)>|[^<]+/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text))) {
    const chunk = m[0]
    const at = line
    for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++
    if (chunk.startsWith('<!--') || chunk.startsWith('<?')) continue
    if (!chunk.startsWith('<')) {
      stack[stack.length - 1].text += ent(chunk)
      continue
    }
    const [, close, name, attrs, self] = m
    if (close) {
      const el = stack.pop()!
      el.endLine = line
      continue
    }
    const el: El = { name, a: {}, kids: [], text: '', line: at, endLine: line }
    for (const am of attrs.matchAll(/([\w.:-]+)\s*=\s*"([^"]*)"/g)) el.a[am[1]] = ent(am[2])
    stack[stack.length - 1].kids.push(el)
    if (!self) stack.push(el)
  }
  return root.kids[0]
}

const num = (v: unknown, d = 0) =>
  v === undefined || v === '' || !Number.isFinite(Number(v)) ? d : Number(v)

function xmlProps(el: El | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const p of el?.kids.filter((k) => k.name === 'property') ?? []) {
    const v = p.a.value ?? p.text
    out[p.a.name] =
      p.a.type === 'bool' ? v === 'true' : p.a.type === 'int' || p.a.type === 'float' ? Number(v) : v
  }
  return out
}

/** JSON properties: a list of { name, value }, or (before Tiled 1.2) an object of names and values. */
const jsonProps = (list: unknown): Record<string, unknown> =>
  Array.isArray(list)
    ? Object.fromEntries((list as { name: string; value: unknown }[]).map((p) => [p.name, p.value]))
    : list && typeof list === 'object'
      ? { ...(list as Record<string, unknown>) }
      : {}

// ---------------------------------------------------------------------------------------
// Tile data

function decodeData(
  data: string | number[],
  encoding: string | undefined,
  compression: string | undefined,
): number[] {
  if (Array.isArray(data)) return data
  if (!encoding || encoding === 'csv')
    return data
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map(Number)
  let bytes = Buffer.from(data.replace(/\s+/g, ''), 'base64')
  if (compression === 'zlib') bytes = inflateSync(bytes)
  else if (compression === 'gzip') bytes = gunzipSync(bytes)
  else if (compression === 'zstd') bytes = execFileSync('zstd', ['-d', '-c'], { input: bytes })
  const out: number[] = []
  for (let k = 0; k + 4 <= bytes.length; k += 4) out.push(bytes.readUInt32LE(k))
  return out
}

// ---------------------------------------------------------------------------------------
// Shapes

/** An object's outline points in map px (rotation and layer offset applied); ellipses as 256-gons. */
function outline(
  o: Omit<MapObject, 'points' | 'lines'> & { poly?: Pt[] },
  dx: number,
  dy: number,
  tileAnchorBottom: boolean,
): Pt[] {
  let local: Pt[] = []
  if (o.shape === 'polygon' || o.shape === 'polyline') local = o.poly ?? []
  else if (o.shape === 'point') local = [[0, 0]]
  else if (o.shape === 'ellipse')
    for (let k = 0; k < 256; k++) {
      const t = (2 * Math.PI * k) / 256
      local.push([o.width / 2 + (o.width / 2) * Math.cos(t), o.height / 2 + (o.height / 2) * Math.sin(t)])
    }
  else if (o.width > 0 && o.height > 0) {
    const top = o.shape === 'tile' && tileAnchorBottom ? -o.height : 0
    local = [
      [0, top],
      [o.width, top],
      [o.width, top + o.height],
      [0, top + o.height],
    ]
  }
  const r = (o.rotation * Math.PI) / 180
  return local.map(([x, y]) => [
    o.x + dx + x * Math.cos(r) - y * Math.sin(r),
    o.y + dy + x * Math.sin(r) + y * Math.cos(r),
  ])
}

const pts = (s: string | undefined): Pt[] =>
  (s ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.split(',').map(Number) as Pt)

// ---------------------------------------------------------------------------------------

interface Tileset {
  firstgid: number
  tilewidth: number
  tileheight: number
  props: Record<string, unknown>
  tiles: Map<number, TileInfo>
}

function tilesetXml(el: El, firstgid: number): Tileset {
  const tiles = new Map<number, TileInfo>()
  const tw = num(el.a.tilewidth)
  const th = num(el.a.tileheight)
  for (const t of el.kids.filter((k) => k.name === 'tile')) {
    const img = t.kids.find((k) => k.name === 'image')
    const og = t.kids.find((k) => k.name === 'objectgroup')
    const shapes: Pt[][] = []
    for (const o of og?.kids.filter((k) => k.name === 'object') ?? []) {
      const obj = objectXml(o)
      if (obj.shape !== 'point' && obj.shape !== 'polyline' && obj.shape !== 'text')
        shapes.push(outline(obj, 0, 0, false))
    }
    tiles.set(num(t.a.id), {
      props: xmlProps(t.kids.find((k) => k.name === 'properties')),
      width: num(img?.a.width, tw),
      height: num(img?.a.height, th),
      shapes,
    })
  }
  return {
    firstgid,
    tilewidth: tw,
    tileheight: th,
    props: xmlProps(el.kids.find((k) => k.name === 'properties')),
    tiles,
  }
}

function tilesetJson(j: Record<string, unknown>, firstgid: number): Tileset {
  const tiles = new Map<number, TileInfo>()
  const tw = num(j.tilewidth)
  const th = num(j.tileheight)
  for (const t of (j.tiles as Record<string, unknown>[]) ?? []) {
    const shapes: Pt[][] = []
    for (const o of ((t.objectgroup as { objects?: Record<string, unknown>[] })?.objects ?? []) as Record<
      string,
      unknown
    >[]) {
      const obj = objectJson(o)
      if (obj.shape !== 'point' && obj.shape !== 'polyline' && obj.shape !== 'text')
        shapes.push(outline(obj, 0, 0, false))
    }
    tiles.set(num(t.id), {
      props: jsonProps(t.properties),
      width: num(t.imagewidth, tw),
      height: num(t.imageheight, th),
      shapes,
    })
  }
  return { firstgid, tilewidth: tw, tileheight: th, props: jsonProps(j.properties), tiles }
}

type RawObject = Omit<MapObject, 'points' | 'lines'> & { poly?: Pt[] }

function objectXml(o: El): RawObject {
  const has = (n: string) => o.kids.find((k) => k.name === n)
  const shape = has('polygon')
    ? 'polygon'
    : has('polyline')
      ? 'polyline'
      : has('point')
        ? 'point'
        : has('ellipse')
          ? 'ellipse'
          : has('text')
            ? 'text'
            : o.a.gid
              ? 'tile'
              : 'rect'
  return {
    id: num(o.a.id),
    name: o.a.name ?? '',
    type: o.a.type ?? o.a.class ?? '',
    x: num(o.a.x),
    y: num(o.a.y),
    width: num(o.a.width),
    height: num(o.a.height),
    rotation: num(o.a.rotation),
    shape,
    poly: pts((has('polygon') ?? has('polyline'))?.a.points),
    ...(o.a.gid ? { gid: Number(o.a.gid) } : {}),
  }
}

function objectJson(o: Record<string, unknown>): RawObject {
  const poly = (o.polygon ?? o.polyline) as { x: number; y: number }[] | undefined
  const shape = o.polygon
    ? 'polygon'
    : o.polyline
      ? 'polyline'
      : o.point
        ? 'point'
        : o.ellipse
          ? 'ellipse'
          : o.text
            ? 'text'
            : o.gid
              ? 'tile'
              : 'rect'
  return {
    id: num(o.id),
    name: String(o.name ?? ''),
    type: String(o.type ?? o.class ?? ''),
    x: num(o.x),
    y: num(o.y),
    width: num(o.width),
    height: num(o.height),
    rotation: num(o.rotation),
    shape,
    poly: poly?.map((p) => [p.x, p.y] as Pt),
    ...(o.gid ? { gid: Number(o.gid) } : {}),
  }
}

/** The lines of each object in a JSON text, in file order (objects are the arrays' members with "id"). */
function jsonObjectLines(text: string): [number, number][] {
  const out: [number, number][] = []
  // Objects inside "objects": [ … ] arrays; found by scanning braces with a depth stack.
  let line = 1
  const stack: { start: number; inObjects: boolean; isObjects: boolean }[] = []
  let pendingKey = ''
  let inString = false
  let key = ''
  let afterColon = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') line++
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      else key += c
      continue
    }
    if (c === '"') {
      inString = true
      key = ''
      continue
    }
    if (c === ':') {
      pendingKey = key
      afterColon = true
      continue
    }
    if (c === '[') {
      stack.push({ start: line, inObjects: false, isObjects: afterColon && pendingKey === 'objects' })
      afterColon = false
    } else if (c === '{') {
      const parent = stack[stack.length - 1]
      stack.push({ start: line, inObjects: parent?.isObjects ?? false, isObjects: false })
      afterColon = false
    } else if (c === '}' || c === ']') {
      const top = stack.pop()
      if (c === '}' && top?.inObjects) out.push([top.start, line])
    } else if (c === ',') afterColon = false
  }
  return out
}

/** Reads a .tmx, .tmj or Tiled .json map and the tilesets it names (relative to it). */
export function readMap(file: string): MapRead {
  const text = readFileSync(file, 'utf8')
  const dir = dirname(file)
  const tilesets: Tileset[] = []
  const layers: MapLayer[] = []
  let head: Omit<MapRead, 'layers' | 'tile' | 'text'>
  if (text.trimStart().startsWith('<')) {
    const root = xml(text)
    head = {
      orientation: root.a.orientation,
      infinite: root.a.infinite === '1',
      width: num(root.a.width),
      height: num(root.a.height),
      tilewidth: num(root.a.tilewidth),
      tileheight: num(root.a.tileheight),
      properties: xmlProps(root.kids.find((k) => k.name === 'properties')),
    }
    for (const t of root.kids.filter((k) => k.name === 'tileset')) {
      const firstgid = num(t.a.firstgid, 1)
      if (t.a.source) {
        const path = join(dir, t.a.source)
        try {
          const src = readFileSync(path, 'utf8')
          tilesets.push(
            src.trimStart().startsWith('<')
              ? tilesetXml(xml(src), firstgid)
              : tilesetJson(JSON.parse(src) as Record<string, unknown>, firstgid),
          )
        } catch {
          tilesets.push({ firstgid, tilewidth: 0, tileheight: 0, props: {}, tiles: new Map() })
        }
      } else tilesets.push(tilesetXml(t, firstgid))
    }
    const visit = (el: El, dx: number, dy: number, path: string) => {
      for (const c of el.kids) {
        if (!['layer', 'objectgroup', 'imagelayer', 'group'].includes(c.name)) continue
        const ox = dx + num(c.a.offsetx)
        const oy = dy + num(c.a.offsety)
        const props = xmlProps(c.kids.find((k) => k.name === 'properties'))
        const l: MapLayer = {
          kind:
            c.name === 'layer'
              ? 'tiles'
              : c.name === 'objectgroup'
                ? 'objects'
                : c.name === 'group'
                  ? 'group'
                  : 'image',
          name: c.a.name ?? '',
          className: c.a.class ?? '',
          ...(typeof props.walkbox === 'string' ? { walkboxProperty: props.walkbox } : {}),
          path: path ? `${path} / ${c.a.name ?? ''}` : (c.a.name ?? ''),
          dx: ox,
          dy: oy,
          objects: [],
          cells: [],
          ...(c.name === 'imagelayer'
            ? { image: c.kids.find((k) => k.name === 'image')?.a.source ?? '' }
            : {}),
        }
        layers.push(l)
        if (c.name === 'group') visit(c, ox, oy, l.path)
        if (c.name === 'objectgroup')
          for (const o of c.kids.filter((k) => k.name === 'object')) {
            const raw = objectXml(o)
            l.objects.push({ ...raw, points: outline(raw, ox, oy, true), lines: [o.line, o.endLine] })
          }
        if (c.name === 'layer') {
          const data = c.kids.find((k) => k.name === 'data')
          if (!data) continue
          const chunks = data.kids.filter((k) => k.name === 'chunk')
          const parts = chunks.length
            ? chunks.map((k) => ({ x: num(k.a.x), y: num(k.a.y), w: num(k.a.width), el: k }))
            : [{ x: 0, y: 0, w: num(c.a.width), el: data }]
          for (const part of parts) {
            const tiles = part.el.kids.filter((k) => k.name === 'tile')
            const gids = data.a.encoding
              ? decodeData(part.el.text.trim(), data.a.encoding, data.a.compression)
              : tiles.map((t) => num(t.a.gid))
            gids.forEach((g, k) => {
              if (g) l.cells.push({ x: part.x + (k % part.w), y: part.y + Math.floor(k / part.w), gid: g })
            })
          }
        }
      }
    }
    visit(root, 0, 0, '')
  } else {
    const j = JSON.parse(text) as Record<string, unknown>
    head = {
      orientation: String(j.orientation),
      infinite: j.infinite === true,
      width: num(j.width),
      height: num(j.height),
      tilewidth: num(j.tilewidth),
      tileheight: num(j.tileheight),
      properties: jsonProps(j.properties),
    }
    for (const t of (j.tilesets as Record<string, unknown>[]) ?? []) {
      const firstgid = num(t.firstgid, 1)
      if (typeof t.source === 'string') {
        try {
          const src = readFileSync(join(dir, t.source), 'utf8')
          tilesets.push(
            src.trimStart().startsWith('<')
              ? tilesetXml(xml(src), firstgid)
              : tilesetJson(JSON.parse(src) as Record<string, unknown>, firstgid),
          )
        } catch {
          tilesets.push({ firstgid, tilewidth: 0, tileheight: 0, props: {}, tiles: new Map() })
        }
      } else tilesets.push(tilesetJson(t, firstgid))
    }
    const objectLines = jsonObjectLines(text)
    let nth = 0
    const visit = (list: Record<string, unknown>[], dx: number, dy: number, path: string) => {
      for (const c of list) {
        const ox = dx + num(c.offsetx)
        const oy = dy + num(c.offsety)
        const props = jsonProps(c.properties)
        const type = String(c.type)
        const l: MapLayer = {
          kind:
            type === 'tilelayer'
              ? 'tiles'
              : type === 'objectgroup'
                ? 'objects'
                : type === 'group'
                  ? 'group'
                  : 'image',
          name: String(c.name ?? ''),
          className: String(c.class ?? ''),
          ...(typeof props.walkbox === 'string' ? { walkboxProperty: props.walkbox } : {}),
          path: path ? `${path} / ${String(c.name ?? '')}` : String(c.name ?? ''),
          dx: ox,
          dy: oy,
          objects: [],
          cells: [],
          ...(type === 'imagelayer' ? { image: String(c.image ?? '') } : {}),
        }
        layers.push(l)
        if (type === 'group') visit((c.layers as Record<string, unknown>[]) ?? [], ox, oy, l.path)
        if (type === 'objectgroup')
          for (const o of (c.objects as Record<string, unknown>[]) ?? []) {
            const raw = objectJson(o)
            l.objects.push({
              ...raw,
              points: outline(raw, ox, oy, true),
              lines: objectLines[nth++] ?? [0, 0],
            })
          }
        if (type === 'tilelayer') {
          const parts = Array.isArray(c.chunks)
            ? (c.chunks as Record<string, unknown>[]).map((k) => ({
                x: num(k.x),
                y: num(k.y),
                w: num(k.width),
                data: k.data,
              }))
            : [{ x: num(c.startx), y: num(c.starty), w: num(c.width), data: c.data }]
          for (const part of parts) {
            if (part.data === undefined) continue
            const gids = decodeData(
              part.data as string | number[],
              c.encoding as string,
              c.compression as string,
            )
            gids.forEach((g, k) => {
              if (g) l.cells.push({ x: part.x + (k % part.w), y: part.y + Math.floor(k / part.w), gid: g })
            })
          }
        }
      }
    }
    visit((j.layers as Record<string, unknown>[]) ?? [], 0, 0, '')
  }
  tilesets.sort((a, b) => a.firstgid - b.firstgid)
  const tile = (gid: number): TileInfo | null => {
    const id = (gid & 0x0fffffff) >>> 0
    let ts: Tileset | undefined
    for (const t of tilesets) if (t.firstgid <= id) ts = t
    if (!ts) return null
    const own = ts.tiles.get(id - ts.firstgid)
    return {
      props: { ...ts.props, ...(own?.props ?? {}) },
      width: own?.width ?? ts.tilewidth,
      height: own?.height ?? ts.tileheight,
      shapes: own?.shapes ?? [],
    }
  }
  return { ...head, layers, tile, text }
}

/**
 * A tile's collision shapes where Tiled draws them for the cell (cx, cy): the tile's image
 * hangs from the cell's bottom-left corner; flip flags as Tiled's CellRenderer applies them
 * (the anti-diagonal flag as a quarter turn with the other two swapped).
 */
export function cellShapes(
  info: TileInfo,
  gid: number,
  cx: number,
  cy: number,
  tw: number,
  th: number,
  dx: number,
  dy: number,
): Pt[][] {
  const w = info.width
  const h = info.height
  let cxm = cx * tw + dx + w / 2
  let cym = (cy + 1) * th + dy - h / 2
  let fh = (gid & 0x80000000) !== 0
  let fv = (gid & 0x40000000) !== 0
  const d = (gid & 0x20000000) !== 0
  if (d) {
    const h0 = fh
    fh = fv
    fv = !h0
    cxm += (h - w) / 2
    cym += (h - w) / 2
  }
  return info.shapes.map((ring) =>
    ring.map(([x, y]) => {
      let u = (x - w / 2) * (fh ? -1 : 1)
      let v = (y - h / 2) * (fv ? -1 : 1)
      if (d) [u, v] = [-v, u]
      return [cxm + u, cym + v] as Pt
    }),
  )
}

/**
 * Pixels whose centres lie inside any of the rings' areas (each shape even-odd), on a w x h
 * grid; a centre on an edge counts for the shape to its right (spans are half-open).
 */
export function rasterise(grid: Uint8Array, w: number, h: number, shapes: Pt[][][]): void {
  for (const rings of shapes) {
    let y0 = Infinity
    let y1 = -Infinity
    for (const r of rings)
      for (const [, y] of r) {
        y0 = Math.min(y0, y)
        y1 = Math.max(y1, y)
      }
    const rowFrom = Math.max(0, Math.floor(y0 - 0.5))
    const rowTo = Math.min(h - 1, Math.ceil(y1 + 0.5))
    for (let row = rowFrom; row <= rowTo; row++) {
      const yc = row + 0.5
      const xs: number[] = []
      for (const r of rings)
        for (let k = 0; k < r.length; k++) {
          const [ax, ay] = r[k]
          const [bx, by] = r[(k + 1) % r.length]
          if (ay > yc !== by > yc) xs.push(ax + ((yc - ay) * (bx - ax)) / (by - ay))
        }
      xs.sort((a, b) => a - b)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k] - 0.5))
        // Half-open spans: a centre on an edge two shapes share belongs to one of them only.
        const to = Math.min(w - 1, Math.ceil(xs[k + 1] - 0.5) - 1)
        for (let x = from; x <= to; x++) grid[row * w + x] = 1
      }
    }
  }
}
