/**
 * Hostile room files, through the desktop's real IPC handlers (openProject, then loadRoom):
 * each is refused with one line naming the file and field and the limit, fast, and the
 * project folder is byte for byte as it was.
 */
import { mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { execFileSync } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  fingerprint,
  makeFixture,
  openThroughIpc,
  refusal,
  ROOM_ID,
  roomJson,
  writeJson,
  type Fixture,
  REFUSAL_MS,
} from './hostile'

let fx: Fixture
let ref: string
beforeEach(async () => {
  fx = await makeFixture()
  ref = await openThroughIpc(fx)
})
afterEach(async () => fx.remove())

const roomFile = () => join(fx.roomDir, 'room.json')
type Json = Record<string, unknown> & {
  polygons: { outer: number[][]; holes: number[][][] }[]
  gates: { flagExpression: string }[]
  zones: { properties: Record<string, string> }[]
  nodeGraph: {
    nodes: { id: string; x: number; y: number }[]
    joins: { a: string; b: string; cost: number }[]
  }
  areas: { id: number; name: string; colour: string; enabledBy?: string }[]
  testWalk: { start: { x: number; y: number }; height: number }
}

/** Write the hostile room, load it through IPC, and return the refusal; the folder must not change. */
async function refusedRoom(make: (room: Json) => void | Promise<void>): Promise<string> {
  const room = (await roomJson(fx)) as Json
  await make(room)
  await writeJson(roomFile(), room)
  return refusedAsIs()
}

/** Load the room as it is on disk through IPC; the refusal; the folder unchanged. */
async function refusedAsIs(): Promise<string> {
  const before = await fingerprint(fx.project)
  const message = await refusal(fx.ipc.loadRoom({ ref, roomId: ROOM_ID }))
  expect(await fingerprint(fx.project)).toEqual(before)
  return message
}

const square = (i: number) => [
  [i, 0],
  [i + 1, 0],
  [i + 1, 1],
]
const L = 'rooms/porch/room.json'

describe('room.json text', { timeout: REFUSAL_MS }, () => {
  it('200,000 unclosed brackets: a message, not a stack overflow', async () => {
    await writeFile(roomFile(), '['.repeat(200_000))
    expect(await refusedAsIs()).toBe(
      `${L} line 1 column 65: nested more than 64 levels deep; expected at most 64 nested arrays and objects`,
    )
  })

  it('200,000 unclosed objects', async () => {
    await writeFile(roomFile(), '{"a":'.repeat(200_000))
    expect(await refusedAsIs()).toBe(
      `${L} line 1 column 321: nested more than 64 levels deep; expected at most 64 nested arrays and objects`,
    )
  })

  it('a deep value inside an otherwise good room, on its own line', async () => {
    await writeFile(roomFile(), `{"formatVersion": 1,\n"x": ${'['.repeat(70)}${']'.repeat(70)}}`)
    expect(await refusedAsIs()).toBe(
      `${L} line 2 column 69: nested more than 64 levels deep; expected at most 64 nested arrays and objects`,
    )
  })

  it('brackets inside strings do not count as depth', async () => {
    const room = await roomJson(fx)
    await writeJson(roomFile(), { ...room, name: '['.repeat(10_000) })
    const loaded = (await fx.ipc.loadRoom({ ref, roomId: ROOM_ID })) as { room: { name: string } }
    expect(loaded.room.name).toHaveLength(10_000)
  })

  it('a room file over 64 MB is refused on its size, unread', async () => {
    await truncate(roomFile(), 65 * 1024 * 1024)
    expect(await refusedAsIs()).toBe(`${L}: is 65 MB; expected at most 64 MB (Walkbox's limit for this file)`)
  })
})

