/**
 * What the tools of the hotspot layer need to know of it: which hotspot a click picks (a
 * polygon's outline is the select tool's, shape-rings.ts; a painted hotspot is picked by its
 * pixels) and why the mask tools may not paint now.
 *
 * Units: room px.
 */
import { toRaw } from 'vue'
import { hotspotAt } from '../../../shared/analysis/hotspots'
import type { Point } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'
import type { Selection } from './tool'

/** The painted hotspot under `p` (the topmost of any kind holding it must be painted), as a selection; null otherwise. */
export function paintedHotspotSelection(room: Room, p: Point): Selection | null {
  const h = hotspotAt(toRaw(room), p, null)
  return h && h.shape.kind === 'mask' ? { kind: 'hotspot', hotspotId: h.id } : null
}

/** Why the mask tools cannot paint painted hotspot `maskId` now, or null when they can. */
export function hotspotPaintProblem(room: Room, maskId: number): string | null {
  const painted = (room.hotspots ?? []).filter((h) => h.shape.kind === 'mask')
  if (painted.length === 0) return 'Add a painted hotspot first (Hotspots panel), then paint it.'
  if (!painted.some((h) => h.shape.kind === 'mask' && h.shape.maskId === maskId))
    return 'Choose the painted hotspot to paint in the Hotspots panel.'
  return null
}
