/**
 * Keeps the Pixi room view in step with the stores. Edits arrive as change events from
 * the editor store naming the layers they touched (and, for mask edits, the dirty
 * rectangle); only those are redrawn. A pan moves the view transform and redraws
 * nothing; a zoom redraws the vector layers (their strokes keep a constant screen width).
 *
 * Glossary
 * - effective state: the room as walkable under the flags of the state bar — disabled
 *   areas are dimmed in the mask overlay, closed gates are red and hatched (an 'open-area'
 *   gate over its area's walk polygons, or over its area's mask pixels when the area has no
 *   walk polygons), open gates outlined.
 *
 * Units: room px.
 */
import { watch, type WatchStopHandle } from 'vue'
import type { RoomView, DrawPolygon } from './room-view'
import { drawGates, drawGrid, drawNodeGraph, drawPreview, drawScaleStops, drawZones } from './vector-layers'
import type { ChangeKind } from '../commands/command'
import { useEditorStore } from '../stores/editor'
import { useLayersStore, type LayerId } from '../stores/layers'
import { useViewportStore } from '../stores/viewport'
import { useRoomStateStore } from '../stores/room-state'
import { useSelectionStore } from '../stores/selection'
import { useToolsStore } from '../stores/tools'
import type { Selection } from '../tools/tool'
import { walkBehindCellsOf } from '../stores/room-session'
import { coverGhost, drawWalkBehindBaselines, walkBehindColour } from './walk-behind-view'
import { hotspotCellsOf } from '../commands/hotspot-target'
import { traceMask } from '../../../shared/geometry/vectorise'
import type { AreaPolygon } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'
import { useOutlinerStore } from '../stores/outliner'
import { clearCells, hiddenCellValues, withoutHidden } from './hidden-objects'

/** Whether some 'open-area' gate's area has no walk polygons (it is drawn over its mask pixels). */
function hasMaskOnlyGate(room: Room): boolean {
  return room.gates.some(
    (g) =>
      g.kind === 'open-area' && g.areaId !== undefined && !room.polygons.some((p) => p.areaId === g.areaId),
  )
}

/** How strongly the scale map shows over the room at full layer opacity (faint: the room stays readable). */
const SCALE_MAP_OVERLAY_ALPHA = 0.45

type VectorLayer = 'walk-polygons' | 'gates' | 'zones' | 'node-graph' | 'scaling'
const VECTOR_LAYERS: readonly VectorLayer[] = ['walk-polygons', 'gates', 'zones', 'node-graph', 'scaling']

/** The layer a selection is drawn on (its highlight changes when it is selected). */
function layerOfSelection(s: Selection | null): VectorLayer | null {
  switch (s?.kind) {
    case 'polygon':
      return 'walk-polygons'
    case 'gate':
      return 'gates'
    case 'zone':
      return 'zones'
    case 'node':
    case 'join':
      return 'node-graph'
    case 'scale-stop':
      return 'scaling'
    default:
      return null
  }
}

