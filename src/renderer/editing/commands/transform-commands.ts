/**
 * Commands over several objects at once (a multi-selection across layers): move, rotate,
 * scale, flip, align and distribute, each one RoomFieldsCommand (one undo step) whatever
 * the number of objects and layers; and rename of any object of the outliner.
 *
 * What moves: walk polygons (with their holes), holes alone, gate polygons, polygon zones,
 * polygon hotspots (with their walk-to and look-at points) and points; a move (whole px) also
 * moves the pixels and baseline of selected walk-behinds. Objects without an outline (mask
 * walk areas, painted hotspots, 'open-area' gates, area zones, and walk-behinds for anything
 * but a move) are painted or follow an area: they stay where they are, and a command that
 * would move only those is refused with a message.
 *
 * Glossary
 * - pivot: the point rotate, scale and flip turn about: the centre of the objects' bounds.
 * - mapping: a function from a room point to where it goes (one per object: align moves
 *   each object by its own offset).
 *
 * Units: room px; angles in degrees, clockwise on screen (room y grows downwards);
 * scale as a factor (1 = unchanged). Results are rounded to 0.01 px.
 */
import type { Point } from '../../../shared/geometry/types'
import type { Coord, CoordRing, Room } from '../../../shared/room/schema'
import { ID_PATTERN } from '../../../shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../../shared/room/walk-behinds'
import { boundsOf, outlineOf, refKey, type Bounds, type ObjectRef } from '../tools/object-refs'
import { cloneJson, type EditTarget } from './edit-target'
import { holeFitProblem, ringProblem } from './room-commands'
import { RoomFieldsCommand } from './room-fields'

type Mapping = (p: Point) => Point

const round = (v: number): number => Math.round(v * 100) / 100

/** Objects of `refs` that have an outline (the ones a transform moves), with their bounds. */
export function movableObjects(room: Room, refs: readonly ObjectRef[]): { ref: ObjectRef; bounds: Bounds }[] {
  const out: { ref: ObjectRef; bounds: Bounds }[] = []
  for (const ref of refs) {
    const outline = outlineOf(room, ref)
    const bounds = outline ? boundsOf(outline) : null
    if (bounds) out.push({ ref, bounds })
  }
  return out
}

function unionBounds(list: readonly Bounds[]): Bounds {
  return {
    minX: Math.min(...list.map((b) => b.minX)),
    minY: Math.min(...list.map((b) => b.minY)),
    maxX: Math.max(...list.map((b) => b.maxX)),
    maxY: Math.max(...list.map((b) => b.maxY)),
  }
}

/**
 * One command applying `mappingOf(ref, bounds)` to every movable object of `refs`. A
 * mapping that mirrors (`mirrors`) reverses each ring so that outlines keep their winding.
 * Refused (throws) when nothing can move, or when a ring would become invalid (a hole
 * out of its polygon, an outline crossing itself).
 */
export function transformObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  label: string,
  mappingOf: (ref: ObjectRef, bounds: Bounds) => Mapping,
  mirrors = false,
): RoomFieldsCommand {
  const { change, n } = transformFields(target.room, refs, mappingOf, mirrors)
  return new RoomFieldsCommand(`${label} ${n} object${n === 1 ? '' : 's'}`, target, change)
}

