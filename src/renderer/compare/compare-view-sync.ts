/**
 * Keeps the compare view in step with the stores, as view-sync.ts does for the edit view:
 * each kind of change redraws only what shows it. A new answer repaints its own pane (side
 * by side) when the next frame is drawn, answers replaced before then are never painted;
 * the start and goal move the handles only; the game state redraws the closed gates only;
 * a pan or zoom moves the view transform only; another room reloads the room layers.
 *
 * Glossary
 * - pane: one algorithm's view side by side, or the one overlay view (index 0).
 * - compare view: the parts of CompareView this drives (`CompareViewTarget`), so that a test
 *   can count what is drawn.
 *
 * Units: room px; CSS px for panes.
 */
import { watch, type Ref, type WatchStopHandle } from 'vue'
import { ALGORITHM_COLOURS } from './colours'
import type { CompareView, MarkDraw, PathDraw } from './compare-view'
import { holds, type FlagState } from '../../shared/analysis/room-world'
import type { Room } from '../../shared/room/schema'
import type { PaneRect } from './pane-layout'
import { useCompareStore } from './compare-store'
import { useCompareWalkStore } from './compare-walk'
import { useEditorStore } from '../editing/stores/editor'
import { useRoomStateStore } from '../editing/stores/room-state'
import { walkBehindCover } from '../editing/canvas/walk-behind-view'
import type { Viewport } from '../editing/canvas/viewport'

/** What the sync drives of CompareView. */
export type CompareViewTarget = Pick<
  CompareView,
  | 'ready'
  | 'showsQuery'
  | 'beforeDraw'
  | 'requestRender'
  | 'holdFrames'
  | 'releaseFrames'
  | 'setRoom'
  | 'setClosedGates'
  | 'setMarks'
  | 'setPanes'
  | 'setViewport'
  | 'setPaths'
  | 'setHandles'
  | 'setDebug'
  | 'setWalker'
>

export interface ComparePanes {
  /** The ids shown, one per pane ('overlay' alone in the overlay view). */
  readonly ids: Ref<readonly string[]>
  readonly rects: Ref<readonly PaneRect[]>
  readonly viewport: Ref<Viewport>
  /** Fit the room into a pane (a new room, a new pane size). */
  fit(): void
}

type AlgorithmKey = keyof typeof ALGORITHM_COLOURS

/**
 * The gates and zones Compare draws in a state: open 'block-polygon' gates (closed ones are
 * the red blocks), 'open-area' gates over their area's walk polygons (closed: the area is
 * drawn closed), and the zones that hold, polygon zones by their outline and area zones by
 * their area's walk polygons.
 */
export function gateAndZoneMarks(room: Room, flags: FlagState): MarkDraw[] {
  const marks: MarkDraw[] = []
  const areaOutlines = (areaId: number) =>
    room.polygons.filter((p) => p.areaId === areaId).map((p) => p.outer)
  for (const gate of room.gates) {
    // A 'block-polygon' gate blocks while its expression holds; an 'open-area' one opens.
    const expressionHolds = holds(gate.flagExpression, flags)
    if (gate.kind === 'block-polygon') {
      if (!expressionHolds && gate.polygon) marks.push({ outer: gate.polygon, kind: 'open-gate' })
    } else if (gate.areaId !== undefined) {
      const kind = expressionHolds ? 'open-gate' : 'closed-area'
      for (const outer of areaOutlines(gate.areaId)) marks.push({ outer, kind })
    }
  }
  for (const zone of room.zones) {
    if (!holds(zone.enabledBy, flags)) continue
    if (zone.shape.kind === 'polygon') marks.push({ outer: zone.shape.outer, kind: 'zone' })
    else for (const outer of areaOutlines(zone.shape.areaId)) marks.push({ outer, kind: 'zone' })
  }
  return marks
}

