/**
 * What a tileset says of its tiles that can make ground or obstacles: the collision shapes
 * Tiled's tile collision editor gives a tile (an `<objectgroup>` inside the tileset's
 * `<tile>`, the JSON tile's `objectgroup`), and true/false tile properties (`collides`,
 * `solid`, …). Shapes are placed where Tiled draws them on an orthogonal map
 * (libtiled/maprenderer.cpp, CellRenderer::render and paintTileCollisionShapes): the tile's
 * image hangs from its cell's bottom-left corner, moved by the tileset's `tileoffset`, and
 * flipped or turned as the cell's gid says.
 *
 * Glossary
 * - cell: a map grid cell (tilewidth x tileheight px) at column cx, row cy.
 * - tile size: the tile's own image size (image collection tilesets), else its tileset's
 *   tilewidth x tileheight.
 * - flip flags: bit 31 of a gid flips the tile horizontally, bit 30 vertically, bit 29
 *   anti-diagonally (Tiled draws that as a quarter turn clockwise with the other two
 *   flags swapped, horizontal becoming "not vertical").
 * - true property: a property set to the bool true or the text "true" (any case), on the
 *   tile, else on its tileset; `false` on a tile overrides its tileset.
 *
 * Units: px (map px), tiles.
 */
import { objectOutline, type ShapeSource } from './object-shapes'
import type { TiledProperty, TiledTile, TiledTileset } from './map-types'
import { gidTile } from './tile-data'

type Ring = [number, number][]

const FLIP_H = 0x80000000
const FLIP_V = 0x40000000
const FLIP_D = 0x20000000

/** One tile as the rules need it. */
export interface TileFacts {
  tileset: TiledTileset
  tile: TiledTile | undefined
  width: number
  height: number
  /** Collision shapes in the tile's px from its top-left (rotation applied), none when it has none. */
  shapes: Ring[]
}

const propValue = (list: TiledProperty[] | undefined, name: string): TiledProperty['value'] | undefined =>
  Array.isArray(list) ? list.find((p) => p?.name === name)?.value : undefined

const truth = (v: TiledProperty['value'] | undefined): boolean | undefined =>
  v === true || (typeof v === 'string' && v.toLowerCase() === 'true')
    ? true
    : v === false || (typeof v === 'string' && v.toLowerCase() === 'false')
      ? false
      : undefined

/** Is the property `name` true for this tile (the tile's own value, else its tileset's)? */
export function tilePropertyTrue(facts: TileFacts, name: string): boolean {
  return (
    truth(propValue(facts.tile?.properties, name)) ??
    truth(propValue(facts.tileset.properties, name)) ??
    false
  )
}

/** The facts of each gid's tile (flip flags ignored), looked up once per tile. */
export function tileLookup(tilesets: readonly TiledTileset[]): (gid: number) => TileFacts | null {
  const sorted = tilesets
    .filter((ts) => ts && Number.isInteger(ts.firstgid) && ts.firstgid > 0)
    .sort((a, b) => a.firstgid - b.firstgid)
  const tiles = sorted.map(
    (ts) => new Map((Array.isArray(ts.tiles) ? ts.tiles : []).filter((t) => t).map((t) => [t.id, t])),
  )
  const cache = new Map<number, TileFacts | null>()
  return (gid) => {
    const id = gidTile(gid)
    if (id === 0) return null
    const known = cache.get(id)
    if (known !== undefined) return known
    let at = -1
    for (let i = 0; i < sorted.length; i++) if (sorted[i].firstgid <= id) at = i
    let facts: TileFacts | null = null
    if (at >= 0) {
      const ts = sorted[at]
      const tile = tiles[at].get(id - ts.firstgid)
      const width = Number(tile?.imagewidth) > 0 ? Number(tile!.imagewidth) : Number(ts.tilewidth) || 0
      const height = Number(tile?.imageheight) > 0 ? Number(tile!.imageheight) : Number(ts.tileheight) || 0
      const shapes: Ring[] = []
      const objects = tile?.objectgroup?.objects
      for (const o of Array.isArray(objects) ? objects : []) {
        if (!o || typeof o !== 'object') continue
        const ring = objectOutline(
          Object.assign({ x: 0, y: 0, width: 0, height: 0, rotation: 0 }, o) as ShapeSource,
        )
        if (ring && ring.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) shapes.push(ring)
      }
      facts = { tileset: ts, tile, width, height, shapes }
    }
    cache.set(id, facts)
    return facts
  }
}

/**
 * The tile's collision shapes as Tiled draws them in the cell (cx, cy) of a map whose grid
 * is tw x th, moved by the layer's (dx, dy), for the gid's flip flags.
 */
export function placedShapes(
  facts: TileFacts,
  gid: number,
  cx: number,
  cy: number,
  tw: number,
  th: number,
  dx: number,
  dy: number,
): Ring[] {
  const w = facts.width
  const h = facts.height
  const offset = facts.tileset.tileoffset ?? { x: 0, y: 0 }
  // The middle of the drawn tile (the image hangs from the cell's bottom-left corner).
  let mx = cx * tw + dx + w / 2 + (Number(offset.x) || 0)
  let my = (cy + 1) * th + dy + h / 2 + (Number(offset.y) || 0) - h
  let flipH = (gid & FLIP_H) !== 0
  let flipV = (gid & FLIP_V) !== 0
  const turn = (gid & FLIP_D) !== 0
  if (turn) {
    const wasH = flipH
    flipH = flipV
    flipV = !wasH
    mx += h / 2 - w / 2
    my += h / 2 - w / 2
  }
  return facts.shapes.map((ring) =>
    ring.map(([x, y]): [number, number] => {
      let qx = (x - w / 2) * (flipH ? -1 : 1)
      let qy = (y - h / 2) * (flipV ? -1 : 1)
      if (turn) [qx, qy] = [-qy, qx]
      return [mx + qx, my + qy]
    }),
  )
}

/** What the tilesets offer as tile sources: how many tiles have collision shapes, and the true/false properties tiles or tilesets carry. */
export function tileSourcesOffered(tilesets: readonly TiledTileset[]): {
  shapes: number
  properties: string[]
} {
  let shapes = 0
  const properties = new Set<string>()
  const note = (list: TiledProperty[] | undefined) => {
    for (const p of Array.isArray(list) ? list : [])
      if (p && typeof p.name === 'string' && truth(p.value) !== undefined) properties.add(p.name)
  }
  for (const ts of tilesets) {
    if (!ts) continue
    note(ts.properties)
    for (const t of Array.isArray(ts.tiles) ? ts.tiles : []) {
      if (!t) continue
      note(t.properties)
      if (Array.isArray(t.objectgroup?.objects) && t.objectgroup.objects.length > 0) shapes++
    }
  }
  return { shapes, properties: [...properties].sort() }
}
