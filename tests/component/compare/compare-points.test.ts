/**
 * Named points in Compare (compare-view.ts, compare-hotspot-sync.ts): every pane draws the
 * room's points with the Edit canvas's marks and labels (the same shapes at the same zoom),
 * none of them selected; an edit of a point moves its mark and label in every pane, a zoom
 * keeps their screen size, and hiding the Points layer hides them. A Compare without points
 * fails here.
 *
 * Units: room px; label scale 1 / zoom.
 */
import type { Container, Graphics, Text } from 'pixi.js'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { PointLayer } from '../../../src/renderer/editing/canvas/point-view'
import { updatePointCommand } from '../../../src/renderer/editing/commands/point-commands'
import { syncComparePoints } from '../../../src/renderer/compare/compare-hotspot-sync'
import { CompareView } from '../../../src/renderer/compare/compare-view'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { useLayersStore } from '../../../src/renderer/editing/stores/layers'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'
import { openRoomInEditor } from '../support/editor'

function room(): Room {
  const r = emptyRoom({ id: 'yard', width: 400, height: 300 })
  r.points = [
    { id: 'door', name: 'FromStreet', x: 100, y: 200, kind: 'entrance' },
    { id: 'start', name: 'Start', x: 300, y: 250, kind: 'player-start' },
    { id: 'mark', name: 'Marker1', x: 50, y: 40 },
  ]
  return r
}

interface PaneParts {
  points: { container: Container }
}

const panesOf = (view: CompareView) => (view as unknown as { panes: PaneParts[] }).panes
const markers = (c: Container) => c.getChildByLabel('point-markers') as Graphics
const labels = (c: Container) =>
  (c.getChildByLabel('point-labels') as Container).children.map((t) => {
    const text = t as Text
    return { text: text.text, x: text.x, y: text.y, scale: text.scale.x }
  })
const boxOf = (g: Graphics) => {
  const b = g.getLocalBounds()
  return [b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * 100) / 100)
}

let view: CompareView
let stop: () => void

beforeEach(() => {
  setActivePinia(createPinia())
  openRoomInEditor(room())
  view = new CompareView()
  view.setPanes([
    { x: 0, y: 0, width: 200, height: 150 },
    { x: 200, y: 0, width: 200, height: 150 },
  ])
  view.setViewport({ zoom: 2, offsetX: 0, offsetY: 0 })
  stop = syncComparePoints({ ready: true, setPoints: (r, v) => view.setPoints(r, v) })
})

afterEach(() => stop())

describe('points in Compare', () => {
  it('every pane draws the Edit canvas marks and labels of the points, none selected', () => {
    const edit = new PointLayer()
    edit.draw(useEditorStore().room, 2, null, true, 1)
    const editLabels = labels(edit.container)
    expect(editLabels.map((l) => l.text)).toEqual(['FromStreet', 'Start', 'Marker1'])
    for (const pane of panesOf(view)) {
      expect(pane.points.container.visible).toBe(true)
      expect(labels(pane.points.container)).toEqual(editLabels)
      expect(boxOf(markers(pane.points.container))).toEqual(boxOf(markers(edit.container)))
    }
    // A selected point is drawn bigger (its ring): Compare never draws one.
    const selected = new PointLayer()
    selected.draw(useEditorStore().room, 2, 'mark', true, 1)
    expect(boxOf(markers(selected.container))).not.toEqual(boxOf(markers(panesOf(view)[0].points.container)))
  })

  it('follows an edit of a point, a zoom and the Points layer', async () => {
    const editor = useEditorStore()
    editor.edit(() => updatePointCommand(editor.editTarget()!, 'door', { x: 120, y: 210 }))
    await nextTick()
    for (const pane of panesOf(view)) {
      const label = labels(pane.points.container)[0]
      // Beside the mark: 7 screen px of marker plus 3 px, at zoom 2.
      expect([label.x, label.y]).toEqual([120 + 10 / 2, 210 - 9 / 2])
    }
    view.setViewport({ zoom: 4, offsetX: 0, offsetY: 0 })
    expect(labels(panesOf(view)[1].points.container)[0].scale).toBe(0.25)
    useLayersStore().layer('points').visible = false
    await nextTick()
    for (const pane of panesOf(view)) expect(pane.points.container.visible).toBe(false)
  })
})
