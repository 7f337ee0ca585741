/**
 * Walkable ground from a Tiled tile layer: every cell whose tile is walkable becomes part
 * of a walk polygon (one traced outline per connected patch and area).
 *
 * Glossary
 * - walkable tile: its tile's property `walkable` is true, or the tile has no such property
 *   and its tileset's `walkable` is true (a bool, or the text "true"). `walkable = false` on
 *   a tile overrides its tileset.
 * - area of a tile: the property `areaId` (an int 1..255) of the tile, else of its tileset,
 *   else 1.
 * - cell: a map grid cell (tilewidth x tileheight px); a tile bigger than the grid still
 *   makes only its cell walkable.
 * - chunk: a piece of an infinite map's layer at (x, y) tiles; chunks may lie at negative
 *   tiles.
 *
 * Units: tiles and map px.
 */
import { traceMask } from '../../geometry/vectorise'
import type { TiledProperty, TiledTileset } from './map-types'
import { gidTile } from './tile-data'

export interface TileGrid {
  /** Top-left cell of the grid, in tiles (negative for chunks left of or above the origin). */
  x: number
  y: number
  width: number
  height: number
  gids: Uint32Array
}

export interface FloorPatch {
  areaId: number
  outer: [number, number][]
  holes: [number, number][][]
}

const flag = (list: TiledProperty[] | undefined, name: string): TiledProperty['value'] | undefined =>
  Array.isArray(list) ? list.find((p) => p?.name === name)?.value : undefined

const truth = (v: TiledProperty['value'] | undefined): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined

/** Walkability and area of each gid, looked up once per distinct gid. */
export function tileWalkability(tilesets: readonly TiledTileset[]): (gid: number) => number {
  const sorted = tilesets
    .filter((ts) => ts && Number.isInteger(ts.firstgid) && ts.firstgid > 0)
    .sort((a, b) => a.firstgid - b.firstgid)
  const perTileset = sorted.map((ts) => ({
    firstgid: ts.firstgid,
    walkable: truth(flag(ts.properties, 'walkable')),
    area: flag(ts.properties, 'areaId'),
    tiles: new Map((Array.isArray(ts.tiles) ? ts.tiles : []).map((t) => [t?.id, t?.properties])),
  }))
  const cache = new Map<number, number>()
  return (gid: number) => {
    const tile = gidTile(gid)
    if (tile === 0) return 0
    const known = cache.get(tile)
    if (known !== undefined) return known
    let ts: (typeof perTileset)[number] | undefined
    for (const t of perTileset) if (t.firstgid <= tile) ts = t
    let area = 0
    if (ts) {
      const props = ts.tiles.get(tile - ts.firstgid)
      const walkable = truth(flag(props, 'walkable')) ?? ts.walkable
      if (walkable) {
        const a = flag(props, 'areaId') ?? ts.area
        area = typeof a === 'number' && Number.isInteger(a) && a >= 1 && a <= 255 ? a : 1
      }
    }
    cache.set(tile, area)
    return area
  }
}

/** The walkable patches of a grid, in map px (cell size `tw` x `th`, moved by `dx`, `dy`). */
export function tileFloor(
  grid: TileGrid,
  areaOf: (gid: number) => number,
  tw: number,
  th: number,
  dx: number,
  dy: number,
): { patches: FloorPatch[]; walkableTiles: number } {
  const areas = new Uint8Array(grid.width * grid.height)
  const present = new Set<number>()
  let walkableTiles = 0
  for (let i = 0; i < areas.length; i++) {
    const a = grid.gids[i] ? areaOf(grid.gids[i]) : 0
    areas[i] = a
    if (a) {
      present.add(a)
      walkableTiles++
    }
  }
  const patches: FloorPatch[] = []
  const px = (p: { x: number; y: number }): [number, number] => [
    (p.x + grid.x) * tw + dx,
    (p.y + grid.y) * th + dy,
  ]
  for (const areaId of [...present].sort((a, b) => a - b)) {
    for (const poly of traceMask(grid.width, grid.height, (i) => areas[i] === areaId)) {
      patches.push({ areaId, outer: poly.outer.map(px), holes: poly.holes.map((h) => h.map(px)) })
    }
  }
  return { patches, walkableTiles }
}
