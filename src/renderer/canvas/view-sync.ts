/**
 * Keeps the Pixi room view in step with the stores: what changed in the room, the
 * mask, the layers, the game state, the selection or the active tool's preview is
 * redrawn, and only that. Mask edits redraw only their dirty rectangle.
 *
 * Glossary
 * - effective state: the room as walkable under the flags of the state bar —
 *   disabled areas are dimmed in the mask overlay, closed gates are red and hatched.
 *
 * Units: room px.
 */
import { watch, type WatchStopHandle } from 'vue'
import type { RoomView, DrawPolygon } from './room-view'
import { drawGates, drawNodeGraph, drawPreview, drawScaleStops, drawZones } from './vector-layers'
import { useEditorStore } from '../stores/editor'
import { useHistoryStore } from '../stores/history'
import { useLayersStore } from '../stores/layers'
import { useViewportStore } from '../stores/viewport'
import { useRoomStateStore } from '../stores/room-state'
import { useSelectionStore } from '../stores/selection'
import { useToolsStore } from '../stores/tools'

/** How strongly the scale map shows over the room at full layer opacity (faint: the room stays readable). */
const SCALE_MAP_OVERLAY_ALPHA = 0.45

export function syncRoomView(view: RoomView): () => void {
  const editor = useEditorStore()
  const history = useHistoryStore()
  const layers = useLayersStore()
  const viewport = useViewportStore()
  const state = useRoomStateStore()
  const selection = useSelectionStore()
  const tools = useToolsStore()
  const stops: WatchStopHandle[] = []

  const disabledAreas = (): Set<number> => {
    const room = editor.room
    const enabled = state.navState?.enabledAreas
    if (!room || !enabled) return new Set()
    return new Set(room.areas.map((a) => a.id).filter((id) => !enabled.has(id)))
  }

  function drawMask(): void {
    const room = editor.room
    if (!room) return
    view.setMask(editor.mask, room.size.width, room.size.height, room.areas, disabledAreas())
  }

  function applyLayerStyles(): void {
    const bg = layers.layer('background')
    view.setBackgroundStyle(bg.visible, bg.opacity)
    const m = layers.layer('walk-mask')
    view.setMaskStyle(m.visible, m.opacity)
    applyScaleMapStyle()
  }

  /** The scale map shows, faintly, while the room scales by it and the scaling layer is visible. */
  function applyScaleMapStyle(): void {
    const room = editor.room
    const layer = layers.layer('scaling')
    const shown = !!room && room.scaling.mode === 'map' && !!room.scaling.map && layer.visible
    view.setScaleMapStyle(
      shown,
      SCALE_MAP_OVERLAY_ALPHA * layer.opacity,
      room?.size.width ?? 0,
      room?.size.height ?? 0,
    )
  }

  function drawVectors(): void {
    const room = editor.room
    const zoom = viewport.viewport.zoom
    const polys: DrawPolygon[] = (room?.polygons ?? []).map((p) => ({ outer: p.outer, holes: p.holes }))
    const lp = layers.layer('walk-polygons')
    view.setPolygons(polys, zoom, lp.visible, lp.opacity)
    if (!room) return
    const s = selection.current
    const style = (id: Parameters<typeof layers.layer>[0]) =>
      [layers.layer(id).visible, layers.layer(id).opacity] as const
    view.redrawLayer(view.gatesLayer, ...style('gates'), (g) =>
      drawGates(g, room, state.navState, zoom, s?.kind === 'gate' ? s.gateId : null),
    )
    view.redrawLayer(view.zonesLayer, ...style('zones'), (g) =>
      drawZones(g, room, zoom, s?.kind === 'zone' ? s.zoneId : null),
    )
    view.redrawLayer(view.graphLayer, ...style('node-graph'), (g) =>
      drawNodeGraph(g, room, zoom, {
        node: s?.kind === 'node' ? s.nodeId : undefined,
        join: s?.kind === 'join' ? s.index : undefined,
      }),
    )
    const scalingVisible = layers.layer('scaling').visible || layers.active === 'scaling'
    view.redrawLayer(view.scalingLayer, scalingVisible, layers.layer('scaling').opacity, (g) =>
      drawScaleStops(g, room, tools.options.scaleAreaId, zoom, s?.kind === 'scale-stop' ? s.index : null),
    )
  }

  function drawToolPreview(): void {
    const tool = tools.active
    view.redrawLayer(view.previewLayer, true, 1, (g) => {
      drawPreview(g, tools.overlay, viewport.viewport.zoom)
      drawPreview(g, tool?.preview() ?? null, viewport.viewport.zoom)
    })
    view.setCursor(tool?.cursor ?? 'default')
  }

  function loadRoom(): void {
    const room = editor.room
    if (!room) return
    view.setRoomSize(room.size.width, room.size.height)
    view.setBackground(editor.background)
    view.setScaleMap(editor.scaleMap)
    drawMask()
    applyLayerStyles()
    viewport.fit(room.size.width, room.size.height)
    drawVectors()
    drawToolPreview()
  }

  const unsubscribeMask = editor.onMaskChanged((rect) => {
    const room = editor.room
    if (!room) return
    if (rect && editor.mask) view.updateMaskRect(editor.mask, room.size.width, rect)
    else drawMask()
  })

  stops.push(watch(() => editor.roomRevision, loadRoom))
  stops.push(
    watch(
      () => viewport.viewport,
      (v) => {
        view.setViewport(v)
        drawVectors()
        drawToolPreview()
      },
    ),
  )
  stops.push(
    watch(
      () => layers.layers,
      () => {
        applyLayerStyles()
        drawVectors()
      },
      { deep: true },
    ),
  )
  stops.push(
    watch(
      () => [
        history.revision,
        selection.current,
        layers.active,
        tools.options.areaId,
        tools.options.scaleAreaId,
      ],
      drawVectors,
    ),
  )
  // Area colours and the enabled areas change the overlay's palette (a string key: the
  // overlay is redrawn only when it really changed, not on every gate edit).
  stops.push(
    watch(
      () =>
        `${[...(state.navState?.enabledAreas ?? [])].join(',')}|${JSON.stringify(editor.room?.areas ?? [])}`,
      drawMask,
    ),
  )
  stops.push(
    watch(
      () => editor.scaleMap,
      (image) => {
        view.setScaleMap(image)
        applyScaleMapStyle()
      },
    ),
  )
  stops.push(watch(() => [history.revision, editor.room?.scaling.mode], applyScaleMapStyle))
  stops.push(watch(() => state.navState?.key, drawVectors))
  stops.push(watch(() => [tools.previewRevision, tools.active], drawToolPreview))

  view.setViewport(viewport.viewport)
  loadRoom()
  return () => {
    unsubscribeMask()
    for (const stop of stops) stop()
  }
}
