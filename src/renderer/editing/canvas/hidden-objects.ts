/**
 * What the Edit canvas draws of a room while the author hides objects in the outliner:
 * the room without them (a shallow copy; the room itself is untouched, and pathfinding,
 * Compare and export still use every object), and the painted layers' cells with the
 * hidden walk-behinds and painted hotspots cleared.
 *
 * Glossary
 * - hidden keys: object-refs.ts `refKey` of each hidden object of the room on screen.
 *
 * Units: cells are room width x height bytes, row-major.
 */
import type { Room } from '../../../shared/room/schema'
import { refKey } from '../tools/object-refs'

/** The room as drawn: hidden polygons, holes, gates, zones, hotspots, walk-behinds and points left out. */
export function withoutHidden(room: Room, hidden: ReadonlySet<string>): Room {
  if (hidden.size === 0) return room
  const shown = (
    kind: 'polygon' | 'gate' | 'zone' | 'hotspot' | 'point' | 'walk-behind',
    id: string | number,
  ) => !hidden.has(refKey({ kind, id: String(id) }))
  return {
    ...room,
    polygons: room.polygons
      .filter((p) => shown('polygon', p.id))
      .map((p) => ({
        ...p,
        holes: p.holes.filter((_, hole) => !hidden.has(refKey({ kind: 'hole', id: p.id, hole }))),
      })),
    gates: room.gates.filter((g) => shown('gate', g.id)),
    zones: room.zones.filter((z) => shown('zone', z.id)),
    hotspots: room.hotspots?.filter((h) => shown('hotspot', h.id)),
    points: room.points?.filter((p) => shown('point', p.id)),
    walkBehinds: room.walkBehinds && {
      ...room.walkBehinds,
      areas: room.walkBehinds.areas.filter((w) => shown('walk-behind', w.id)),
    },
  }
}

/** The cell values to clear: hidden walk-behind ids, or the mask ids of hidden painted hotspots. */
export function hiddenCellValues(
  room: Room,
  hidden: ReadonlySet<string>,
  layer: 'walk-behinds' | 'hotspots',
): Set<number> {
  const out = new Set<number>()
  if (hidden.size === 0) return out
  if (layer === 'walk-behinds') {
    for (const w of room.walkBehinds?.areas ?? [])
      if (hidden.has(refKey({ kind: 'walk-behind', id: String(w.id) }))) out.add(w.id)
  } else {
    for (const h of room.hotspots ?? [])
      if (h.shape.kind === 'mask' && hidden.has(refKey({ kind: 'hotspot', id: h.id })))
        out.add(h.shape.maskId)
  }
  return out
}

/** `cells` with the `values` cleared (a copy), or `cells` itself when there is nothing to clear. */
export function clearCells(cells: Uint8Array | null, values: ReadonlySet<number>): Uint8Array | null {
  if (!cells || values.size === 0) return cells
  const out = new Uint8Array(cells.length)
  for (let i = 0; i < cells.length; i++) out[i] = values.has(cells[i]) ? 0 : cells[i]
  return out
}
