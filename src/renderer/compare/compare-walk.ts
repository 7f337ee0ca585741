/**
 * Compare-walk store: the test walk of the comparison workspace. A character walks the
 * chosen algorithm's path, sized by the room's scaling at its feet, its trigger-zone
 * events logged into a timeline; a flag toggled during the walk makes it re-plan from
 * where it stands. With "click to walk" a click in the room walks there, like a player.
 * Frames come from requestAnimationFrame only while the character walks or settles.
 *
 * A click on a hotspot walks to where the hotspot sends the character (its walk-to point,
 * else its nearest reachable pixel; hotspot-click.ts), logged first in the timeline.
 *
 * Glossary
 * - walker: the simulation of src/shared/analysis/test-walk.ts; this store only feeds it real
 *   frame times and the paths the nav worker found.
 * - planning: waiting for the chosen algorithm's answer (the start is the character's
 *   position, the goal where it should go).
 * - planner: a nav worker of the walk's own, asked for paths from where the character
 *   stands (re-plans, click to walk), so that the Compare start marker stays where the
 *   author put it; "Start from here" moves it to the character when the author asks.
 * - timeline entry: a zone event (enter, exit, stand) from the walker, or the walk's own
 *   marks (start, re-plan, arrive, stopped short). A walk whose path does not reach the
 *   goal ends "stopped short at (x, y): goal not reachable", never "arrived".
 *
 * Units: room px, seconds (walk clock), percent (scale).
 */
import { defineStore } from 'pinia'
import { markRaw, ref, shallowRef, toRaw, watch } from 'vue'
import type { Point } from '../../shared/geometry/types'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { WireResult } from './protocol'
import type { ScaleMapImage } from '../../shared/analysis/scaling'
import {
  advance,
  createWalker,
  currentFrame,
  replaceRemainingPath,
  testWalkCharacter,
  walkEnd,
  type WalkFrame,
  type Walker,
} from '../../shared/analysis/test-walk'
import { whyNotWalkable } from '../../shared/analysis/goal-snap'
import { STAND_SECONDS } from '../../shared/analysis/zones'
import type { RgbaImage } from '../../shared/host'
import { NavClient, type WorkerPort } from './nav-client'
import { createNavWorker } from './create-nav-worker'
import { useCompareStore } from './compare-store'
import { useEditorStore } from '../editing/stores/editor'
import { useRoomStateStore } from '../editing/stores/room-state'
import { hotspotClick, type HotspotClick } from '../editing/stores/hotspot-click'

export type WalkStatus = 'idle' | 'planning' | 'walking' | 'arrived' | 'stopped-short'

export interface TimelineEntry {
  t: number
  kind: 'start' | 'hotspot' | 'enter' | 'exit' | 'stand' | 'replan' | 'arrive' | 'stopped-short' | 'no-path'
  zoneId: string
  eventName: string
  /** The line shown instead of the kind (the end of the walk says where it stopped and why). */
  text?: string
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
  /** Where the walk goes, room px. */
  let walkGoal: Point | null = null
  /** The path the character walks reaches the goal (else it ends short of it). */
  let pathReaches = true
  /** How the walk ended (set when the character reaches the end of its path). */
  let endKind: 'arrive' | 'stopped-short' = 'arrive'
  /** The Compare query whose answer starts the walk (the start marker is where the walk starts). */
  let awaiting: { queryId: number } | null = null
  /** The planner's query whose answer starts the walk or re-plans it, and what to do with it. */
  let planning: { id: number; kind: 'start' | 'replan'; from: Point; goal: Point } | null = null
  let planner: NavClient | null = null
  let plannerFactory: () => WorkerPort = createNavWorker
  let rafId: number | null = null
  let lastFrameAt = 0
  let scaleMapCache: { source: RgbaImage; grey: ScaleMapImage } | null = null
  /** The hotspot the last click to walk landed on, for the timeline of the walk it starts. */
  let clicked: HotspotClick | null = null

  function scaleMap(): ScaleMapImage | null {
    const image = editor.scaleMap ? toRaw(editor.scaleMap) : null
    if (!image) return null
    if (scaleMapCache?.source !== image) scaleMapCache = { source: image, grey: greyValues(image) }
    return scaleMapCache.grey
  }

  function log(entry: TimelineEntry): void {
    timeline.value = [...timeline.value, entry]
  }

  /** Where the walk ended, logged once when the character reaches the end of its path. */
  function logEnd(w: Walker): void {
    const room = editor.room ? toRaw(editor.room) : null
    const click =
      walkGoal && room
        ? {
            at: walkGoal,
            why: whyNotWalkable(room, editor.mask ? toRaw(editor.mask) : null, roomState.flags, walkGoal),
          }
        : undefined
    const end = walkEnd(pathReaches, w.position, click)
    endKind = end.kind
    log({ t: w.arrivedAt ?? w.t, kind: end.kind, zoneId: '', eventName: '', text: end.text })
  }

  function beginWalk(path: Point[], reaches: boolean, goal: Point | null): void {
    const room = editor.room ? toRaw(editor.room) : null
    if (!room) return
    pathReaches = reaches
    walkGoal = goal ? { x: goal.x, y: goal.y } : null
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
    if (clicked) log({ t: 0, kind: 'hotspot', zoneId: '', eventName: '', text: clicked.text })
    clicked = null
    replans.value = 0
    // A path with nowhere to go ends where it starts.
    if (walker.arrivedAt !== null) logEnd(walker)
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
    if (!wasArrived && w.arrivedAt !== null) logEnd(w)
    frame.value = f
    if (w.arrivedAt !== null && w.t >= w.arrivedAt + SETTLE_SECONDS && planning === null) {
      status.value = endKind === 'arrive' ? 'arrived' : 'stopped-short'
      return
    }
    schedule()
  }

