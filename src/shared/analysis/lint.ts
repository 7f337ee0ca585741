/**
 * Room lint: problems an author should look at, each with a point to jump to and a
 * message in the author's words. Checked on the room in one game state (flag values).
 *
 * Glossary
 * - walk grid: the nav world's full-resolution walkable grid in this state (1 cell = 1
 *   room px; disabled areas and closed gates removed). Pixel (c, r) has its centre at
 *   (c + 0.5, r + 0.5).
 * - area grid: the walk area id of each walkable pixel: the area mask when given, else the
 *   first walk polygon holding the pixel centre (as in scaling.ts).
 * - island: a 4-connected component of the walk grid (4-connected because the grid
 *   pathfinders never cut corners) that does not hold the start point (or, when the start
 *   is outside, the walkable pixel closest to it).
 * - clearance: distance from a pixel centre to the centre of the nearest blocked pixel,
 *   room px; everything outside the room counts as blocked. Exact Euclidean distance
 *   transform (Felzenszwalb and Huttenlocher's lower envelope of parabolas, one pass per
 *   column and one per row, typed arrays; linear in the number of pixels).
 * - foot radius at a pixel: half the character's foot width, times the scale there / 100
 *   (unless `scaleFeet` is false).
 * - wide pixel: clearance >= foot radius: the middle of the feet can be there. Narrow
 *   pixel: walkable but not wide.
 * - narrow corridor: narrow pixels that join two separate wide regions (8-connected
 *   components of wide pixels). Found by a breadth-first flood over the narrow pixels
 *   from every wide region at once; where two floods meet (4-neighbours owned by different
 *   regions) lies a passage the feet cannot get through. Touching meeting pixels are one
 *   corridor; its marker is the meeting pixel of largest clearance (mid-corridor), and its
 *   width is the shortest walkable run through the marker in four directions (horizontal,
 *   vertical, both diagonals). A narrow shortcut between two parts of the SAME wide region
 *   is not reported: the character can go round. Resolution: 1 px.
 * - zone mostly off the walkable area: a polygon zone with less than half of its pixels
 *   (centres inside its outline) walkable; an area zone whose area has no pixels at all.
 * - hotspots: a walk-to point nobody can reach, a hotspot with no pixels (hotspot-lint.ts).
 *
 * Units: room px; foot widths at 100 % scale; percent for scales.
 */
import { ringBox } from '../geometry/bounds'
import {
  areaPolygonArea,
  classifyPointInRing,
  findSelfIntersections,
  ringMeetings,
  signedArea,
} from '../geometry/polygon'
import { fillRingsEvenOdd, rasterisePolygons } from '../geometry/rasterise'
import type { Point, Ring } from '../geometry/types'
import { flagValues, navWorldForRoom } from './room-world'
import type { FlagState } from './room-world'
import type { NavWorld, WalkGrid } from '../nav/types'
import { coordsToRing, walkPolygonToArea } from '../room/convert'
import { FULL_SCALE_PERCENT, maxScalePercent, scaleFromMap, scaleFromStops, stopsForArea } from './scaling'
import type { ScaleMapImage } from './scaling'
import type { Project, Room } from '../room/schema'
import { testWalkCharacter } from './test-walk'
import { hotspotEntries } from './hotspot-lint'
import { pointEntries } from './point-lint'

export type LintSeverity = 'error' | 'warning'

export type LintKind =
  | 'start-outside'
  | 'self-intersection'
  | 'hole-outside'
  | 'zero-area'
  | 'island'
  | 'narrow-corridor'
  | 'node-off-area'
  | 'zone-off-area'
  | 'hotspot-walk-to-unreachable'
  | 'hotspot-no-pixels'
  | 'point-off-area'

export interface LintEntry {
  /** Stable within one room state, e.g. 'node-off-area:door-west'. */
  id: string
  severity: LintSeverity
  /** In the author's words. */
  message: string
  /** Where to look, room px. */
  at: Point
  kind: LintKind
}