describe('room.json counts', { timeout: REFUSAL_MS }, () => {
  it('1,001 polygons', async () => {
    const message = await refusedRoom((r) => {
      r.polygons = Array.from({ length: 1001 }, (_, i) => ({
        id: `p${i}`,
        areaId: 1,
        outer: square(i),
        holes: [],
      }))
    })
    expect(message).toBe(`${L}: polygons: expected at most 1000 polygons, found 1001 (Walkbox's limit)`)
  })

  it('1,001 holes in one polygon', async () => {
    const message = await refusedRoom((r) => {
      r.polygons[0].holes = Array.from({ length: 1001 }, (_, i) => square(i))
    })
    expect(message).toBe(`${L}: polygons[0].holes: expected at most 1000 holes, found 1001 (Walkbox's limit)`)
  })

  it('a ring of 10,001 vertices', async () => {
    const message = await refusedRoom((r) => {
      r.polygons[0].outer = Array.from({ length: 10_001 }, (_, i) => {
        const a = (i / 10_001) * 2 * Math.PI
        return [32 + 20 * Math.cos(a), 24 + 20 * Math.sin(a)]
      })
    })
    expect(message).toBe(
      `${L}: polygons[0].outer: expected at most 10000 points in a ring, found 10001 (Walkbox's limit)`,
    )
  })

  it('1,001 gates', async () => {
    const message = await refusedRoom((r) => {
      const gate = r.gates[0]
      r.gates = Array.from({ length: 1001 }, (_, i) => ({ ...gate, id: `g${i}` }))
    })
    expect(message).toBe(`${L}: gates: expected at most 1000 gates, found 1001 (Walkbox's limit)`)
  })

  it('1,001 zones', async () => {
    const message = await refusedRoom((r) => {
      const zone = r.zones[0]
      r.zones = Array.from({ length: 1001 }, (_, i) => ({ ...zone, id: `z${i}` }))
    })
    expect(message).toBe(`${L}: zones: expected at most 1000 zones, found 1001 (Walkbox's limit)`)
  })

  it('10,001 nodes', async () => {
    const message = await refusedRoom((r) => {
      r.nodeGraph.nodes = Array.from({ length: 10_001 }, (_, i) => ({ id: `n${i}`, x: i % 64, y: 1 }))
      r.nodeGraph.joins = []
    })
    expect(message).toBe(`${L}: nodeGraph.nodes: expected at most 10000 nodes, found 10001 (Walkbox's limit)`)
  })

  it('50,001 joins', async () => {
    const message = await refusedRoom((r) => {
      r.nodeGraph.joins = Array.from({ length: 50_001 }, () => ({ a: 'n1', b: 'n2', oneWay: false, cost: 1 }))
    })
    expect(message).toBe(`${L}: nodeGraph.joins: expected at most 50000 joins, found 50001 (Walkbox's limit)`)
  })

  it('1,001 named points', async () => {
    const message = await refusedRoom((r) => {
      r.points = Array.from({ length: 1001 }, (_, i) => ({ id: `p${i}`, name: '', x: 1, y: 1 }))
    })
    expect(message).toBe(`${L}: points: expected at most 1000 points, found 1001 (Walkbox's limit)`)
  })

  it('1,001 properties on one zone', async () => {
    const message = await refusedRoom((r) => {
      r.zones[0].properties = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, 'v']))
    })
    expect(message).toBe(
      `${L}: zones[0].properties: expected at most 1000 properties, found 1001 (Walkbox's limit)`,
    )
  })

  it('256 areas', async () => {
    const message = await refusedRoom((r) => {
      r.areas = Array.from({ length: 256 }, (_, i) => ({ id: i + 1, name: `a${i}`, colour: '#000000' }))
    })
    expect(message).toBe(`${L}: areas: expected at most 255 areas (ids 1..255), found 256 (Walkbox's limit)`)
  })
})

