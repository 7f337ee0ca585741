/**
 * The prepared navmesh a runtime room file may carry (runtime format version 2, field
 * `navmesh`): the triangles navmesh-funnel searches, made by the exporter for the room's
 * starting flag state, so that a game's first path needs no clipping, tracing or
 * triangulating. The runtime reads it as untrusted input: every field is checked (counts,
 * indices, finite coordinates, neighbours that agree, no flat triangles, no more area than
 * the mesh's bounding box) before it is used, and a malformed one is refused in one line.
 *
 * Glossary
 * - nav state: what the flags do to walking: the enabled area ids and the closed gates
 *   (block-polygon gates whose expression holds), each sorted. A navmesh is used only while
 *   the room is in the state it was made for; in any other state the runtime makes its own.
 * - fingerprint: a 53-bit hash (16 hex digits) of the room's walkable data: its size, which
 *   representation is authoritative, the walk polygons, the gates' shapes and the mask's
 *   runs. A navmesh whose fingerprint is not the room's was made for another room (the file
 *   was edited by hand): it is ignored, not refused.
 * - section version: `navmesh.version`; a section of a version this runtime does not know
 *   is ignored (the runtime makes its own navmesh), so a newer exporter's file still loads.
 *
 * Units: room px.
 */
import { holds } from '../analysis/room-world'
import type { Triangulation } from '../geometry/types'
import type { TriangulationLike } from '../nav/polygon/tri-mesh'
import { MAX_COORD_PX, MAX_NAVMESH_TRIANGLES } from '../limits'
import type { Room } from '../room/schema'

/** The version of the `navmesh` section this code writes and reads. */
export const RUNTIME_NAVMESH_VERSION = 1

export interface RuntimeNavmesh {
  version: number
  /** Enabled area ids of the nav state it was made for, ascending. */
  areas: number[]
  /** Closed gate ids of that state, sorted. */
  gates: string[]
  /** The room's fingerprint when it was made. */
  source: string
  /** Vertex coordinates, x, y interleaved. */
  vertices: number[]
  /** Corner indices, 3 per triangle. */
  triangles: number[]
  /** Per triangle edge k (corner k to k + 1): the triangle across it, -1 for a wall. */
  neighbours: number[]
}

/** The nav state of the room with these flag values (see the glossary). */
export function navStateOf(
  room: Room,
  flags: Readonly<Record<string, boolean>>,
): { areas: number[]; gates: string[] } {
  const areas = new Set<number>()
  for (const area of room.areas) if (holds(area.enabledBy, flags)) areas.add(area.id)
  const gates: string[] = []
  for (const gate of room.gates) {
    const open = holds(gate.flagExpression, flags)
    if (gate.kind === 'open-area' && gate.areaId !== undefined && !open) areas.delete(gate.areaId)
    if (gate.kind === 'block-polygon' && gate.polygon && open) gates.push(gate.id)
  }
  return { areas: [...areas].sort((a, b) => a - b), gates: gates.sort() }
}

/**
 * Was the navmesh made for the nav state these flag values give? (navStateOf's answer,
 * compared without building it: a game asks on its first path.)
 */
export function inNavState(
  navmesh: RuntimeNavmesh,
  room: Room,
  flags: Readonly<Record<string, boolean>>,
): boolean {
  let enabled = 0
  for (const area of room.areas) {
    if (!holds(area.enabledBy, flags)) continue
    let open = true
    for (const gate of room.gates)
      if (gate.kind === 'open-area' && gate.areaId === area.id && !holds(gate.flagExpression, flags))
        open = false
    if (!open) continue
    // navStateOf counts an id once; a file lists each area once.
    if (!navmesh.areas.includes(area.id)) return false
    enabled++
  }
  if (enabled !== navmesh.areas.length) return false
  let closed = 0
  for (const gate of room.gates) {
    if (gate.kind !== 'block-polygon' || !gate.polygon || !holds(gate.flagExpression, flags)) continue
    if (!navmesh.gates.includes(gate.id)) return false
    closed++
  }
  return closed === navmesh.gates.length
}

