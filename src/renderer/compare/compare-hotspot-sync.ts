/**
 * Keeps the Compare panes' hotspots and named points in step with the room (beside
 * compare-view-sync.ts): drawn when a room is shown, when an edit touches them, and shown
 * or hidden with their layer (Hotspots, Points). Compare only shows them: nothing here edits.
 *
 * Units: room px.
 */
import { toRaw, watch } from 'vue'
import type { CompareView } from './compare-view'
import type { ChangeKind } from '../editing/commands/command'
import { hotspotCellsOf } from '../editing/commands/hotspot-target'
import type { Room } from '../../shared/room/schema'
import { useEditorStore } from '../editing/stores/editor'
import { useLayersStore } from '../editing/stores/layers'
import type { LayerId } from '../../shared/tools'

/**
 * Call `draw` with the open room and whether `layer` is shown: now, when a room is shown,
 * after an edit of `kind` in it, and when the layer is shown or hidden. Returns the stop.
 */
function syncRoomLayer(
  view: Pick<CompareView, 'ready'>,
  kind: ChangeKind,
  layer: LayerId,
  draw: (room: Room | null, visible: boolean) => void,
): () => void {
  const editor = useEditorStore()
  const layers = useLayersStore()
  function redraw(): void {
    if (!view.ready) return
    draw(editor.room ? toRaw(editor.room) : null, layers.layer(layer).visible)
  }
  const stops = [
    watch(() => editor.roomRevision, redraw),
    editor.onChange((e) => {
      if (e.roomId === editor.activeRoomId && e.kinds.has(kind)) redraw()
    }),
    watch(() => layers.layer(layer).visible, redraw),
  ]
  redraw()
  return () => {
    for (const stop of stops) stop()
  }
}

/** Start drawing the hotspots into `view`; returns the function that stops it. */
export function syncCompareHotspots(view: Pick<CompareView, 'ready' | 'setHotspots'>): () => void {
  return syncRoomLayer(view, 'hotspots', 'hotspots', (room, visible) =>
    view.setHotspots(room, room ? hotspotCellsOf(room) : null, visible),
  )
}

/** Start drawing the named points into `view` (the Edit canvas's marks, read-only); returns the stop. */
export function syncComparePoints(view: Pick<CompareView, 'ready' | 'setPoints'>): () => void {
  return syncRoomLayer(view, 'points', 'points', (room, visible) => view.setPoints(room, visible))
}
