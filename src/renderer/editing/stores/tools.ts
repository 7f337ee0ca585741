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
import type { Point } from '../../../shared/geometry/types'
import { scaleAt, type ScaleMapImage } from '../../../shared/analysis/scaling'
import type { RgbaImage } from '../../../shared/host'
import { toolDescriptor, TOOLS, toolsOfLayer, type ToolEntry } from '../tools/registry'
import type { Selection, Tool, ToolContext, ToolId, ToolOptions, ToolPreview } from '../tools/tool'
import { snapInRoom } from '../tools/snapping'
import { mayPaintMask } from '../actions/paint-switch'
import type { EditTarget } from '../commands/edit-target'
import { hotspotTarget } from '../commands/hotspot-target'
import { useEditorStore } from './editor'
import { useStatusStore } from './status'
import { useLayersStore, type LayerId } from './layers'
import { selectionExists, useSelectionStore } from './selection'
import { useOutlinerStore } from './outliner'

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
  const layers = useLayersStore()
  const selection = useSelectionStore()
  const outliner = useOutlinerStore()

  const options = reactive<ToolOptions>({
    brushSize: 24,
    brushShape: 'round',
    areaId: 1,
    walkBehindId: 1,
    hotspotMaskId: 0,
    scaleAreaId: 0,
    snapToPixels: true,
    snap: false,
    gridStep: 16,
    showGrid: false,
  })
  const previewRevision = ref(0)
  /** The last rename asked for on the canvas (F2, double-click); a panel focuses that name's field. */
  const renameRequest = shallowRef<{ selection: Selection; n: number } | null>(null)
  /** A preview shown whatever the tool (e.g. the mask-to-polygons outline). */
  const overlay = shallowRef<ToolPreview | null>(null)
  function setOverlay(p: ToolPreview | null): void {
    overlay.value = p
    previewRevision.value++
  }
  /** The tool chosen on each layer: at first, the layer's first tool. */
  const activeByLayer = reactive(
    Object.fromEntries(layers.layers.map((l) => [l.id, toolsOfLayer(l.id)[0] ?? null])) as Record<
      LayerId,
      ToolId | null
    >,
  )

  /** The hotspot layer of the open room as the tools' target (editing/commands/hotspot-target.ts). */
  function hotspotEditTarget(): EditTarget | null {
    const s = editor.session
    if (!s) return null
    return hotspotTarget(s, (rect) => editor.emit(s.id, ['hotspots'], rect ?? undefined))
  }

  const context: ToolContext = {
    target: () =>
      layers.active === 'walk-behinds'
        ? editor.walkBehindEditTarget()
        : layers.active === 'hotspots'
          ? hotspotEditTarget()
          : editor.editTarget(),
    execute: (command) => editor.edit(command),
    options,
    activeLayer: () => layers.active,
    selection: () => selection.current,
    select: (s) => {
      selection.select(s)
      previewRevision.value++
    },
    objects: () => selection.objects,
    setObjects: (refs) => {
      selection.setObjects(refs)
      previewRevision.value++
    },
    pickable: (ref) => outliner.pickable(ref),
    report: (kind, text) => useStatusStore().report(kind, text),
    mayPaintMask,
    rename: (s) => {
      renameRequest.value = { selection: s, n: (renameRequest.value?.n ?? 0) + 1 }
    },
    previewChanged: () => previewRevision.value++,
    snap: (p, zoom, extra, skip) =>
      snapInRoom(
        editor.room,
        p,
        zoom,
        { snap: options.snap, gridStep: options.gridStep, pixels: options.snapToPixels },
        extra,
        skip,
      ),
    scaleAt: (p: Point) =>
      editor.room ? scaleAt(editor.room, editor.mask, scaleMapImage(editor.scaleMap), p).percent : 100,
    characterHeight: () => {
      const room = editor.room
      if (!room) return 0
      const character = editor.project?.characters.find((c) => c.id === room.testWalk.characterId)
      return character?.height ?? room.testWalk.height
    },
  }

  /** The painted hotspot the mask tools paint stays one the room has (the first, else none). */
  function keepPaintedHotspot(): void {
    const painted = (editor.room?.hotspots ?? []).flatMap((h) =>
      h.shape.kind === 'mask' ? [h.shape.maskId] : [],
    )
    if (!painted.includes(options.hotspotMaskId ?? 0)) options.hotspotMaskId = painted[0] ?? 0
  }

  const instances = markRaw(
    Object.fromEntries(TOOLS.map((d) => [d.id, d.make(context)])) as Record<ToolId, Tool>,
  )

  /** The tools of the active layer, for the palette: descriptor (label, glyph, shortcut) and instance. */
  const available = computed<{ descriptor: ToolEntry; tool: Tool }[]>(() =>
    toolsOfLayer(layers.active).map((id) => ({ descriptor: toolDescriptor(id), tool: instances[id] })),
  )
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
    active.value?.cancel()
    if (!toolsOfLayer(layers.active).includes(id)) layers.activate(toolDescriptor(id).layers[0])
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
      const behind = editor.room?.walkBehinds?.areas ?? []
      if (behind.length > 0 && !behind.some((a) => a.id === options.walkBehindId))
        options.walkBehindId = behind[0].id
      keepPaintedHotspot()
      // A room opens on the walkable layer that is its truth: a mask room (an AGS room, a
      // mask import) on the walk mask, a polygon room on the walk polygons, rather than on
      // the other one with a notice that edits there are ignored.
      const truth = editor.room?.authoritative
      if (truth === 'mask' && layers.active === 'walk-polygons') layers.activate('walk-mask')
      else if (truth === 'polygons' && layers.active === 'walk-mask') layers.activate('walk-polygons')
    },
  )
  // After undo/redo the selected thing may be gone.
  watch(
    () => editor.revision,
    () => {
      keepPaintedHotspot()
      if (selection.current && !selectionExists(editor.room, selection.current)) selection.select(null)
      selection.prune(editor.room)
      previewRevision.value++
    },
  )
  // The grid is drawn with the preview: show it, hide it or change its step now.
  watch(
    () => [options.showGrid, options.gridStep, options.snap],
    () => previewRevision.value++,
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
    renameRequest,
    overlay,
    setOverlay,
    available,
    activeId,
    active,
    tool,
    activate,
    cancel,
    context,
    hotspotEditTarget,
  }
})
