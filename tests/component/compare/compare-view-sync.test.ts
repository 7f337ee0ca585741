/**
 * The compare view redraws what each change touched, no more (canvas/compare-view-sync.ts):
 * counted draws per change kind on a view that records its calls. A new answer repaints its
 * own pane at the next frame; start and goal move the handles; the game state redraws the
 * gates; a pan moves the view; another room reloads it. Redrawing everything on every
 * change fails here.
 *
 * Units: room px.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { computed, nextTick, ref } from 'vue'
import {
  gateAndZoneMarks,
  syncCompareView,
  type CompareViewTarget,
} from '../../../src/renderer/compare/compare-view-sync'
import { emptyRoom } from '../../../src/shared/room/schema'
import type { Viewport } from '../../../src/renderer/editing/canvas/viewport'
import type { WireResult } from '../../../src/renderer/compare/protocol'
import { paneRects } from '../../../src/renderer/compare/pane-layout'
import { useCompareStore } from '../../../src/renderer/compare/compare-store'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { useRoomStateStore } from '../../../src/renderer/editing/stores/room-state'
import type { AlgorithmId } from '../../../src/shared/nav/registry'
import { doorRoom } from './fixtures'
import { openRoomInEditor } from '../support/editor'

beforeEach(() => setActivePinia(createPinia()))

type Method = Exclude<keyof CompareViewTarget, 'ready' | 'showsQuery' | 'beforeDraw'>

/** A compare view that counts its calls by method (and pane, for the per-pane ones). */
function countingView() {
  const calls: string[] = []
  const record =
    (name: Method) =>
    (...args: unknown[]) => {
      calls.push(name === 'setPaths' || name === 'setDebug' ? `${name}:${String(args[0])}` : name)
    }
  const view = {
    ready: true,
    showsQuery: 0,
    beforeDraw: null as (() => void) | null,
    requestRender: record('requestRender'),
    holdFrames: record('holdFrames'),
    releaseFrames: record('releaseFrames'),
    setRoom: record('setRoom'),
    setClosedGates: record('setClosedGates'),
    setMarks: record('setMarks'),
    setPanes: record('setPanes'),
    setViewport: record('setViewport'),
    setPaths: record('setPaths'),
    setHandles: record('setHandles'),
    setDebug: record('setDebug'),
    setWalker: record('setWalker'),
  } satisfies CompareViewTarget
  /** The calls since the last `take`, then forgets them. */
  const take = (): string[] => calls.splice(0)
  /** Draw a frame: what the view does before it draws (paint the newest answers). */
  const frame = () => view.beforeDraw?.()
  return { view, take, frame }
}

function answer(algorithm: AlgorithmId, queryId: number): WireResult & { queryId: number } {
  const p = { x: 20, y: 20 }
  const q = { x: 180, y: 100 }
  return {
    algorithm,
    points: [p, q],
    reached: true,
    from: p,
    to: q,
    snap: { start: null, goal: null },
    start: p,
    goal: q,
    queryMs: 0.1,
    prepareMs: 1,
    expanded: 3,
    bytes: 0,
    metrics: {} as WireResult['metrics'],
    debug: [],
    queryId,
  }
}

function setUp() {
  openRoomInEditor(doorRoom())
  const compare = useCompareStore()
  compare.view = 'side-by-side'
  const ids = computed(() => (compare.view === 'overlay' ? ['overlay'] : compare.enabledIds.slice()))
  const rects = computed(() => paneRects(ids.value.length, 1200, 800))
  const viewport = ref<Viewport>({ zoom: 1, offsetX: 0, offsetY: 0 })
  let fits = 0
  const counting = countingView()
  const stop = syncCompareView(counting.view, { ids, rects, viewport, fit: () => fits++ })
  return { compare, ids, viewport, stop, fits: () => fits, ...counting }
}