/** The new room fields of a transform (see transformObjectsCommand) and how many objects it moves. */
function transformFields(
  room: Room,
  refs: readonly ObjectRef[],
  mappingOf: (ref: ObjectRef, bounds: Bounds) => Mapping,
  mirrors: boolean,
): { change: Partial<Room>; n: number } {
  const movable = movableObjects(room, refs)
  if (movable.length === 0)
    throw new Error(
      'Nothing to move: the selection has no outlines or points (painted and area objects stay).',
    )
  const keys = new Set(movable.map((m) => refKey(m.ref)))
  const change: Partial<Room> = {}
  const ring = (r: CoordRing, f: Mapping): CoordRing => {
    const out = r.map(([x, y]) => {
      const p = f({ x, y })
      return [round(p.x), round(p.y)] as Coord
    })
    if (mirrors) out.reverse()
    const problem = ringProblem(out)
    if (problem) throw new Error(problem.message)
    return out
  }
  const point = <T extends { x: number; y: number }>(p: T, f: Mapping): T => {
    const q = f(p)
    return { ...p, x: round(q.x), y: round(q.y) }
  }
  const mappingFor = (ref: ObjectRef): Mapping | null => {
    const m = movable.find((x) => refKey(x.ref) === refKey(ref))
    return m ? mappingOf(m.ref, m.bounds) : null
  }

  if (movable.some((m) => m.ref.kind === 'polygon' || m.ref.kind === 'hole')) {
    const polygons = cloneJson(room.polygons)
    for (const p of polygons) {
      const whole = keys.has(refKey({ kind: 'polygon', id: p.id }))
      const f = whole ? mappingFor({ kind: 'polygon', id: p.id }) : null
      if (f) p.outer = ring(p.outer, f)
      p.holes = p.holes.map((h, hole) => {
        const own = mappingFor({ kind: 'hole', id: p.id, hole })
        // A hole selected with its polygon moves with the polygon, once.
        const g = f ?? own
        return g ? ring(h, g) : h
      })
      for (const h of p.holes) {
        const problem = holeFitProblem(p.outer, h, p.id)
        if (problem) throw new Error(problem.message)
      }
    }
    change.polygons = polygons
  }
  if (movable.some((m) => m.ref.kind === 'gate'))
    change.gates = room.gates.map((g) => {
      const f = mappingFor({ kind: 'gate', id: g.id })
      return f && g.polygon ? { ...cloneJson(g), polygon: ring(g.polygon, f) } : g
    })
  if (movable.some((m) => m.ref.kind === 'zone'))
    change.zones = room.zones.map((z) => {
      const f = mappingFor({ kind: 'zone', id: z.id })
      return f && z.shape.kind === 'polygon'
        ? { ...cloneJson(z), shape: { kind: 'polygon' as const, outer: ring(z.shape.outer, f) } }
        : z
    })
  if (movable.some((m) => m.ref.kind === 'hotspot'))
    change.hotspots = (room.hotspots ?? []).map((h) => {
      const f = mappingFor({ kind: 'hotspot', id: h.id })
      if (!f || h.shape.kind !== 'polygon') return h
      const moved = cloneJson(h)
      moved.shape = { kind: 'polygon', outer: ring(h.shape.outer, f) }
      if (h.walkTo) moved.walkTo = point(h.walkTo, f)
      if (h.lookAt) moved.lookAt = point(h.lookAt, f)
      return moved
    })
  if (movable.some((m) => m.ref.kind === 'point'))
    change.points = (room.points ?? []).map((p) => {
      const f = mappingFor({ kind: 'point', id: p.id })
      return f ? point(p, f) : p
    })
  return { change, n: movable.length }
}

export function moveObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  dx: number,
  dy: number,
): RoomFieldsCommand {
  const behind = refs.filter((r) => r.kind === 'walk-behind').map((r) => Number(r.id))
  if (behind.length === 0)
    return transformObjectsCommand(target, refs, 'Move', () => (p) => ({ x: p.x + dx, y: p.y + dy }))
  const room = target.room
  const change: Partial<Room> = { walkBehinds: movedWalkBehinds(room, new Set(behind), dx, dy) }
  let n = behind.length
  if (movableObjects(room, refs).length > 0) {
    const vectors = transformFields(room, refs, () => (p) => ({ x: p.x + dx, y: p.y + dy }), false)
    Object.assign(change, vectors.change)
    n += vectors.n
  }
  return new RoomFieldsCommand(`Move ${n} object${n === 1 ? '' : 's'}`, target, change)
}

/**
 * The walk-behind layer with the pixels of walk-behinds `ids` moved by whole px (dx, dy) and
 * their baselines with them. Refused when a pixel would leave the room (nothing is dropped).
 */