// The hash's state: two 32-bit lanes (cyrb53), and a view to read a double's bits.
const lanes = new Uint32Array(2)
const bits = new Float64Array(1)
const words = new Uint32Array(bits.buffer)

function mix(value: number): void {
  let h1 = lanes[0]
  let h2 = lanes[1]
  h1 = Math.imul(h1 ^ value, 2654435761)
  h2 = Math.imul(h2 ^ value, 1597334677)
  lanes[0] = h1
  lanes[1] = h2
}

function mixNumber(value: number): void {
  if (Number.isInteger(value) && Math.abs(value) < 0x40000000) {
    mix(value)
    return
  }
  bits[0] = value
  mix(words[0])
  mix(words[1])
}

function mixText(text: string): void {
  mix(text.length)
  for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i))
}

function mixRing(ring: readonly (readonly number[])[]): void {
  mix(ring.length)
  for (const p of ring) {
    mixNumber(p[0])
    mixNumber(p[1])
  }
}

/** The room's fingerprint (see the glossary); `maskRuns` as the file holds them, or null. */
export function walkFingerprint(room: Room, maskRuns: readonly number[] | null): string {
  lanes[0] = 0xdeadbeef
  lanes[1] = 0x41c6ce57
  mix(room.size.width)
  mix(room.size.height)
  mixText(room.authoritative)
  mix(room.polygons.length)
  for (const p of room.polygons) {
    mix(p.areaId)
    mixRing(p.outer)
    mix(p.holes.length)
    for (const h of p.holes) mixRing(h)
  }
  mix(room.gates.length)
  for (const g of room.gates) {
    mixText(g.id)
    mixText(g.kind)
    mix(g.areaId ?? -1)
    mixRing(g.polygon ?? [])
  }
  mix(maskRuns ? maskRuns.length : -1)
  if (maskRuns) for (const r of maskRuns) mixNumber(r)
  let h1 = lanes[0]
  let h2 = lanes[1]
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const high = (h2 >>> 0) & 0x1fffff
  return high.toString(16).padStart(6, '0') + (h1 >>> 0).toString(16).padStart(8, '0')
}

/** The section for a room's triangulation in a nav state. */
export function navmeshSection(
  room: Room,
  maskRuns: readonly number[] | null,
  flags: Readonly<Record<string, boolean>>,
  triangulation: Triangulation,
): RuntimeNavmesh {
  const state = navStateOf(room, flags)
  return {
    version: RUNTIME_NAVMESH_VERSION,
    areas: state.areas,
    gates: state.gates,
    source: walkFingerprint(room, maskRuns),
    vertices: Array.from(triangulation.vertices),
    triangles: Array.from(triangulation.triangles),
    neighbours: Array.from(triangulation.neighbours),
  }
}

/**
 * Reads the section as untrusted input: the triangulation it holds, or null for a section of
 * an unknown version (ignored). Throws `<file>: navmesh.<field>: expected ...` for a malformed one.
 */
