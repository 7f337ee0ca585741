/**
 * Compare store: the comparison workspace's state. Which algorithms are enabled and with
 * which options, the start and the goal, the newest answers from the nav worker, the
 * view (overlay or side by side) and the batch run. View state only: nothing here is an
 * edit of the room, and nothing is recorded in undo history.
 *
 * Glossary
 * - live workers: one per core (`liveWorkerCount`), sharing the algorithms of each query
 *   (nav-client.ts); they answer the current start/goal (queries coalesce, see protocol.ts).
 * - batch worker: a second worker for batch runs, so that a running batch neither blocks
 *   the page nor delays the live answers.
 * - query id / done id: the newest query sent, and the newest whose answers are all in;
 *   when they are equal the results on screen answer the current start and goal.
 * - warm-up: while the author is in Edit, at an idle moment after a room opens, the workers
 *   are started and handed the room, so that Compare's first answer does not wait for a
 *   worker to load or a room to be parsed.
 *
 * Units: room px for points; ms for times.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef, watch } from 'vue'
import type { Point } from '../../shared/geometry/types'
import { ALGORITHM_IDS, defaultOptions, getPathfinder } from '../../shared/nav/registry'
import type { OptionValues } from '../../shared/nav/types'
import type { AlgorithmId } from '../../shared/nav/registry'
import { livePerf } from './live-perf'
import { NavClient, type WorkerPort } from './nav-client'
import type { AlgorithmRequest, BatchDoneMessage, WireResult } from './protocol'
import { createNavWorker } from './create-nav-worker'
import { useEditorStore } from '../editing/stores/editor'
import { useQueryTimingStore } from './query-timing-store'
import { useRoomStateStore } from '../editing/stores/room-state'
import { useWorkspaceStore } from '../editing/stores/workspace'

export type CompareViewMode = 'overlay' | 'side-by-side'

export interface BatchState {
  id: number
  running: boolean
  done: number
  total: number
  pairs: number
  seed: number
  result: BatchDoneMessage | null
}

/** Most live workers, whatever the core count (each holds its own nav world). */
const MAX_LIVE_WORKERS = 4

/** One live worker per core (navigator.hardwareConcurrency), 1 to MAX_LIVE_WORKERS. */
export function liveWorkerCount(cores = globalThis.navigator?.hardwareConcurrency): number {
  return Math.min(MAX_LIVE_WORKERS, Math.max(1, Math.floor(cores ?? 1) || 1))
}

function allDefaults(): Record<AlgorithmId, OptionValues> {
  const out = {} as Record<AlgorithmId, OptionValues>
  for (const id of ALGORITHM_IDS) out[id] = defaultOptions(id)
  return out
}