export function syncRoomView(view: RoomView): () => void {
  const editor = useEditorStore()
  const layers = useLayersStore()
  const viewport = useViewportStore()
  const state = useRoomStateStore()
  const selection = useSelectionStore()
  const tools = useToolsStore()
  const outliner = useOutlinerStore()
  const stops: WatchStopHandle[] = []

  /** The room as drawn: without the objects hidden in the outliner (they still count for pathfinding). */
  const shownRoom = (): Room | null => (editor.room ? withoutHidden(editor.room, outliner.hiddenKeys) : null)
  /** A painted layer's cells as drawn (hidden walk-behinds or painted hotspots cleared). */
  const shownCells = (room: Room, layer: 'walk-behinds' | 'hotspots'): Uint8Array | null =>
    clearCells(
      layer === 'walk-behinds' ? walkBehindCellsOf(room) : hotspotCellsOf(room),
      hiddenCellValues(room, outliner.hiddenKeys, layer),
    )
  const hidesCells = (room: Room, layer: 'walk-behinds' | 'hotspots'): boolean =>
    hiddenCellValues(room, outliner.hiddenKeys, layer).size > 0

  const disabledAreas = (): Set<number> => {
    const room = editor.room
    const enabled = state.navState?.enabledAreas
    if (!room || !enabled) return new Set()
    return new Set(room.areas.map((a) => a.id).filter((id) => !enabled.has(id)))
  }

  function drawMask(): void {
    const room = editor.room
    if (!room) return
    // One walkable picture at a time: the mask of a polygon room is drawn grey and faint.
    view.setMask(
      editor.mask,
      room.size.width,
      room.size.height,
      room.areas,
      disabledAreas(),
      room.authoritative === 'polygons',
    )
  }

  function drawWalkBehinds(): void {
    const room = editor.room
    if (!room) return
    view.setWalkBehinds(shownCells(room, 'walk-behinds'), room.size.width, room.size.height, walkBehindColour)
    drawBaselines()
  }

  function drawBaselines(): void {
    const l = layers.layer('walk-behinds')
    drawWalkBehindBaselines(view, shownRoom(), viewport.viewport.zoom, l.visible, l.opacity)
  }

  function drawHotspots(): void {
    const l = layers.layer('hotspots')
    const room = shownRoom()
    const s = selection.current
    view.drawHotspots(
      room,
      viewport.viewport.zoom,
      s?.kind === 'hotspot' ? s.hotspotId : null,
      l.visible,
      l.opacity,
    )
  }

  function drawPoints(): void {
    const l = layers.layer('points')
    const s = selection.current
    view.drawPoints(
      shownRoom(),
      viewport.viewport.zoom,
      s?.kind === 'point' ? s.pointId : null,
      l.visible,
      l.opacity,
    )
  }

  function loadHotspots(): void {
    const room = editor.room
    view.setHotspotCells(
      room ? shownCells(room, 'hotspots') : null,
      room?.size.width ?? 0,
      room?.size.height ?? 0,
    )
    drawHotspots()
  }

  function applyLayerStyles(): void {
    const bg = layers.layer('background')
    view.setBackgroundStyle(bg.visible, bg.opacity)
    const m = layers.layer('walk-mask')
    view.setMaskStyle(m.visible, m.opacity)
    drawBaselines()
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

  /** Mask areas traced for the gates drawn over them; dropped when the mask or the room changes. */
  let traced: { mask: Uint8Array; areas: Map<number, AreaPolygon[]> } | null = null
  function maskArea(areaId: number): readonly AreaPolygon[] {
    const room = editor.room
    const mask = editor.mask
    if (!room || !mask) return []
    if (traced?.mask !== mask) traced = { mask, areas: new Map() }
    let areas = traced.areas.get(areaId)
    if (!areas) {
      areas = traceMask(room.size.width, room.size.height, (i) => mask[i] === areaId)
      traced.areas.set(areaId, areas)
    }
    return areas
  }

  function drawVector(layer: VectorLayer): void {
    const room = shownRoom()
    const zoom = viewport.viewport.zoom
    const s = selection.current
    const style = (id: LayerId) => [layers.layer(id).visible, layers.layer(id).opacity] as const
    switch (layer) {
      case 'walk-polygons': {
        const polys: DrawPolygon[] = (room?.polygons ?? []).map((p) => ({ outer: p.outer, holes: p.holes }))
        // One walkable picture at a time: the polygons of a mask room are drawn grey and faint.
        view.setPolygons(polys, zoom, ...style('walk-polygons'), room?.authoritative === 'mask')
        return
      }
      case 'gates':
        view.redrawLayer(view.gatesLayer, ...style('gates'), (g) => {
          if (room) drawGates(g, room, state.navState, zoom, s?.kind === 'gate' ? s.gateId : null, maskArea)
        })
        return
      case 'zones':
        view.redrawLayer(view.zonesLayer, ...style('zones'), (g) => {
          if (room) drawZones(g, room, zoom, s?.kind === 'zone' ? s.zoneId : null)
        })
        return
      case 'node-graph':
        view.redrawLayer(view.graphLayer, ...style('node-graph'), (g) => {
          if (room)
            drawNodeGraph(g, room, zoom, {
              node: s?.kind === 'node' ? s.nodeId : undefined,
              join: s?.kind === 'join' ? s.index : undefined,
            })
        })
        return
      case 'scaling': {
        const visible = layers.layer('scaling').visible || layers.active === 'scaling'
        view.redrawLayer(view.scalingLayer, visible, layers.layer('scaling').opacity, (g) => {
          if (room)
            drawScaleStops(
              g,
              room,
              tools.options.scaleAreaId,
              zoom,
              s?.kind === 'scale-stop' ? s.index : null,
            )
        })
        applyScaleMapStyle()
        return
      }
    }
  }

  function drawVectors(): void {
    for (const layer of VECTOR_LAYERS) drawVector(layer)
  }

  function drawToolPreview(): void {
    const tool = tools.active
    view.redrawLayer(view.previewLayer, true, 1, (g) => {
      const room = editor.room
      if (room && tools.options.showGrid)
        drawGrid(g, room.size.width, room.size.height, tools.options.gridStep, viewport.viewport.zoom)
      drawPreview(g, tools.overlay, viewport.viewport.zoom)
      drawPreview(g, tool?.preview() ?? null, viewport.viewport.zoom)
    })
    const ghost = tool?.preview()?.ghost ?? null
    coverGhost(view, editor.room, editor.shownBackground, ghost)
    view.setCursor(tool?.cursor ?? 'default')
  }

  /** A different room is on screen (or the open one was replaced): draw everything. */
  function loadRoom(): void {
    traced = null
    const room = editor.room
    if (!room) {
      view.setRoomSize(0, 0)
      view.setBackground(null)
      view.setScaleMap(null)
      view.setMask(null, 0, 0, [])
      view.setWalkBehinds(null, 0, 0, walkBehindColour)
      drawBaselines()
      loadHotspots()
      drawPoints()
      drawVectors()
      drawToolPreview()
      return
    }
    view.setRoomSize(room.size.width, room.size.height)
    view.setBackground(editor.shownBackground)
    view.setScaleMap(editor.scaleMap)
    drawMask()
    drawWalkBehinds()
    applyLayerStyles()
    const remembered = editor.session?.viewport
    if (remembered) viewport.viewport = remembered
    else viewport.fit(room.size.width, room.size.height)
    view.setViewport(viewport.viewport)
    loadHotspots()
    drawPoints()
    drawVectors()
    drawToolPreview()
  }

  /** Redraw what a change touched (only for the room on screen). */
  function redraw(
    kinds: ReadonlySet<ChangeKind>,
    rect: { x: number; y: number; width: number; height: number } | undefined,
  ): void {
    const room = editor.room
    if (!room) return
    if (kinds.has('room')) view.setRoomSize(room.size.width, room.size.height)
    if (kinds.has('background')) view.setBackground(editor.shownBackground)
    if (kinds.has('walk-mask')) {
      if (rect && editor.mask) view.updateMaskRect(editor.mask, room.size.width, rect)
      else drawMask()
      // The mask is edited in place: areas traced from it are stale; a gate over one follows.
      traced = null
      if (!kinds.has('gates') && hasMaskOnlyGate(room)) drawVector('gates')
    }
    if (kinds.has('walk-behinds')) {
      const cells = hidesCells(room, 'walk-behinds') ? null : walkBehindCellsOf(room)
      if (rect && cells) view.updateWalkBehindRect(cells, room.size.width, rect)
      else drawWalkBehinds()
      drawBaselines()
    }
    if (kinds.has('hotspots')) {
      const cells = hidesCells(room, 'hotspots') ? null : hotspotCellsOf(room)
      if (rect && cells) view.updateHotspotRect(cells, room.size.width, rect)
      else view.setHotspotCells(shownCells(room, 'hotspots'), room.size.width, room.size.height)
      drawHotspots()
    }
    if (kinds.has('scaling')) view.setScaleMap(editor.scaleMap)
    if (kinds.has('points')) drawPoints()
    for (const layer of VECTOR_LAYERS) if (kinds.has(layer)) drawVector(layer)
    // An 'open-area' gate is drawn over its area's walk polygons: they moved, it follows.
    if (kinds.has('walk-polygons') && !kinds.has('gates') && room.gates.some((g) => g.kind === 'open-area'))
      drawVector('gates')
    if (kinds.size > 0) drawToolPreview()
  }

  const unsubscribe = editor.onChange((event) => {
    if (event.roomId !== null && event.roomId !== editor.activeRoomId) return
    redraw(event.kinds, event.rect)
  })

  stops.push(watch(() => editor.roomRevision, loadRoom))
  // View › Next Background Frame: another of the room's backgrounds (a view setting, no edit).
  stops.push(
    watch(
      () => editor.backgroundFrame,
      () => {
        if (!editor.room) return
        view.setBackground(editor.shownBackground)
        drawToolPreview()
      },
    ),
  )
  stops.push(
    watch(
      () => viewport.viewport,
      (v, old) => {
        view.setViewport(v)
        // Remember where the author looks in this room, for when they come back to it.
        if (editor.session) editor.session.viewport = v
        if (old && v.zoom === old.zoom) return
        drawBaselines()
        drawHotspots()
        drawPoints()
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
        drawHotspots()
        drawPoints()
        drawVectors()
      },
      { deep: true },
    ),
  )
  stops.push(
    watch(
      () => selection.current,
      (now, before) => {
        const touched = new Set([layerOfSelection(now), layerOfSelection(before)])
        for (const layer of touched) if (layer) drawVector(layer)
        if (now?.kind === 'hotspot' || before?.kind === 'hotspot') drawHotspots()
        if (now?.kind === 'point' || before?.kind === 'point') drawPoints()
      },
    ),
  )
  stops.push(
    watch(
      () => layers.active,
      () => drawVector('scaling'),
    ),
  )
  // An object hidden or shown in the outliner: redraw the layers that draw objects.
  stops.push(
    watch(
      () => outliner.revision,
      () => {
        if (!editor.room) return
        drawWalkBehinds()
        loadHotspots()
        drawPoints()
        drawVectors()
        drawToolPreview()
      },
    ),
  )
  stops.push(
    watch(
      () => tools.options.scaleAreaId,
      () => drawVector('scaling'),
    ),
  )
  // The game state changed: disabled areas dim in the overlay, gates show open or closed.
  stops.push(
    watch(
      () => state.navState?.key,
      () => {
        drawMask()
        drawVector('gates')
      },
    ),
  )
  stops.push(watch(() => [tools.previewRevision, tools.active], drawToolPreview))

  view.setViewport(viewport.viewport)
  loadRoom()
  return () => {
    unsubscribe()
    for (const stop of stops) stop()
  }
}
