/**
 * The prepared navmesh of runtime room files (format version 2, formats/runtime-navmesh.ts):
 * the exporter writes the core's triangles for the starting flags; the runtime answers from
 * them exactly as from a version 1 file (which it still reads), ignores a navmesh made for
 * another room or of a later section version, uses it only in the state it was made for,
 * and refuses a malformed one in one line naming the field. Also the runtime's options:
 * prepared option sets and reused option objects.
 *
 * Units: room px.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadRoom, type RuntimeRoom } from '../../../src/runtime/index'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { exportRuntimeRoom, readRuntimeRoom } from '../../../src/shared/formats/runtime'
import { RUNTIME_NAVMESH_VERSION } from '../../../src/shared/formats/runtime-navmesh'
import { randomPairs } from '../../../src/shared/measure/random'
import { parseProject, parseRoom, type Room } from '../../../src/shared/room/schema'
import { repoRoot } from '../../support/bench-data'
import { runtimeTestRoom } from './runtime-room'
import { MAX_NAVMESH_TRIANGLES } from '../../../src/shared/limits'

type File = Record<string, unknown> & {
  version: number
  room: Room
  navmesh: { version: number; vertices: number[]; triangles: number[]; neighbours: number[]; source: string }
}

const porch = () =>
  JSON.parse(
    exportRuntimeRoom(runtimeTestRoom(), null, null, [{ id: 'gateOpen', default: true }]).text,
  ) as File

function courtyard(): { file: File; flags: Record<string, boolean> } {
  const dir = join(repoRoot, 'resources/sample-project')
  const project = parseProject(JSON.parse(readFileSync(join(dir, 'project.walkbox.json'), 'utf8')))
  const room = parseRoom(JSON.parse(readFileSync(join(dir, 'rooms/courtyard/room.json'), 'utf8')))
  const text = exportRuntimeRoom(room, null, null, project.flags).text
  return {
    file: JSON.parse(text) as File,
    flags: Object.fromEntries(project.flags.map((f) => [f.id, f.default])),
  }
}

/** The file as version 1 wrote it: no navmesh. */
function versionOne(file: File): Record<string, unknown> {
  const { navmesh: _navmesh, ...rest } = file
  return { ...rest, version: 1 }
}

/** Every answer of two loaded rooms on seeded pairs of the file's world, compared as text. */
function expectSamePaths(a: RuntimeRoom, b: RuntimeRoom, file: File, flags: Record<string, boolean>): void {
  const world = navWorldForRoom(readRuntimeRoom(file).room, null, flags)
  for (const [ax, ay, bx, by] of randomPairs(world, 300, 11)) {
    const from = { x: ax, y: ay }
    const to = { x: bx, y: by }
    expect(JSON.stringify(a.findPath(from, to))).toBe(JSON.stringify(b.findPath(from, to)))
  }
}

