/**
 * The room and set-up the layer tests share (points and hotspots, component tests): a
 * 60 x 40 room whose floor is a walk polygon over the lower half, opened in the editor with
 * one layer active, and a tool pointer at a room point.
 *
 * Units: room px; zoom in screen px per room px.
 */
import { toRaw } from 'vue'
import { emptyProject, parseRoom, type Project, type Room } from '../../../src/shared/room/schema'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import type { LayerId } from '../../../src/shared/tools'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { useLayersStore } from '../../../src/renderer/editing/stores/layers'
import { useSelectionStore } from '../../../src/renderer/editing/stores/selection'
import { useToolsStore } from '../../../src/renderer/editing/stores/tools'
import type { ToolPointer } from '../../../src/renderer/editing/tools/tool'
import { openRoomInEditor } from './editor'

/** 60 x 40, floor (walk polygon, area 1) over the lower half, no other object. */
export function hallRoom(): Room {
  return parseRoom({
    formatVersion: 1,
    id: 'hall',
    name: 'Hall',
    size: { width: 60, height: 40 },
    areas: [{ id: 1, name: 'Floor', colour: '#3cb371' }],
    polygons: [
      {
        id: 'floor',
        areaId: 1,
        outer: [
          [0, 20],
          [60, 20],
          [60, 40],
          [0, 40],
        ],
        holes: [],
      },
    ],
    authoritative: 'polygons',
    gates: [],
    nodeGraph: { nodes: [], joins: [] },
    scaling: { mode: 'none', linear: [] },
    zones: [],
    testWalk: { start: { x: 5, y: 35 }, height: 20, speed: 100 },
  })
}

/** A left-button press, move or release at room point (x, y), no modifier. */
export const pointerAt = (x: number, y: number, zoom = 4): ToolPointer => ({
  point: { x, y },
  button: 0,
  shift: false,
  alt: false,
  primaryModifier: false,
  zoom,
})

/**
 * Open the hall in the editor (in `project`, default an empty one) with `layer` active; the
 * stores, the room (raw) and the room as saved (normal form, checked against the schema).
 */
export function openHallOnLayer(layer: LayerId, project: Project = emptyProject({ name: 'Test' })) {
  openRoomInEditor(hallRoom(), { project })
  const editor = useEditorStore()
  const tools = useToolsStore()
  const layers = useLayersStore()
  const selection = useSelectionStore()
  layers.activate(layer)
  const room = () => toRaw(editor.room!)
  const saved = () => JSON.stringify(normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room())))))
  return { editor, tools, layers, selection, room, saved }
}
