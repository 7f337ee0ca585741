/**
 * The named edits of the room model. Each returns a RoomFieldsCommand (or a
 * compound) that the history store executes; none of them changes anything until
 * executed. Geometry that would be invalid is refused before a command exists:
 * see `ringProblem`.
 *
 * Glossary
 * - ring ref: where a ring lives: a walk polygon's outer ring or one of its holes,
 *   a gate polygon, a polygon zone's outline, or a polygon hotspot's outline.
 * - vertex ref: a ring ref plus a vertex index.
 *
 * Units: room px; coordinates are [x, y] pairs as in the file format.
 */
import { classifyPointInRing, findSelfIntersections, ringMeetings } from '../../../shared/geometry/polygon'
import type { Point } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type {
  Authoritative,
  Coord,
  CoordRing,
  Gate,
  LinearScaling,
  Room,
  RoomGraphJoin,
  RoomGraphNode,
  WalkArea,
  WalkPolygon,
  Zone,
} from '../../../shared/room/schema'
import { cloneJson, type EditTarget } from './edit-target'
import { outlineDuplicateOffset } from './duplicate-offset'
import { RoomFieldsCommand } from './room-fields'
import { defaultAreaColour } from '../../../shared/room/schema'

export type RingRef =
  | { kind: 'outer'; polygonId: string }
  | { kind: 'hole'; polygonId: string; hole: number }
  | { kind: 'gate'; gateId: string }
  | { kind: 'zone'; zoneId: string }
  | { kind: 'hotspot'; hotspotId: string }

export interface VertexRef {
  ring: RingRef
  index: number
}

/** An id not used yet: `prefix-1`, `prefix-2`, … */
export function freshId(taken: Iterable<string>, prefix: string): string {
  const used = new Set(taken)
  for (let i = 1; ; i++) if (!used.has(`${prefix}-${i}`)) return `${prefix}-${i}`
}

/** Why a ring cannot be used (too few points, zero area, self-intersections), or null. */
export function ringProblem(ring: CoordRing): { message: string; at: Point[] } | null {
  if (ring.length < 3) return { message: 'A polygon needs at least 3 points.', at: [] }
  const crossings = findSelfIntersections(coordsToRing(ring))
  if (crossings.length > 0) {
    return {
      message: `The outline crosses itself at ${crossings.length} point${crossings.length > 1 ? 's' : ''}; it was not changed.`,
      at: crossings,
    }
  }
  let twice = 0
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]
    const [x1, y1] = ring[(i + 1) % ring.length]
    twice += x0 * y1 - x1 * y0
  }
  if (twice === 0) return { message: 'The outline encloses no area.', at: [] }
  return null
}

/**
 * Why a hole does not fit its walk polygon (it meets the outline or lies outside it), or
 * null. The Hole tool and vertex drags refuse with the same words.
 */
export function holeFitProblem(
  outer: CoordRing,
  hole: CoordRing,
  polygonId: string,
): { message: string; at: Point[] } | null {
  const outerRing = coordsToRing(outer)
  const holeRing = coordsToRing(hole)
  const meets = ringMeetings(holeRing, outerRing)
  if (meets.length === 0 && holeRing.length > 0 && classifyPointInRing(outerRing, holeRing[0]) === 'inside')
    return null
  return { message: `The hole must lie inside walk polygon '${polygonId}'.`, at: meets }
}

/** Read a ring of the room (a copy), or null when the ref names nothing. */
export function getRing(room: Room, ref: RingRef): CoordRing | null {
  switch (ref.kind) {
    case 'outer':
      return room.polygons.find((p) => p.id === ref.polygonId)?.outer ?? null
    case 'hole':
      return room.polygons.find((p) => p.id === ref.polygonId)?.holes[ref.hole] ?? null
    case 'gate':
      return room.gates.find((g) => g.id === ref.gateId)?.polygon ?? null
    case 'zone': {
      const shape = room.zones.find((z) => z.id === ref.zoneId)?.shape
      return shape?.kind === 'polygon' ? shape.outer : null
    }
    case 'hotspot': {
      const shape = room.hotspots?.find((h) => h.id === ref.hotspotId)?.shape
      return shape?.kind === 'polygon' ? shape.outer : null
    }
  }
}

