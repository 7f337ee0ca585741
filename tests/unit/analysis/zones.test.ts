/**
 * Zones at a point (polygon and area zones, switched by flags) and the enter / exit /
 * stand logic of one step.
 */
import { describe, expect, it } from 'vitest'
import { flagValues } from '../../../src/shared/analysis/room-world'
import { STAND_SECONDS, zoneEvents, zonesAt } from '../../../src/shared/analysis/zones'
import type { StandTimers } from '../../../src/shared/analysis/zones'
import { rect, roomOfRects, sample, zone } from './rooms'

function twoAreaRoomWithZones() {
  const room = roomOfRects(400, 300, [
    { outer: rect(0, 0, 200, 300), areaId: 1 },
    { outer: rect(200, 0, 400, 300), areaId: 2 },
  ])
  room.zones = [
    zone('rug', { kind: 'polygon', outer: rect(50, 50, 150, 150) }),
    zone('east', { kind: 'area', areaId: 2 }),
    zone('trap', { kind: 'polygon', outer: rect(100, 100, 300, 200) }, 'trapArmed && !disarmed'),
  ]
  return room
}

const ids = (zones: { id: string }[]) => zones.map((z) => z.id)

describe('zonesAt', () => {
  it('finds polygon zones by their outline and area zones by the area at the feet', () => {
    const room = twoAreaRoomWithZones()
    const flags = { trapArmed: false }
    expect(ids(zonesAt(room, null, flags, { x: 100, y: 60 }))).toEqual(['rug'])
    expect(ids(zonesAt(room, null, flags, { x: 150, y: 150 }))).toEqual(['rug']) // outline counts
    expect(ids(zonesAt(room, null, flags, { x: 300, y: 250 }))).toEqual(['east'])
    expect(ids(zonesAt(room, null, flags, { x: 20, y: 250 }))).toEqual([])
    // An area mask decides the area: here the whole room is area 2.
    const mask = new Uint8Array(400 * 300).fill(2)
    expect(ids(zonesAt(room, mask, flags, { x: 20, y: 250 }))).toEqual(['east'])
  })

  it('leaves out zones whose enabledBy does not hold', () => {
    const room = twoAreaRoomWithZones()
    const at = { x: 250, y: 150 }
    expect(ids(zonesAt(room, null, { trapArmed: false }, at))).toEqual(['east'])
    expect(ids(zonesAt(room, null, { trapArmed: true }, at))).toEqual(['east', 'trap'])
    expect(ids(zonesAt(room, null, { trapArmed: true, disarmed: true }, at))).toEqual(['east'])
    expect(ids(zonesAt(room, null, {}, at))).toEqual(['east']) // unknown flags read as false
  })

  it('switches the sample east courtyard zone with the gate flag', async () => {
    const { project, room, mask } = await sample()
    const east = { x: 1500, y: 900 }
    expect(ids(zonesAt(room, mask, flagValues(project), east))).toEqual(['east-courtyard'])
    expect(ids(zonesAt(room, mask, flagValues(project, { gateOpen: false }), east))).toEqual([])
    expect(ids(zonesAt(room, mask, flagValues(project), { x: 400, y: 700 }))).toEqual(['fountain-edge'])
  })
})

describe('zoneEvents', () => {
  const moving = { seconds: 0.1, still: false }
  const still = { seconds: 0.1, still: true }

  it('gives exits, then enters, at the end of the step', () => {
    const timers: StandTimers = new Map()
    expect(zoneEvents(['a', 'b'], ['b', 'c'], moving, timers)).toEqual([
      { kind: 'exit', zoneId: 'a', atSeconds: 0.1 },
      { kind: 'enter', zoneId: 'c', atSeconds: 0.1 },
    ])
    expect(zoneEvents(['b', 'c'], ['b', 'c'], moving, timers)).toEqual([])
  })

  it(`fires stand once after ${STAND_SECONDS} s of standing still, and again only after moving`, () => {
    const timers: StandTimers = new Map()
    const stands: number[] = []
    let t = 0
    const step = (s: { seconds: number; still: boolean }) => {
      for (const e of zoneEvents(['a'], ['a'], s, timers)) {
        expect(e).toMatchObject({ kind: 'stand', zoneId: 'a' })
        stands.push(t + e.atSeconds)
      }
      t += s.seconds
    }
    step(moving)
    for (let i = 0; i < 20; i++) step({ seconds: 0.15, still: true })
    expect(stands).toHaveLength(1)
    expect(stands[0]).toBeCloseTo(0.1 + STAND_SECONDS, 10)
    step(moving)
    for (let i = 0; i < 3; i++) step(still)
    expect(stands).toHaveLength(1) // 0.3 s is not enough
    for (let i = 0; i < 3; i++) step(still)
    expect(stands).toHaveLength(2)
  })

  it('forgets the stand timer of a zone the character leaves', () => {
    const timers: StandTimers = new Map()
    zoneEvents([], ['a'], { seconds: 0.4, still: true }, timers)
    expect(timers.get('a')).toBeCloseTo(0.4, 10)
    zoneEvents(['a'], [], still, timers)
    expect(timers.has('a')).toBe(false)
    // Back in (e.g. the zone switched on again) starts from zero.
    expect(zoneEvents([], ['a'], { seconds: 0.45, still: true }, timers).map((e) => e.kind)).toEqual([
      'enter',
    ])
    expect(zoneEvents(['a'], ['a'], still, timers).map((e) => e.kind)).toEqual(['stand'])
  })
})
