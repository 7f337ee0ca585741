/**
 * The test walk: a deterministic simulation of a character walking a path through a
 * room, sized by the room's scaling at its feet and raising the zones' events on the way.
 * The comparison workspace plays it back; tests run it to the end.
 *
 * Glossary
 * - path: the points the character walks through, in order (room px); the first point
 *   is where it starts.
 * - walker: the state of one walk (position, time, what is left of the path, the zones
 *   it is in, stand timers). Create with createWalker, move with advance.
 * - speed: the character's speed at 100 % scale. When speed scales (the character's
 *   `speedScales`, or the setup's override), the speed at a point is that times the
 *   scale there / 100, so a small character far away walks slower on screen.
 * - sub-step: the walker moves at most WALK_SAMPLE_PX at a time; speed, scale and zones
 *   are read at each sub-step, so events land within one sub-step of where they happen,
 *   whatever dt the caller uses.
 * - arrival: the moment the last point of the path is reached; after it the character
 *   stands still (stand events can still fire).
 * - re-planning: when the room changes under a walk (a flag closes a gate), the caller
 *   finds a new path from the current position and hands it to replaceRemainingPath.
 *
 * Units: room px for positions and heights, px per second for speeds, seconds for times,
 * percent for scales.
 */
import { snapDistance, SNAP_SHOWN_PX } from './goal-snap'
import type { Point } from '../geometry/types'
import type { FlagState } from './room-world'
import { FULL_SCALE_PERCENT, scaleAt } from './scaling'
import type { ScaleMapImage } from './scaling'
import type { Project, Room } from '../room/schema'
import { hidingWalkBehinds } from './walk-behind-cut'
import { STAND_SECONDS, zoneEventName, zoneEvents, zonesAt } from './zones'
import type { StandTimers, ZoneEventKind, ZoneStep } from './zones'

/** Longest move between two looks at scale and zones, room px. */
export const WALK_SAMPLE_PX = 1

/** Time step simulateWalk uses unless told otherwise, seconds (one frame at 60 Hz). */
export const DEFAULT_WALK_DT_SECONDS = 1 / 60

/** Longest walk simulateWalk runs before it gives up, seconds. */
export const MAX_WALK_SECONDS = 3600

/** The walking character, in the units of the project's characters (sizes at 100 % scale). */
export interface WalkCharacter {
  /** Height at 100 % scale, room px. */
  heightPx: number
  /** Speed at 100 % scale, px per second. */
  speedPxS: number
  /** True: speed is multiplied by the scale at the feet. */
  speedScales: boolean
  /** Width of the feet at 100 % scale, room px; 0 when unknown (no project character chosen). */
  footWidthPx: number
}

/** The room's test-walk character: the chosen project character, else the room's own height and speed. */
export function testWalkCharacter(room: Room, project: Pick<Project, 'characters'> | null): WalkCharacter {
  const id = room.testWalk.characterId
  const character = id === undefined ? undefined : project?.characters.find((c) => c.id === id)
  if (character) {
    return {
      heightPx: character.height,
      speedPxS: character.speed,
      speedScales: character.speedScales,
      footWidthPx: character.footWidth,
    }
  }
  return { heightPx: room.testWalk.height, speedPxS: room.testWalk.speed, speedScales: false, footWidthPx: 0 }
}

/** Everything a walk needs. */
export interface WalkSetup {
  room: Room
  /** The room's area mask (room size) or null; see scaling.ts for how areas are found. */
  mask: Uint8Array | null
  /** The decoded scale map when the room scales by map; null or absent = not loaded (100 %). */
  scaleMap?: ScaleMapImage | null
  /** Complete flag values (flagValues); decide which zones are enabled. */
  flags: FlagState
  character: WalkCharacter
  /** Points to walk through, room px; the first is the start. Empty = stand at the room's test-walk start. */
  path: readonly Point[]
  /** Overrides `character.speedScales` when given. */
  speedScales?: boolean
}

/** A zone event on the walk's clock. */
export interface WalkEvent {
  /** Seconds since the walk started. */
  t: number
  kind: ZoneEventKind
  zoneId: string
  /** The zone's name for this event; '' when the zone raises none (the crossing is still logged). */
  eventName: string
}

/** Where the walk is after a step. */
export interface WalkFrame {
  /** Seconds since the walk started. */
  t: number
  /** Feet, room px. */
  position: Point
  /** Scale at the feet, percent. */
  scalePercent: number
  /** Drawn height at the feet, room px. */
  heightPx: number
  /** True once the end of the path has been reached. */
  done: boolean
  /** Walk-behind ids that hide part of the character here (baseline below its feet); empty when none. */
  hiddenBy: number[]
  /** Events of this step, in time order. */
  events: WalkEvent[]
}