/** A command that replaces one ring; throws with the reason when the new ring is invalid. */
export function setRingCommand(
  target: EditTarget,
  ref: RingRef,
  ring: CoordRing,
  label: string,
): RoomFieldsCommand {
  const problem = ringProblem(ring)
  if (problem) throw new RingError(problem.message, problem.at)
  const room = target.room
  const copy = cloneJson(ring)
  switch (ref.kind) {
    case 'outer':
    case 'hole': {
      const polygons = cloneJson(room.polygons)
      const polygon = polygons.find((p) => p.id === ref.polygonId)
      if (!polygon) throw new Error(`No walk polygon '${ref.polygonId}'.`)
      if (ref.kind === 'outer') polygon.outer = copy
      else polygon.holes[ref.hole] = copy
      // A hole may not leave its floor, whichever of the two moved.
      const moved = ref.kind === 'outer' ? polygon.holes : [copy]
      for (const hole of moved) {
        const misfit = holeFitProblem(polygon.outer, hole, polygon.id)
        if (misfit) throw new RingError(`${misfit.message} It was not changed.`, misfit.at)
      }
      return new RoomFieldsCommand(label, target, { polygons })
    }
    case 'gate': {
      const gates = cloneJson(room.gates)
      const gate = gates.find((g) => g.id === ref.gateId)
      if (!gate) throw new Error(`No gate '${ref.gateId}'.`)
      gate.polygon = copy
      return new RoomFieldsCommand(label, target, { gates })
    }
    case 'zone': {
      const zones = cloneJson(room.zones)
      const zone = zones.find((z) => z.id === ref.zoneId)
      if (!zone) throw new Error(`No zone '${ref.zoneId}'.`)
      zone.shape = { kind: 'polygon', outer: copy }
      return new RoomFieldsCommand(label, target, { zones })
    }
    case 'hotspot': {
      const hotspots = cloneJson(room.hotspots ?? [])
      const hotspot = hotspots.find((h) => h.id === ref.hotspotId)
      if (!hotspot || hotspot.shape.kind !== 'polygon')
        throw new Error(`No polygon hotspot '${ref.hotspotId}'.`)
      hotspot.shape = { kind: 'polygon', outer: copy }
      return new RoomFieldsCommand(label, target, { hotspots })
    }
  }
}

/** Invalid geometry, with the points to mark on the canvas. */
export class RingError extends Error {
  constructor(
    message: string,
    readonly at: Point[],
  ) {
    super(message)
    this.name = 'RingError'
  }
}

function checked(ring: CoordRing): CoordRing {
  const problem = ringProblem(ring)
  if (problem) throw new RingError(problem.message, problem.at)
  return cloneJson(ring)
}

export function moveVertexCommand(target: EditTarget, v: VertexRef, to: Coord): RoomFieldsCommand {
  const ring = getRing(target.room, v.ring)
  if (!ring) throw new Error('That outline is gone.')
  const next = cloneJson(ring)
  next[v.index] = [to[0], to[1]]
  return setRingCommand(target, v.ring, next, 'Move vertex')
}

export function insertVertexCommand(target: EditTarget, v: VertexRef, at: Coord): RoomFieldsCommand {
  const ring = getRing(target.room, v.ring)
  if (!ring) throw new Error('That outline is gone.')
  const next = cloneJson(ring)
  next.splice(v.index, 0, [at[0], at[1]])
  return setRingCommand(target, v.ring, next, 'Insert vertex')
}

export function deleteVertexCommand(target: EditTarget, v: VertexRef): RoomFieldsCommand {
  const ring = getRing(target.room, v.ring)
  if (!ring) throw new Error('That outline is gone.')
  if (ring.length <= 3)
    throw new RingError('An outline keeps at least 3 points; delete the whole shape instead.', [])
  const next = cloneJson(ring)
  next.splice(v.index, 1)
  return setRingCommand(target, v.ring, next, 'Delete vertex')
}