function movedWalkBehinds(room: Room, ids: ReadonlySet<number>, dx: number, dy: number): Room['walkBehinds'] {
  const wb = room.walkBehinds
  if (!wb) throw new Error('The room has no walk-behinds.')
  if (!Number.isInteger(dx) || !Number.isInteger(dy)) throw new Error('Walk-behinds move by whole px.')
  const { width, height } = room.size
  const cells = decodeWalkBehindRows(wb.rows, width, height)
  const out = cells.slice()
  for (let i = 0; i < cells.length; i++) if (ids.has(cells[i])) out[i] = 0
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = cells[y * width + x]
      if (!ids.has(v)) continue
      const nx = x + dx
      const ny = y + dy
      if (nx < 0 || ny < 0 || nx >= width || ny >= height)
        throw new Error(`Walk-behind ${v} would leave the room; it was not moved.`)
      out[ny * width + nx] = v
    }
  return {
    areas: wb.areas.map((a) => (ids.has(a.id) ? { ...a, baseline: a.baseline + dy } : a)),
    rows: encodeWalkBehindRows(out, width, height),
  }
}

/** The pivot of a transform: the centre of the movable objects' bounds. */
export function pivotOf(room: Room, refs: readonly ObjectRef[]): Point | null {
  const movable = movableObjects(room, refs)
  if (movable.length === 0) return null
  const b = unionBounds(movable.map((m) => m.bounds))
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 }
}

export function rotateObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  degrees: number,
): RoomFieldsCommand {
  const c = pivotOf(target.room, refs) ?? { x: 0, y: 0 }
  const a = (degrees * Math.PI) / 180
  // Exact quarter turns: no 1e-16 residue from cos(90°).
  const cos = Number.isInteger(degrees / 90) ? Math.round(Math.cos(a)) : Math.cos(a)
  const sin = Number.isInteger(degrees / 90) ? Math.round(Math.sin(a)) : Math.sin(a)
  return transformObjectsCommand(target, refs, `Rotate ${degrees}°`, () => (p) => ({
    x: c.x + (p.x - c.x) * cos - (p.y - c.y) * sin,
    y: c.y + (p.x - c.x) * sin + (p.y - c.y) * cos,
  }))
}

export function scaleObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  factor: number,
): RoomFieldsCommand {
  if (!(factor > 0) || !Number.isFinite(factor)) throw new Error('Scale by a factor above 0.')
  const c = pivotOf(target.room, refs) ?? { x: 0, y: 0 }
  return transformObjectsCommand(target, refs, `Scale ${Math.round(factor * 1000) / 10}%`, () => (p) => ({
    x: c.x + (p.x - c.x) * factor,
    y: c.y + (p.y - c.y) * factor,
  }))
}

export function flipObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  axis: 'horizontal' | 'vertical',
): RoomFieldsCommand {
  const c = pivotOf(target.room, refs) ?? { x: 0, y: 0 }
  const f: Mapping =
    axis === 'horizontal' ? (p) => ({ x: 2 * c.x - p.x, y: p.y }) : (p) => ({ x: p.x, y: 2 * c.y - p.y })
  return transformObjectsCommand(target, refs, `Flip ${axis}ly`, () => f, true)
}

export type Alignment = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom'

/** Line the objects up on the selection's bounds: each moves by its own offset. */
export function alignObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  how: Alignment,
): RoomFieldsCommand {
  const movable = movableObjects(target.room, refs)
  if (movable.length < 2) throw new Error('Align needs two or more objects with outlines or points.')
  const all = unionBounds(movable.map((m) => m.bounds))
  const offset = (b: Bounds): Point => {
    switch (how) {
      case 'left':
        return { x: all.minX - b.minX, y: 0 }
      case 'right':
        return { x: all.maxX - b.maxX, y: 0 }
      case 'centre':
        return { x: (all.minX + all.maxX) / 2 - (b.minX + b.maxX) / 2, y: 0 }
      case 'top':
        return { x: 0, y: all.minY - b.minY }
      case 'bottom':
        return { x: 0, y: all.maxY - b.maxY }
      case 'middle':
        return { x: 0, y: (all.minY + all.maxY) / 2 - (b.minY + b.maxY) / 2 }
    }
  }
  return transformObjectsCommand(target, refs, `Align ${how}`, (_, b) => {
    const d = offset(b)
    return (p) => ({ x: p.x + d.x, y: p.y + d.y })
  })
}