/** The state of one walk. Read it freely; change it only through advance and replaceRemainingPath. */
export interface Walker {
  readonly setup: WalkSetup
  /** Seconds since the walk started. */
  t: number
  position: Point
  /** Points still to reach, in order. */
  remaining: Point[]
  /** Flag values in force (replaceRemainingPath may change them). */
  flags: FlagState
  /** Ids of the enabled zones the feet were in at the last look. */
  zoneIds: string[]
  standTimers: StandTimers
  /** When the end of the path was reached, seconds; null while walking. */
  arrivedAt: number | null
}

/** A walker at the first point of the path, at t = 0. Zones it starts in give no enter event. */
export function createWalker(setup: WalkSetup): Walker {
  const start = setup.path[0] ?? setup.room.testWalk.start
  const position = { x: start.x, y: start.y }
  const walker: Walker = {
    setup,
    t: 0,
    position,
    remaining: [],
    flags: setup.flags,
    zoneIds: zoneIdsAt(setup, setup.flags, position),
    standTimers: new Map(),
    arrivedAt: null,
  }
  setRemaining(walker, setup.path.slice(1))
  return walker
}

function zoneIdsAt(setup: WalkSetup, flags: FlagState, at: Point): string[] {
  return zonesAt(setup.room, setup.mask, flags, at).map((z) => z.id)
}

/** Points equal to the current position are dropped from the front; an empty path means arrived. */
function setRemaining(walker: Walker, path: readonly Point[]): void {
  const remaining = path.map((p) => ({ x: p.x, y: p.y }))
  while (remaining.length > 0 && samePoint(remaining[0], walker.position)) remaining.shift()
  walker.remaining = remaining
  if (remaining.length === 0) walker.arrivedAt ??= walker.t
  else walker.arrivedAt = null
}

function samePoint(a: Point, b: Point): boolean {
  return Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9
}

/** Scale at the feet, percent. */
function scaleHere(walker: Walker): number {
  const { room, mask, scaleMap } = walker.setup
  return scaleAt(room, mask, scaleMap ?? null, walker.position).percent
}

/** Look at the zones after a sub-step that started at `t0`, logging events. */
function look(walker: Walker, t0: number, step: ZoneStep, events: WalkEvent[]): void {
  const current = zoneIdsAt(walker.setup, walker.flags, walker.position)
  for (const change of zoneEvents(walker.zoneIds, current, step, walker.standTimers)) {
    events.push({
      t: t0 + change.atSeconds,
      kind: change.kind,
      zoneId: change.zoneId,
      eventName: zoneEventName(walker.setup.room, change.zoneId, change.kind),
    })
  }
  walker.zoneIds = current
}

/**
 * Move the walker on by `dtSeconds` (>= 0): along the path in sub-steps of at most
 * WALK_SAMPLE_PX, each at the speed at its start; once the path's end is reached the rest
 * of the step is spent standing there. Returns where it is and what happened.
 */
export function advance(walker: Walker, dtSeconds: number): WalkFrame {
  const events: WalkEvent[] = []
  const { character } = walker.setup
  const speedScales = walker.setup.speedScales ?? character.speedScales
  let left = Math.max(0, dtSeconds)
  while (left > 0) {
    const target = walker.remaining[0]
    const t0 = walker.t
    if (!target) {
      walker.t += left
      look(walker, t0, { seconds: left, still: true }, events)
      left = 0
      break
    }
    const dx = target.x - walker.position.x
    const dy = target.y - walker.position.y
    const distance = Math.hypot(dx, dy)
    const speed = character.speedPxS * (speedScales ? scaleHere(walker) / 100 : 1)
    const stepPx = Math.min(WALK_SAMPLE_PX, distance)
    const need = stepPx / speed
    let seconds: number
    if (need <= left) {
      seconds = need
      if (stepPx === distance) {
        walker.position = { x: target.x, y: target.y }
        walker.remaining.shift()
      } else {
        walker.position = moveToward(walker.position, dx, dy, distance, stepPx)
      }
    } else {
      seconds = left
      walker.position = moveToward(walker.position, dx, dy, distance, speed * left)
    }
    walker.t += seconds
    left -= seconds
    look(walker, t0, { seconds, still: false }, events)
    if (walker.remaining.length === 0) walker.arrivedAt = walker.t
  }
  return frameOf(walker, events)
}

function moveToward(from: Point, dx: number, dy: number, distance: number, by: number): Point {
  return { x: from.x + (dx / distance) * by, y: from.y + (dy / distance) * by }
}

