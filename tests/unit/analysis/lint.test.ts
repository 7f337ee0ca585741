/**
 * Room lint on hand-made rooms (an island, a 10 px door for 28 px feet, a node and a
 * start outside, a zone off the floor, a crossed outline, and a clean room) and on the
 * sample courtyard in both gate states.
 */
import { describe, expect, it } from 'vitest'
import { flagValues, navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { labelComponents, lintRoom, squaredClearance } from '../../../src/shared/analysis/lint'
import type { LintEntry } from '../../../src/shared/analysis/lint'
import type { Coord, Room } from '../../../src/shared/room/schema'
import { projectWith, rect, roomOfRects, sample, zone } from './rooms'

const project = projectWith() // hero: foot width 28 px
const kinds = (entries: LintEntry[]) => entries.map((e) => e.kind)

/** A 400 x 200 room: two halves joined by a door `door` px high across a 20 px wall at x 190..210. */
function twoRoomsWithDoor(door: number): Room {
  const top = 100 - door / 2
  const bottom = 100 + door / 2
  const outer: Coord[] = [
    [0, 0],
    [190, 0],
    [190, top],
    [210, top],
    [210, 0],
    [400, 0],
    [400, 200],
    [210, 200],
    [210, bottom],
    [190, bottom],
    [190, 200],
    [0, 200],
  ]
  const room = roomOfRects(400, 200, [{ outer }])
  room.testWalk = { ...room.testWalk, start: { x: 50, y: 150 }, characterId: 'hero' }
  room.nodeGraph.nodes = [
    { id: 'west', x: 100, y: 100 },
    { id: 'east', x: 300, y: 100 },
  ]
  room.zones = [zone('rug', { kind: 'polygon', outer: rect(20, 20, 120, 80) })]
  return room
}

describe('lintRoom', () => {
  it('reports nothing on a clean room', () => {
    expect(lintRoom(twoRoomsWithDoor(60), project, null, {})).toEqual([])
  })

  it('finds a 10 px door that 28 px feet cannot pass, and marks its middle', () => {
    const entries = lintRoom(twoRoomsWithDoor(10), project, null, {})
    expect(kinds(entries)).toEqual(['narrow-corridor'])
    const [door] = entries
    expect(door.severity).toBe('warning')
    expect(door.at.x).toBeGreaterThan(190)
    expect(door.at.x).toBeLessThan(210)
    expect(door.at.y).toBeGreaterThan(95)
    expect(door.at.y).toBeLessThan(105)
    expect(door.message).toBe(
      `The passage at (${Math.round(door.at.x)}, ${Math.round(door.at.y)}) is about 10 px wide, narrower than the feet of Hero there (28 px)`,
    )
    // Feet of 8 px get through; no character (no foot width) means no check.
    expect(lintRoom(twoRoomsWithDoor(10), project, null, {}, { footWidthPx: 8 })).toEqual([])
    const anonymous = twoRoomsWithDoor(10)
    anonymous.testWalk.characterId = undefined
    expect(lintRoom(anonymous, project, null, {})).toEqual([])
  })

  it('finds a slanting passage and measures it across', () => {
    // Two halls joined by a 45-degree strip 17 px tall, so 17 / sqrt(2) = 12 px across.
    const room = roomOfRects(400, 300, [
      { outer: rect(0, 0, 150, 300) },
      { outer: rect(250, 0, 400, 300) },
      {
        outer: [
          [140, 210],
          [260, 90],
          [260, 107],
          [140, 227],
        ],
      },
    ])
    room.testWalk = { ...room.testWalk, start: { x: 50, y: 150 }, characterId: 'hero' }
    const entries = lintRoom(room, project, null, {})
    expect(kinds(entries)).toEqual(['narrow-corridor'])
    expect(entries[0].at.x).toBeGreaterThan(150)
    expect(entries[0].at.x).toBeLessThan(250)
    const across = Number(/about (\d+) px wide/.exec(entries[0].message)![1])
    expect(across).toBeGreaterThanOrEqual(11)
    expect(across).toBeLessThanOrEqual(14)
    expect(lintRoom(room, project, null, {}, { footWidthPx: 8 })).toEqual([])
  })

  it('scales the feet with the room: a 20 px door is fine where the character is drawn at half size', () => {
    const room = twoRoomsWithDoor(20)
    expect(kinds(lintRoom(room, project, null, {}))).toEqual(['narrow-corridor'])
    room.scaling = { mode: 'linear', linear: [{ areaId: 0, stops: [{ y: 0, scale: 50 }] }] }
    expect(lintRoom(room, project, null, {})).toEqual([])
    expect(kinds(lintRoom(room, project, null, {}, { scaleFeet: false }))).toEqual(['narrow-corridor'])
    expect(kinds(lintRoom(twoRoomsWithDoor(10), project, null, {}, { footWidthPx: 28 }))).toEqual([
      'narrow-corridor',
    ])
  })

  it('finds an island the start cannot reach, in the current state of the flags', () => {
    const room = roomOfRects(400, 200, [{ outer: rect(0, 0, 150, 200) }, { outer: rect(250, 50, 350, 150) }])
    room.testWalk.start = { x: 50, y: 100 }
    const entries = lintRoom(room, null, null, {})
    expect(kinds(entries)).toEqual(['island'])
    expect(entries[0].at).toEqual({ x: 299.5, y: 99.5 }) // the first of the four pixels around the centre
    expect(entries[0].message).toBe(
      'The walkable patch around (300, 100) (10000 px²) cannot be reached from the start point (50, 100)',
    )
    // A gate that closes the only way between two halves makes an island while it is shut.
    const halls = roomOfRects(400, 200, [{ outer: rect(0, 0, 400, 200) }])
    halls.testWalk.start = { x: 50, y: 100 }
    halls.gates = [
      {
        id: 'g',
        name: 'Gate',
        kind: 'block-polygon',
        polygon: rect(190, -10, 210, 210),
        flagExpression: '!open',
      },
    ]
    const flagged = projectWith([{ id: 'open', default: true }])
    expect(lintRoom(halls, flagged, null, {})).toEqual([])
    expect(kinds(lintRoom(halls, flagged, null, { open: false }))).toEqual(['island'])
  })

  it('reports a start point and graph nodes outside the walkable area', () => {
    const room = twoRoomsWithDoor(60)
    room.testWalk.start = { x: 200, y: 20 }
    room.nodeGraph.nodes.push({ id: 'in-wall', x: 200, y: 190 })
    const entries = lintRoom(room, project, null, {})
    expect(kinds(entries)).toEqual(['start-outside', 'node-off-area'])
    expect(entries[0]).toMatchObject({
      severity: 'error',
      at: { x: 200, y: 20 },
      message: 'The start point (200, 20) is outside the walkable area',
    })
    expect(entries[1]).toMatchObject({
      id: 'node-off-area:in-wall',
      at: { x: 200, y: 190 },
      message: "Graph node 'in-wall' at (200, 190) is outside the walkable area",
    })
  })

  it('reports a zone that lies mostly off the walkable area, and an area zone on an empty area', () => {
    const room = twoRoomsWithDoor(60)
    // 20 x 100 of wall and 10 x 100 of floor.
    room.zones.push(zone('niche', { kind: 'polygon', outer: rect(180, 0, 210, 60) }))
    room.zones.push(zone('ghost', { kind: 'area', areaId: 9 }))
    const entries = lintRoom(room, project, null, {})
    expect(entries.map((e) => e.id)).toEqual(['zone-off-area:niche', 'zone-off-area:ghost'])
    expect(entries[0].at).toEqual({ x: 195, y: 30 })
    expect(entries[0].message).toContain(
      "Zone 'niche' lies mostly off the walkable area (33 % of it is walkable)",
    )
  })

  it('marks where an outline crosses itself', () => {
    const room = twoRoomsWithDoor(60)
    room.zones.push(
      zone('bow', {
        kind: 'polygon',
        outer: [
          [20, 120],
          [120, 180],
          [120, 120],
          [20, 180],
        ],
      }),
    )
    const entries = lintRoom(room, project, null, {})
    expect(kinds(entries)).toEqual(['self-intersection'])
    expect(entries[0]).toMatchObject({ severity: 'error', at: { x: 70, y: 150 } })
    expect(entries[0].message).toBe("The outline of zone 'bow' crosses itself at (70, 150)")
  })

  it('finds nothing wrong with the sample courtyard, and the east side as an island when the gate is shut', async () => {
    const { project: sampleProject, room, mask } = await sample()
    expect(lintRoom(room, sampleProject, mask, {})).toEqual([])
    const shut = lintRoom(room, sampleProject, mask, { gateOpen: false })
    expect(kinds(shut)).toEqual(['island'])
    expect(shut[0].at.x).toBeGreaterThan(1060)
  })
})

describe('the lint building blocks', () => {
  it('measures clearance to the nearest blocked pixel centre, with the room edge as a wall', () => {
    const width = 7
    const cells = new Uint8Array(width * 3).fill(1)
    cells[1 * width + 0] = 0 // a blocked pixel at (0, 1)
    const d2 = squaredClearance({ width, height: 3, cells })
    expect(d2[1 * width + 0]).toBe(0)
    expect(d2[1 * width + 1]).toBe(1)
    expect(d2[1 * width + 3]).toBe(4) // the top and bottom edges are 2 px away
    expect(d2[0 * width + 6]).toBe(1)
  })

  it('agrees with a brute-force distance transform on the sample courtyard', async () => {
    const { project: sampleProject, room, mask } = await sample()
    const grid = navWorldForRoom(room, mask, flagValues(sampleProject)).grid()
    const d2 = squaredClearance(grid)
    const blocked: [number, number][] = []
    for (let r = 480; r < 560; r++) {
      for (let c = 960; c < 1100; c++) if (grid.cells[r * grid.width + c] === 0) blocked.push([c, r])
    }
    for (const [c, r] of [
      [1030, 510],
      [1010, 520],
      [1045, 505],
    ]) {
      let best = Infinity
      for (const [bc, br] of blocked) best = Math.min(best, (bc - c) ** 2 + (br - r) ** 2)
      expect(d2[r * grid.width + c], `${c},${r}`).toBe(best)
    }
  })

  it('labels 4- and 8-connected components', () => {
    // Two pixels touching at a corner.
    const include = new Uint8Array([1, 0, 0, 1])
    expect(labelComponents(2, 2, include, false).sizes).toEqual([1, 1])
    expect(labelComponents(2, 2, include, true).sizes).toEqual([2])
  })
})
