/**
 * Tiled maps as TMX (XML) text: the structure of map.ts written and read the way Tiled
 * 1.8 does (the TMX Map Format reference): `<map>` with `<properties>`, `<imagelayer>`
 * with `<image source>`, `<objectgroup>` with `<object>`s holding `<polygon points>`,
 * `<polyline points>`, `<point/>` or `<ellipse/>`.
 *
 * The XML itself is read by the one bounded reader (src/shared/codecs/xml/xml-read.ts) with
 * Tiled's ceilings (TILED_XML_CEILINGS); this file maps its elements to map.ts's structure.
 *
 * Units: px.
 */
import type {
  TiledLayer,
  TiledLayerPlacement,
  TiledMap,
  TiledObject,
  TiledProperty,
  TiledPropertyType,
  TiledTile,
  TiledTileset,
} from './map-types'
import type { ObjectAlignment } from './object-shapes'
import type { RawTileData } from './tile-data'
import { TILED_XML_CEILINGS } from '../../limits'
import { child, parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import { escapeXmlAttribute } from '../../codecs/xml/xml-patch'

// ---------------------------------------------------------------------------------------
// Writing

const esc = escapeXmlAttribute

function num(n: number): string {
  return String(Math.round(n * 1e6) / 1e6)
}

function propertiesXml(list: TiledProperty[] | undefined, indent: string): string[] {
  if (!list || list.length === 0) return []
  return [
    `${indent}<properties>`,
    ...list.map(
      (p) =>
        `${indent} <property name="${esc(p.name)}"${p.type === 'string' ? '' : ` type="${p.type}"`}${p.propertytype !== undefined ? ` propertytype="${esc(p.propertytype)}"` : ''} value="${esc(p.value)}"/>`,
    ),
    `${indent}</properties>`,
  ]
}

const pointsAttr = (pts: { x: number; y: number }[]) => pts.map((p) => `${num(p.x)},${num(p.y)}`).join(' ')

function objectXml(o: TiledObject): string[] {
  const attrs = [
    ...(o.id ? [`id="${o.id}"`] : []),
    ...(o.name ? [`name="${esc(o.name)}"`] : []),
    ...(o.type ? [`type="${esc(o.type)}"`] : []),
    ...(o.gid !== undefined ? [`gid="${o.gid >>> 0}"`] : []),
    `x="${num(o.x)}"`,
    `y="${num(o.y)}"`,
    ...(o.width ? [`width="${num(o.width)}"`] : []),
    ...(o.height ? [`height="${num(o.height)}"`] : []),
    ...(o.rotation ? [`rotation="${num(o.rotation)}"`] : []),
    ...(o.visible === false ? ['visible="0"'] : []),
  ].join(' ')
  const inner = [
    ...propertiesXml(o.properties, '   '),
    ...(o.point ? ['   <point/>'] : []),
    ...(o.ellipse ? ['   <ellipse/>'] : []),
    ...(o.polygon ? [`   <polygon points="${pointsAttr(o.polygon)}"/>`] : []),
    ...(o.polyline ? [`   <polyline points="${pointsAttr(o.polyline)}"/>`] : []),
  ]
  return inner.length === 0 ? [`  <object ${attrs}/>`] : [`  <object ${attrs}>`, ...inner, '  </object>']
}

export function layerXml(l: TiledLayer): string[] {
  const common = `id="${l.id}" name="${esc(l.name)}"${l.visible ? '' : ' visible="0"'}${l.opacity !== 1 ? ` opacity="${l.opacity}"` : ''}`
  if (l.type === 'imagelayer')
    return [` <imagelayer ${common}>`, `  <image source="${esc(l.image)}"/>`, ' </imagelayer>']
  // Walkbox writes image and object layers only.
  if (l.type !== 'objectgroup') return []
  return [
    ` <objectgroup ${common} draworder="${l.draworder}">`,
    ...l.objects.flatMap(objectXml),
    ' </objectgroup>',
  ]
}

export function tiledMapToTmx(map: TiledMap): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="${map.version}" tiledversion="${map.tiledversion}" orientation="${map.orientation}" renderorder="${map.renderorder}" width="${map.width}" height="${map.height}" tilewidth="${map.tilewidth}" tileheight="${map.tileheight}" infinite="${map.infinite ? 1 : 0}" nextlayerid="${map.nextlayerid}" nextobjectid="${map.nextobjectid}">`,
    ...propertiesXml(map.properties, ' '),
    ...map.layers.flatMap(layerXml),
    '</map>',
    '',
  ].join('\n')
}

// ---------------------------------------------------------------------------------------
// Reading

const n = (s: string | undefined, fallback = 0): number => {
  const v = s === undefined ? NaN : Number(s)
  return Number.isFinite(v) ? v : fallback
}

function readProperties(el: XmlElement | null): TiledProperty[] | undefined {
  if (!el) return undefined
  return el.children
    .filter((c) => c.name === 'property')
    .map((c) => {
      const type = (c.attrs.type ?? 'string') as TiledPropertyType
      const raw = c.attrs.value ?? c.text
      const value =
        type === 'int' || type === 'float' || type === 'object'
          ? n(raw)
          : type === 'bool'
            ? raw === 'true'
            : raw
      return {
        name: c.attrs.name ?? '',
        type,
        value,
        ...(c.attrs.propertytype !== undefined ? { propertytype: c.attrs.propertytype } : {}),
      }
    })
}

function readPoints(s: string | undefined): { x: number; y: number }[] {
  return (s ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [x, y] = pair.split(',')
      return { x: n(x), y: n(y) }
    })
}

const opt = (s: string | undefined): number | undefined => {
  if (s === undefined) return undefined
  const v = Number(s)
  return Number.isFinite(v) ? v : undefined
}

/**
 * An <object> as map.ts's object; attributes the element leaves out stay unset, so that a
 * template instance takes them from its template (external-files.ts fills the defaults).
 */
export function objectFromXml(o: XmlElement): TiledObject {
  const polygon = child(o, 'polygon')
  const polyline = child(o, 'polyline')
  const a = o.attrs
  const out: Partial<TiledObject> = {}
  const set = <K extends keyof TiledObject>(k: K, v: TiledObject[K] | undefined) => {
    if (v !== undefined) out[k] = v
  }
  set('id', opt(a.id))
  set('name', a.name)
  set('type', a.type ?? a.class)
  set('x', opt(a.x))
  set('y', opt(a.y))
  set('width', opt(a.width))
  set('height', opt(a.height))
  set('rotation', opt(a.rotation))
  set('visible', a.visible === undefined ? undefined : a.visible !== '0')
  set('gid', opt(a.gid))
  set('template', a.template)
  if (child(o, 'point')) out.point = true
  if (child(o, 'ellipse')) out.ellipse = true
  if (polygon) out.polygon = readPoints(polygon.attrs.points)
  if (polyline) out.polyline = readPoints(polyline.attrs.points)
  if (child(o, 'properties')) out.properties = readProperties(child(o, 'properties'))
  const other = o.children.find(
    (c) => !['point', 'ellipse', 'polygon', 'polyline', 'properties'].includes(c.name),
  )
  if (other) (out as { otherShape?: string }).otherShape = other.name
  return out as TiledObject
}

/** A <tileset> (inline in a map, or the root of a .tsx) as map.ts's tileset. */
export function tilesetFromXml(el: XmlElement, firstgid: number): TiledTileset {
  const a = el.attrs
  return {
    firstgid,
    ...(a.source !== undefined ? { source: a.source } : {}),
    name: a.name ?? '',
    tilewidth: n(a.tilewidth),
    tileheight: n(a.tileheight),
    tilecount: n(a.tilecount),
    objectalignment: (a.objectalignment ?? 'unspecified') as ObjectAlignment,
    ...(child(el, 'tileoffset')
      ? { tileoffset: { x: n(child(el, 'tileoffset')!.attrs.x), y: n(child(el, 'tileoffset')!.attrs.y) } }
      : {}),
    properties: readProperties(child(el, 'properties')),
    tiles: el.children.filter((t) => t.name === 'tile').map(tileFromXml),
  }
}

/** A tileset's <tile>: its properties, its own image's size and its collision shapes (an <objectgroup>). */
function tileFromXml(t: XmlElement): TiledTile {
  const image = child(t, 'image')
  const shapes = child(t, 'objectgroup')
  const type = t.attrs.type ?? t.attrs.class
  return {
    id: n(t.attrs.id),
    ...(type ? { type } : {}),
    properties: readProperties(child(t, 'properties')),
    ...(image?.attrs.width !== undefined ? { imagewidth: n(image.attrs.width) } : {}),
    ...(image?.attrs.height !== undefined ? { imageheight: n(image.attrs.height) } : {}),
    ...(shapes
      ? { objectgroup: { objects: shapes.children.filter((o) => o.name === 'object').map(objectFromXml) } }
      : {}),
  }
}

/** A .tx template's text: its object and the external tileset its tile object uses. */
export function templateFromTx(text: string, file: string): { object: TiledObject; tileset?: TiledTileset } {
  const root = parseXml(text, file, TILED_XML_CEILINGS)
  if (root.name !== 'template') throw new Error(`${file}: not a Tiled template (<${root.name}>)`)
  const o = child(root, 'object')
  if (!o) throw new Error(`${file}: a template without an <object>`)
  const ts = child(root, 'tileset')
  return { object: objectFromXml(o), ...(ts ? { tileset: tilesetFromXml(ts, n(ts.attrs.firstgid, 1)) } : {}) }
}

/** The <data> of a layer or the text of a <chunk>: numbers when they are csv or <tile>s. */
function tileDataFromXml(el: XmlElement): RawTileData {
  const encoding = el.attrs.encoding
  const compression = el.attrs.compression
  if (encoding === undefined)
    return { data: el.children.filter((t) => t.name === 'tile').map((t) => n(t.attrs.gid)) }
  return { data: el.text.trim(), encoding, ...(compression ? { compression } : {}) }
}

const placement = (c: XmlElement): TiledLayerPlacement => ({
  ...(c.attrs.offsetx !== undefined ? { offsetx: n(c.attrs.offsetx) } : {}),
  ...(c.attrs.offsety !== undefined ? { offsety: n(c.attrs.offsety) } : {}),
  ...(c.attrs.parallaxx !== undefined ? { parallaxx: n(c.attrs.parallaxx, 1) } : {}),
  ...(c.attrs.parallaxy !== undefined ? { parallaxy: n(c.attrs.parallaxy, 1) } : {}),
})

function layersFromXml(el: XmlElement): TiledLayer[] {
  const layers: TiledLayer[] = []
  for (const c of el.children) {
    const common = {
      id: n(c.attrs.id),
      name: c.attrs.name ?? '',
      ...(c.attrs.class !== undefined ? { class: c.attrs.class } : {}),
      opacity: n(c.attrs.opacity, 1),
      visible: c.attrs.visible !== '0',
      ...(child(c, 'properties') ? { properties: readProperties(child(c, 'properties')) } : {}),
    }
    if (c.name === 'imagelayer') {
      layers.push({
        ...common,
        x: 0,
        y: 0,
        type: 'imagelayer',
        image: child(c, 'image')?.attrs.source ?? '',
        offsetx: n(c.attrs.offsetx),
        offsety: n(c.attrs.offsety),
      })
    } else if (c.name === 'objectgroup') {
      layers.push({
        ...common,
        ...placement(c),
        x: 0,
        y: 0,
        type: 'objectgroup',
        draworder: c.attrs.draworder === 'index' ? 'index' : 'topdown',
        objects: c.children.filter((o) => o.name === 'object').map(objectFromXml),
      })
    } else if (c.name === 'group') {
      layers.push({ ...common, ...placement(c), type: 'group', layers: layersFromXml(c) })
    } else if (c.name === 'layer') {
      const data = child(c, 'data')
      const chunks = data?.children.filter((k) => k.name === 'chunk') ?? []
      const raw = data && chunks.length === 0 ? tileDataFromXml(data) : undefined
      layers.push({
        ...common,
        ...placement(c),
        type: 'tilelayer',
        width: n(c.attrs.width),
        height: n(c.attrs.height),
        ...(raw ?? {}),
        ...(chunks.length > 0
          ? {
              chunks: chunks.map((k) => ({
                x: n(k.attrs.x),
                y: n(k.attrs.y),
                width: n(k.attrs.width),
                height: n(k.attrs.height),
                ...tileDataFromXml({ ...k, attrs: { ...data!.attrs, ...k.attrs } }),
              })),
            }
          : {}),
      })
    }
  }
  return layers
}

/** A TMX text as the JSON structure of map.ts. */
export function tmxToTiledMap(text: string, file: string): TiledMap {
  const root = parseXml(text, file, TILED_XML_CEILINGS)
  if (root.name !== 'map') throw new Error(`${file}: not a Tiled map (the root element is <${root.name}>)`)
  const a = root.attrs
  return {
    type: 'map',
    version: a.version ?? '1.8',
    tiledversion: a.tiledversion ?? '',
    orientation: a.orientation as 'orthogonal',
    renderorder: 'right-down',
    infinite: a.infinite === '1',
    compressionlevel: -1,
    width: n(a.width),
    height: n(a.height),
    tilewidth: n(a.tilewidth, 1),
    tileheight: n(a.tileheight, 1),
    nextlayerid: n(a.nextlayerid),
    nextobjectid: n(a.nextobjectid),
    layers: layersFromXml(root),
    tilesets: root.children
      .filter((c) => c.name === 'tileset')
      .map((c) => tilesetFromXml(c, n(c.attrs.firstgid, 1))),
    properties: readProperties(child(root, 'properties')),
  }
}
