import { describe, expect, it } from 'vitest'
import {
  checkRoomAgainstProject,
  emptyProject,
  emptyRoom,
  FormatError,
  parseProject,
  parseRoom,
  RoomSchema,
  ProjectSchema,
} from '../../../src/shared/room/schema'
import { fullProject, fullRoom } from './fixtures'

/** The message of the FormatError `run` throws. */
function formatError(run: () => unknown): FormatError {
  try {
    run()
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError)
    return e as FormatError
  }
  throw new Error('expected a FormatError')
}

describe('room and project schemas', () => {
  it('accept the full fixtures and the empty constructors', () => {
    expect(RoomSchema.safeParse(fullRoom()).success).toBe(true)
    expect(ProjectSchema.safeParse(fullProject()).success).toBe(true)
    expect(parseRoom(emptyRoom({ id: 'a', width: 640, height: 400 })).size).toEqual({
      width: 640,
      height: 400,
    })
    expect(parseProject(emptyProject({ name: 'P' })).rooms).toEqual([])
  })

  it("sizes a new room's test character to the room: 120 px at most, a quarter of a small room", () => {
    expect(emptyRoom({ id: 'big', width: 1920, height: 1080 }).testWalk).toMatchObject({
      height: 120,
      speed: 160,
    })
    // The issue's Popochiu House, 356 x 200 px: the character was 120 px, now 50 px.
    expect(emptyRoom({ id: 'house', width: 356, height: 200 }).testWalk).toMatchObject({
      height: 50,
      speed: 67,
    })
    expect(emptyRoom({ id: 'tiny', width: 2, height: 2 }).testWalk).toMatchObject({ height: 1, speed: 1 })
    expect(parseRoom(emptyRoom({ id: 'tiny', width: 2, height: 2 })).testWalk.height).toBe(1)
  })

  it('names the file and the path of a short ring', () => {
    const room = fullRoom()
    room.polygons[0].outer = [
      [0, 0],
      [1, 1],
    ]
    const e = formatError(() => parseRoom(room, 'rooms/porch/room.json'))
    expect(e.message).toBe('rooms/porch/room.json: polygons[0].outer: expected at least 3 points')
    expect(e.issues).toEqual([{ path: 'polygons[0].outer', message: 'expected at least 3 points' }])
  })

  it('lists every problem, each with its path', () => {
    const room = fullRoom() as unknown as Record<string, unknown> & ReturnType<typeof fullRoom>
    room.areas[0].colour = 'green'
    room.polygons[0].holes[0][1] = [1, 'x'] as unknown as [number, number]
    room.gates[0].flagExpression = 'door_open &&'
    ;(room as Record<string, unknown>).walkMask = 'x.png'
    const e = formatError(() => parseRoom(room))
    const paths = e.issues.map((i) => i.path)
    expect(paths).toContain('areas[0].colour')
    expect(paths).toContain('polygons[0].holes[0][1][1]')
    expect(paths).toContain('gates[0].flagExpression')
    const all = e.lines.join('\n')
    expect(all).toContain("room.json: areas[0].colour: expected a colour '#rrggbb'")
    expect(all).toContain("gates[0].flagExpression: expected a flag name after '&&' at column 13")
    expect(all).toContain("unexpected field 'walkMask'")
  })

  it('checks references between parts of a room', () => {
    const room = fullRoom()
    room.polygons[0].areaId = 7
    room.nodeGraph.joins.push({ a: 'n1', b: 'n99', oneWay: false, cost: 1 })
    room.zones[1].id = 'mat'
    const e = formatError(() => parseRoom(room))
    expect(e.issues).toContainEqual({
      path: 'polygons[0].areaId',
      message: "expected the id of an area in 'areas', found 7",
    })
    expect(e.issues).toContainEqual({
      path: 'nodeGraph.joins[2].b',
      message: "expected the id of a node in nodeGraph.nodes, found 'n99'",
    })
    expect(e.issues).toContainEqual({
      path: 'zones[1]',
      message: 'duplicate id "mat" (also used by zones[0])',
    })
  })

  it('requires the part a gate kind needs, and a mask file for mask rooms', () => {
    const room = fullRoom()
    delete room.gates[0].polygon
    delete room.gates[1].areaId
    delete room.mask
    const e = formatError(() => parseRoom(room))
    expect(e.issues).toContainEqual({
      path: 'gates[0].polygon',
      message: "expected a polygon for a 'block-polygon' gate",
    })
    expect(e.issues).toContainEqual({
      path: 'gates[1].areaId',
      message: "expected an areaId for an 'open-area' gate",
    })
    expect(e.issues).toContainEqual({
      path: 'mask',
      message: "expected a mask file when authoritative is 'mask'",
    })
  })

  it.each([
    [0, 'expected an area id of at least 1 (0 means not walkable)'],
    [256, 'expected an area id of at most 255'],
    [1.5, 'expected a whole-number area id'],
  ])('refuses area id %s', (id, message) => {
    const room = fullRoom()
    room.areas[0].id = id
    expect(formatError(() => parseRoom(room)).issues[0]).toEqual({ path: 'areas[0].id', message })
  })

  it('refuses paths that leave the folder in the file itself', () => {
    const room = fullRoom()
    room.background = '../other/bg.png'
    room.mask = '/etc/passwd'
    const e = formatError(() => parseRoom(room))
    expect(e.issues).toContainEqual({
      path: 'background',
      message: "'../other/bg.png' goes up with '..'; paths must stay inside the project folder",
    })
    expect(e.issues).toContainEqual({
      path: 'mask',
      message: "'/etc/passwd' is absolute; paths must stay inside the project folder",
    })
  })

  it('refuses duplicate ids, duplicate folders and bad flag ids in a project', () => {
    const project = fullProject()
    project.rooms[1].id = 'porch'
    project.rooms[1].folder = 'Rooms/Porch/'
    project.flags[0].id = 'true'
    project.flags[1].id = '2fast'
    project.characters[0].height = 0
    const e = formatError(() => parseProject(project))
    // One line: the first problem and how many more; every one in `lines`.
    expect(e.message).toBe(`${e.lines[0]} (and 4 more problems)`)
    expect(e.message).not.toContain('\n')
    expect(e.lines).toHaveLength(5)
    expect(e.issues).toContainEqual({
      path: 'rooms[1]',
      message: 'duplicate id "porch" (also used by rooms[0])',
    })
    expect(e.issues).toContainEqual({
      path: 'rooms[1].folder',
      message: "folder 'Rooms/Porch/' is already used by rooms[0]",
    })
    expect(e.issues).toContainEqual({ path: 'flags[0].id', message: "'true' and 'false' cannot be flag ids" })
    expect(e.issues.find((i) => i.path === 'flags[1].id')?.message).toMatch(/expected a flag id/)
    expect(e.issues).toContainEqual({ path: 'characters[0].height', message: 'expected a height above 0 px' })
  })

  it('says which formatVersion it expected', () => {
    const e = formatError(() => parseProject({ ...fullProject(), formatVersion: 2 }))
    expect(e.issues).toEqual([{ path: 'formatVersion', message: 'expected formatVersion 1' }])
  })

  it('checks a room against its project: flags and characters', () => {
    const room = fullRoom()
    const project = fullProject()
    expect(checkRoomAgainstProject(room, project)).toEqual([])
    room.gates[1].flagExpression = 'door_open || cat_fed || !cat_fed'
    room.testWalk.characterId = 'villain'
    expect(checkRoomAgainstProject(room, project)).toEqual([
      {
        path: 'gates[1].flagExpression',
        message: "names the flag 'cat_fed' that the project does not define",
      },
      {
        path: 'testWalk.characterId',
        message: "names the character 'villain' that the project does not define",
      },
    ])
  })
})

