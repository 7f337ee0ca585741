/**
 * The editable outlines of a layer, with the selection each one stands for, for
 * hit-testing by the select tool and for the selection actions.
 *
 * Glossary
 * - editable ring: a ring ref (see room-commands.ts), its points and the selection
 *   a click on it makes.
 *
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type { Room } from '../../../shared/room/schema'
import type { RingRef } from '../commands/room-commands'
import type { LayerId } from '../stores/layers'
import type { Selection } from './tool'

export interface EditableRing {
  ref: RingRef
  points: Point[]
  selection: Selection
}

export function editableRings(room: Room, layer: LayerId): EditableRing[] {
  const out: EditableRing[] = []
  if (layer === 'walk-polygons') {
    for (const p of room.polygons) {
      // Holes first: a click inside a hole picks the hole, not its polygon.
      p.holes.forEach((h, hole) =>
        out.push({
          ref: { kind: 'hole', polygonId: p.id, hole },
          points: coordsToRing(h),
          selection: { kind: 'polygon', polygonId: p.id, hole },
        }),
      )
      out.push({
        ref: { kind: 'outer', polygonId: p.id },
        points: coordsToRing(p.outer),
        selection: { kind: 'polygon', polygonId: p.id },
      })
    }
  } else if (layer === 'gates') {
    for (const g of room.gates)
      if (g.polygon)
        out.push({
          ref: { kind: 'gate', gateId: g.id },
          points: coordsToRing(g.polygon),
          selection: { kind: 'gate', gateId: g.id },
        })
  } else if (layer === 'zones') {
    for (const z of room.zones)
      if (z.shape.kind === 'polygon')
        out.push({
          ref: { kind: 'zone', zoneId: z.id },
          points: coordsToRing(z.shape.outer),
          selection: { kind: 'zone', zoneId: z.id },
        })
  } else if (layer === 'hotspots') {
    // The last hotspot is on top: it comes first, so a click inside two picks the upper one.
    for (const h of [...(room.hotspots ?? [])].reverse())
      if (h.shape.kind === 'polygon')
        out.push({
          ref: { kind: 'hotspot', hotspotId: h.id },
          points: coordsToRing(h.shape.outer),
          selection: { kind: 'hotspot', hotspotId: h.id },
        })
  }
  return out
}

/** The ring a selection names (without its vertex), or null. */
export function ringOfSelection(selection: Selection | null): RingRef | null {
  if (!selection) return null
  if (selection.kind === 'polygon')
    return selection.hole !== undefined
      ? { kind: 'hole', polygonId: selection.polygonId, hole: selection.hole }
      : { kind: 'outer', polygonId: selection.polygonId }
  if (selection.kind === 'gate') return { kind: 'gate', gateId: selection.gateId }
  if (selection.kind === 'zone') return { kind: 'zone', zoneId: selection.zoneId }
  if (selection.kind === 'hotspot') return { kind: 'hotspot', hotspotId: selection.hotspotId }
  return null
}

export function sameRing(a: RingRef, b: RingRef): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The selection for a vertex of a ring. */
export function withVertex(selection: Selection, vertex: number | undefined): Selection {
  if (
    selection.kind === 'polygon' ||
    selection.kind === 'gate' ||
    selection.kind === 'zone' ||
    selection.kind === 'hotspot'
  )
    return { ...selection, vertex }
  return selection
}
