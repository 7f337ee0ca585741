/**
 * The Walkbox runtime for JavaScript games: a room exported with `--format runtime` is
 * loaded and walked, from the sources and from the built bundle (dist-runtime, built here
 * into a temporary folder with the project's own vite.runtime.config.ts) in Node; the
 * same bundle runs in Chromium in tests/e2e/runtime.test.ts.
 *
 * Units: room px; percent.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadRoom } from '../../../src/runtime/index'
import type * as RuntimeModule from '../../../src/runtime/index'
import { exportRuntimeRoom, readRuntimeRoom } from '../../../src/shared/formats/runtime'
import { checkPath } from '../../../src/shared/measure/metrics'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { repoRoot } from '../../support/bench-data'
import { runtimeTestRoom } from './runtime-room'

const file = () => exportRuntimeRoom(runtimeTestRoom(), null, null, [{ id: 'gateOpen', default: true }]).text

describe('Walkbox runtime (sources)', () => {
  it('walks around the hole, through the open gate, and stops short when the gate closes', () => {
    const room = loadRoom(JSON.parse(file()))
    expect(room.flags).toEqual({ gateOpen: true })
    const from = room.point('left')!
    const to = room.point('right')!
    const open = room.findPath(from, to)
    expect(open.reached).toBe(true)
    expect(open.length).toBeGreaterThan(to.x - from.x)
    const world = navWorldForRoom(room.room, null, { gateOpen: true })
    expect(checkPath(world, open.points).valid).toBe(true)
    room.setFlag('gateOpen', false)
    const shut = room.findPath(from, to)
    expect(shut.reached).toBe(false)
    expect(shut.points.at(-1)!.x).toBeLessThanOrEqual(220.5) // at the gate
    for (const algorithm of ['visibility-polygon', 'jps', 'octile-astar'] as const) {
      expect(room.findPath(from, to, { algorithm }).reached, algorithm).toBe(false)
    }
  })

  it('answers zones, scale and walkability at a point, and named points', () => {
    const room = loadRoom(file())
    expect(room.zonesAt({ x: 60, y: 150 }).map((z) => z.name)).toEqual(['Entrance'])
    expect(room.zonesAt({ x: 300, y: 150 })).toEqual([])
    expect(room.scaleAt({ x: 60, y: 100 })).toBeCloseTo(50, 6)
    expect(room.scaleAt({ x: 60, y: 190 })).toBeCloseTo(100, 6)
    expect(room.isWalkable({ x: 150, y: 140 })).toBe(false) // the hole
    expect(room.point('nowhere')).toBeNull()
  })

  it('refuses files that are not runtime rooms, naming what is wrong', () => {
    expect(() => loadRoom({ format: 'other' })).toThrow(
      "not a Walkbox runtime room (format is not 'walkbox-runtime')",
    )
    expect(() => loadRoom({ ...JSON.parse(file()), version: 9 })).toThrow(
      'runtime format version 9; this runtime reads version 1',
    )
    const bad = JSON.parse(file())
    bad.room.size.width = -1
    expect(() => loadRoom(bad, { file: 'porch.walkbox.json' })).toThrow(/porch\.walkbox\.json: size\.width/)
    expect(() =>
      readRuntimeRoom({ ...JSON.parse(file()), mask: { width: 1, height: 1, runs: [1, 5] } }),
    ).toThrow('mask: the runs hold 5 values; expected 64000')
  })
})

describe('Walkbox runtime (the built bundle in Node)', () => {
  let out = ''
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'walkbox-runtime-'))
    await build({
      configFile: join(repoRoot, 'vite.runtime.config.ts'),
      logLevel: 'silent',
      build: { outDir: out },
    })
  }, 120_000)
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true })
  })

  it('gives the same answers as the sources', async () => {
    const bundle = (await import(
      pathToFileURL(join(out, 'walkbox-runtime.js')).href
    )) as typeof RuntimeModule
    const a = bundle.loadRoom(file())
    const b = loadRoom(file())
    const from = { x: 30, y: 150 }
    const to = { x: 290, y: 170 }
    expect(a.findPath(from, to)).toEqual(b.findPath(from, to))
    expect(bundle.ALGORITHM_IDS).toEqual(ALGORITHM_IDS)
  })
})
