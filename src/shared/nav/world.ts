/**
 * The nav world: the walkable area of one room in one room state, and every
 * representation an algorithm may ask for, derived on first use and cached.
 *
 * Glossary
 * - nav source: what the author drew (an area mask and/or walkable polygons, a node graph).
 * - nav state: what the game state does to it: which mask areas are enabled and which
 *   blocking polygons (closed gates) are subtracted.
 * - walkable region of a polygon room: what was drawn, made valid (geometry/clip.ts: holes
 *   that cross their outline, bow-ties, overlaps and closed gates are clipped), so every
 *   algorithm, the validity check and the rasterised grid see the same simple polygons.
 * - budget: normalising is one geometry step (geometry/budget.ts): drawn rings that cross
 *   each other too often are refused with `GeometryBudgetError` when the world is made; a
 *   polygon room over MAX_RASTER_CELLS is refused when a grid is asked of it.
 * - derived: polygons from a mask by pixel-exact tracing (+ simplification), a mask
 *   from polygons by rasterising (pixel centre inside = walkable), a triangulation
 *   from the polygons.
 *
 * Units: room px.
 */
import type { AreaPolygon, Point } from '../geometry/types'
import { normaliseRing, ringInsideAreaClear } from '../geometry/polygon'
import { rasterisePolygons } from '../geometry/rasterise'
import { walkableRegion } from '../geometry/clip'
import { GeometryBudgetError, rasterTooLargeMessage, withBudget } from '../geometry/budget'
import { RegionLocator } from '../geometry/region-locator'
import { simplifyAreas, traceMask } from '../geometry/vectorise'
import { triangulateAreas } from '../geometry/triangulate'
import type { NavWorld, NodeGraph, Triangulation, WalkGrid } from './types'
import { MAX_RASTER_CELLS } from '../limits'

/** Largest distance between a simplified outline and the pixel-exact one, room px. Below 1 px so that derived paths stay valid. */
export const SIMPLIFY_TOLERANCE_PX = 0.75

export interface NavSource {
  width: number
  height: number
  authoritative: 'mask' | 'polygons'
  /** Area mask: 0 blocked, 1..255 area ids. Required when authoritative is 'mask'. */
  mask?: WalkGrid
  /** Walkable polygons. Required when authoritative is 'polygons'. */
  polygons?: AreaPolygon[]
  graph?: NodeGraph
  /** Changes whenever the source changes; part of the world key. */
  revision?: string
}

export interface NavState {
  /** Which mask areas are walkable in this state; all when absent. */
  areaEnabled?: (areaId: number) => boolean
  /** Polygons that block walking in this state (closed gates). */
  blockers?: AreaPolygon[]
  /** Describes the state for the cache key (e.g. 'door=1,guard=0'). */
  key?: string
}

class World implements NavWorld {
  readonly width: number
  readonly height: number
  readonly authoritative: 'mask' | 'polygons'
  readonly key: string
  private readonly source: NavSource
  private readonly state: NavState
  private readonly cache = new Map<string, unknown>()
  /** A polygon room's walkable region in this state as valid polygons (geometry/clip.ts); undefined for mask rooms. */
  private exactPolys: AreaPolygon[] | undefined

  constructor(source: NavSource, state: NavState) {
    this.width = source.width
    this.height = source.height
    this.source = source
    this.state = state
    this.key = `${source.revision ?? 'r0'}|${state.key ?? ''}`
    if (source.authoritative === 'polygons') {
      if (!source.polygons) throw new Error('A polygon-authored room needs walkable polygons.')
      // Whatever was drawn becomes valid polygons (geometry/clip.ts); a closed gate that lies
      // clear inside one area becomes one more hole, any other is clipped away.
      const blockers = state.blockers ?? []
      const polygons = source.polygons
      this.exactPolys = withBudget('normalise', () => {
        const region = walkableRegion(polygons)
        return foldBlockersAsHoles(region.areas, blockers) ?? walkableRegion(region.areas, blockers).areas
      })
      this.authoritative = 'polygons'
    } else {
      if (!source.mask) throw new Error('A mask-authored room needs a walk mask.')
      this.authoritative = 'mask'
    }
  }

