/**
 * The runtime's public types (src/runtime/types.ts) are plain TypeScript, written apart
 * from the editor's schema so that a game's type checker needs no zod. The editor's room
 * types must fit them (`npm run typecheck` checks the expectTypeOf lines), and a loaded
 * room must hold every field they name with the type they give.
 *
 * Units: room px.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { loadRoom, type RuntimeRoomInfo, type RuntimeZone } from '../../../src/runtime/index'
import { exportRuntimeRoom } from '../../../src/shared/formats/runtime'
import type { Room as EditorRoom, Zone as EditorZone } from '../../../src/shared/room/schema'
import { runtimeTestRoom } from './runtime-room'

describe('the runtime public types', () => {
  it('are fitted by the editor room types, and a loaded room has every field they name', () => {
    expectTypeOf<EditorZone>().toExtend<RuntimeZone>()
    expectTypeOf<EditorRoom>().toExtend<RuntimeRoomInfo>()
    const source = runtimeTestRoom()
    source.zones[0].enabledBy = 'gateOpen'
    const room = loadRoom(
      exportRuntimeRoom(source, null, null, [{ id: 'gateOpen', default: true }]).text,
    ).room
    expect(typeof room.id).toBe('string')
    expect(typeof room.name).toBe('string')
    expect(room.size).toEqual({ width: 320, height: 200 })
    expect(['mask', 'polygons']).toContain(room.authoritative)
    expect(room.testWalk.start).toEqual({ x: expect.any(Number), y: expect.any(Number) })
    expect(room.points?.map((p) => Object.keys(p).sort())).toEqual([
      ['id', 'name', 'x', 'y'],
      ['id', 'name', 'x', 'y'],
    ])
    const zone = room.zones[0]
    expect(Object.keys(zone).sort()).toEqual(['enabledBy', 'events', 'id', 'name', 'properties', 'shape'])
    expect(zone.shape.kind).toBe('polygon')
    expect(Object.keys(zone.events).sort()).toEqual(['enter', 'exit', 'stand'])
  })
})
