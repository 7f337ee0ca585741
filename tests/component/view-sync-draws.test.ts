/**
 * The edit view redraws what a change touched, no more (editing/canvas/view-sync.ts): counted draws
 * per change kind on a room view that records its calls. A gate edit redraws the gates; a
 * mask edit of a rectangle updates that rectangle; a pan moves the view. Redrawing every
 * layer on every change fails here.
 *
 * Units: room px.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { RoomView } from '../../src/renderer/editing/canvas/room-view'
import { syncRoomView } from '../../src/renderer/editing/canvas/view-sync'
import type { ChangeKind, Command } from '../../src/renderer/editing/commands/command'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import { emptyRoom } from '../../src/shared/room/schema'
import { openRoomInEditor } from './support/editor'

beforeEach(() => setActivePinia(createPinia()))

/** A room view that records its draws: method names, `redraw:<layer>` for the vector layers. */
function countingView(): { view: RoomView; take: () => string[] } {
  const calls: string[] = []
  const layer = (label: string) => ({ label })
  const layers = {
    gatesLayer: layer('gates'),
    zonesLayer: layer('zones'),
    graphLayer: layer('node-graph'),
    scalingLayer: layer('scaling'),
    previewLayer: layer('tool-preview'),
  }
  const view = new Proxy(layers, {
    get(target, name: string) {
      if (name in target) return target[name as keyof typeof target]
      if (name === 'ready') return true
      if (name === 'redrawLayer') return (l: { label: string }) => calls.push(`redraw:${l.label}`)
      return () => calls.push(name)
    },
  }) as unknown as RoomView
  return { view, take: () => calls.splice(0) }
}

/** A command that changes nothing but says it touched `kinds` (and `rect`). */
function touching(
  kinds: ChangeKind[],
  rect?: { x: number; y: number; width: number; height: number },
): Command {
  return { label: kinds.join('+'), apply: () => {}, invert: () => {}, changes: { kinds, rect } }
}

/** The draws, without the tool preview (and the ghost's walk-behind cover that goes with it) that every edit refreshes. */
const drawsBut = (calls: string[]) =>
  calls.filter((c) => c !== 'redraw:tool-preview' && c !== 'setCursor' && c !== 'setCover')

describe('the edit view sync', () => {
  it('redraws only the layers an edit touched', () => {
    const room = emptyRoom({ id: 'hall', width: 40, height: 20 })
    openRoomInEditor(room, { mask: new Uint8Array(40 * 20) })
    const editor = useEditorStore()
    const { view, take } = countingView()
    const stop = syncRoomView(view)
    take()

    editor.edit(touching(['gates']))
    expect(drawsBut(take())).toEqual(['redraw:gates'])

    editor.edit(touching(['walk-mask'], { x: 2, y: 3, width: 4, height: 5 }))
    expect(drawsBut(take())).toEqual(['updateMaskRect'])

    editor.edit(touching(['walk-polygons', 'zones']))
    expect(drawsBut(take())).toEqual(['setPolygons', 'redraw:zones'])

    // Undo redraws what the undone edit touched, no more.
    editor.undo()
    expect(drawsBut(take())).toEqual(['setPolygons', 'redraw:zones'])
    stop()
  })

  it('moves the view for a pan and redraws nothing', async () => {
    openRoomInEditor(emptyRoom({ id: 'hall', width: 40, height: 20 }))
    const viewport = useViewportStore()
    const { view, take } = countingView()
    const stop = syncRoomView(view)
    await nextTick() // the first fit (a zoom) is drawn
    take()
    viewport.viewport = { ...viewport.viewport, offsetX: viewport.viewport.offsetX + 30 }
    await nextTick()
    expect(take()).toEqual(['setViewport'])
    stop()
  })
})
