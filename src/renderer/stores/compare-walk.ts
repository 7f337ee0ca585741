/**
 * Compare-walk store: the test walk of the comparison workspace. A character walks the
 * chosen algorithm's path, sized by the room's scaling at its feet, its trigger-zone
 * events logged into a timeline; a flag toggled during the walk makes it re-plan from
 * where it stands. With "click to walk" a click in the room walks there, like a player.
 * Frames come from requestAnimationFrame only while the character walks or settles.
 *
 * Glossary
 * - walker: the simulation of src/shared/analysis/test-walk.ts; this store only feeds it real
 *   frame times and the paths the nav worker found.
 * - planning: waiting for the chosen algorithm's answer to the newest query (the start is
 *   the character's position, the goal where it should go).
 * - timeline entry: a zone event (enter, exit, stand) from the walker, or the walk's own
 *   marks (start, re-plan, arrive).
 *
 * Units: room px, seconds (walk clock), percent (scale).
 */
import { defineStore } from 'pinia'
import { markRaw, ref, shallowRef, toRaw, watch } from 'vue'
import type { Point } from '../../shared/geometry/types'
import type { AlgorithmId } from '../../shared/nav/types'
import type { ScaleMapImage } from '../../shared/analysis/scaling'
import {
  advance,
  createWalker,
  currentFrame,
  replaceRemainingPath,
  testWalkCharacter,
  type WalkFrame,
  type Walker,
} from '../../shared/analysis/test-walk'
import { STAND_SECONDS } from '../../shared/analysis/zones'
import type { RgbaImage } from '../../shared/host'
import { useCompareStore } from './compare'
import { useEditorStore } from './editor'
import { useRoomStateStore } from './room-state'

export type WalkStatus = 'idle' | 'planning' | 'walking' | 'arrived'

export interface TimelineEntry {
  t: number
  kind: 'start' | 'enter' | 'exit' | 'stand' | 'replan' | 'arrive' | 'no-path'
  zoneId: string
  eventName: string
}

/** Longest frame time fed to the walker, seconds (a stalled tab does not teleport the character). */
const MAX_FRAME_SECONDS = 0.25
/** How long the character keeps standing after arrival before the animation stops, seconds. */
const SETTLE_SECONDS = STAND_SECONDS + 0.1

function greyValues(image: RgbaImage): ScaleMapImage {
  const values = new Uint8Array(image.width * image.height)
  for (let i = 0; i < values.length; i++) values[i] = image.data[4 * i]
  return { width: image.width, height: image.height, values }
}