/** Move every point of a ring by (dx, dy) room px. */
export function moveRingCommand(
  target: EditTarget,
  ref: RingRef,
  dx: number,
  dy: number,
  label = 'Move shape',
): RoomFieldsCommand {
  const ring = getRing(target.room, ref)
  if (!ring) throw new Error('That outline is gone.')
  return setRingCommand(
    target,
    ref,
    ring.map(([x, y]) => [x + dx, y + dy] as Coord),
    label,
  )
}

export function addPolygonCommand(target: EditTarget, outer: CoordRing, areaId: number): RoomFieldsCommand {
  const polygon: WalkPolygon = {
    id: freshId(
      target.room.polygons.map((p) => p.id),
      'polygon',
    ),
    areaId,
    outer: checked(outer),
    holes: [],
  }
  return new RoomFieldsCommand(
    'Draw walk polygon',
    target,
    { polygons: [...cloneJson(target.room.polygons), polygon] },
    polygon.id,
  )
}

export function addHoleCommand(target: EditTarget, polygonId: string, hole: CoordRing): RoomFieldsCommand {
  const polygons = cloneJson(target.room.polygons)
  const polygon = polygons.find((p) => p.id === polygonId)
  if (!polygon) throw new Error(`No walk polygon '${polygonId}'.`)
  polygon.holes.push(checked(hole))
  return new RoomFieldsCommand('Draw hole', target, { polygons })
}

/** Move a walk polygon to another walk area. */
export function setPolygonAreaCommand(
  target: EditTarget,
  polygonId: string,
  areaId: number,
): RoomFieldsCommand {
  if (!target.room.areas.some((a) => a.id === areaId)) throw new Error(`No area ${areaId}.`)
  const polygons = cloneJson(target.room.polygons)
  const polygon = polygons.find((p) => p.id === polygonId)
  if (!polygon) throw new Error(`No walk polygon '${polygonId}'.`)
  polygon.areaId = areaId
  return new RoomFieldsCommand(`Move polygon to area ${areaId}`, target, { polygons })
}

export function deletePolygonCommand(target: EditTarget, polygonId: string): RoomFieldsCommand {
  return new RoomFieldsCommand('Delete walk polygon', target, {
    polygons: target.room.polygons.filter((p) => p.id !== polygonId),
  })
}

export function deleteHoleCommand(target: EditTarget, polygonId: string, hole: number): RoomFieldsCommand {
  const polygons = cloneJson(target.room.polygons)
  const polygon = polygons.find((p) => p.id === polygonId)
  if (!polygon) throw new Error(`No walk polygon '${polygonId}'.`)
  polygon.holes.splice(hole, 1)
  return new RoomFieldsCommand('Delete hole', target, { polygons })
}

/** Replace every walk polygon at once (mask to polygons). */
export function replacePolygonsCommand(
  target: EditTarget,
  polygons: WalkPolygon[],
  label: string,
): RoomFieldsCommand {
  return new RoomFieldsCommand(label, target, { polygons })
}

export function setAuthoritativeCommand(target: EditTarget, value: Authoritative): RoomFieldsCommand {
  if (value === 'mask' && !target.mask)
    throw new Error('The room has no mask yet: paint one or convert the polygons first.')
  return new RoomFieldsCommand(`Make the ${value} authoritative`, target, { authoritative: value })
}

// --- areas -----------------------------------------------------------------

export function addAreaCommand(target: EditTarget, name?: string): RoomFieldsCommand {
  const used = new Set(target.room.areas.map((a) => a.id))
  let id = 1
  while (used.has(id) && id < 256) id++
  if (id > 255) throw new Error('A room has at most 255 walk areas.')
  const area: WalkArea = {
    id,
    name: name ?? `Area ${id}`,
    colour: defaultAreaColour(id),
  }
  return new RoomFieldsCommand(
    `Add area ${id}`,
    target,
    { areas: [...cloneJson(target.room.areas), area] },
    id,
  )
}