/** Spread the objects' centres evenly between the outermost two (three or more objects). */
export function distributeObjectsCommand(
  target: EditTarget,
  refs: readonly ObjectRef[],
  axis: 'horizontal' | 'vertical',
): RoomFieldsCommand {
  const movable = movableObjects(target.room, refs)
  if (movable.length < 3) throw new Error('Distribute needs three or more objects with outlines or points.')
  const centre = (b: Bounds) => (axis === 'horizontal' ? (b.minX + b.maxX) / 2 : (b.minY + b.maxY) / 2)
  const order = [...movable].sort((a, b) => centre(a.bounds) - centre(b.bounds))
  const first = centre(order[0].bounds)
  const step = (centre(order[order.length - 1].bounds) - first) / (order.length - 1)
  const goal = new Map(order.map((m, i) => [refKey(m.ref), first + i * step]))
  return transformObjectsCommand(target, refs, `Distribute ${axis}ly`, (ref, b) => {
    const d = (goal.get(refKey(ref)) ?? centre(b)) - centre(b)
    return axis === 'horizontal' ? (p) => ({ x: p.x + d, y: p.y }) : (p) => ({ x: p.x, y: p.y + d })
  })
}

/**
 * Rename an object of the outliner: its name, or a walk polygon's id (polygons have no
 * name; the id must be free and a valid id). Holes cannot be renamed.
 */
export function renameObjectCommand(target: EditTarget, ref: ObjectRef, name: string): RoomFieldsCommand {
  const room = target.room
  const text = name.trim()
  const label = `Rename ${ref.kind.replace('-', ' ')} to '${text}'`
  switch (ref.kind) {
    case 'polygon': {
      if (!ID_PATTERN.test(text))
        throw new Error(`'${text}' is not a valid id (letters, digits, _ . - and no spaces).`)
      if (text !== ref.id && room.polygons.some((p) => p.id === text))
        throw new Error(`A walk polygon '${text}' exists already.`)
      return new RoomFieldsCommand(label, target, {
        polygons: room.polygons.map((p) => (p.id === ref.id ? { ...p, id: text } : p)),
      })
    }
    case 'area':
      return new RoomFieldsCommand(label, target, {
        areas: room.areas.map((a) => (String(a.id) === ref.id ? { ...a, name: text } : a)),
      })
    case 'gate':
      return new RoomFieldsCommand(label, target, {
        gates: room.gates.map((g) => (g.id === ref.id ? { ...g, name: text } : g)),
      })
    case 'zone':
      return new RoomFieldsCommand(label, target, {
        zones: room.zones.map((z) => (z.id === ref.id ? { ...z, name: text } : z)),
      })
    case 'walk-behind': {
      const wb = room.walkBehinds
      if (!wb) throw new Error('The room has no walk-behinds.')
      return new RoomFieldsCommand(label, target, {
        walkBehinds: {
          ...wb,
          areas: wb.areas.map((w) => (String(w.id) === ref.id ? { ...w, name: text } : w)),
        },
      })
    }
    case 'hotspot':
      return new RoomFieldsCommand(label, target, {
        hotspots: (room.hotspots ?? []).map((h) => (h.id === ref.id ? { ...h, name: text } : h)),
      })
    case 'point':
      return new RoomFieldsCommand(label, target, {
        points: (room.points ?? []).map((p) => (p.id === ref.id ? { ...p, name: text } : p)),
      })
    case 'hole':
      throw new Error('A hole has no name of its own.')
  }
}