  /** Walk the chosen algorithm's path for the current start and goal (asks for it if needed). */
  function walkCurrent(): void {
    if (!compare.start || !compare.goal) return
    const r = compare.results[algorithm.value]
    if (r && r.queryId === compare.queryId && compare.doneId === compare.queryId) {
      beginWalk(r.points.length > 0 ? r.points : [r.start], r.reached, compare.goal)
      return
    }
    stopAnimation()
    planning = null
    compare.requestQuery()
    awaiting = { queryId: compare.queryId }
    status.value = 'planning'
  }

  /** Ask the walk's own worker for the chosen algorithm's path from `from` to `to`. */
  function plan(from: Point, to: Point, kind: 'start' | 'replan'): boolean {
    const room = editor.room
    if (!room) return false
    if (!planner) {
      planner = markRaw(
        new NavClient(plannerFactory(), {
          onResult(m) {
            const p = planning
            if (!p || m.queryId !== p.id || m.revision !== roomState.revision) return
            planning = null
            onPath(m.result, p.kind, p.goal)
          },
          onQueryDone(m) {
            // The room changed under the query: ask again for the room as it is.
            const p = planning
            if (!p || m.queryId !== p.id) return
            plan(p.kind === 'replan' && walker ? walker.position : p.from, p.goal, p.kind)
          },
          onError(_message, id) {
            if (planning && id === planning.id) {
              planning = null
              if (status.value === 'planning') status.value = 'idle'
            }
          },
        }),
      )
    }
    planner.setWorld(roomState.revision, () => ({
      roomJson: JSON.stringify(room),
      mask: editor.mask,
      flags: { ...roomState.flags },
    }))
    const id = planner.query(
      from,
      to,
      [{ id: algorithm.value, options: { ...compare.options[algorithm.value] } }],
      false,
    )
    planning = { id, kind, from: { x: from.x, y: from.y }, goal: { x: to.x, y: to.y } }
    return true
  }

  /** A path for the walk arrived: start walking it, or hand the walker its new path. */
  function onPath(r: WireResult, kind: 'start' | 'replan', goal: Point): void {
    if (kind === 'start') {
      beginWalk(r.points.length > 0 ? r.points : [r.start], r.reached, goal)
      return
    }
    const w = walker
    if (!w) return
    pathReaches = r.reached
    const wasAtEnd = w.arrivedAt !== null
    replaceRemainingPath(w, r.points, { ...roomState.flags })
    replans.value++
    log({
      t: w.t,
      kind: r.points.length > 0 ? 'replan' : 'no-path',
      zoneId: '',
      eventName: r.reached ? '' : 'goal not reachable',
    })
    // An empty path stops the character where it stands: the walk ends here.
    if (!wasAtEnd && w.arrivedAt !== null) logEnd(w)
    if (status.value === 'arrived' || status.value === 'stopped-short' || rafId === null) {
      status.value = 'walking'
      lastFrameAt = performance.now()
      schedule()
    }
  }

  /**
   * Walk from where the character stands (or the start) to `p`, like a player's click: on a
   * hotspot, to where it sends the character (hotspot-click.ts). The goal marker follows the
   * click; the start marker stays where the author put it.
   */
  function walkTo(p: Point): void {
    const from =
      walker && status.value !== 'idle' ? walker.position : (compare.start ?? editor.room?.testWalk.start)
    if (!from) return
    stopAnimation()
    awaiting = null
    const room = editor.room ? toRaw(editor.room) : null
    clicked = room
      ? hotspotClick(room, editor.mask ? toRaw(editor.mask) : null, { ...roomState.flags }, from, p)
      : null
    const goal = clicked?.goal ?? p
    compare.setGoal(goal)
    if (plan({ x: from.x, y: from.y }, { x: goal.x, y: goal.y }, 'start')) status.value = 'planning'
  }

  /** The author asks: the Compare start marker moves to where the character stands. */
  function startFromHere(): void {
    const w = walker
    if (w) compare.setStart({ x: w.position.x, y: w.position.y })
  }

  function stop(): void {
    stopAnimation()
    awaiting = null
    planning = null
    walker = null
    walkGoal = null
    frame.value = null
    status.value = 'idle'
    // The planner holds a copy of the room: let it go until the next walk needs it.
    planner?.terminate()
    planner = null
  }

  /** Tests: the planner's worker (the nav service in-process). */
  function usePlannerWorker(factory: () => WorkerPort): void {
    plannerFactory = factory
  }

  // The Compare answer the walk waited for: start walking it.
  watch(
    () => compare.results,
    (results) => {
      const a = awaiting
      if (!a) return
      const r = results[algorithm.value]
      if (!r || r.queryId < a.queryId) return
      awaiting = null
      beginWalk(r.points.length > 0 ? r.points : [r.start], r.reached, compare.goal)
    },
  )

  // A flag changed (a gate closed) during the walk: re-plan from where the character stands,
  // without moving the Compare start marker.
  watch(
    () => roomState.revision,
    () => {
      const w = walker
      if (!w || !walkGoal || status.value !== 'walking' || w.arrivedAt !== null) return
      plan({ x: w.position.x, y: w.position.y }, walkGoal, 'replan')
    },
  )

  // Another room: no walk, and no log of the last room's walk.
  watch(
    () => editor.roomRevision,
    () => {
      stop()
      timeline.value = []
      replans.value = 0
    },
  )

  return {
    algorithm,
    clickToWalk,
    status,
    frame,
    timeline,
    replans,
    walkCurrent,
    walkTo,
    startFromHere,
    stop,
    usePlannerWorker,
  }
})
