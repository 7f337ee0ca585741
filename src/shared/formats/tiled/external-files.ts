/**
 * What a Tiled map takes from other files, read before the map becomes a room: external
 * tilesets (.tsx, .tsj), object templates (.tx, .tj) and the tile data of its tile layers
 * (decompressed by the host). Limits are checked on the map first, so that a huge map is
 * refused before any work grows with it.
 *
 * Glossary
 * - map folder: the folder of the map file. Every file a map names is read relative to the
 *   file that names it and must lie inside the map folder ('..' above it, absolute paths
 *   and URLs are refused with a note).
 * - template instance: an object with `template`; the template's object gives every field
 *   the instance leaves out, properties are merged by name (the instance's win).
 * - tile object: an object with a `gid`; its tileset gives its alignment (tileAlignment).
 *
 * Units: px, tiles, bytes.
 */
import {
  MAX_CHUNK_TILE,
  MAX_RING_VERTICES,
  MAX_ROOM_SIDE_PX,
  MAX_TILED_CELLS,
  MAX_TILED_FILES,
  MAX_TILED_OBJECTS,
  TILED_XML_CEILINGS,
} from '../../limits'
import { GAME_REFERENCE_PATHS, resolveInside } from '../../path-rules'
import type { TiledLayer, TiledMap, TiledObject, TiledProperty, TiledTileset } from './map-types'
import type { ObjectAlignment } from './object-shapes'
import { decodeTileData, gidTile, type Inflate } from './tile-data'
import { templateFromTx, tilesetFromXml } from './tmx'
import { parseXml } from '../../codecs/xml/xml-read'

/** How many problems a refusal lists. */
export const MAX_LISTED_PROBLEMS = 10