  cached<T>(key: string, make: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T
    const value = make()
    this.cache.set(key, value)
    return value
  }

  grid(): WalkGrid {
    return this.cached('world:grid', () => {
      const { width, height } = this
      let cells: Uint8Array
      if (this.exactPolys) {
        // Refused before anything is allocated: the grid algorithms need several bytes a cell.
        if (width * height > MAX_RASTER_CELLS)
          throw new GeometryBudgetError('rasterise', rasterTooLargeMessage(width, height))
        cells = rasterisePolygons(this.exactPolys, width, height, 1)
      } else {
        const mask = this.source.mask!
        cells = new Uint8Array(mask.cells)
        const enabled = this.state.areaEnabled
        if (enabled) {
          const table = new Uint8Array(256)
          for (let id = 1; id < 256; id++) table[id] = enabled(id) ? id : 0
          for (let i = 0; i < cells.length; i++) cells[i] = table[cells[i]]
        }
      }
      const blockers = this.state.blockers ?? []
      if (blockers.length > 0 && !this.exactPolys) {
        const blocked = rasterisePolygons(blockers, width, height, 1)
        for (let i = 0; i < cells.length; i++) if (blocked[i]) cells[i] = 0
      }
      return { width, height, cells }
    })
  }

  exactPolygons(): AreaPolygon[] {
    if (this.exactPolys) return this.exactPolys
    return this.cached('world:exact-polygons', () => {
      const g = this.grid()
      return traceMask(g.width, g.height, (i) => g.cells[i] !== 0)
    })
  }

  polygons(): AreaPolygon[] {
    if (this.exactPolys) return this.exactPolys
    return this.cached('world:polygons', () => simplifyAreas(this.exactPolygons(), SIMPLIFY_TOLERANCE_PX))
  }

  triangulation(): Triangulation {
    return this.cached('world:triangulation', () => triangulateAreas(this.polygons()))
  }

  authoredGraph(): NodeGraph | undefined {
    return this.source.graph && this.source.graph.nodes.length > 0 ? this.source.graph : undefined
  }

  isWalkable(p: Point): boolean {
    if (this.authoritative === 'polygons') {
      return this.cached('world:locator', () => new RegionLocator(this.exactPolygons())).contains(p)
    }
    const g = this.grid()
    const c = Math.floor(p.x)
    const r = Math.floor(p.y)
    if (c < 0 || r < 0 || c >= g.width || r >= g.height) return false
    return g.cells[r * g.width + c] !== 0
  }
}

/** Blockers that lie wholly inside one area (crossing no outline) become holes; otherwise undefined. */
function foldBlockersAsHoles(areas: AreaPolygon[], blockers: AreaPolygon[]): AreaPolygon[] | undefined {
  if (blockers.length === 0) return areas
  const result = areas.map((a) => ({ outer: a.outer, holes: [...a.holes] }))
  for (const blocker of blockers) {
    if (blocker.holes.length > 0) return undefined
    const host = result.find((a) => ringInsideAreaClear(blocker.outer, a))
    if (!host) return undefined
    host.holes.push(normaliseRing(blocker.outer, 'hole'))
  }
  return result
}

export function createNavWorld(source: NavSource, state: NavState = {}): NavWorld {
  return new World(source, state)
}

let anonymousWorlds = 0

/** A world straight from a grid of walkable cells (Moving AI maps, tests). Without a revision each world gets its own key. */
export function worldFromGrid(
  width: number,
  height: number,
  cells: Uint8Array,
  revision = `grid-${++anonymousWorlds}`,
): NavWorld {
  return createNavWorld({ width, height, authoritative: 'mask', mask: { width, height, cells }, revision })
}

/** A world straight from walkable polygons (bench rooms, tests). */
export function worldFromPolygons(
  width: number,
  height: number,
  polygons: AreaPolygon[],
  revision = 'polygons',
): NavWorld {
  return createNavWorld({ width, height, authoritative: 'polygons', polygons, revision })
}
