/**
 * The test walk: zone events with times that follow from the speed, stand once at the
 * end, speed that scales with size when configured, re-planning mid-walk, and a walk
 * through the sample courtyard.
 */
import { describe, expect, it } from 'vitest'
import { flagValues } from '../../../src/shared/analysis/room-world'
import {
  advance,
  createWalker,
  replaceRemainingPath,
  simulateWalk,
  testWalkCharacter,
  walkEnd,
} from '../../../src/shared/analysis/test-walk'
import type { WalkCharacter, WalkEvent } from '../../../src/shared/analysis/test-walk'
import { STAND_SECONDS } from '../../../src/shared/analysis/zones'
import { projectWith, rect, roomOfRects, sample, zone } from './rooms'

const walkerCharacter: WalkCharacter = { heightPx: 200, speedPxS: 200, speedScales: false, footWidthPx: 28 }

/** A 1000 x 200 corridor room with a zone over x 400..600. */
function corridor() {
  const room = roomOfRects(1000, 200, [{ outer: rect(0, 0, 1000, 200) }])
  room.zones = [zone('rug', { kind: 'polygon', outer: rect(400, 0, 600, 200) })]
  return room
}

const brief = (events: WalkEvent[]) => events.map((e) => `${e.kind}:${e.eventName}`)

describe('simulateWalk', () => {
  it('logs enter then exit at the times the speed gives', () => {
    const room = corridor()
    const timeline = simulateWalk({
      room,
      mask: null,
      flags: {},
      character: walkerCharacter,
      path: [
        { x: 100, y: 100 },
        { x: 900, y: 100 },
      ],
    })
    expect(brief(timeline.events)).toEqual(['enter:rugEnter', 'exit:rugExit'])
    // 300 px at 200 px/s to the zone's near edge, 500 px to its far edge (exit one sub-step past it).
    expect(timeline.events[0].t).toBeCloseTo(1.5, 2)
    expect(timeline.events[1].t).toBeCloseTo(2.5, 2)
    expect(timeline.arrivalSeconds).toBeCloseTo(4, 6)
    const last = timeline.frames.at(-1)!
    expect(last.done).toBe(true)
    expect(last.position).toEqual({ x: 900, y: 100 })
    expect(timeline.frames[0]).toMatchObject({ t: 0, position: { x: 100, y: 100 }, done: false })
  })

  it('does not depend on the step length for where events land', () => {
    const room = corridor()
    const setup = {
      room,
      mask: null,
      flags: {},
      character: walkerCharacter,
      path: [
        { x: 100, y: 100 },
        { x: 900, y: 100 },
      ],
    }
    const fine = simulateWalk(setup, { dtSeconds: 1 / 120 }).events.map((e) => e.t)
    const coarse = simulateWalk(setup, { dtSeconds: 0.5 }).events.map((e) => e.t)
    expect(coarse).toHaveLength(2)
    coarse.forEach((t, i) => expect(t).toBeCloseTo(fine[i], 6))
  })

  it('fires stand once when the walk ends inside a zone', () => {
    const room = corridor()
    const timeline = simulateWalk(
      {
        room,
        mask: null,
        flags: {},
        character: walkerCharacter,
        path: [
          { x: 100, y: 100 },
          { x: 500, y: 100 },
        ],
      },
      { settleSeconds: 5 },
    )
    expect(brief(timeline.events)).toEqual(['enter:rugEnter', 'stand:rugStand'])
    expect(timeline.events[1].t).toBeCloseTo(2 + STAND_SECONDS, 6)
    // Passing through a zone without stopping gives no stand.
    const through = simulateWalk({
      room,
      mask: null,
      flags: {},
      character: walkerCharacter,
      path: [
        { x: 100, y: 100 },
        { x: 900, y: 100 },
      ],
    })
    expect(through.events.some((e) => e.kind === 'stand')).toBe(false)
  })

  it('scales size with depth, and speed with size when the character is configured so', () => {
    const room = corridor()
    room.scaling = {
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 0, scale: 50 },
            { y: 200, scale: 100 },
          ],
        },
      ],
    }
    const path = [
      { x: 100, y: 0 },
      { x: 500, y: 0 },
    ]
    const fixed = simulateWalk({ room, mask: null, flags: {}, character: walkerCharacter, path })
    const scaled = simulateWalk({
      room,
      mask: null,
      flags: {},
      character: { ...walkerCharacter, speedScales: true },
      path,
    })
    const override = simulateWalk({
      room,
      mask: null,
      flags: {},
      character: walkerCharacter,
      path,
      speedScales: true,
    })
    expect(fixed.arrivalSeconds).toBeCloseTo(2, 6)
    expect(scaled.arrivalSeconds).toBeCloseTo(4, 6)
    expect(override.arrivalSeconds).toBeCloseTo(4, 6)
    expect(scaled.frames.at(-1)).toMatchObject({ scalePercent: 50, heightPx: 100 })
    // Walking down the gradient the character grows.
    const down = simulateWalk({
      room,
      mask: null,
      flags: {},
      character: walkerCharacter,
      path: [
        { x: 100, y: 0 },
        { x: 100, y: 200 },
      ],
    })
    const heights = down.frames.map((f) => f.heightPx)
    expect(heights[0]).toBe(100)
    expect(heights.at(-1)).toBe(200)
    for (let i = 1; i < heights.length; i++) expect(heights[i]).toBeGreaterThanOrEqual(heights[i - 1])
  })

  it('takes the room test-walk character from the project', () => {
    const room = corridor()
    room.testWalk.characterId = 'hero'
    expect(testWalkCharacter(room, projectWith([], { speed: 300, speedScales: true }))).toEqual({
      heightPx: 200,
      speedPxS: 300,
      speedScales: true,
      footWidthPx: 28,
    })
    room.testWalk.characterId = undefined
    expect(testWalkCharacter(room, null)).toEqual({
      heightPx: room.testWalk.height,
      speedPxS: room.testWalk.speed,
      speedScales: false,
      footWidthPx: 0,
    })
  })
})