export interface LintOptions {
  /** The decoded scale map, for rooms that scale by map; else 100 % is assumed. */
  scaleMap?: ScaleMapImage | null
  /** Foot width at 100 % scale, room px; default: the test-walk character's. 0 = no corridor check. */
  footWidthPx?: number
  /** Scale the feet with the room's scaling (default true). */
  scaleFeet?: boolean
  /** A nav world of this room and state already at hand (saves rasterising again). */
  world?: NavWorld
}

/** A polygon zone is reported when less than this share of it is walkable. */
export const ZONE_WALKABLE_SHARE_MIN = 0.5

/**
 * Everything lint finds in the room in the state `flags` (flag values; the project's
 * defaults fill in flags not given). `mask` is the room's area mask (room size) or null;
 * it is required when the mask is authoritative. Entries come in this order: start point,
 * self-intersections, what the walkable region leaves out (holes reaching outside their
 * outline, outlines that enclose no area), islands, narrow corridors, graph nodes, zones,
 * hotspots, named points.
 */
export function lintRoom(
  room: Room,
  project: Project | null,
  mask: Uint8Array | null,
  flags: FlagState,
  options: LintOptions = {},
): LintEntry[] {
  const values = flagValues(project, flags)
  const world = options.world ?? navWorldForRoom(room, mask, values)
  const grid = world.grid()
  const character = testWalkCharacter(room, project)
  const characterName = room.testWalk.characterId
    ? (project?.characters.find((c) => c.id === room.testWalk.characterId)?.name ?? 'the test character')
    : 'the test character'
  const entries: LintEntry[] = []
  entries.push(...startEntries(room, world))
  entries.push(...selfIntersectionEntries(room))
  entries.push(...normalisedEntries(room))
  entries.push(...islandEntries(room, grid))
  const footWidth = options.footWidthPx ?? character.footWidthPx
  if (footWidth > 0) {
    const radius = footRadiusAt(
      room,
      areaGrid(room, mask, grid),
      grid,
      footWidth,
      options.scaleFeet ?? true,
      options.scaleMap ?? null,
    )
    entries.push(...corridorEntries(grid, radius, characterName))
  }
  entries.push(...nodeEntries(room, world))
  entries.push(...zoneEntries(room, grid, mask))
  let patches: { labels: Int32Array; startLabel: number } | null = null
  entries.push(
    ...hotspotEntries(room, mask, values, world, () => {
      if (!patches) {
        const { labels } = labelComponents(grid.width, grid.height, grid.cells, false)
        patches = { labels, startLabel: labelNearest(labels, grid.width, grid.height, room.testWalk.start) }
      }
      return patches
    }),
  )
  entries.push(...pointEntries(room, mask, values, world))
  return entries
}

// ---------------------------------------------------------------------------
// Points and rings

function fmt(p: Point): string {
  return `(${Math.round(p.x)}, ${Math.round(p.y)})`
}

function pixelCentre(i: number, width: number): Point {
  return { x: (i % width) + 0.5, y: Math.floor(i / width) + 0.5 }
}

/** Area-weighted centroid of a ring; the mean of its vertices when it has no area. */
function ringCentroid(ring: Ring): Point {
  const a = signedArea(ring)
  if (Math.abs(a) < 1e-9) {
    let x = 0
    let y = 0
    for (const p of ring) {
      x += p.x
      y += p.y
    }
    return { x: x / ring.length, y: y / ring.length }
  }
  let cx = 0
  let cy = 0
  let prev = ring[ring.length - 1]
  for (const p of ring) {
    const cross = prev.x * p.y - p.x * prev.y
    cx += (prev.x + p.x) * cross
    cy += (prev.y + p.y) * cross
    prev = p
  }
  return { x: cx / (6 * a), y: cy / (6 * a) }
}

// ---------------------------------------------------------------------------
// Start point, graph nodes

function startEntries(room: Room, world: NavWorld): LintEntry[] {
  const start = room.testWalk.start
  if (world.isWalkable(start)) return []
  return [
    {
      id: 'start-outside',
      severity: 'error',
      kind: 'start-outside',
      at: { x: start.x, y: start.y },
      message: `The start point ${fmt(start)} is outside the walkable area`,
    },
  ]
}