/** Start syncing; returns the function that stops it. */
export function syncCompareView(view: CompareViewTarget, panes: ComparePanes): () => void {
  const compare = useCompareStore()
  const walk = useCompareWalkStore()
  const editor = useEditorStore()
  const roomState = useRoomStateStore()
  const stops: WatchStopHandle[] = []

  function loadRoom(fit = true): void {
    const room = editor.room
    if (!view.ready || !room) return
    view.setRoom(
      room.size.width,
      room.size.height,
      editor.shownBackground,
      room.polygons.map((p) => ({ outer: p.outer, holes: p.holes })),
      room.authoritative === 'mask' ? editor.mask : null,
    )
    drawGates()
    if (fit) panes.fit()
  }

  function drawGates(): void {
    const blockers = roomState.navState?.blockers ?? []
    view.setClosedGates(blockers.map((b) => ({ outer: b.outer.map((p) => [p.x, p.y] as const), holes: [] })))
    const room = editor.room
    view.setMarks(room ? gateAndZoneMarks(room, roomState.flags) : [])
  }

  function pathDraw(id: AlgorithmKey): PathDraw | null {
    const r = compare.results[id]
    if (!r) return null
    return {
      colour: ALGORITHM_COLOURS[id],
      points: r.points,
      reached: r.reached,
      from: r.from,
      to: r.to,
      start: r.start,
      goal: r.goal,
    }
  }

  /** What each pane shows now, so that only panes whose answer changed are redrawn. */
  let paneShows: unknown[] = []

  function drawResults(): void {
    if (!view.ready) return
    view.showsQuery = Math.max(0, ...Object.values(compare.results).map((r) => r?.queryId ?? 0))
    if (compare.view === 'overlay') {
      paneShows = []
      // The yardstick goes underneath, the others in list order above it.
      const order = [...compare.enabledIds].sort(
        (a, b) => Number(b === 'any-angle-optimal') - Number(a === 'any-angle-optimal'),
      )
      view.setPaths(
        0,
        order.map(pathDraw).filter((p): p is PathDraw => p !== null),
      )
      view.setDebug(0, null, '#ffffff')
      return
    }
    panes.ids.value.forEach((id, i) => {
      const algorithm = id as AlgorithmKey
      const shows = compare.results[algorithm] ?? null
      // A pane shows what it showed: nothing to draw (an empty pane stays empty too).
      if (i in paneShows && paneShows[i] === shows) return
      paneShows[i] = shows
      const draw = pathDraw(algorithm)
      view.setPaths(i, draw ? [draw] : [])
      view.setDebug(i, compare.results[algorithm]?.debug ?? null, ALGORITHM_COLOURS[algorithm])
    })
  }

  function layout(): void {
    if (!view.ready) return
    view.setPanes([...panes.rects.value])
    paneShows = []
    drawResults()
  }

  // New answers are painted when the next frame is drawn (after the frame hold), not as each
  // arrives: answers replaced before then are never painted (debug layers cost ms each).
  let resultsChanged = false
  view.beforeDraw = () => {
    if (!resultsChanged) return
    resultsChanged = false
    drawResults()
  }

  stops.push(
    watch(
      () => editor.roomRevision,
      () => loadRoom(),
    ),
  )
  stops.push(watch(() => roomState.navState, drawGates))
  stops.push(
    watch(panes.viewport, (v) => {
      view.setViewport(v)
      // The status bar shows the Compare canvas's zoom while Compare is open.
      compare.canvasZoom = v.zoom
    }),
  )
  stops.push(
    watch(panes.rects, (next, prev) => {
      const resized =
        !prev ||
        prev.length !== next.length ||
        prev[0]?.width !== next[0]?.width ||
        prev[0]?.height !== next[0]?.height
      layout()
      if (resized) panes.fit()
    }),
  )
  // No frame while the answers to the newest query come in (frame-hold.ts): the hold begins
  // as the query is sent, before any watcher asks for a frame, and ends with its last answer.
  stops.push(
    watch(
      () => compare.queryId,
      () => view.holdFrames(),
      { flush: 'sync' },
    ),
  )
  stops.push(
    watch(
      () => compare.doneId,
      (done) => {
        if (done === compare.queryId) view.releaseFrames()
      },
      { flush: 'sync' },
    ),
  )
  stops.push(
    watch(
      () => [compare.start, compare.goal] as const,
      ([s, g]) => view.setHandles(s, g),
    ),
  )
  stops.push(
    watch(
      () => [compare.results, compare.view, compare.enabledIds] as const,
      () => {
        resultsChanged = true
        view.requestRender()
      },
    ),
  )
  stops.push(
    watch(
      () => walk.frame,
      (f) =>
        view.setWalker(
          f ? { x: f.position.x, y: f.position.y, heightPx: f.heightPx } : null,
          f ? walkBehindCover(editor.room, editor.shownBackground, f.position, f.heightPx) : null,
        ),
    ),
  )

  // View › Next Background Frame: the panes show another of the room's backgrounds.
  stops.push(
    watch(
      () => editor.backgroundFrame,
      () => loadRoom(false),
    ),
  )

  view.setViewport(panes.viewport.value)
  layout()
  loadRoom()
  view.setHandles(compare.start, compare.goal)
  drawResults()
  return () => {
    view.beforeDraw = null
    for (const stop of stops) stop()
  }
}