export const useCompareStore = defineStore('compare', () => {
  const editor = useEditorStore()
  const roomState = useRoomStateStore()
  const workspace = useWorkspaceStore()

  const enabled = ref<Record<AlgorithmId, boolean>>(
    Object.fromEntries(ALGORITHM_IDS.map((id) => [id, true])) as Record<AlgorithmId, boolean>,
  )
  const options = ref<Record<AlgorithmId, OptionValues>>(allDefaults())
  const start = ref<Point | null>(null)
  const goal = ref<Point | null>(null)
  const results = shallowRef<Partial<Record<AlgorithmId, WireResult & { queryId: number }>>>({})
  const optimalLength = ref<number | null>(null)
  const queryId = ref(0)
  const doneId = ref(0)
  const view = ref<CompareViewMode>('overlay')
  const error = ref<string | null>(null)
  const batch = shallowRef<BatchState | null>(null)
  /** The Compare canvas's zoom, and the room point under the pointer (null: off the room panes); for the status bar. */
  const canvasZoom = ref(1)
  const cursor = ref<Point | null>(null)

  const enabledIds = computed(() => ALGORITHM_IDS.filter((id) => enabled.value[id]))
  const busy = computed(() => queryId.value !== doneId.value)
  const labels = computed(
    () =>
      Object.fromEntries(ALGORITHM_IDS.map((id) => [id, getPathfinder(id).label])) as Record<
        AlgorithmId,
        string
      >,
  )

  let live: NavClient | null = null
  let bulk: NavClient | null = null

  function requests(): AlgorithmRequest[] {
    return enabledIds.value.map((id) => ({ id, options: { ...options.value[id] } }))
  }

  function syncWorld(client: NavClient | null): boolean {
    const room = editor.room
    if (!client || !room) return false
    client.setWorld(roomState.revision, () => ({
      roomJson: JSON.stringify(room),
      mask: editor.mask,
      flags: { ...roomState.flags },
    }))
    return true
  }

  /**
   * Ask the live worker for the current start and goal (a newer request makes older answers
   * stale). Only while the comparison workspace is shown: edits in the editor do not keep
   * the worker busy; switching back asks again.
   */
  function requestQuery(): void {
    if (workspace.mode !== 'compare') return
    if (!start.value || !goal.value || !syncWorld(live) || !live) return
    queryId.value = live.query(start.value, goal.value, requests(), view.value === 'side-by-side')
    livePerf.sent(queryId.value)
  }

  /** Start the workers (once). `factory` replaces the real worker in tests. */
  function connect(factory: () => WorkerPort = createNavWorker): void {
    if (live) return
    live = markRaw(
      new NavClient(Array.from({ length: liveWorkerCount() }, factory), {
        onResult(m) {
          if (m.revision !== roomState.revision) return
          results.value = { ...results.value, [m.result.algorithm]: { ...m.result, queryId: m.queryId } }
          livePerf.answer(m.queryId, m.result.queryMs)
        },
        onQueryDone(m) {
          if (m.superseded) return
          doneId.value = m.queryId
          optimalLength.value = m.optimalLength
          // Answers from algorithms that are no longer enabled go.
          const kept: typeof results.value = {}
          for (const id of enabledIds.value) if (results.value[id]) kept[id] = results.value[id]
          results.value = kept
          livePerf.done(m.queryId)
        },
        onError(message) {
          error.value = message
        },
        onTiming: (m) => useQueryTimingStore().receive(m),
      }),
    )
    bulk = markRaw(
      new NavClient(factory(), {
        onBatchProgress(m) {
          const b = batch.value
          if (b && b.id === m.id) batch.value = { ...b, done: m.done, total: m.total }
        },
        onBatchDone(m) {
          const b = batch.value
          if (b && b.id === m.id) batch.value = { ...b, running: false, done: m.pairs.length, result: m }
        },
        onError(message) {
          error.value = message
        },
      }),
    )
    requestQuery()
  }

  function disconnect(): void {
    live?.terminate()
    bulk?.terminate()
    live = null
    bulk = null
  }

  function setStart(p: Point): void {
    start.value = { x: p.x, y: p.y }
    requestQuery()
  }
  function setGoal(p: Point): void {
    goal.value = { x: p.x, y: p.y }
    requestQuery()
  }
  function setEnabled(id: AlgorithmId, on: boolean): void {
    enabled.value = { ...enabled.value, [id]: on }
    requestQuery()
  }
  function setOption(id: AlgorithmId, key: string, value: number | boolean | string): void {
    options.value = { ...options.value, [id]: { ...options.value[id], [key]: value } }
    requestQuery()
  }
  function resetOptions(id: AlgorithmId): void {
    options.value = { ...options.value, [id]: defaultOptions(id) }
    requestQuery()
  }
  function setView(mode: CompareViewMode): void {
    if (view.value === mode) return
    view.value = mode
    requestQuery()
  }

  function runBatch(pairs: number, seed: number): void {
    if (!bulk || !syncWorld(bulk)) return
    const id = bulk.batch(pairs, seed, requests(), 0)
    batch.value = { id, running: true, done: 0, total: pairs, pairs, seed, result: null }
  }
  function cancelBatch(): void {
    const b = batch.value
    if (b?.running) bulk?.cancelBatch(b.id)
  }

  let warmTimer: ReturnType<typeof setTimeout> | null = null
  /** Start the workers and hand them the room at an idle moment (see "warm-up"). */
  function scheduleWarmUp(): void {
    // Only where the page has workers (not in tests' jsdom), and once per room opened.
    if (typeof Worker !== 'function' || warmTimer !== null) return
    const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => number })
      .requestIdleCallback
    warmTimer = setTimeout(() => {
      const run = () => {
        warmTimer = null
        if (!editor.room) return
        connect()
        syncWorld(live)
      }
      if (idle) idle(run, { timeout: 2000 })
      else run()
    }, 300)
  }

  // A new room: start where its test walk starts, no goal yet, no answers.
  watch(
    () => editor.roomRevision,
    () => {
      scheduleWarmUp()
      const room = editor.room
      start.value = room?.testWalk?.start ? { ...room.testWalk.start } : null
      goal.value = null
      results.value = {}
      optimalLength.value = null
      batch.value = null
    },
    { immediate: true },
  )
  // Back in the comparison workspace: answer for the room as it is now.
  watch(
    () => workspace.mode,
    (mode) => {
      if (mode === 'compare') requestQuery()
    },
  )
  // The room was edited or the state changed: answer again.
  watch(
    () => roomState.revision,
    () => requestQuery(),
  )

  return {
    enabled,
    options,
    start,
    goal,
    results,
    optimalLength,
    queryId,
    doneId,
    busy,
    view,
    error,
    batch,
    canvasZoom,
    cursor,
    enabledIds,
    labels,
    connect,
    disconnect,
    requestQuery,
    setStart,
    setGoal,
    setEnabled,
    setOption,
    resetOptions,
    setView,
    runBatch,
    cancelBatch,
  }
})