export function readNavmesh(
  value: unknown,
  file: string,
): (RuntimeNavmesh & { mesh: TriangulationLike }) | null {
  const fail = (field: string, expected: string): never => {
    throw new Error(`${file}: navmesh${field ? `.${field}` : ''}: expected ${expected}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('', 'an object')
  const n = value as Partial<RuntimeNavmesh>
  if (n.version !== RUNTIME_NAVMESH_VERSION) {
    if (Number.isInteger(n.version) && (n.version as number) > RUNTIME_NAVMESH_VERSION) return null
    fail('version', `${RUNTIME_NAVMESH_VERSION} (or a later version, which is ignored)`)
  }
  const { areas, gates, source, vertices, triangles, neighbours } = n
  if (!Array.isArray(areas)) fail('areas', 'a list of area ids 1..255')
  for (const a of areas!)
    if (!Number.isInteger(a) || a < 1 || a > 255) fail('areas', 'a list of area ids 1..255')
  if (!Array.isArray(gates)) fail('gates', 'a list of gate ids')
  for (const g of gates!) if (typeof g !== 'string') fail('gates', 'a list of gate ids')
  if (typeof source !== 'string') fail('source', 'the room fingerprint, a text')
  if (!Array.isArray(vertices) || vertices.length % 2 !== 0 || vertices.length > 6 * MAX_NAVMESH_TRIANGLES)
    fail('vertices', `a list of x, y pairs, at most ${3 * MAX_NAVMESH_TRIANGLES} vertices`)
  if (!Array.isArray(triangles) || triangles.length % 3 !== 0 || triangles.length / 3 > MAX_NAVMESH_TRIANGLES)
    fail('triangles', `corner indices, 3 per triangle, at most ${MAX_NAVMESH_TRIANGLES} triangles`)
  const nv = vertices!.length / 2
  const xy = vertices!
  for (let i = 0; i < xy.length; i++) {
    const c = xy[i]
    if (typeof c !== 'number' || !(Math.abs(c) <= MAX_COORD_PX))
      fail(`vertices[${i}]`, `a finite coordinate within ±${MAX_COORD_PX} px`)
  }
  const T = triangles!.length / 3
  const corners = triangles!
  for (let i = 0; i < corners.length; i++) {
    const c = corners[i]
    if (!Number.isInteger(c) || c < 0 || c >= nv) fail(`triangles[${i}]`, `a vertex index 0..${nv - 1}`)
  }
  if (!Array.isArray(neighbours) || neighbours.length !== 3 * T)
    fail('neighbours', 'one entry per triangle edge')
  const across = neighbours!
  for (let i = 0; i < across.length; i++) {
    const w = across[i]
    if (!Number.isInteger(w) || w < -1 || w >= T)
      fail(`neighbours[${i}]`, `-1 or a triangle index 0..${T - 1}`)
  }
  let area = 0
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let t = 0; t < T; t++) {
    const a = corners[3 * t]
    const b = corners[3 * t + 1]
    const c = corners[3 * t + 2]
    const cross =
      (xy[2 * b] - xy[2 * a]) * (xy[2 * c + 1] - xy[2 * a + 1]) -
      (xy[2 * b + 1] - xy[2 * a + 1]) * (xy[2 * c] - xy[2 * a])
    if (!(cross !== 0)) fail(`triangles[${3 * t}]`, 'triangles with an area (three corners not on one line)')
    area += Math.abs(cross) / 2
    for (let k = 0; k < 3; k++) {
      const v = corners[3 * t + k]
      minX = Math.min(minX, xy[2 * v])
      maxX = Math.max(maxX, xy[2 * v])
      minY = Math.min(minY, xy[2 * v + 1])
      maxY = Math.max(maxY, xy[2 * v + 1])
      // The triangle across edge k must have that edge, the other way round, pointing back.
      const w = across[3 * t + k]
      if (w < 0) continue
      const from = corners[3 * t + k]
      const to = corners[3 * t + (k === 2 ? 0 : k + 1)]
      let back = false
      for (let j = 0; j < 3; j++) {
        if (
          across[3 * w + j] === t &&
          corners[3 * w + j] === to &&
          corners[3 * w + (j === 2 ? 0 : j + 1)] === from
        )
          back = true
      }
      if (!back)
        fail(`neighbours[${3 * t + k}]`, `triangle ${w} to share edge ${k} of triangle ${t} and name it back`)
    }
  }
  // Triangles that overlap would cover more than their bounding box; the point index a runtime
  // builds over them would then grow with their overlaps instead of their count.
  if (T > 0 && area > (maxX - minX) * (maxY - minY) * (1 + 1e-9))
    fail('triangles', 'triangles that do not overlap (their areas exceed their bounding box)')
  return {
    version: RUNTIME_NAVMESH_VERSION,
    areas: areas!,
    gates: gates!,
    source: source!,
    vertices: vertices!,
    triangles: triangles!,
    neighbours: neighbours!,
    mesh: { vertices: xy, triangles: corners, neighbours: across },
  }
}