function nodeEntries(room: Room, world: NavWorld): LintEntry[] {
  const entries: LintEntry[] = []
  for (const node of room.nodeGraph.nodes) {
    if (world.isWalkable(node)) continue
    entries.push({
      id: `node-off-area:${node.id}`,
      severity: 'warning',
      kind: 'node-off-area',
      at: { x: node.x, y: node.y },
      message: `Graph node '${node.id}' at ${fmt(node)} is outside the walkable area`,
    })
  }
  return entries
}

// ---------------------------------------------------------------------------
// Self-intersections

function selfIntersectionEntries(room: Room): LintEntry[] {
  const entries: LintEntry[] = []
  const check = (ring: Ring, key: string, what: string) => {
    const seen = new Set<string>()
    for (const p of findSelfIntersections(ring)) {
      const id = `self-intersection:${key}:${p.x},${p.y}`
      if (seen.has(id)) continue
      seen.add(id)
      entries.push({
        id,
        severity: 'error',
        kind: 'self-intersection',
        at: { x: p.x, y: p.y },
        message: `${what} crosses itself at ${fmt(p)}`,
      })
    }
  }
  for (const polygon of room.polygons) {
    check(
      coordsToRing(polygon.outer),
      `polygon:${polygon.id}:outer`,
      `The outline of walk polygon '${polygon.id}'`,
    )
    polygon.holes.forEach((hole, i) =>
      check(
        coordsToRing(hole),
        `polygon:${polygon.id}:hole${i}`,
        `Hole ${i + 1} of walk polygon '${polygon.id}'`,
      ),
    )
  }
  for (const gate of room.gates) {
    if (gate.polygon)
      check(coordsToRing(gate.polygon), `gate:${gate.id}`, `The polygon of gate '${gate.name || gate.id}'`)
  }
  for (const zone of room.zones) {
    if (zone.shape.kind === 'polygon') {
      check(
        coordsToRing(zone.shape.outer),
        `zone:${zone.id}`,
        `The outline of zone '${zone.name || zone.id}'`,
      )
    }
  }
  return entries
}

// ---------------------------------------------------------------------------
// What normalising the walkable region leaves out (geometry/clip.ts)

function normalisedEntries(room: Room): LintEntry[] {
  const entries: LintEntry[] = []
  for (const polygon of room.polygons) {
    const outer = coordsToRing(polygon.outer)
    if (Math.abs(signedArea(outer)) < 1e-9) {
      entries.push({
        id: `zero-area:${polygon.id}`,
        severity: 'error',
        kind: 'zero-area',
        at: ringCentroid(outer),
        message: `Walk polygon '${polygon.id}' encloses no area; nobody can walk on it`,
      })
      continue
    }
    polygon.holes.forEach((coords, i) => {
      const hole = coordsToRing(coords)
      const what = `Hole ${i + 1} of walk polygon '${polygon.id}'`
      const meets = ringMeetings(hole, outer, 1)
      if (meets.length > 0) {
        entries.push({
          id: `hole-outside:${polygon.id}:${i}`,
          severity: 'warning',
          kind: 'hole-outside',
          at: meets[0],
          message: `${what} reaches its outline at ${fmt(meets[0])}; only the part inside the outline is cut out`,
        })
      } else if (hole.length > 0 && classifyPointInRing(outer, hole[0]) === 'outside') {
        entries.push({
          id: `hole-outside:${polygon.id}:${i}`,
          severity: 'warning',
          kind: 'hole-outside',
          at: ringCentroid(hole),
          message: `${what} lies outside its outline; it cuts nothing out`,
        })
      }
    })
  }
  return entries
}

// ---------------------------------------------------------------------------
// Connected components

interface Components {
  /** Component of each pixel, -1 for pixels not included. */
  labels: Int32Array
  /** Pixels in each component. */
  sizes: number[]
}

/**
 * Components of the pixels with `include[i] !== 0`; 4- or 8-connected. Two passes of
 * union-find over the rows (each pixel joined to its already-seen neighbours, always to the
 * smaller root), so components are numbered in the order of their first pixel.
 */