function frameOf(walker: Walker, events: WalkEvent[]): WalkFrame {
  const percent = scaleHere(walker)
  const heightPx = (walker.setup.character.heightPx * percent) / FULL_SCALE_PERCENT
  return {
    t: walker.t,
    position: { x: walker.position.x, y: walker.position.y },
    scalePercent: percent,
    heightPx,
    done: walker.remaining.length === 0,
    hiddenBy: hidingWalkBehinds(walker.setup.room, walker.position, heightPx),
    events,
  }
}

/** The frame of a walker as it stands now, without moving it (e.g. the first frame at t = 0). */
export function currentFrame(walker: Walker): WalkFrame {
  return frameOf(walker, [])
}

/**
 * Re-plan: the walker drops what was left of its path and walks from where it stands
 * through `newPath` (a first point equal to its position is skipped). Pass `flags` when
 * the re-plan comes from a flag change, so that zones follow the new state from the next
 * step on. An empty path stops the walker where it is.
 */
export function replaceRemainingPath(walker: Walker, newPath: readonly Point[], flags?: FlagState): void {
  if (flags) walker.flags = flags
  setRemaining(walker, newPath)
}

/** A whole walk. */
export interface WalkTimeline {
  /** Frame at t = 0, then one per step. */
  frames: WalkFrame[]
  /** Every event in time order. */
  events: WalkEvent[]
  /** When the end of the path was reached, seconds; null when maxSeconds ran out first. */
  arrivalSeconds: number | null
}

export interface SimulateOptions {
  /** Fixed step, seconds; default DEFAULT_WALK_DT_SECONDS. */
  dtSeconds?: number
  /** How long to keep standing after arrival, seconds; default STAND_SECONDS plus two steps, so a stand at the end shows. */
  settleSeconds?: number
  /** Give up after this long, seconds; default MAX_WALK_SECONDS. */
  maxSeconds?: number
}

/** Run a walk to its end (and settleSeconds beyond) with a fixed step; deterministic for the same input. */
export function simulateWalk(setup: WalkSetup, options: SimulateOptions = {}): WalkTimeline {
  const dt = options.dtSeconds ?? DEFAULT_WALK_DT_SECONDS
  if (!(dt > 0)) throw new Error(`expected a time step above 0 s, got ${dt}`)
  const settle = options.settleSeconds ?? STAND_SECONDS + 2 * dt
  const maxSeconds = options.maxSeconds ?? MAX_WALK_SECONDS
  const walker = createWalker(setup)
  const frames: WalkFrame[] = [currentFrame(walker)]
  const events: WalkEvent[] = []
  for (;;) {
    const arrived = walker.arrivedAt
    if (arrived !== null && walker.t >= arrived + settle - 1e-9) break
    if (arrived === null && walker.t >= maxSeconds) break
    const frame = advance(walker, dt)
    frames.push(frame)
    events.push(...frame.events)
  }
  return { frames, events, arrivalSeconds: walker.arrivedAt }
}

/** How a walk ended: at the goal, or short of the click where the path stopped (and why). */
export interface WalkEnd {
  kind: 'arrive' | 'stopped-short'
  /** Where the character stands, room px. */
  at: Point
  /** What the timeline says, e.g. "stopped 21 px short of the click, at (21, 106): the click is in a closed area ('East')". */
  text: string
}

/**
 * The end of a walk whose path did (`reachedGoal`) or did not reach the goal it used, the
 * character standing at `at`. `click` is where the author asked it to go, with why that
 * point is not walkable (goal-snap.ts `whyNotWalkable`, null: it is). A walk that ends
 * `SNAP_SHOWN_PX` or more from a click that is not walkable, or that did not reach its goal,
 * never reads "arrived": it says how far short of the click it stopped and why.
 */
export function walkEnd(reachedGoal: boolean, at: Point, click?: { at: Point; why: string | null }): WalkEnd {
  const where = `(${Math.round(at.x)}, ${Math.round(at.y)})`
  const point = { x: at.x, y: at.y }
  const short = click ? snapDistance(click.at, at) : 0
  if (reachedGoal && (!click || click.why === null || short < SNAP_SHOWN_PX)) {
    return { kind: 'arrive', at: point, text: `arrived at ${where}` }
  }
  if (!click) {
    return { kind: 'stopped-short', at: point, text: `stopped short at ${where}: goal not reachable` }
  }
  // A click that was not walkable moved before the walk was planned (nav/click-snap.ts): the
  // timeline says "snapped" with the distance every Compare row shows.
  const snapped = click.why !== null && reachedGoal ? ` (snapped, ${short} px)` : ''
  const why = click.why !== null ? `the click ${click.why}` : 'no walkable way leads to the click'
  return {
    kind: 'stopped-short',
    at: point,
    text: `stopped ${short} px short of the click, at ${where}${snapped}: ${why}`,
  }
}
