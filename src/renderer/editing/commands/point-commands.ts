/**
 * Commands of the points layer: add a named point, change its name, kind or place, remove
 * it. Each is one RoomFieldsCommand on `points`, so one undo step; a point dragged step by
 * step is one step too (`gesture`). The names say what the author did ("Move point door to
 * (120, 340)").
 *
 * Glossary
 * - kind: what the point is for (schema POINT_KINDS); absent in the room = 'marker'.
 *
 * Units: room px.
 */
import { MAX_POINTS } from '../../../shared/limits'
import { POINT_KINDS, type PointKind, type Room, type RoomPoint } from '../../../shared/room/schema'
import { cloneJson, type EditTarget } from './edit-target'
import { freshId } from './room-commands'
import { RoomFieldsCommand } from './room-fields'

/** What a point edit may change. */
export interface PointChange {
  name?: string
  kind?: PointKind
  x?: number
  y?: number
}

/** The kind of a point as the editor shows it ('marker' when the room leaves it out). */
export function pointKind(p: RoomPoint): PointKind {
  return p.kind ?? 'marker'
}

/** How each kind reads in the panel and labels. */
export const POINT_KIND_LABELS: Record<PointKind, string> = {
  marker: 'Marker',
  entrance: 'Entrance',
  'walk-to': 'Walk-to',
  'player-start': 'Player start',
}

function pointsOf(room: Room): RoomPoint[] {
  return cloneJson(room.points ?? [])
}

function finite(v: number, what: string): number {
  if (!Number.isFinite(v)) throw new Error(`Expected a finite ${what}, room px.`)
  return Math.round(v * 100) / 100
}

/** A new point's id and name: `point-N` and `PointN` (a name scripts can use). */
function fresh(room: Room): { id: string; name: string } {
  const id = freshId(
    (room.points ?? []).map((p) => p.id),
    'point',
  )
  return { id, name: `Point${id.slice('point-'.length)}` }
}

/** Add a point at `at` (of `kind`, default marker); refused past the format's limit. */
export function addPointCommand(
  target: EditTarget,
  at: { x: number; y: number },
  kind: PointKind = 'marker',
): RoomFieldsCommand {
  const points = pointsOf(target.room)
  if (points.length >= MAX_POINTS) throw new Error(`A room holds at most ${MAX_POINTS} points.`)
  const { id, name } = fresh(target.room)
  const made: RoomPoint = {
    id,
    name,
    x: finite(at.x, 'x'),
    y: finite(at.y, 'y'),
    ...(kind !== 'marker' ? { kind } : {}),
  }
  return new RoomFieldsCommand(
    `Add point ${name} at (${Math.round(made.x)}, ${Math.round(made.y)})`,
    target,
    { points: [...points, made] },
    id,
  )
}

/**
 * Change point `id`; null when that changes nothing (no undo step). `gesture` joins the
 * steps of one drag into one undo step.
 */
export function updatePointCommand(
  target: EditTarget,
  id: string,
  change: PointChange,
  gesture?: string,
): RoomFieldsCommand | null {
  const points = pointsOf(target.room)
  const p = points.find((q) => q.id === id)
  if (!p) throw new Error(`No point '${id}'.`)
  const before = JSON.stringify(p)
  const was = p.name || p.id
  if (change.name !== undefined) {
    const name = change.name.trim()
    if (!name) throw new Error('A point needs a name (the game asks for it by name).')
    p.name = name
  }
  if (change.kind !== undefined) {
    if (!POINT_KINDS.includes(change.kind)) throw new Error(`Unknown point kind '${String(change.kind)}'.`)
    if (change.kind === 'marker') delete p.kind
    else p.kind = change.kind
  }
  if (change.x !== undefined) p.x = finite(change.x, 'x')
  if (change.y !== undefined) p.y = finite(change.y, 'y')
  if (JSON.stringify(p) === before) return null
  const keys = Object.keys(change).filter((k) => change[k as keyof PointChange] !== undefined)
  const moved = keys.every((k) => k === 'x' || k === 'y')
  const label =
    keys.length === 1 && keys[0] === 'name'
      ? `Rename point ${was} to ${p.name}`
      : keys.length === 1 && keys[0] === 'kind'
        ? `Point ${was} is ${POINT_KIND_LABELS[pointKind(p)].toLowerCase()}`
        : moved
          ? `Move point ${was} to (${Math.round(p.x)}, ${Math.round(p.y)})`
          : `Change point ${was}`
  return new RoomFieldsCommand(label, target, { points }, undefined, gesture)
}

/** Remove point `id`. */
export function removePointCommand(target: EditTarget, id: string): RoomFieldsCommand {
  const p = (target.room.points ?? []).find((q) => q.id === id)
  if (!p) throw new Error(`No point '${id}'.`)
  const points = pointsOf(target.room).filter((q) => q.id !== id)
  return new RoomFieldsCommand(`Remove point ${p.name || p.id}`, target, {
    points: points.length > 0 ? points : undefined,
  })
}