export function labelComponents(
  width: number,
  height: number,
  include: Uint8Array,
  eight: boolean,
): Components {
  const n = width * height
  const parent = new Int32Array(n).fill(-1)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  const union = (a: number, b: number) => {
    const ra = find(a)
    const rb = find(b)
    if (ra < rb) parent[rb] = ra
    else if (rb < ra) parent[ra] = rb
  }
  for (let r = 0, i = 0; r < height; r++) {
    for (let c = 0; c < width; c++, i++) {
      if (include[i] === 0) continue
      parent[i] = i
      if (c > 0 && include[i - 1] !== 0) union(i, i - 1)
      if (r === 0) continue
      if (include[i - width] !== 0) union(i, i - width)
      if (eight) {
        if (c > 0 && include[i - width - 1] !== 0) union(i, i - width - 1)
        if (c < width - 1 && include[i - width + 1] !== 0) union(i, i - width + 1)
      }
    }
  }
  const labels = new Int32Array(n).fill(-1)
  const sizes: number[] = []
  for (let i = 0; i < n; i++) {
    if (parent[i] < 0) continue
    const root = find(i)
    if (root === i) {
      labels[i] = sizes.length
      sizes.push(1)
    } else {
      labels[i] = labels[root]
      sizes[labels[i]]++
    }
  }
  return { labels, sizes }
}

// ---------------------------------------------------------------------------
// Islands

function islandEntries(room: Room, grid: WalkGrid): LintEntry[] {
  const { width, height, cells } = grid
  const { labels, sizes } = labelComponents(width, height, cells, false)
  if (sizes.length <= 1) return []
  const start = room.testWalk.start
  const startLabel = labelNearest(labels, width, height, start)
  if (startLabel < 0) return []
  // Centroid of each component, then its pixel closest to that centroid as the marker.
  const count = sizes.length
  const sumX = new Float64Array(count)
  const sumY = new Float64Array(count)
  for (let r = 0, i = 0; r < height; r++) {
    for (let c = 0; c < width; c++, i++) {
      const l = labels[i]
      if (l < 0) continue
      sumX[l] += c + 0.5
      sumY[l] += r + 0.5
    }
  }
  for (let l = 0; l < count; l++) {
    sumX[l] /= sizes[l]
    sumY[l] /= sizes[l]
  }
  const best = new Float64Array(count).fill(Infinity)
  const marker = new Int32Array(count).fill(-1)
  for (let r = 0, i = 0; r < height; r++) {
    for (let c = 0; c < width; c++, i++) {
      const l = labels[i]
      if (l < 0 || l === startLabel) continue
      const dx = c + 0.5 - sumX[l]
      const dy = r + 0.5 - sumY[l]
      const d = dx * dx + dy * dy
      if (d < best[l]) {
        best[l] = d
        marker[l] = i
      }
    }
  }
  const entries: LintEntry[] = []
  for (let l = 0; l < count; l++) {
    if (l === startLabel) continue
    const at = pixelCentre(marker[l], width)
    entries.push({
      id: `island:${Math.floor(at.x)},${Math.floor(at.y)}`,
      severity: 'warning',
      kind: 'island',
      at,
      message: `The walkable patch around ${fmt(at)} (${sizes[l]} px²) cannot be reached from the start point ${fmt(start)}`,
    })
  }
  return entries
}

/** Component at the point's pixel, else of the walkable pixel closest to it; -1 when there is none. */
function labelNearest(labels: Int32Array, width: number, height: number, p: Point): number {
  const c = Math.floor(p.x)
  const r = Math.floor(p.y)
  if (c >= 0 && r >= 0 && c < width && r < height && labels[r * width + c] >= 0) return labels[r * width + c]
  let best = Infinity
  let label = -1
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] < 0) continue
    const dx = (i % width) + 0.5 - p.x
    const dy = Math.floor(i / width) + 0.5 - p.y
    const d = dx * dx + dy * dy
    if (d < best) {
      best = d
      label = labels[i]
    }
  }
  return label
}

// ---------------------------------------------------------------------------
// Clearance and narrow corridors

