/**
 * An edited walk area written back into a map whose walk area is the map minus its
 * obstacles (read-map.ts): the walk area goes back as the obstacles it leaves.
 *
 * Steps:
 * 1. needed = the map's box minus the edited walk area; fixed = what the map blocks that no
 *    obstacle object gives (collision tiles, tile collision shapes): the box minus the walk
 *    area as read now, minus the obstacle objects. The edited walk area may not reach into
 *    the fixed part (Walkbox does not paint tiles);
 * 2. an obstacle object the edited walk area does not reach stays as it is, byte for byte;
 * 3. what is still needed (needed minus fixed minus the objects that stay) is cut into
 *    pieces; each piece is written into the taken-out object it overlaps most (its id, name,
 *    type and properties kept), or as a new obstacle; taken-out objects no piece goes to are
 *    removed.
 *
 * Glossary
 * - sliver: a piece whose mean width (2 x area / perimeter) is under SLIVER_PX: what
 *   rounding the room's points to 0.01 px leaves along an edge; never written.
 *
 * Units: px (map px), px² for areas.
 */
import type { Room } from '../../room/schema'
import type { SourceChild, SourceLayer } from './source-layers'
import type { TiledObject } from './map-types'
import { objectOutline } from './object-shapes'
import type { TiledRoomRead } from './read-map'
import { areaOf, difference, intersection, union, withoutHoles, type Ring, type Shape } from './shape-ops'

/** Pieces thinner than this on average are rounding, not an edit, px. */
export const SLIVER_PX = 0.05

export interface ObstacleCandidate<Ref> {
  c: SourceChild
  /** The offset of its layer and the groups above, px. */
  dx: number
  dy: number
  layer: SourceLayer<Ref>
}

export interface ObstaclePlan {
  /** Objects whose shape becomes this ring (map px). */
  rewrite: Map<SourceChild, Ring>
  /** Objects taken out. */
  remove: Set<SourceChild>
  /** New obstacles (map px). */
  add: Ring[]
  problems: string[]
  notes: string[]
}

function perimeter(s: Shape): number {
  let sum = 0
  for (const ring of [s.outer, ...s.holes])
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i]
      const [bx, by] = ring[(i + 1) % ring.length]
      sum += Math.hypot(bx - ax, by - ay)
    }
  return sum
}

/** The pieces that are more than rounding. */
const solid = (shapes: readonly Shape[]): Shape[] =>
  shapes.filter((s) => {
    const a = areaOf([s])
    return a > 0 && (2 * a) / Math.max(perimeter(s), 1e-9) >= SLIVER_PX
  })

const walkShapes = (room: Room): Shape[] => room.polygons.map((p) => ({ outer: p.outer, holes: p.holes }))

/** The obstacle write for `room` (map px) over the map read as `fresh` (map px). */
export function planObstacles<Ref>(
  room: Room,
  fresh: Room,
  candidates: readonly ObstacleCandidate<Ref>[],
  read: TiledRoomRead,
  file: string,
): ObstaclePlan {
  const plan: ObstaclePlan = { rewrite: new Map(), remove: new Set(), add: [], problems: [], notes: [] }
  const box = read.walkBase
  if (!box) {
    plan.problems.push(
      'the walk area is the map’s walkable shapes minus its obstacles; Walkbox writes an edited one back only when it is the whole map minus them: edit the shapes in Tiled',
    )
    return plan
  }
  const boxShape: Shape = {
    outer: [
      [box.x0, box.y0],
      [box.x1, box.y0],
      [box.x1, box.y1],
      [box.x0, box.y1],
    ],
    holes: [],
  }
  const objects = candidates
    .map((x) => {
      const o = { x: 0, y: 0, width: 0, height: 0, rotation: 0, ...x.c.object } as TiledObject
      const ring = objectOutline(o, x.dx, x.dy)
      return ring ? { x, shape: { outer: ring, holes: [] } as Shape } : null
    })
    .filter((v): v is NonNullable<typeof v> => v !== null)
  const walk = union(walkShapes(room))
  const fixed = solid(
    difference(
      difference([boxShape], walkShapes(fresh)),
      objects.map((o) => o.shape),
    ),
  )
  if (solid(intersection(walk, fixed)).length > 0) {
    plan.problems.push(
      `the edited walk area reaches over what the map's tiles block (${read.derived.length} walk polygons come from the map minus its obstacles); Walkbox does not paint tiles: edit them in Tiled`,
    )
    return plan
  }
  const needed = difference(difference([boxShape], walk), fixed)
  const stay: Shape[] = []
  const out: typeof objects = []
  for (const o of objects) {
    if (solid(intersection([o.shape], walk)).length === 0) stay.push(o.shape)
    else out.push(o)
  }
  const pieces = solid(difference(needed, stay))
  const taken = new Set<number>()
  for (const piece of pieces) {
    let best = -1
    let most = 0
    out.forEach((o, i) => {
      if (taken.has(i)) return
      const a = areaOf(intersection([piece], [o.shape]))
      if (a > most) {
        most = a
        best = i
      }
    })
    const ring = withoutHoles(piece)
    if (best >= 0) {
      taken.add(best)
      plan.rewrite.set(out[best].x.c, ring)
    } else plan.add.push(ring)
  }
  out.forEach((o, i) => {
    if (!taken.has(i)) plan.remove.add(o.x.c)
  })
  plan.notes.push(
    `${file}: the walk area is the map minus its obstacles: ${plan.rewrite.size} obstacle${plan.rewrite.size === 1 ? '' : 's'} reshaped, ${plan.add.length} added, ${plan.remove.size} taken out, ${objects.length - out.length} kept as they are`,
  )
  return plan
}