/** A map refused before it is read: every problem found, the first ones listed one per line. */
export class TiledMapRefused extends Error {
  readonly problems: string[]
  constructor(file: string, problems: string[]) {
    const shown = problems.slice(0, MAX_LISTED_PROBLEMS)
    const more = problems.length - shown.length
    super(
      [
        `${file}: refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
        ...shown.map((p) => `  ${p}`),
        ...(more > 0 ? [`  and ${more} more`] : []),
      ].join('\n'),
    )
    this.name = 'TiledMapRefused'
    this.problems = problems
  }
}

export interface TiledFiles {
  /** Text of a file relative to the source root, or null when it is not there. */
  readText(path: string): Promise<string | null>
  inflate?: Inflate
  /** The folder (under the source root, '' = all of it) named files must lie in; default the map's folder. */
  root?: string
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '')

/**
 * `rel` (as a map names it, relative to the folder `dir`) as a path under the source root,
 * or null when it leaves `root` (the map folder) or is absolute.
 */
export function insideMapFolder(root: string, dir: string, rel: string): string | null {
  // The rules of src/shared/path-rules.ts for one game file naming another.
  const path = resolveInside(dir.replace(/\/+$/, ''), rel, GAME_REFERENCE_PATHS)
  return typeof path === 'string' && path.startsWith(root) ? path : null
}

/** Layers of a map depth first (group layers and what they hold). */
export function* allLayers(layers: readonly TiledLayer[], depth = 0): Generator<TiledLayer> {
  for (const l of layers) {
    yield l
    if (l?.type === 'group' && Array.isArray(l.layers) && depth < 32) yield* allLayers(l.layers, depth + 1)
  }
}

const cellsOf = (l: Extract<TiledLayer, { type: 'tilelayer' }>): number =>
  Array.isArray(l.chunks)
    ? l.chunks.reduce((s, c) => s + Math.max(0, c.width) * Math.max(0, c.height), 0)
    : Math.max(0, l.width) * Math.max(0, l.height)

/** Problems of a map that make it too large to read, found without reading its objects. */
export function tiledSizeProblems(map: TiledMap): string[] {
  const problems: string[] = []
  let objects = 0
  let cells = 0
  let longest = 0
  for (const l of allLayers(map.layers ?? [])) {
    if (l?.type === 'objectgroup' && Array.isArray(l.objects)) {
      objects += l.objects.length
      for (const o of l.objects)
        longest = Math.max(longest, o?.polygon?.length ?? 0, o?.polyline?.length ?? 0)
    } else if (l?.type === 'tilelayer') cells += cellsOf(l)
  }
  if (objects > MAX_TILED_OBJECTS)
    problems.push(`${objects} objects; Walkbox reads at most ${MAX_TILED_OBJECTS} from one map`)
  if (cells > MAX_TILED_CELLS)
    problems.push(`${cells} tiles in its tile layers; Walkbox reads at most ${MAX_TILED_CELLS}`)
  if (longest > MAX_RING_VERTICES)
    problems.push(`an object has ${longest} vertices; a ring holds at most ${MAX_RING_VERTICES}`)
  if (!map.infinite) {
    const w = map.width * map.tilewidth
    const h = map.height * map.tileheight
    if (!(w <= MAX_ROOM_SIDE_PX && h <= MAX_ROOM_SIDE_PX))
      problems.push(
        `the map is ${w}x${h} px (${map.width}x${map.height} tiles of ${map.tilewidth}x${map.tileheight}); a room side is at most ${MAX_ROOM_SIDE_PX} px`,
      )
  }
  return problems
}

function tilesetFromJson(json: unknown, firstgid: number, file: string): TiledTileset {
  const t = json as Partial<TiledTileset> & { type?: string }
  if (!t || typeof t !== 'object' || (t.type !== undefined && t.type !== 'tileset'))
    throw new Error(`${file}: not a Tiled tileset`)
  return {
    firstgid,
    name: typeof t.name === 'string' ? t.name : '',
    tilewidth: Number(t.tilewidth) || 0,
    tileheight: Number(t.tileheight) || 0,
    objectalignment: (typeof t.objectalignment === 'string'
      ? t.objectalignment
      : 'unspecified') as ObjectAlignment,
    ...(t.tileoffset && typeof t.tileoffset === 'object'
      ? { tileoffset: { x: Number(t.tileoffset.x) || 0, y: Number(t.tileoffset.y) || 0 } }
      : {}),
    properties: Array.isArray(t.properties) ? t.properties : [],
    tiles: Array.isArray(t.tiles) ? t.tiles : [],
  }
}

const OBJECT_DEFAULTS: Omit<TiledObject, 'id'> & { id: number } = {
  id: 0,
  name: '',
  type: '',
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  rotation: 0,
  visible: true,
}

/** An instance over its template: fields the instance has win, properties merge by name. */
function mergeTemplate(instance: TiledObject, template: TiledObject): TiledObject {
  const shapeKeys = ['point', 'ellipse', 'polygon', 'polyline'] as const
  const instanceHasShape = shapeKeys.some((k) => instance[k] !== undefined)
  const base: Record<string, unknown> = { ...template }
  if (instanceHasShape) for (const k of shapeKeys) delete base[k]
  const props = new Map<string, TiledProperty>()
  for (const p of template.properties ?? []) props.set(p.name, p)
  for (const p of instance.properties ?? []) props.set(p.name, p)
  const merged = { ...base, ...instance } as TiledObject
  if (props.size > 0) merged.properties = [...props.values()]
  delete merged.template
  return merged
}

/**
 * The map with its external tilesets inlined, templates applied, tile objects aligned and
 * tile data decoded, and notes on what could not be read. Throws TiledMapRefused when the
 * map is over a limit.
 */
export async function resolveTiledMap(
  map: TiledMap,
  mapPath: string,
  files: TiledFiles,
): Promise<{ map: TiledMap; notes: string[] }> {
  const file = mapPath.slice(mapPath.lastIndexOf('/') + 1)
  const problems = tiledSizeProblems(map)
  if (problems.length > 0) throw new TiledMapRefused(file, problems)
  const notes: string[] = []
  const root = files.root ?? dirOf(mapPath)
  const mapDir = dirOf(mapPath)
  let opened = 0
  const readInside = async (
    dir: string,
    rel: string,
    what: string,
  ): Promise<{ path: string; text: string } | null> => {
    const path = insideMapFolder(root, dir, rel)
    if (path === null) {
      notes.push(
        `${what} ${rel}: outside the ${files.root === undefined ? "map's folder" : 'folder imported'}; not read`,
      )
      return null
    }
    if (++opened > MAX_TILED_FILES)
      throw new TiledMapRefused(file, [`names more than ${MAX_TILED_FILES} files`])
    const text = await files.readText(path)
    if (text === null) notes.push(`${what} ${rel}: missing beside the map; not read`)
    return text === null ? null : { path, text }
  }

  const loadTileset = async (ts: TiledTileset, dir: string): Promise<TiledTileset> => {
    if (!ts.source) return ts
    const got = await readInside(dir, ts.source, 'tileset')
    if (!got) return { firstgid: ts.firstgid, source: ts.source }
    try {
      return /\.(tsj|json)$/i.test(got.path)
        ? tilesetFromJson(JSON.parse(got.text), ts.firstgid, ts.source)
        : (() => {
            const el = parseXml(got.text, ts.source!, TILED_XML_CEILINGS)
            if (el.name !== 'tileset') throw new Error(`${ts.source}: not a Tiled tileset (<${el.name}>)`)
            return tilesetFromXml(el, ts.firstgid)
          })()
    } catch (e) {
      notes.push(`tileset ${ts.source}: ${(e as Error).message.split('\n')[0]}; not read`)
      return { firstgid: ts.firstgid, source: ts.source }
    }
  }
  const tilesets = await Promise.all((map.tilesets ?? []).map((ts) => loadTileset(ts, mapDir)))
  const tilesetOf = (list: readonly TiledTileset[], gid: number): TiledTileset | undefined => {
    let found: TiledTileset | undefined
    for (const t of list) if (t.firstgid <= gidTile(gid) && (!found || t.firstgid > found.firstgid)) found = t
    return found
  }

  const templates = new Map<string, { object: TiledObject; tileset?: TiledTileset } | null>()
  const loadTemplate = async (rel: string) => {
    const key = insideMapFolder(root, mapDir, rel) ?? `outside:${rel}`
    if (templates.has(key)) return templates.get(key)!
    let value: { object: TiledObject; tileset?: TiledTileset } | null = null
    const got = await readInside(mapDir, rel, 'template')
    if (got) {
      try {
        if (/\.(tj|json)$/i.test(got.path)) {
          const j = JSON.parse(got.text) as { object?: TiledObject; tileset?: TiledTileset }
          if (!j?.object || typeof j.object !== 'object') throw new Error(`${rel}: not a Tiled template`)
          value = { object: j.object, ...(j.tileset ? { tileset: j.tileset } : {}) }
        } else value = templateFromTx(got.text, rel)
        if (value.tileset) value.tileset = await loadTileset(value.tileset, dirOf(got.path))
      } catch (e) {
        notes.push(`template ${rel}: ${(e as Error).message.split('\n')[0]}; not read`)
        value = null
      }
    }
    templates.set(key, value)
    return value
  }

  const resolveObject = async (o: TiledObject): Promise<TiledObject> => {
    let out = o
    let ownTilesets: readonly TiledTileset[] = tilesets
    if (typeof o.template === 'string') {
      const t = await loadTemplate(o.template)
      if (t) {
        out = mergeTemplate(o, t.object)
        if (o.gid === undefined && t.tileset) ownTilesets = [t.tileset]
      } else {
        out = { ...o }
        delete out.template
      }
    }
    out = { ...OBJECT_DEFAULTS, ...out }
    if (typeof out.gid === 'number' && gidTile(out.gid) > 0) {
      const ts = tilesetOf(ownTilesets, out.gid)
      out.tileAlignment = ts?.objectalignment ?? 'unspecified'
      if (!(out.width > 0) && ts?.tilewidth) out.width = ts.tilewidth
      if (!(out.height > 0) && ts?.tileheight) out.height = ts.tileheight
    }
    return out
  }

  const resolveLayers = async (layers: readonly TiledLayer[], depth: number): Promise<TiledLayer[]> => {
    const out: TiledLayer[] = []
    for (const l of layers) {
      if (l?.type === 'group') {
        out.push({
          ...l,
          layers: depth < 32 && Array.isArray(l.layers) ? await resolveLayers(l.layers, depth + 1) : [],
        })
      } else if (l?.type === 'objectgroup') {
        const objects: TiledObject[] = []
        for (const o of Array.isArray(l.objects) ? l.objects : [])
          if (o && typeof o === 'object') objects.push(await resolveObject(o))
        out.push({ ...l, objects })
      } else if (l?.type === 'tilelayer') {
        const copy = { ...l }
        try {
          if (Array.isArray(l.chunks)) {
            copy.chunks = []
            for (const c of l.chunks) {
              const whole = [c?.x, c?.y, c?.width, c?.height].every(
                (v) => Number.isInteger(v) && Math.abs(v) <= MAX_CHUNK_TILE,
              )
              if (!whole || c.width < 0 || c.height < 0)
                throw new Error(
                  `a chunk at (${String(c?.x)}, ${String(c?.y)}) has no whole position and size`,
                )
              copy.chunks.push({
                ...c,
                gids: await decodeTileData(
                  {
                    data: c.data,
                    encoding: c.encoding ?? l.encoding,
                    compression: c.compression ?? l.compression,
                  },
                  c.width * c.height,
                  files.inflate,
                ),
              })
            }
          } else if (l.data !== undefined) {
            copy.gids = await decodeTileData(
              { data: l.data, encoding: l.encoding, compression: l.compression },
              l.width * l.height,
              files.inflate,
            )
          }
        } catch (e) {
          notes.push(`tile layer '${l.name}': ${(e as Error).message.split('\n')[0]}; not read`)
          delete copy.gids
          delete copy.chunks
          delete copy.data
        }
        out.push(copy)
      } else out.push(l)
    }
    return out
  }

  return { map: { ...map, tilesets, layers: await resolveLayers(map.layers ?? [], 0) }, notes }
}