/**
 * Squared clearance of every pixel (px²): squared distance from its centre to the centre of
 * the nearest blocked pixel, the outside of the room counting as blocked. 0 on blocked pixels.
 * Meijster's layout of the exact transform: vertical distances by two row-major sweeps (the
 * rows above and below the room act as blocked), then the lower envelope along each row.
 */
export function squaredClearance(grid: WalkGrid): Float32Array {
  const { width, height, cells } = grid
  const out = new Float32Array(width * height)
  // Vertical distance to the nearest blocked pixel in the same column.
  const last = new Int32Array(width).fill(-1)
  for (let r = 0, i = 0; r < height; r++) {
    for (let c = 0; c < width; c++, i++) {
      if (cells[i] === 0) last[c] = r
      out[i] = r - last[c]
    }
  }
  last.fill(height)
  for (let r = height - 1; r >= 0; r--) {
    const row = r * width
    for (let c = 0; c < width; c++) {
      const i = row + c
      if (cells[i] === 0) last[c] = r
      const below = last[c] - r
      if (below < out[i]) out[i] = below
    }
  }
  // Along each row, then the left and right edges of the room.
  const f = new Float64Array(width)
  const d = new Float64Array(width)
  const v = new Int32Array(width)
  const z = new Float64Array(width + 1)
  for (let r = 0; r < height; r++) {
    const row = r * width
    for (let c = 0; c < width; c++) f[c] = out[row + c] * out[row + c]
    distance1d(f, width, d, v, z)
    for (let c = 0; c < width; c++) {
      const edge = Math.min(c + 1, width - c)
      out[row + c] = Math.min(d[c], edge * edge)
    }
  }
  return out
}

/** 1-D squared distance transform of f (lower envelope of parabolas, Felzenszwalb and Huttenlocher), into d. */
function distance1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0
  v[0] = 0
  z[0] = -Infinity
  z[1] = Infinity
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k])
    while (s <= z[k]) {
      k--
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k])
    }
    k++
    v[k] = q
    z[k] = s
    z[k + 1] = Infinity
  }
  k = 0
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++
    const dq = q - v[k]
    d[q] = dq * dq + f[v[k]]
  }
}

/** Walk area id of each walkable pixel (0 elsewhere): the mask when given, else the first polygon holding it. */
function areaGrid(room: Room, mask: Uint8Array | null, grid: WalkGrid): Uint8Array {
  const { width, height, cells } = grid
  let areas: Uint8Array
  if (mask) {
    areas = new Uint8Array(mask.subarray(0, width * height))
  } else {
    areas = new Uint8Array(width * height)
    // Later fills overwrite earlier ones, so fill in reverse for the first polygon to win.
    for (let i = room.polygons.length - 1; i >= 0; i--) {
      const p = room.polygons[i]
      rasterisePolygons([walkPolygonToArea(p)], width, height, p.areaId, areas)
    }
  }
  for (let i = 0; i < areas.length; i++) if (cells[i] === 0) areas[i] = 0
  return areas
}

/** Foot radius (room px) at a pixel index. */
type RadiusAt = (i: number) => number

function footRadiusAt(
  room: Room,
  areas: Uint8Array,
  grid: WalkGrid,
  footWidth: number,
  scaleFeet: boolean,
  scaleMap: ScaleMapImage | null,
): RadiusAt & { max: number } {
  const half = footWidth / 2
  const scaling = room.scaling
  const constant = (r: number) => Object.assign(() => r, { max: r })
  if (!scaleFeet || scaling.mode === 'none') return constant(half)
  const { width, height } = grid
  if (scaling.mode === 'map') {
    if (!scaleMap || !scaling.map) return constant(half)
    const { min, max } = scaling.map
    const fn = (i: number) => (half * scaleFromMap(room, min, max, scaleMap, pixelCentre(i, width))) / 100
    return Object.assign(fn, { max: (half * Math.max(min, max)) / 100 })
  }
  // Linear: one table of radii by row per area, made when first needed.
  const tables = new Map<number, Float64Array>()
  const fn = (i: number) => {
    const area = areas[i]
    let table = tables.get(area)
    if (!table) {
      table = new Float64Array(height)
      const stops = stopsForArea(room, area)
      for (let r = 0; r < height; r++) {
        const percent = stops.length > 0 ? scaleFromStops(stops, r + 0.5) : FULL_SCALE_PERCENT
        table[r] = (half * percent) / 100
      }
      tables.set(area, table)
    }
    return table[Math.floor(i / width)]
  }
  return Object.assign(fn, { max: (half * maxScalePercent(room)) / 100 })
}