export const useCompareWalkStore = defineStore('compare-walk', () => {
  const compare = useCompareStore()
  const editor = useEditorStore()
  const roomState = useRoomStateStore()

  const algorithm = ref<AlgorithmId>('navmesh-funnel')
  const clickToWalk = ref(false)
  const status = ref<WalkStatus>('idle')
  const frame = shallowRef<WalkFrame | null>(null)
  const timeline = ref<TimelineEntry[]>([])
  const replans = ref(0)
  let walker: Walker | null = null
  /** The query whose answer starts the walk or re-plans it, and what to do with it. */
  let awaiting: { queryId: number; kind: 'start' | 'replan' } | null = null
  let rafId: number | null = null
  let lastFrameAt = 0
  let scaleMapCache: { source: RgbaImage; grey: ScaleMapImage } | null = null

  function scaleMap(): ScaleMapImage | null {
    const image = editor.scaleMap ? toRaw(editor.scaleMap) : null
    if (!image) return null
    if (scaleMapCache?.source !== image) scaleMapCache = { source: image, grey: greyValues(image) }
    return scaleMapCache.grey
  }

  function log(entry: TimelineEntry): void {
    timeline.value = [...timeline.value, entry]
  }

  function beginWalk(path: Point[]): void {
    const room = editor.room ? toRaw(editor.room) : null
    if (!room) return
    walker = markRaw(
      createWalker({
        room,
        mask: editor.mask ? toRaw(editor.mask) : null,
        scaleMap: scaleMap(),
        flags: { ...roomState.flags },
        character: testWalkCharacter(room, editor.project ? toRaw(editor.project) : null),
        path,
      }),
    )
    timeline.value = [{ t: 0, kind: 'start', zoneId: '', eventName: '' }]
    replans.value = 0
    frame.value = currentFrame(walker)
    status.value = 'walking'
    lastFrameAt = performance.now()
    schedule()
  }

  function schedule(): void {
    if (rafId === null) rafId = requestAnimationFrame(tick)
  }

  function stopAnimation(): void {
    if (rafId !== null) cancelAnimationFrame(rafId)
    rafId = null
  }

  function tick(now: number): void {
    rafId = null
    const w = walker
    if (!w || status.value !== 'walking') return
    const dt = Math.min(MAX_FRAME_SECONDS, Math.max(0, (now - lastFrameAt) / 1000))
    lastFrameAt = now
    const wasArrived = w.arrivedAt !== null
    const f = advance(w, dt)
    for (const e of f.events) log({ t: e.t, kind: e.kind, zoneId: e.zoneId, eventName: e.eventName })
    if (!wasArrived && w.arrivedAt !== null)
      log({ t: w.arrivedAt, kind: 'arrive', zoneId: '', eventName: '' })
    frame.value = f
    if (w.arrivedAt !== null && w.t >= w.arrivedAt + SETTLE_SECONDS && awaiting === null) {
      status.value = 'arrived'
      return
    }
    schedule()
  }

  /** Walk the chosen algorithm's path for the current start and goal (asks for it if needed). */
  function walkCurrent(): void {
    if (!compare.start || !compare.goal) return
    const r = compare.results[algorithm.value]
    if (r && r.queryId === compare.queryId && compare.doneId === compare.queryId) {
      beginWalk(r.points.length > 0 ? r.points : [r.start])
      return
    }
    compare.requestQuery()
    awaiting = { queryId: compare.queryId, kind: 'start' }
    status.value = 'planning'
  }

  /** Walk from where the character stands (or the start) to `p`, like a player's click. */
  function walkTo(p: Point): void {
    const from =
      walker && status.value !== 'idle' ? walker.position : (compare.start ?? editor.room?.testWalk.start)
    if (!from) return
    stopAnimation()
    compare.start = { x: from.x, y: from.y }
    compare.setGoal(p)
    awaiting = { queryId: compare.queryId, kind: 'start' }
    status.value = 'planning'
  }

  function stop(): void {
    stopAnimation()
    awaiting = null
    walker = null
    frame.value = null
    status.value = 'idle'
  }

  // Answers from the worker: start the walk or hand the walker its new path.
  watch(
    () => compare.results,
    (results) => {
      const a = awaiting
      if (!a) return
      const r = results[algorithm.value]
      if (!r || r.queryId < a.queryId) return
      awaiting = null
      if (a.kind === 'start') {
        beginWalk(r.points.length > 0 ? r.points : [r.start])
        return
      }
      const w = walker
      if (!w) return
      replaceRemainingPath(w, r.points, { ...roomState.flags })
      replans.value++
      log({
        t: w.t,
        kind: r.points.length > 0 ? 'replan' : 'no-path',
        zoneId: '',
        eventName: r.reached ? '' : 'goal not reachable',
      })
      if (status.value === 'arrived' || (status.value === 'walking' && rafId === null)) {
        status.value = 'walking'
        lastFrameAt = performance.now()
        schedule()
      }
    },
  )

  // A flag changed (a gate closed) during the walk: re-plan from where the character stands.
  watch(
    () => roomState.revision,
    () => {
      const w = walker
      if (!w || (status.value !== 'walking' && status.value !== 'arrived') || w.arrivedAt !== null) return
      compare.start = { x: w.position.x, y: w.position.y }
      compare.requestQuery()
      awaiting = { queryId: compare.queryId, kind: 'replan' }
    },
  )

  // Another room: no walk.
  watch(() => editor.roomRevision, stop)

  return { algorithm, clickToWalk, status, frame, timeline, replans, walkCurrent, walkTo, stop }
})