describe('the prepared navmesh in runtime room files', () => {
  it("is written (version 2) as the core's triangles for the starting flags", () => {
    const { file, flags } = courtyard()
    expect(file.version).toBe(2)
    expect(file.navmesh.version).toBe(RUNTIME_NAVMESH_VERSION)
    const tri = navWorldForRoom(readRuntimeRoom(file).room, null, flags).triangulation()
    expect(file.navmesh.vertices).toEqual(Array.from(tri.vertices))
    expect(file.navmesh.triangles).toEqual(Array.from(tri.triangles))
    expect(file.navmesh.neighbours).toEqual(Array.from(tri.neighbours))
  })

  it('gives the paths a version 1 file gives, which still loads, in every flag state', () => {
    const { file, flags } = courtyard()
    const prepared = loadRoom(file)
    const old = loadRoom(versionOne(file))
    expectSamePaths(prepared, old, file, flags)
    // Another state: the navmesh was made for the starting one, so the runtime makes its own.
    const flag = Object.keys(flags)[0]
    prepared.setFlag(flag, !flags[flag])
    old.setFlag(flag, !flags[flag])
    expectSamePaths(prepared, old, file, { ...flags, [flag]: !flags[flag] })
    prepared.setFlag(flag, flags[flag])
    old.setFlag(flag, flags[flag])
    expectSamePaths(prepared, old, file, flags)
    // Loaded in another state from the start.
    expectSamePaths(
      loadRoom(file, { flags: { [flag]: !flags[flag] } }),
      loadRoom(versionOne(file), { flags: { [flag]: !flags[flag] } }),
      file,
      { ...flags, [flag]: !flags[flag] },
    )
  })

  it("is what the runtime walks when it is the room's (no navmesh of its own is made)", () => {
    // A narrower floor's navmesh under the porch's fingerprint: the runtime trusts the file.
    const file = porch()
    const narrow = structuredClone(file)
    narrow.room.polygons[0].outer = [
      [10, 100],
      [200, 100],
      [200, 195],
      [10, 195],
    ]
    const narrowFile = JSON.parse(
      exportRuntimeRoom(narrow.room, null, null, [{ id: 'gateOpen', default: true }]).text,
    ) as File
    const swapped = { ...file, navmesh: { ...narrowFile.navmesh, source: file.navmesh.source } }
    const path = loadRoom(swapped).findPath({ x: 30, y: 150 }, { x: 290, y: 150 })
    expect(path.reason).toContain('goal outside the walkable area')
    expect(path.points.at(-1)!.x).toBeCloseTo(200, 3)
    expect(loadRoom(file).findPath({ x: 30, y: 150 }, { x: 290, y: 150 }).reached).toBe(true)
  })

  it('is ignored when it was made for another room (edited by hand) or is of a later section version', () => {
    const file = porch()
    // The floor moved: the navmesh no longer matches the polygons, which decide.
    const edited = structuredClone(file)
    edited.room.polygons[0].outer[2] = [300, 195]
    const fresh = JSON.parse(
      exportRuntimeRoom(edited.room, null, null, [{ id: 'gateOpen', default: true }]).text,
    ) as File
    expect(fresh.navmesh.source).not.toBe(file.navmesh.source)
    expectSamePaths(loadRoom(edited), loadRoom(fresh), fresh, { gateOpen: true })
    const far = { x: 305, y: 190 }
    // The click rule moves the goal onto the edited floor (5 px), not onto the stale navmesh's.
    expect(loadRoom(edited).findPath({ x: 30, y: 150 }, far).reason).toContain(
      'goal not walkable, snapped, 5 px',
    )
    const later = structuredClone(file)
    later.navmesh.version = RUNTIME_NAVMESH_VERSION + 1
    later.navmesh.triangles = [] // not read
    expectSamePaths(loadRoom(later), loadRoom(versionOne(file)), file, { gateOpen: true })
  })

  it('is refused in one line naming the field when it is malformed', () => {
    const cases: [string, (n: File['navmesh']) => void, string][] = [
      [
        'not an object',
        (n) => Object.assign(n, { vertices: 'x' }),
        'navmesh.vertices: expected a list of x, y pairs',
      ],
      [
        'a coordinate',
        (n) => (n.vertices[3] = Number.NaN),
        'navmesh.vertices[3]: expected a finite coordinate',
      ],
      [
        'a corner index',
        (n) => (n.triangles[4] = n.vertices.length),
        'navmesh.triangles[4]: expected a vertex index',
      ],
      [
        'a neighbour index',
        (n) => (n.neighbours[0] = 1.5),
        'navmesh.neighbours[0]: expected -1 or a triangle index',
      ],
      [
        'a neighbour that does not name the triangle back',
        (n) => {
          const i = n.neighbours.findIndex((w) => w >= 0)
          const w = n.neighbours[i]
          const j = [0, 1, 2].find((k) => n.neighbours[3 * w + k] === Math.floor(i / 3))!
          n.neighbours[3 * w + j] = -1
        },
        'to share edge',
      ],
      [
        'a flat triangle',
        (n) => (n.triangles[2] = n.triangles[1]),
        'navmesh.triangles[0]: expected triangles with an area',
      ],
      [
        'overlapping triangles',
        (n) => {
          // The first triangle again, twice over: more area than the mesh's box.
          for (let k = 0; k < 40; k++) {
            n.triangles.push(n.triangles[0], n.triangles[1], n.triangles[2])
            n.neighbours.push(-1, -1, -1)
          }
        },
        'navmesh.triangles: expected triangles that do not overlap',
      ],
      [
        'too many triangles',
        (n) => (n.triangles = new Array<number>(3 * (MAX_NAVMESH_TRIANGLES + 1)).fill(0)),
        `at most ${MAX_NAVMESH_TRIANGLES} triangles`,
      ],
      ['an unknown older section version', (n) => (n.version = 0), 'navmesh.version: expected 1'],
    ]
    for (const [what, spoil, message] of cases) {
      const file = porch()
      spoil(file.navmesh)
      expect(() => loadRoom(file, { file: 'porch.walkbox.json' }), what).toThrow(message)
      expect(() => loadRoom(file, { file: 'porch.walkbox.json' }), what).toThrow(
        /^porch\.walkbox\.json: navmesh/,
      )
    }
    expect(() => loadRoom({ ...porch(), version: 3 })).toThrow(
      'runtime format version 3; this runtime reads versions 1 to 2',
    )
  })
})

describe('options in the runtime', () => {
  it('a prepared option set answers as the same options given each call, after flag changes too', () => {
    const room = loadRoom(porch())
    const other = loadRoom(porch())
    const options = { entry: 'midpoint', corridors: 2 }
    const set = room.prepare({ options })
    expect(set.options).toEqual(options)
    expect(() => room.prepare({ options: { nope: 1 } })).toThrow("navmesh-funnel has no option 'nope'")
    const world = navWorldForRoom(readRuntimeRoom(porch()).room, null, { gateOpen: true })
    const pairs = randomPairs(world, 100, 5)
    const check = () => {
      for (const [ax, ay, bx, by] of pairs) {
        const a = { x: ax, y: ay }
        const b = { x: bx, y: by }
        const plain = JSON.stringify(room.findPath(a, b, { options }))
        expect(JSON.stringify(room.findPath(a, b, set))).toBe(plain)
        // Another room's set is read as plain options.
        expect(JSON.stringify(other.findPath(a, b, set))).toBe(
          JSON.stringify(other.findPath(a, b, { options })),
        )
      }
    }
    check()
    room.setFlag('gateOpen', false)
    other.setFlag('gateOpen', false)
    check()
    expect(room.findPath(room.point('left')!, room.point('right')!, set).reached).toBe(false)
  })

  it('sees a change to an options object it was given before', () => {
    const room = loadRoom(porch())
    const from = room.point('left')!
    const to = room.point('right')!
    const options: Record<string, string | number> = { entry: 'partial-funnel' }
    const first = room.findPath(from, to, { options })
    expect(first).toEqual(room.findPath(from, to))
    options.nope = 1
    expect(() => room.findPath(from, to, { options })).toThrow("navmesh-funnel has no option 'nope'")
    delete options.nope
    options.corridors = 4
    expect(room.findPath(from, to, { options })).toEqual(
      room.findPath(from, to, { options: { corridors: 4 } }),
    )
  })
})