function corridorEntries(
  grid: WalkGrid,
  radius: RadiusAt & { max: number },
  characterName: string,
): LintEntry[] {
  const { width, height, cells } = grid
  const n = width * height
  const clearance2 = squaredClearance(grid)
  const maxR2 = radius.max * radius.max
  // Wide pixels: the middle of the feet fits there.
  const wide = new Uint8Array(n)
  let anyNarrow = false
  for (let i = 0; i < n; i++) {
    if (cells[i] === 0) continue
    const c2 = clearance2[i]
    if (c2 >= maxR2) wide[i] = 1
    else {
      const r = radius(i)
      if (c2 >= r * r) wide[i] = 1
      else anyNarrow = true
    }
  }
  if (!anyNarrow) return []
  const { labels, sizes } = labelComponents(width, height, wide, true)
  if (sizes.length < 2) return []
  // Flood the narrow pixels from every wide region at once (4-connected, breadth first).
  const owner = new Int32Array(labels)
  const queue = new Int32Array(n)
  let head = 0
  let tail = 0
  for (let r = 0, i = 0; r < height; r++) {
    for (let c = 0; c < width; c++, i++) {
      if (wide[i] === 0) continue
      const narrowNext =
        (c > 0 && cells[i - 1] !== 0 && wide[i - 1] === 0) ||
        (c < width - 1 && cells[i + 1] !== 0 && wide[i + 1] === 0) ||
        (r > 0 && cells[i - width] !== 0 && wide[i - width] === 0) ||
        (r < height - 1 && cells[i + width] !== 0 && wide[i + width] === 0)
      if (narrowNext) queue[tail++] = i
    }
  }
  const claim = (j: number, o: number) => {
    if (cells[j] !== 0 && owner[j] < 0) {
      owner[j] = o
      queue[tail++] = j
    }
  }
  while (head < tail) {
    const i = queue[head++]
    const c = i % width
    const o = owner[i]
    if (c > 0) claim(i - 1, o)
    if (c < width - 1) claim(i + 1, o)
    if (i >= width) claim(i - width, o)
    if (i + width < n) claim(i + width, o)
  }
  // Meeting pixels: narrow pixels with a 4-neighbour owned by another region.
  const front = new Uint8Array(n)
  let anyFront = false
  const meet = (i: number, j: number) => {
    if (owner[i] < 0 || owner[j] < 0 || owner[i] === owner[j]) return
    if (wide[i] === 0) front[i] = 1
    if (wide[j] === 0) front[j] = 1
    anyFront = true
  }
  for (let i = 0; i < n; i++) {
    if (cells[i] === 0) continue
    if (i % width < width - 1 && cells[i + 1] !== 0) meet(i, i + 1)
    if (i + width < n && cells[i + width] !== 0) meet(i, i + width)
  }
  if (!anyFront) return []
  const fronts = labelComponents(width, height, front, true)
  const markers = new Int32Array(fronts.sizes.length).fill(-1)
  for (let i = 0; i < n; i++) {
    const l = fronts.labels[i]
    if (l >= 0 && (markers[l] < 0 || clearance2[i] > clearance2[markers[l]])) markers[l] = i
  }
  const entries: LintEntry[] = []
  for (const m of markers) {
    const widthPx = passageWidth(grid, m)
    const feet = 2 * radius(m)
    if (widthPx >= feet) continue
    const at = pixelCentre(m, width)
    entries.push({
      id: `narrow-corridor:${Math.floor(at.x)},${Math.floor(at.y)}`,
      severity: 'warning',
      kind: 'narrow-corridor',
      at,
      message: `The passage at ${fmt(at)} is about ${Math.round(widthPx)} px wide, narrower than the feet of ${characterName} there (${Math.round(feet)} px)`,
    })
  }
  return entries
}