export function updateAreaCommand(
  target: EditTarget,
  id: number,
  change: Partial<Omit<WalkArea, 'id'>>,
): RoomFieldsCommand {
  const areas = cloneJson(target.room.areas)
  const area = areas.find((a) => a.id === id)
  if (!area) throw new Error(`No area ${id}.`)
  if (change.colour !== undefined && !/^#[0-9a-f]{6}$/i.test(change.colour))
    throw new Error(`Expected a colour '#rrggbb', got '${change.colour}'.`)
  Object.assign(area, change)
  if (change.enabledBy === '') delete area.enabledBy
  const what = change.name !== undefined ? 'Rename' : change.colour !== undefined ? 'Recolour' : 'Change'
  return new RoomFieldsCommand(`${what} area ${id}`, target, { areas })
}

// --- gates -----------------------------------------------------------------

export function addGateCommand(
  target: EditTarget,
  gate: { kind: 'block-polygon'; polygon: CoordRing } | { kind: 'open-area'; areaId: number },
  flagExpression = 'true',
): RoomFieldsCommand {
  const id = freshId(
    target.room.gates.map((g) => g.id),
    'gate',
  )
  const made: Gate =
    gate.kind === 'block-polygon'
      ? {
          id,
          name: `Gate ${id.slice(5)}`,
          kind: 'block-polygon',
          polygon: checked(gate.polygon),
          flagExpression,
        }
      : { id, name: `Gate ${id.slice(5)}`, kind: 'open-area', areaId: gate.areaId, flagExpression }
  return new RoomFieldsCommand('Add gate', target, { gates: [...cloneJson(target.room.gates), made] }, id)
}

export function updateGateCommand(
  target: EditTarget,
  id: string,
  change: Partial<Omit<Gate, 'id' | 'kind'>>,
): RoomFieldsCommand {
  const gates = cloneJson(target.room.gates)
  const gate = gates.find((g) => g.id === id)
  if (!gate) throw new Error(`No gate '${id}'.`)
  Object.assign(gate, cloneJson(change))
  return new RoomFieldsCommand(`Change gate ${gate.name}`, target, { gates })
}

export function deleteGateCommand(target: EditTarget, id: string): RoomFieldsCommand {
  return new RoomFieldsCommand('Delete gate', target, { gates: target.room.gates.filter((g) => g.id !== id) })
}

// --- zones -----------------------------------------------------------------

export function addZoneCommand(target: EditTarget, shape: Zone['shape']): RoomFieldsCommand {
  const id = freshId(
    target.room.zones.map((z) => z.id),
    'zone',
  )
  const zone: Zone = {
    id,
    name: `Zone ${id.slice(5)}`,
    shape: shape.kind === 'polygon' ? { kind: 'polygon', outer: checked(shape.outer) } : cloneJson(shape),
    events: { enter: '', exit: '', stand: '' },
    properties: {},
  }
  return new RoomFieldsCommand('Add zone', target, { zones: [...cloneJson(target.room.zones), zone] }, id)
}

export function updateZoneCommand(
  target: EditTarget,
  id: string,
  change: Partial<Omit<Zone, 'id'>>,
): RoomFieldsCommand {
  const zones = cloneJson(target.room.zones)
  const zone = zones.find((z) => z.id === id)
  if (!zone) throw new Error(`No zone '${id}'.`)
  Object.assign(zone, cloneJson(change))
  if (zone.enabledBy === '') delete zone.enabledBy
  return new RoomFieldsCommand(`Change zone ${zone.name}`, target, { zones })
}

export function deleteZoneCommand(target: EditTarget, id: string): RoomFieldsCommand {
  return new RoomFieldsCommand('Delete zone', target, { zones: target.room.zones.filter((z) => z.id !== id) })
}

// --- node graph ------------------------------------------------------------

export function addNodeCommand(
  target: EditTarget,
  x: number,
  y: number,
  joinFrom?: string,
): RoomFieldsCommand {
  const graph = cloneJson(target.room.nodeGraph)
  const node: RoomGraphNode = {
    id: freshId(
      graph.nodes.map((n) => n.id),
      'node',
    ),
    x,
    y,
  }
  graph.nodes.push(node)
  if (joinFrom && graph.nodes.some((n) => n.id === joinFrom))
    graph.joins.push({ a: joinFrom, b: node.id, oneWay: false, cost: 1 })
  return new RoomFieldsCommand(
    joinFrom ? 'Add joined node' : 'Add node',
    target,
    { nodeGraph: graph },
    node.id,
  )
}

export function moveNodeCommand(target: EditTarget, id: string, x: number, y: number): RoomFieldsCommand {
  const graph = cloneJson(target.room.nodeGraph)
  const node = graph.nodes.find((n) => n.id === id)
  if (!node) throw new Error(`No node '${id}'.`)
  node.x = x
  node.y = y
  return new RoomFieldsCommand('Move node', target, { nodeGraph: graph })
}

export function joinNodesCommand(target: EditTarget, a: string, b: string): RoomFieldsCommand {
  if (a === b) throw new Error('A join needs two different nodes.')
  const graph = cloneJson(target.room.nodeGraph)
  if (graph.joins.some((j) => (j.a === a && j.b === b) || (j.a === b && j.b === a)))
    throw new Error(`Nodes '${a}' and '${b}' are already joined.`)
  graph.joins.push({ a, b, oneWay: false, cost: 1 })
  return new RoomFieldsCommand('Join nodes', target, { nodeGraph: graph })
}

export function updateJoinCommand(
  target: EditTarget,
  index: number,
  change: Partial<RoomGraphJoin>,
): RoomFieldsCommand {
  const graph = cloneJson(target.room.nodeGraph)
  const join = graph.joins[index]
  if (!join) throw new Error(`No join ${index}.`)
  if (change.cost !== undefined && !(change.cost > 0)) throw new Error('A join cost must be above 0.')
  Object.assign(join, change)
  return new RoomFieldsCommand('Change join', target, { nodeGraph: graph })
}

export function deleteNodeCommand(target: EditTarget, id: string): RoomFieldsCommand {
  const graph = cloneJson(target.room.nodeGraph)
  graph.nodes = graph.nodes.filter((n) => n.id !== id)
  graph.joins = graph.joins.filter((j) => j.a !== id && j.b !== id)
  return new RoomFieldsCommand('Delete node', target, { nodeGraph: graph })
}

export function deleteJoinCommand(target: EditTarget, index: number): RoomFieldsCommand {
  const graph = cloneJson(target.room.nodeGraph)
  graph.joins.splice(index, 1)
  return new RoomFieldsCommand('Delete join', target, { nodeGraph: graph })
}

// --- scaling ---------------------------------------------------------------

/** Put a scale stop (y, percent) into the linear gradient of `areaId` (0 = all areas); turns linear scaling on. */
export function setScaleStopCommand(
  target: EditTarget,
  areaId: number,
  stop: { y: number; scale: number },
  replaceIndex?: number,
): RoomFieldsCommand {
  if (!(stop.scale > 0)) throw new Error('A scale must be above 0 %.')
  if (target.room.scaling.mode === 'map')
    throw new Error(
      'This room scales by its scale map; choose Linear in the Scaling panel to edit the stops.',
    )
  const scaling = cloneJson(target.room.scaling)
  let gradient: LinearScaling | undefined = scaling.linear.find((l) => l.areaId === areaId)
  if (!gradient) {
    gradient = { areaId, stops: [] }
    scaling.linear.push(gradient)
  }
  if (replaceIndex !== undefined && gradient.stops[replaceIndex]) gradient.stops[replaceIndex] = { ...stop }
  else gradient.stops.push({ ...stop })
  gradient.stops.sort((a, b) => a.y - b.y)
  if (scaling.mode === 'none') scaling.mode = 'linear'
  return new RoomFieldsCommand(replaceIndex !== undefined ? 'Move scale stop' : 'Add scale stop', target, {
    scaling,
  })
}

export function deleteScaleStopCommand(target: EditTarget, areaId: number, index: number): RoomFieldsCommand {
  const scaling = cloneJson(target.room.scaling)
  const gradient = scaling.linear.find((l) => l.areaId === areaId)
  if (!gradient) throw new Error(`No scaling for area ${areaId}.`)
  gradient.stops.splice(index, 1)
  if (gradient.stops.length === 0) scaling.linear = scaling.linear.filter((l) => l !== gradient)
  return new RoomFieldsCommand('Delete scale stop', target, { scaling })
}

export function setScalingModeCommand(target: EditTarget, mode: Room['scaling']['mode']): RoomFieldsCommand {
  const scaling = cloneJson(target.room.scaling)
  if (mode === 'map' && !scaling.map) throw new Error('Import a scale map before choosing it.')
  scaling.mode = mode
  return new RoomFieldsCommand(`Scaling: ${mode}`, target, { scaling })
}

/** Move a walk polygon with its holes by (dx, dy) room px. */
export function movePolygonCommand(
  target: EditTarget,
  polygonId: string,
  dx: number,
  dy: number,
): RoomFieldsCommand {
  const polygons = cloneJson(target.room.polygons)
  const polygon = polygons.find((p) => p.id === polygonId)
  if (!polygon) throw new Error(`No walk polygon '${polygonId}'.`)
  const shift = (ring: CoordRing): CoordRing => ring.map(([x, y]) => [x + dx, y + dy] as Coord)
  polygon.outer = shift(polygon.outer)
  polygon.holes = polygon.holes.map(shift)
  return new RoomFieldsCommand('Move walk polygon', target, { polygons })
}

/**
 * A copy of a polygon, gate or zone, offset by (dx, dy), under a fresh id; without an offset,
 * 10 px right and below or another way that keeps the copy in the room (duplicate-offset.ts).
 */
export function duplicateCommand(
  target: EditTarget,
  what: { kind: 'polygon'; id: string } | { kind: 'gate'; id: string } | { kind: 'zone'; id: string },
  offset?: { dx: number; dy: number },
): RoomFieldsCommand {
  const room = target.room
  const outline =
    what.kind === 'polygon'
      ? room.polygons.find((p) => p.id === what.id)?.outer
      : what.kind === 'gate'
        ? room.gates.find((g) => g.id === what.id)?.polygon
        : room.zones.flatMap((z) => (z.id === what.id && z.shape.kind === 'polygon' ? z.shape.outer : []))
  const { dx, dy } = offset ?? outlineDuplicateOffset(outline ?? [], room.size)
  const shift = (ring: CoordRing): CoordRing => ring.map(([x, y]) => [x + dx, y + dy] as Coord)
  if (what.kind === 'polygon') {
    const source = room.polygons.find((p) => p.id === what.id)
    if (!source) throw new Error(`No walk polygon '${what.id}'.`)
    const copy: WalkPolygon = {
      ...cloneJson(source),
      id: freshId(
        room.polygons.map((p) => p.id),
        'polygon',
      ),
      outer: shift(source.outer),
      holes: source.holes.map(shift),
    }
    return new RoomFieldsCommand(
      'Duplicate walk polygon',
      target,
      { polygons: [...cloneJson(room.polygons), copy] },
      copy.id,
    )
  }
  if (what.kind === 'gate') {
    const source = room.gates.find((g) => g.id === what.id)
    if (!source) throw new Error(`No gate '${what.id}'.`)
    const copy: Gate = {
      ...cloneJson(source),
      id: freshId(
        room.gates.map((g) => g.id),
        'gate',
      ),
      name: `${source.name} copy`,
    }
    if (copy.polygon) copy.polygon = shift(copy.polygon)
    return new RoomFieldsCommand(
      'Duplicate gate',
      target,
      { gates: [...cloneJson(room.gates), copy] },
      copy.id,
    )
  }
  const source = room.zones.find((z) => z.id === what.id)
  if (!source) throw new Error(`No zone '${what.id}'.`)
  const copy: Zone = {
    ...cloneJson(source),
    id: freshId(
      room.zones.map((z) => z.id),
      'zone',
    ),
    name: `${source.name} copy`,
  }
  if (copy.shape.kind === 'polygon') copy.shape = { kind: 'polygon', outer: shift(copy.shape.outer) }
  return new RoomFieldsCommand('Duplicate zone', target, { zones: [...cloneJson(room.zones), copy] }, copy.id)
}