describe('hotspots', () => {
  const withHotspots = (edit: (room: ReturnType<typeof fullRoom>) => void) => {
    const room = fullRoom()
    edit(room)
    return room
  }

  it('accepts painted and polygon hotspots with walk-to and look-at points', () => {
    const room = parseRoom(fullRoom())
    expect(room.hotspots?.map((h) => [h.id, h.shape.kind])).toEqual([
      ['calendar', 'mask'],
      ['window', 'polygon'],
    ])
    expect(room.hotspots?.[1]).toMatchObject({
      walkTo: { x: 230, y: 150.5 },
      lookAt: { x: 230, y: 50 },
      direction: 'up',
    })
  })

  it('refuses a painted hotspot without a mask, one mask id used twice, and mask pixels of no hotspot', () => {
    const noMask = formatError(() => parseRoom(withHotspots((r) => delete r.hotspotMask)))
    expect(noMask.issues).toEqual([
      { path: 'hotspotMask', message: "expected a hotspotMask when a hotspot's shape is 'mask'" },
    ])
    const twice = formatError(() =>
      parseRoom(
        withHotspots((r) => {
          r.hotspots![1].shape = { kind: 'mask', maskId: 2 }
        }),
      ),
    )
    expect(twice.issues).toEqual([
      { path: 'hotspots[1].shape.maskId', message: 'expected a mask id of its own, found 2 twice' },
    ])
    const stray = formatError(() =>
      parseRoom(
        withHotspots((r) => {
          r.hotspotMask!.rows[5] = '10 5:7 305'
        }),
      ),
    )
    expect(stray.issues).toEqual([
      { path: 'hotspotMask.rows[5]', message: "expected the id of a 'mask' hotspot in 'hotspots', found 7" },
    ])
  })

  it('refuses rows that do not cover the room, a duplicate id and an unknown direction', () => {
    const short = formatError(() => parseRoom(withHotspots((r) => r.hotspotMask!.rows.pop())))
    expect(short.issues).toEqual([
      { path: 'hotspotMask.rows', message: "expected 200 rows (the room's height), found 199" },
    ])
    const dup = formatError(() => parseRoom(withHotspots((r) => (r.hotspots![1].id = 'calendar'))))
    expect(dup.issues[0].path).toBe('hotspots[1]')
    expect(dup.issues[0].message).toContain('calendar')
    const dir = formatError(() =>
      parseRoom(withHotspots((r) => ((r.hotspots![1] as { direction: string }).direction = 'north'))),
    )
    expect(dir.issues[0]).toMatchObject({ path: 'hotspots[1].direction' })
    expect(dir.issues[0].message).toContain('expected one of up, up-right')
  })

  it('names flags a hotspot needs that the project does not define', () => {
    const room = parseRoom(withHotspots((r) => (r.hotspots![1].enabledBy = 'lamp_on')))
    expect(checkRoomAgainstProject(room, fullProject())).toContainEqual({
      path: 'hotspots[1].enabledBy',
      message: "names the flag 'lamp_on' that the project does not define",
    })
  })
})
