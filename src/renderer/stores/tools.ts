/**
 * Tools store: the tool instances, which one is active on each layer, the tool
 * options (brush size, active area, snapping) and the revision of the active tool's
 * preview. View state: choosing a tool or an option is never an undo step.
 *
 * Glossary
 * - tools of a layer: the palette shows them; choosing a tool of another layer
 *   makes that layer active.
 * - preview revision: bumped whenever the active tool's preview changes, so that the
 *   canvas redraws it.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, reactive, ref, shallowRef, watch } from 'vue'
import type { Point } from '../../shared/geometry/types'
import { scaleAt, type ScaleMapImage } from '../../shared/analysis/scaling'
import type { RgbaImage } from '../../shared/host'
import { BrushTool, EraserTool } from '../tools/brush-tool'
import { FloodFillTool } from '../tools/flood-fill-tool'
import { NodeTool } from '../tools/node-tool'
import { GateTool, HoleTool, PolygonFillTool, WalkPolygonTool, ZoneTool } from '../tools/polygon-tools'
import { ScaleTool } from '../tools/scale-tool'
import { SelectTool } from '../tools/select-tool'
import { EllipseTool, RectangleTool } from '../tools/shape-fill-tool'
import type { Tool, ToolContext, ToolId, ToolOptions, ToolPreview } from '../tools/tool'
import { useEditorStore } from './editor'
import { useHistoryStore } from './history'
import { useLayersStore, type LayerId } from './layers'
import { selectionExists, useSelectionStore } from './selection'

export const TOOLS_OF_LAYER: Record<LayerId, ToolId[]> = {
  background: [],
  'walk-mask': ['brush', 'eraser', 'rectangle', 'ellipse', 'polygon-fill', 'flood-fill'],
  'walk-polygons': ['select', 'polygon', 'hole'],
  gates: ['select', 'gate'],
  'node-graph': ['node'],
  scaling: ['scale'],
  zones: ['select', 'zone'],
}

const scaleMapCache = new WeakMap<RgbaImage, ScaleMapImage>()
/** The grey values (red channel) of a decoded scale map. */
function scaleMapImage(image: RgbaImage | null): ScaleMapImage | null {
  if (!image) return null
  let made = scaleMapCache.get(image)
  if (!made) {
    const values = new Uint8Array(image.width * image.height)
    for (let i = 0; i < values.length; i++) values[i] = image.data[i * 4]
    made = { width: image.width, height: image.height, values }
    scaleMapCache.set(image, made)
  }
  return made
}

export const useToolsStore = defineStore('tools', () => {
  const editor = useEditorStore()
  const history = useHistoryStore()
  const layers = useLayersStore()
  const selection = useSelectionStore()

  const options = reactive<ToolOptions>({
    brushSize: 24,
    brushShape: 'round',
    areaId: 1,
    scaleAreaId: 0,
    snapToPixels: true,
  })
  const previewRevision = ref(0)
  /** A preview shown whatever the tool (e.g. the mask-to-polygons outline). */
  const overlay = shallowRef<ToolPreview | null>(null)
  function setOverlay(p: ToolPreview | null): void {
    overlay.value = p
    previewRevision.value++
  }
  const activeByLayer = reactive<Record<LayerId, ToolId | null>>({
    background: null,
    'walk-mask': 'brush',
    'walk-polygons': 'select',
    gates: 'select',
    'node-graph': 'node',
    scaling: 'scale',
    zones: 'select',
  })

  const context: ToolContext = {
    target: () => editor.editTarget(),
    execute: (command) => {
      history.execute(command)
      editor.report('info', command.label)
    },
    options,
    activeLayer: () => layers.active,
    selection: () => selection.current,
    select: (s) => {
      selection.select(s)
      previewRevision.value++
    },
    report: (kind, text) => editor.report(kind, text),
    previewChanged: () => previewRevision.value++,
    scaleAt: (p: Point) =>
      editor.room ? scaleAt(editor.room, editor.mask, scaleMapImage(editor.scaleMap), p).percent : 100,
    characterHeight: () => {
      const room = editor.room
      if (!room) return 0
      const character = editor.project?.characters.find((c) => c.id === room.testWalk.characterId)
      return character?.height ?? room.testWalk.height
    },
  }

  const instances: Record<ToolId, Tool> = markRaw({
    select: new SelectTool(context),
    brush: new BrushTool(context),
    eraser: new EraserTool(context),
    rectangle: new RectangleTool(context),
    ellipse: new EllipseTool(context),
    'polygon-fill': new PolygonFillTool(context),
    'flood-fill': new FloodFillTool(context),
    polygon: new WalkPolygonTool(context),
    hole: new HoleTool(context),
    gate: new GateTool(context),
    zone: new ZoneTool(context),
    node: new NodeTool(context),
    scale: new ScaleTool(context),
  })

  const available = computed(() => TOOLS_OF_LAYER[layers.active].map((id) => instances[id]))
  const activeId = computed<ToolId | null>(() => activeByLayer[layers.active])
  const active = computed<Tool | null>(() => {
    const id = activeId.value
    return id && !layers.layer(layers.active).locked ? instances[id] : null
  })

  function tool(id: ToolId): Tool {
    return instances[id]
  }

  /** Make `id` the active tool, switching to its layer when the active layer lacks it. */
  function activate(id: ToolId): void {
    const t = instances[id]
    active.value?.cancel()
    if (!TOOLS_OF_LAYER[layers.active].includes(id)) layers.activate(t.layers[0])
    activeByLayer[layers.active] = id
    previewRevision.value++
  }

  function cancel(): void {
    active.value?.cancel()
  }

  // A new room: drop half-drawn shapes and the selection.
  watch(
    () => editor.roomRevision,
    () => {
      for (const t of Object.values(instances)) t.cancel()
      selection.select(null)
      const first = editor.room?.areas[0]?.id
      if (first !== undefined && !editor.room?.areas.some((a) => a.id === options.areaId))
        options.areaId = first
    },
  )
  // After undo/redo the selected thing may be gone.
  watch(
    () => history.revision,
    () => {
      if (selection.current && !selectionExists(editor.room, selection.current)) selection.select(null)
      previewRevision.value++
    },
  )
  watch(
    () => layers.active,
    () => {
      for (const t of Object.values(instances)) t.cancel()
      previewRevision.value++
    },
  )

  return {
    options,
    previewRevision,
    overlay,
    setOverlay,
    available,
    activeId,
    active,
    tool,
    activate,
    cancel,
    context,
  }
})