/** Shortest walkable run through pixel i, horizontally, vertically or diagonally, room px. */
function passageWidth(grid: WalkGrid, i: number): number {
  const { width, height, cells } = grid
  const c0 = i % width
  const r0 = Math.floor(i / width)
  const run = (dc: number, dr: number) => {
    let steps = 1
    for (const sign of [1, -1]) {
      let c = c0 + sign * dc
      let r = r0 + sign * dr
      while (c >= 0 && r >= 0 && c < width && r < height && cells[r * width + c] !== 0) {
        steps++
        c += sign * dc
        r += sign * dr
      }
    }
    return steps * Math.hypot(dc, dr)
  }
  return Math.min(run(1, 0), run(0, 1), run(1, 1), run(1, -1))
}

// ---------------------------------------------------------------------------
// Zones

function zoneEntries(room: Room, grid: WalkGrid, mask: Uint8Array | null): LintEntry[] {
  const { width, height, cells } = grid
  const entries: LintEntry[] = []
  let areaPixels: Set<number> | undefined
  for (const zone of room.zones) {
    const label = zone.name || zone.id
    if (zone.shape.kind === 'area') {
      areaPixels ??= areasWithPixels(room, mask)
      if (areaPixels.has(zone.shape.areaId)) continue
      const at = { x: room.size.width / 2, y: room.size.height / 2 }
      entries.push({
        id: `zone-off-area:${zone.id}`,
        severity: 'warning',
        kind: 'zone-off-area',
        at,
        message: `Zone '${label}' is on area ${zone.shape.areaId}, which has no walkable pixels in this room`,
      })
      continue
    }
    const ring = coordsToRing(zone.shape.outer)
    const { inside, walkable } = countZonePixels(ring, width, height, cells)
    const centroid = ringCentroid(ring)
    let share: number
    if (inside > 0) share = walkable / inside
    else {
      const c = Math.floor(centroid.x)
      const r = Math.floor(centroid.y)
      share = c >= 0 && r >= 0 && c < width && r < height && cells[r * width + c] !== 0 ? 1 : 0
    }
    if (share >= ZONE_WALKABLE_SHARE_MIN) continue
    entries.push({
      id: `zone-off-area:${zone.id}`,
      severity: 'warning',
      kind: 'zone-off-area',
      at: centroid,
      message: `Zone '${label}' lies mostly off the walkable area (${Math.round(share * 100)} % of it is walkable); characters can hardly enter it`,
    })
  }
  return entries
}

/** Pixels whose centres are inside the ring, and how many of them are walkable. */
function countZonePixels(ring: Ring, width: number, height: number, cells: Uint8Array) {
  const { minX, minY, maxX, maxY } = ringBox(ring)
  const x0 = Math.max(0, Math.floor(minX))
  const y0 = Math.max(0, Math.floor(minY))
  const x1 = Math.min(width, Math.ceil(maxX))
  const y1 = Math.min(height, Math.ceil(maxY))
  if (x1 <= x0 || y1 <= y0) return { inside: 0, walkable: 0 }
  const bw = x1 - x0
  const bh = y1 - y0
  const local = fillRingsEvenOdd(
    new Uint8Array(bw * bh),
    bw,
    bh,
    [ring.map((p) => ({ x: p.x - x0, y: p.y - y0 }))],
    1,
  )
  let inside = 0
  let walkable = 0
  for (let r = 0; r < bh; r++) {
    for (let c = 0; c < bw; c++) {
      if (local[r * bw + c] === 0) continue
      inside++
      if (cells[(r + y0) * width + c + x0] !== 0) walkable++
    }
  }
  return { inside, walkable }
}

/** Area ids that have pixels in the room's area map (mask when given, else polygons), whatever the flags. */
function areasWithPixels(room: Room, mask: Uint8Array | null): Set<number> {
  const ids = new Set<number>()
  if (mask) {
    for (let i = 0; i < mask.length; i++) if (mask[i] !== 0) ids.add(mask[i])
    return ids
  }
  for (const p of room.polygons) if (areaPolygonArea(walkPolygonToArea(p)) > 0) ids.add(p.areaId)
  return ids
}
