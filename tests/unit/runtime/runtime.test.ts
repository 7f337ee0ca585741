/**
 * The Walkbox runtime for JavaScript games: a room exported with `--format runtime` is
 * loaded and walked, from the sources and from the built bundle (dist-runtime, built here
 * into a temporary folder with the project's own vite.runtime.config.ts) in Node; the
 * same bundle runs in Chromium in tests/e2e/runtime.test.ts.
 *
 * Units: room px; percent.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jps, loadRoom, octileAstar, visibilityPolygon } from '../../../src/runtime/index'
import type * as RuntimeModule from '../../../src/runtime/index'
import { exportRuntimeRoom, readRuntimeRoom } from '../../../src/shared/formats/runtime'
import { checkPath } from '../../../src/shared/measure/metrics'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { zonesAt as coreZonesAt } from '../../../src/shared/analysis/zones'
import { repoRoot } from '../../support/bench-data'
import { runtimeTestRoom } from './runtime-room'
import { sampleAgreement, type Agreement } from '../../support/runtime-agreement'

const run = promisify(execFile)

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
    const world = navWorldForRoom(readRuntimeRoom(file()).room, null, { gateOpen: true })
    expect(checkPath(world, open.points).valid).toBe(true)
    room.setFlag('gateOpen', false)
    const shut = room.findPath(from, to)
    expect(shut.reached).toBe(false)
    expect(shut.points.at(-1)!.x).toBeLessThanOrEqual(220.5) // at the gate
    for (const algorithm of [visibilityPolygon, jps, octileAstar]) {
      expect(room.findPath(from, to, { algorithm }).reached, algorithm.id).toBe(false)
    }
  })

  it('refuses a flag the room does not have, in one line, and changes nothing', () => {
    const room = loadRoom(file())
    expect(() => room.setFlag('gate_open', false)).toThrow(
      "setFlag: the room has no flag 'gate_open'; its flags are 'gateOpen'",
    )
    expect(room.flags).toEqual({ gateOpen: true })
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

  it('gives the zones of an area mask in a polygon room, as the app core does', () => {
    // The polygon room's area mask paints area 2 over the porch's right end; a zone is
    // given by that area. The editor passes the mask to the core, so the runtime must too.
    const room = runtimeTestRoom()
    room.zones.push({
      id: 'stairs',
      name: 'Stairs',
      shape: { kind: 'area', areaId: 2 },
      events: { enter: 'onStairs', exit: '', stand: '' },
      properties: {},
    })
    const { width, height } = room.size
    const mask = new Uint8Array(width * height)
    for (let y = 100; y < 195; y++) for (let x = 10; x < 310; x++) mask[y * width + x] = x >= 250 ? 2 : 1
    const runtime = loadRoom(exportRuntimeRoom(room, mask, null, [{ id: 'gateOpen', default: true }]).text)
    const flags = { gateOpen: true }
    let inStairs = 0
    for (let y = 90; y <= 200; y += 5) {
      for (let x = 0; x <= 320; x += 5) {
        const p = { x: x + 0.5, y: y + 0.5 }
        const core = coreZonesAt(room, mask, flags, p).map((z) => z.id)
        expect(
          runtime.zonesAt(p).map((z) => z.id),
          `at ${p.x},${p.y}`,
        ).toEqual(core)
        if (core.includes('stairs')) inStairs++
      }
    }
    expect(inStairs).toBeGreaterThan(50)
    expect(runtime.zonesAt({ x: 280, y: 150 }).map((z) => z.name)).toEqual(['Stairs'])
  })

  it('keeps answering after a flag changes back and forth, and prepares each algorithm once per state', () => {
    const room = loadRoom(file())
    const from = room.point('left')!
    const to = room.point('right')!
    const open = room.findPath(from, to)
    const again = room.findPath(from, to)
    expect(again).toEqual(open)
    room.setFlag('gateOpen', false)
    expect(room.findPath(from, to).reached).toBe(false)
    room.setFlag('gateOpen', false) // no change
    expect(room.findPath(from, to).reached).toBe(false)
    room.setFlag('gateOpen', true)
    expect(room.findPath(from, to)).toEqual(open)
    // Options over the faithful ones are their own prepared data; unknown ones are refused.
    expect(room.findPath(from, to, { options: { entry: 'midpoint' } }).reached).toBe(true)
    expect(() => room.findPath(from, to, { options: { nope: 1 } })).toThrow(
      "navmesh-funnel has no option 'nope'",
    )
  })

  it('refuses files that are not runtime rooms, naming what is wrong', () => {
    expect(() => loadRoom({ format: 'other' })).toThrow(
      "not a Walkbox runtime room (format is not 'walkbox-runtime')",
    )
    expect(() => loadRoom({ ...JSON.parse(file()), version: 9 })).toThrow(
      'runtime format version 9; this runtime reads versions 1 to 2',
    )
    const bad = JSON.parse(file())
    bad.room.size.width = -1
    expect(() => loadRoom(bad, { file: 'porch.walkbox.json' })).toThrow(
      'porch.walkbox.json: room.size: expected a width and height in whole px',
    )
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
    const bundle = (await import(pathToFileURL(join(out, 'walkbox-runtime.js')).href)) as typeof RuntimeModule
    const a = bundle.loadRoom(file())
    const b = loadRoom(file())
    const from = { x: 30, y: 150 }
    const to = { x: 290, y: 170 }
    expect(a.findPath(from, to)).toEqual(b.findPath(from, to))
    // Every registered algorithm is exported by name (src/shared/nav/pathfinder-exports.ts).
    const exported = (Object.values(bundle) as unknown[])
      .filter((v): v is { id: string } => typeof v === 'object' && v !== null && 'findPath' in v)
      .map((p) => p.id)
    expect(exported.sort()).toEqual([...ALGORITHM_IDS].sort())
  })

  it('a plain Node script with the built file gives the same paths as the app core for 1000 seeded pairs', async () => {
    const agreement = sampleAgreement()
    const input = join(out, 'input.json')
    await writeFile(input, JSON.stringify({ file: agreement.file, pairs: agreement.pairs }))
    const { stdout } = await run(
      process.execPath,
      [join(repoRoot, 'tests/support/runtime-node-check.mjs'), join(out, 'walkbox-runtime.js'), input],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    const got = JSON.parse(stdout) as Agreement['expected']
    expect(got).toHaveLength(1000)
    let same = 0
    got.forEach((g, i) => {
      if (JSON.stringify(g) === JSON.stringify(agreement.expected[i])) same++
    })
    expect(same).toBe(1000)
    expect(agreement.expected.filter((e) => e.reached).length).toBeGreaterThan(900)
  })
})
