/**
 * The hotspot layer as an edit target: the room (for the outline and field commands) and the
 * painted hotspots' cells as the mask the mask tools paint. Each rectangle a command writes
 * is encoded back into `hotspotMask.rows` (only the rows it spans), as the walk-behind target
 * does for its rows, so brush, eraser, shapes and bucket fill paint hotspots unchanged.
 *
 * Glossary
 * - cells: `hotspotMask.rows` decoded (analysis/hotspots.ts keeps one decoding per rows
 *   array); the mask tools write into them in place, and the rows they touched are encoded
 *   again into a new rows array that keeps the same cells.
 * - raw: the room model without Vue's reactive wrapper, so that the cells are found by the
 *   rows array itself.
 *
 * Units: room px.
 */
import { toRaw } from 'vue'
import { hotspotCells, rememberHotspotCells } from '../../../shared/analysis/hotspots'
import type { Rect } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'
import { encodeWalkBehindRow } from '../../../shared/room/walk-behinds'
import type { EditTarget } from './edit-target'

/** The painted hotspots' cells of the room (reactive or not), or null when it has no hotspot mask. */
export function hotspotCellsOf(room: Room): Uint8Array | null {
  const raw = toRaw(room)
  const rows = raw.hotspotMask ? toRaw(raw.hotspotMask.rows) : undefined
  return rows ? hotspotCells({ size: raw.size, hotspotMask: { rows } }) : null
}

/**
 * The hotspot layer of `holder.room` as an edit target; `changed` tells the views (a
 * rectangle, or everything). `mask` is null while the room has no painted hotspot.
 */
export function hotspotTarget(
  holder: { readonly room: Room },
  changed: (rect: Rect | null) => void,
): EditTarget {
  return {
    get room() {
      return holder.room
    },
    get mask() {
      return hotspotCellsOf(holder.room)
    },
    maskKind: 'hotspots',
    setMask() {
      throw new Error('The hotspot mask is painted, never replaced as a whole.')
    },
    maskChanged: (rect) => changed(rect),
    maskWritten(rect) {
      const mask = holder.room.hotspotMask
      const cells = hotspotCellsOf(holder.room)
      if (!mask || !cells) return
      const { width } = holder.room.size
      const rows = [...toRaw(mask.rows)]
      for (let y = rect.y; y < rect.y + rect.height; y++) rows[y] = encodeWalkBehindRow(cells, width, y)
      rememberHotspotCells(rows, cells)
      mask.rows = rows
    },
  }
}