describe('room.json numbers: nothing loads that cannot be saved again', { timeout: REFUSAL_MS }, () => {
  const RANGE = 'expected a number from -1000000 to 1000000'
  it('a vertex at x = 1e307', async () => {
    expect(await refusedRoom((r) => void (r.polygons[0].outer[1][0] = 1e307))).toBe(
      `${L}: polygons[0].outer[1][0]: ${RANGE}`,
    )
  })
  it('a hole vertex at y = -1e307', async () => {
    expect(await refusedRoom((r) => void (r.polygons[0].holes[0][2][1] = -1e307))).toBe(
      `${L}: polygons[0].holes[0][2][1]: ${RANGE}`,
    )
  })
  it('a node at x = 1e307', async () => {
    expect(await refusedRoom((r) => void (r.nodeGraph.nodes[0].x = 1e307))).toBe(
      `${L}: nodeGraph.nodes[0].x: ${RANGE}`,
    )
  })
  it('a test-walk start at y = -1e307', async () => {
    expect(await refusedRoom((r) => void (r.testWalk.start.y = -1e307))).toBe(
      `${L}: testWalk.start.y: ${RANGE}`,
    )
  })
  it('a scene offset of 2,000,000 px', async () => {
    expect(await refusedRoom((r) => void (r.sceneOffset = { x: 2e6, y: 0 }))).toBe(
      `${L}: sceneOffset.x: ${RANGE}`,
    )
  })
  it('a join cost of 1e307', async () => {
    expect(await refusedRoom((r) => void (r.nodeGraph.joins[0].cost = 1e307))).toBe(
      `${L}: nodeGraph.joins[0].cost: ${RANGE}`,
    )
  })
  it('a test-walk height of 1e307', async () => {
    expect(await refusedRoom((r) => void (r.testWalk.height = 1e307))).toBe(`${L}: testWalk.height: ${RANGE}`)
  })
  it('a scale stop at y = 1e307', async () => {
    const message = await refusedRoom((r) => {
      r.scaling = { mode: 'linear', linear: [{ areaId: 0, stops: [{ y: 1e307, scale: 100 }] }] }
    })
    expect(message).toBe(`${L}: scaling.linear[0].stops[0].y: ${RANGE}`)
  })
})

describe('room.json flag expressions', { timeout: REFUSAL_MS }, () => {
  it('5,000 nested parentheses: a message, not a RangeError', async () => {
    const message = await refusedRoom((r) => {
      r.gates[0].flagExpression = `${'('.repeat(5000)}door_locked${')'.repeat(5000)}`
    })
    expect(message).toBe(
      `${L}: gates[0].flagExpression: expected at most 1000 characters (Walkbox's limit for a flag expression), found 10011`,
    )
  })

  it('60,000 && terms', async () => {
    const message = await refusedRoom((r) => {
      r.gates[0].flagExpression = Array.from({ length: 60_000 }, () => 'door_locked').join(' && ')
    })
    expect(message).toBe(
      `${L}: gates[0].flagExpression: expected at most 1000 characters (Walkbox's limit for a flag expression), found 899996`,
    )
  })

  it('33 nested brackets within the length limit', async () => {
    const message = await refusedRoom((r) => {
      r.gates[0].flagExpression = `${'('.repeat(33)}door_locked${')'.repeat(33)}`
    })
    expect(message).toBe(
      `${L}: gates[0].flagExpression: '(' at column 33 nests more than 32 levels deep; expected at most 32 nested brackets and '!'`,
    )
  })

  it("33 '!' in a row", async () => {
    const message = await refusedRoom((r) => {
      r.areas[0].enabledBy = `${'!'.repeat(33)}door_locked`
    })
    expect(message).toBe(
      `${L}: areas[0].enabledBy: '!' at column 33 nests more than 32 levels deep; expected at most 32 nested brackets and '!'`,
    )
  })
})

describe('room.json is not a regular file', { timeout: REFUSAL_MS }, () => {
  it('a named pipe: refused at once, never waiting for a writer', async () => {
    await rm(roomFile())
    execFileSync('mkfifo', [roomFile()])
    expect(await refusedAsIs()).toBe(`${L}: is a named pipe; expected a regular file`)
  })

  it('a folder', async () => {
    await rm(roomFile())
    await mkdir(roomFile())
    expect(await refusedAsIs()).toBe(`${L}: is a folder; expected a regular file`)
  })

  it('a link to itself (ELOOP)', async () => {
    await rm(roomFile())
    await symlink('room.json', roomFile())
    expect(await refusedAsIs()).toBe(
      `${L}: too many levels of symbolic links (a link that points back at itself?)`,
    )
  })

  it('a socket', async () => {
    await rm(roomFile())
    const server = createServer()
    await new Promise<void>((done) => server.listen(roomFile(), done))
    try {
      expect(await refusedAsIs()).toBe(
        `${L}: is a socket or a device with nothing behind it; expected a regular file`,
      )
    } finally {
      await new Promise((done) => server.close(done))
    }
  })
})