describe('advance and replaceRemainingPath', () => {
  it('re-plans mid-walk, and a flag change switches a zone off under the feet', () => {
    const room = corridor()
    room.zones[0].enabledBy = 'rugOn'
    const walker = createWalker({
      room,
      mask: null,
      flags: { rugOn: true },
      character: walkerCharacter,
      path: [
        { x: 100, y: 100 },
        { x: 900, y: 100 },
      ],
    })
    const first = advance(walker, 2) // 400 px: now at x 500, in the zone
    expect(first.position.x).toBeCloseTo(500, 6)
    expect(first.events.map((e) => e.kind)).toEqual(['enter'])
    // The gate closes: the caller re-plans back to x 300, and the rug zone goes off.
    replaceRemainingPath(
      walker,
      [
        { x: 500, y: 100 },
        { x: 300, y: 100 },
      ],
      { rugOn: false },
    )
    const second = advance(walker, 0.5)
    expect(second.events.map((e) => `${e.kind}@${e.t.toFixed(3)}`)).toEqual(['exit@2.005'])
    expect(second.position.x).toBeCloseTo(400, 6)
    const third = advance(walker, 10)
    expect(third.done).toBe(true)
    expect(third.position).toEqual({ x: 300, y: 100 })
    expect(walker.arrivedAt).toBeCloseTo(3, 6)
    expect(third.events).toEqual([])
  })
})

describe('the sample courtyard', () => {
  it('walks west to east through the doorway into the east courtyard zone, growing as it comes forward', async () => {
    const { project, room, mask } = await sample()
    const character = testWalkCharacter(room, project)
    expect(character).toMatchObject({ speedPxS: 240, speedScales: true, footWidthPx: 28 })
    const path = [
      { x: 300, y: 940 },
      { x: 985, y: 776 },
      { x: 1075, y: 776 },
      { x: 1500, y: 900 },
    ]
    const timeline = simulateWalk({ room, mask, flags: flagValues(project), character, path })
    // The first leg grazes the fountain zone; the walk ends (and stands) in the east courtyard,
    // whose stand event has no name.
    expect(brief(timeline.events)).toEqual([
      'enter:fountainEnter',
      'exit:fountainExit',
      'enter:eastEnter',
      'stand:',
    ])
    const end = timeline.frames.at(-1)!
    expect(end.scalePercent).toBeCloseTo(55 + (45 * 400) / 540, 6)
    expect(end.heightPx).toBeCloseTo((200 * end.scalePercent) / 100, 6)
    // Slower than at full scale: every point of the walk is at less than 100 %.
    const length = path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - path[i].x, p.y - path[i].y), 0)
    expect(timeline.arrivalSeconds!).toBeGreaterThan(length / 240)
    // With the gate flag off, the east zone is disabled: only the fountain's events.
    const closed = simulateWalk({
      room,
      mask,
      flags: flagValues(project, { gateOpen: false }),
      character,
      path,
    })
    expect(brief(closed.events)).toEqual(['enter:fountainEnter', 'exit:fountainExit'])
  })
})

describe('walkEnd', () => {
  it('says "arrived" only when the path reached the goal', () => {
    expect(walkEnd(true, { x: 1699.6, y: 760.2 })).toEqual({
      kind: 'arrive',
      at: { x: 1699.6, y: 760.2 },
      text: 'arrived at (1700, 760)',
    })
  })

  it('says where a walk that could not reach its goal stopped short, and why', () => {
    const end = walkEnd(false, { x: 1020.4, y: 759.5 })
    expect(end.kind).toBe('stopped-short')
    expect(end.text).toBe('stopped short at (1020, 760): goal not reachable')
    expect(end.text).not.toMatch(/arrived/)
    const far = walkEnd(false, { x: 1020.4, y: 759.5 }, { at: { x: 1700, y: 760 }, why: null })
    expect(far.text).toBe(
      'stopped 680 px short of the click, at (1020, 760): no walkable way leads to the click',
    )
  })

  it('says how far short of a click that is not walkable it stopped, and why, never "arrived"', () => {
    const end = walkEnd(
      true,
      { x: 21, y: 106 },
      { at: { x: 20, y: 85 }, why: "is in a closed area ('East')" },
    )
    expect(end).toEqual({
      kind: 'stopped-short',
      at: { x: 21, y: 106 },
      text: "stopped 21 px short of the click, at (21, 106) (snapped, 21 px): the click is in a closed area ('East')",
    })
    // A walkable click reached within a pixel (or by a grid's cell centre) is arrived at.
    expect(walkEnd(true, { x: 20.4, y: 85 }, { at: { x: 20, y: 85 }, why: null }).kind).toBe('arrive')
    expect(walkEnd(true, { x: 24, y: 85 }, { at: { x: 20, y: 85 }, why: null }).kind).toBe('arrive')
  })
})