describe('the compare view sync', () => {
  it('paints only the pane of a new answer, at the next frame', async () => {
    const s = setUp()
    s.take()
    s.compare.results = { jps: answer('jps', 1) }
    await nextTick()
    expect(s.take()).toEqual(['requestRender'])
    s.frame()
    const pane = s.ids.value.indexOf('jps')
    expect(s.take()).toEqual([`setPaths:${pane}`, `setDebug:${pane}`])
    // A second answer repaints its pane only; the first one's pane is left alone.
    s.compare.results = { ...s.compare.results, 'octile-astar': answer('octile-astar', 1) }
    await nextTick()
    s.frame()
    const other = s.ids.value.indexOf('octile-astar')
    expect(s.take()).toEqual(['requestRender', `setPaths:${other}`, `setDebug:${other}`])
    // Answers replaced before a frame are painted once, the newest.
    s.compare.results = { ...s.compare.results, jps: answer('jps', 2) }
    await nextTick()
    s.compare.results = { ...s.compare.results, jps: answer('jps', 3) }
    await nextTick()
    s.frame()
    expect(s.take().filter((c) => c.startsWith('set'))).toEqual([`setPaths:${pane}`, `setDebug:${pane}`])
    s.stop()
  })

  it('moves the handles for a new start or goal, and nothing else', async () => {
    const s = setUp()
    s.take()
    s.compare.setGoal({ x: 150, y: 90 })
    await nextTick()
    expect(s.take()).toEqual(['setHandles'])
    s.stop()
  })

  it('redraws the gates (and the zones that follow flags) for a new game state, and pans without drawing', async () => {
    const s = setUp()
    s.take()
    useRoomStateStore().setFlag('doorOpen', true)
    await nextTick()
    expect(s.take()).toEqual(['setClosedGates', 'setMarks'])
    s.viewport.value = { zoom: 1, offsetX: 40, offsetY: 0 }
    await nextTick()
    expect(s.take()).toEqual(['setViewport'])
    s.stop()
  })

  it('reloads the room when another one is shown, and lays out the panes when they change', async () => {
    const s = setUp()
    s.take()
    const fitted = s.fits()
    useEditorStore().roomRevision++
    await nextTick()
    // The room's layers once; what the compare store resets with a new room (its answers,
    // the handles) follows, but no pane is laid out again.
    const reload = s.take()
    expect(reload.filter((c) => c === 'setRoom')).toHaveLength(1)
    expect(reload).toContain('setClosedGates')
    expect(reload).not.toContain('setPanes')
    expect(s.fits()).toBe(fitted + 1)
    s.compare.setEnabled('jps', false)
    await nextTick()
    const laidOut = s.take()
    expect(laidOut[0]).toBe('setPanes')
    expect(laidOut).not.toContain('setRoom')
    s.stop()
  })
})

describe('gates and zones drawn in Compare', () => {
  it('outlines open gates, shows closed areas closed, and draws the zones that hold', () => {
    const room = emptyRoom({ id: 'r', width: 100, height: 100 })
    const sq = (x: number): [number, number][] => [
      [x, 0],
      [x + 10, 0],
      [x + 10, 10],
      [x, 10],
    ]
    room.polygons = [{ id: 'p', areaId: 2, outer: sq(50), holes: [] }]
    room.gates = [
      { id: 'door', name: 'Door', kind: 'block-polygon', polygon: sq(0), flagExpression: '!doorOpen' },
      { id: 'hatch', name: 'Hatch', kind: 'open-area', areaId: 2, flagExpression: 'hatchOpen' },
    ]
    room.zones = [
      {
        id: 'z',
        name: 'Z',
        shape: { kind: 'polygon', outer: sq(20) },
        events: { enter: '', exit: '', stand: '' },
        properties: {},
      },
      {
        id: 'cellar',
        name: 'Cellar',
        shape: { kind: 'area', areaId: 2 },
        events: { enter: '', exit: '', stand: '' },
        enabledBy: 'hatchOpen',
        properties: {},
      },
    ]
    const shut = gateAndZoneMarks(room, { doorOpen: false, hatchOpen: false })
    // The door blocks (drawn as a red block by setClosedGates, not here); the hatch's area is closed.
    expect(shut.map((m) => m.kind)).toEqual(['closed-area', 'zone'])
    const open = gateAndZoneMarks(room, { doorOpen: true, hatchOpen: true })
    expect(open.map((m) => `${m.kind} ${m.outer[0][0]}`)).toEqual([
      'open-gate 0',
      'open-gate 50',
      'zone 20',
      'zone 50',
    ])
  })
})
