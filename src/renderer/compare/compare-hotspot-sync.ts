/**
 * Keeps the Compare panes' hotspots in step with the room (beside compare-view-sync.ts): drawn
 * when a room is shown, when an edit touches the hotspots, and shown or hidden with the
 * Hotspots layer.
 *
 * Units: room px.
 */
import { toRaw, watch } from 'vue'
import type { CompareView } from './compare-view'
import { hotspotCellsOf } from '../commands/hotspot-target'
import { useEditorStore } from '../stores/editor'
import { useLayersStore } from '../stores/layers'

/** Start drawing the hotspots into `view`; returns the function that stops it. */
export function syncCompareHotspots(view: Pick<CompareView, 'ready' | 'setHotspots'>): () => void {
  const editor = useEditorStore()
  const layers = useLayersStore()
  function draw(): void {
    if (!view.ready) return
    const room = editor.room ? toRaw(editor.room) : null
    view.setHotspots(room, room ? hotspotCellsOf(room) : null, layers.layer('hotspots').visible)
  }
  const stops = [
    watch(() => editor.roomRevision, draw),
    editor.onChange((e) => {
      if (e.roomId === editor.activeRoomId && e.kinds.has('hotspots')) draw()
    }),
    watch(() => layers.layer('hotspots').visible, draw),
  ]
  draw()
  return () => {
    for (const stop of stops) stop()
  }
}
