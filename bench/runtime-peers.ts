/**
 * The runtime against the core it wraps and against other navmesh libraries, side by side
 * in one process: on the sample courtyard, the polygon rooms of ../shared/bench/rooms (each
 * state a room of its own) and its mask room, every pair is answered by
 * - runtime: the shipped runtime file (packages/runtime/dist, built fresh from the source
 *   by bench/runtime-dist.ts) loading the room's exported runtime file, `room.findPath(a, b)`
 *   as a game calls it; three times more with `options` (the faithful values spelt out): one
 *   object for every call, a new object on each call, and a prepared option set
 *   (`room.prepare`);
 * - core: navmesh-funnel's own `findPath` on data prepared once, without debug layers (the
 *   call the runtime wraps);
 * - Detour: Recast/Detour in WebAssembly (npm recast-navigation, bench/peers/detour.ts) on
 *   the same triangles the runtime searches (the like-for-like peer), on those triangles
 *   merged into convex polygons of up to 6 corners, and on Recast's voxel build;
 * - npm navmesh: the npm `navmesh` library on our triangles (bench/peers/navmesh-npm.ts).
 *
 * Timing: each call is timed alone (one clock reading before and after), interleaved: for
 * each pair every implementation answers once, in a seeded random order drawn afresh for
 * each pair and pass, so that load from other processes hits all alike and no
 * implementation always follows the same one (whose garbage it would collect). One untimed pass over the
 * pairs first (the JIT), then `runs` runs of REPEATS passes; a run keeps the median of its
 * REPEATS readings per pair and call. Per run and implementation: the median and p95 over
 * the pairs, and the total over all pairs; the tables give the median of the runs and their
 * range (min-max). Ratios are taken within a run (same pairs, same moments) and their range
 * is given too. The clock's own cost (a call that does nothing, timed the same way) is
 * printed, not subtracted: it is the same for every implementation. Quality is
 * measured after the timed runs on each answer: the length ratio to the any-angle optimum
 * (measure/metrics.ts) and whether the path stays in the room's walkable area.
 *
 *   tsx bench/runtime-peers.ts [--pairs N] [--seed S] [--runs R] [--loads L]    (also part of npm run bench)
 *
 * Units: µs per query, ms per total, room px.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import NavMeshModule from 'navmesh'
import { navWorldForRoom } from '../src/shared/analysis/room-world'
import { exportRuntimeRoom, readRuntimeRoom } from '../src/shared/formats/runtime'
import type { Point } from '../src/shared/geometry/types'
import { checkPath, optimalLength, pathLength } from '../src/shared/measure/metrics'
import { createRandom, randomPairs, type Random } from '../src/shared/measure/random'
import { benchRoomAreas, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { maskAreasFromImages } from '../src/shared/measure/readers/mask-areas'
import { navmeshFunnel } from '../src/shared/nav/algorithms/navmesh-funnel'
import type { NavWorld } from '../src/shared/nav/types'
import { worldFromPolygons } from '../src/shared/nav/world'
import { areaToWalkPolygon } from '../src/shared/room/convert'
import { emptyRoom, parseProject, parseRoom, type Room } from '../src/shared/room/schema'
import { fixed, markdownTable, median, quantile } from '../src/cli/table'
import { detourRoom, initDetour, type DetourBuild } from './peers/detour'
import { shippedRuntime, type RuntimeModule } from './runtime-dist'
import { runtimeLoadSection } from './runtime-load'

const NavMesh = ((NavMeshModule as unknown as { default?: typeof NavMeshModule }).default ??
  NavMeshModule) as typeof NavMeshModule

type Answer = { points: Point[]; reached: boolean } | null
type Finder = (from: Point, to: Point) => Answer

export interface PeerRoom {
  name: string
  /** The room a game would export (polygons or a mask, flags' starting values). */
  room: Room
  /** The area mask of a mask room (area ids per px), else null. */
  mask: Uint8Array | null
  flags: Record<string, boolean>
}

/** Row labels, in the order the finders are made in measurePeers. */
export const IMPLEMENTATIONS = [
  'runtime',
  'runtime, options (one object)',
  'runtime, options (new object a call)',
  'runtime, options (prepared set)',
  'core (no debug layers)',
  'Detour, same triangles',
  'Detour, merged convex polygons',
  'Detour, Recast voxels',
  'npm navmesh',
] as const
const RUNTIME = 0
const OPTIONS_SHARED = 1
const OPTIONS_NEW = 2
const OPTIONS_SET = 3
const CORE = 4
const DETOUR: Record<DetourBuild, number> = { triangles: 5, convex: 6, voxels: 7 }

/**
 * Readings of each call in one run; the run keeps their median per pair, so that a pause
 * of the machine (a preemption, another process's burst) in one reading does not become
 * that pair's time.
 */
const REPEATS = 3

/** The faithful option values, spelt out (the same work as no options). */
const FAITHFUL = { entry: 'partial-funnel', corridors: 1 }

export interface RunFigures {
  median: number
  p95: number
  /** Sum over all pairs, ms. */
  total: number
}

export interface PeerFigures {
  /** Per implementation, per timed pass. */
  runs: RunFigures[][]
  within: number[]
  compared: number[]
  worst: number[]
  valid: number[]
  reached: number[]
  /** Polygons (or triangles) each implementation searches; 0 where it does not apply. */
  polygons: number[]
  /** Pairs whose runtime answer equals the core's point for point. */
  same: number
  prepareMs: Record<DetourBuild, number> & { core: number }
}

function readBenchRoomFile(dir: string, file: string): PeerRoom[] {
  const bench = parseBenchRoom(JSON.parse(readFileSync(join(dir, file), 'utf8')), file)
  const name = file.replace(/\.json$/, '')
  const states: [string, Record<string, boolean>][] = [[name, {}]]
  for (const s of bench.states) states.push([`${name} (${s.name})`, { [s.name]: true }])
  return states.map(([label, flags]) => {
    // The state's regions, normalised as the core's world has them, as a polygon room.
    const exact = worldFromPolygons(bench.width, bench.height, benchRoomAreas(bench, flags)).exactPolygons()
    const room = emptyRoom({ id: 'bench', name: label, width: bench.width, height: bench.height })
    room.polygons = exact.map((area, i) => areaToWalkPolygon(area, `p${i}`, 1))
    return { name: label, room, mask: null, flags: {} }
  })
}

/** The MonoAGS mask room: one walk area per mask file (area ids 1..4), the mask authoritative. */
async function readMaskRoom(dir: string, sidecarFile: string): Promise<PeerRoom> {
  const sidecar = JSON.parse(readFileSync(join(dir, sidecarFile), 'utf8')) as {
    width: number
    height: number
    masks: { file: string }[]
  }
  const images = []
  for (const m of sidecar.masks) {
    const { data, info } = await sharp(join(dir, m.file))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    images.push({ width: info.width, height: info.height, data: new Uint8Array(data), name: m.file })
  }
  const { grid, areas } = maskAreasFromImages(images, 'alpha')
  const name = sidecarFile.replace(/\.json$/, '')
  const room = emptyRoom({ id: 'bench', name, width: grid.width, height: grid.height })
  room.authoritative = 'mask'
  room.mask = 'walkmask.png'
  room.areas = areas.map((a) => ({ id: a.id, name: a.name, colour: '#3cb371' }))
  return { name, room, mask: grid.cells, flags: {} }
}

/** The sample courtyard, the bench's polygon rooms (each state a room of its own) and its mask room. */
export async function peerRooms(benchData: string, repoRoot: string): Promise<PeerRoom[]> {
  const rooms: PeerRoom[] = []
  const sample = join(repoRoot, 'resources/sample-project')
  const project = parseProject(JSON.parse(readFileSync(join(sample, 'project.walkbox.json'), 'utf8')))
  rooms.push({
    name: 'sample courtyard',
    room: parseRoom(JSON.parse(readFileSync(join(sample, 'rooms/courtyard/room.json'), 'utf8'))),
    mask: null,
    flags: Object.fromEntries(project.flags.map((f) => [f.id, f.default])),
  })
  const dir = join(benchData, 'rooms')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  for (const file of files.filter((f) => !f.startsWith('monoags')))
    rooms.push(...readBenchRoomFile(dir, file))
  for (const file of files.filter((f) => f.startsWith('monoags'))) rooms.push(await readMaskRoom(dir, file))
  return rooms
}

/** The runtime file a game would ship for the room. */
export function runtimeFileOf(peer: PeerRoom): string {
  return exportRuntimeRoom(
    peer.room,
    peer.mask,
    null,
    Object.entries(peer.flags).map(([id, d]) => ({ id, default: d })),
  ).text
}

function npmNavmesh(world: NavWorld): Finder {
  const { vertices, triangles } = world.triangulation()
  const polygons: Point[][] = []
  for (let t = 0; t < triangles.length; t += 3) {
    polygons.push(
      [triangles[t], triangles[t + 1], triangles[t + 2]].map((v) => ({
        x: vertices[2 * v],
        y: vertices[2 * v + 1],
      })),
    )
  }
  const mesh = new NavMesh(polygons)
  return (from, to) => {
    const path = mesh.findPath(from, to)
    return path && path.length ? { points: path.map((p) => ({ x: p.x, y: p.y })), reached: true } : null
  }
}

/** Puts `order` in a random order (Fisher-Yates), so that no implementation always follows the same one. */
export function shuffle(order: number[], random: Random): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    const swap = order[i]
    order[i] = order[j]
    order[j] = swap
  }
}

function runFigures(times: Float64Array): RunFigures {
  const values = Array.from(times)
  let total = 0
  for (const t of values) total += t
  return { median: median(values), p95: quantile(values, 0.95), total: total / 1000 }
}

/** Measures every implementation on one room. Call initDetour() first. */
export function measurePeers(
  runtime: RuntimeModule,
  peer: PeerRoom,
  pairCount: number,
  seed: number,
  runs: number,
): PeerFigures & { world: NavWorld } {
  const file = runtimeFileOf(peer)
  const room = runtime.loadRoom(file)
  // The core on the room the runtime read (the file's normal form), so that both walk one world.
  const read = readRuntimeRoom(file)
  const world = navWorldForRoom(read.room, read.mask, room.flags)
  const t0 = performance.now()
  const prepared = navmeshFunnel.prepare(world, FAITHFUL)
  prepared.debug = false
  const coreMs = performance.now() - t0
  const detours = (['triangles', 'convex', 'voxels'] as const).map((build) => detourRoom(world, build))
  const shared = { options: FAITHFUL }
  const set = room.prepare({ options: FAITHFUL })
  const finders: Finder[] = [
    (a, b) => room.findPath(a, b),
    (a, b) => room.findPath(a, b, shared),
    (a, b) => room.findPath(a, b, { options: { entry: 'partial-funnel', corridors: 1 } }),
    (a, b) => room.findPath(a, b, set),
    (a, b) => navmeshFunnel.findPath(prepared, a, b),
    ...detours.map((d) => (a: Point, b: Point) => d.findPath(a, b)),
    npmNavmesh(world),
  ]
  const F = finders.length
  const points = randomPairs(world, pairCount, seed).map(
    ([ax, ay, bx, by]) =>
      [
        { x: ax, y: ay },
        { x: bx, y: by },
      ] as const,
  )
  const n = points.length
  // Warm-up: every implementation answers every pair once, untimed.
  for (const [a, b] of points) for (const f of finders) f(a, b)
  // times[implementation][run][pair]: the median of REPEATS readings of that call in that run.
  const times = finders.map(() => Array.from({ length: runs }, () => new Float64Array(n)))
  const readings = finders.map(() => Array.from({ length: n }, () => new Float64Array(REPEATS)))
  const order = finders.map((_, j) => j)
  const random = createRandom(seed)
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < REPEATS; k++) {
      for (let i = 0; i < n; i++) {
        const [a, b] = points[i]
        shuffle(order, random)
        for (let j = 0; j < F; j++) {
          const which = order[j]
          const f = finders[which]
          const start = performance.now()
          f(a, b)
          readings[which][i][k] = (performance.now() - start) * 1000
        }
      }
    }
    for (let j = 0; j < F; j++)
      for (let i = 0; i < n; i++) times[j][r][i] = median(Array.from(readings[j][i]))
  }
  const polygons = finders.map(() => 0)
  polygons[RUNTIME] =
    polygons[OPTIONS_SHARED] =
    polygons[OPTIONS_NEW] =
    polygons[OPTIONS_SET] =
      prepared.mesh.triangleCount
  polygons[CORE] = prepared.mesh.triangleCount
  for (const d of detours) polygons[DETOUR[d.build]] = d.polygons
  polygons[F - 1] = prepared.mesh.triangleCount
  const figures: PeerFigures = {
    runs: times.map((perRun) => perRun.map(runFigures)),
    within: finders.map(() => 0),
    compared: finders.map(() => 0),
    worst: finders.map(() => 0),
    valid: finders.map(() => 0),
    reached: finders.map(() => 0),
    polygons,
    same: 0,
    prepareMs: {
      core: coreMs,
      triangles: detours[0].prepareMs,
      convex: detours[1].prepareMs,
      voxels: detours[2].prepareMs,
    },
  }
  for (const [a, b] of points) {
    const optimal = optimalLength(world, a, b)
    const answers = finders.map((f) => f(a, b))
    answers.forEach((answer, j) => {
      // No path at all stays in the room (npm navmesh answers nothing for another island).
      if (!answer || checkPath(world, answer.points).valid) figures.valid[j]++
      if (!answer?.reached) return
      figures.reached[j]++
      if (optimal === null || optimal <= 0) return
      const ratio = pathLength(answer.points) / optimal
      figures.compared[j]++
      if (ratio <= 1.01) figures.within[j]++
      figures.worst[j] = Math.max(figures.worst[j], ratio)
    })
    if (JSON.stringify(answers[RUNTIME]?.points) === JSON.stringify(answers[CORE]?.points)) figures.same++
  }
  for (const d of detours) d.destroy()
  return { ...figures, world }
}

/** The clock's own cost: a call that does nothing, timed as the implementations are, µs (median). */
function clockCost(): number {
  const nothing: Finder = () => null
  const times: number[] = []
  for (let i = 0; i < 20_000; i++) {
    const start = performance.now()
    nothing({ x: 0, y: 0 }, { x: 0, y: 0 })
    times.push((performance.now() - start) * 1000)
  }
  return median(times.slice(10_000))
}

/** "median (min-max)" of one figure over the runs. */
function spread(values: number[], decimals: number): string {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  return `${fixed(median(values), decimals)} (${fixed(lo, decimals)}-${fixed(hi, decimals)})`
}

const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** The tables of every room: times and quality per implementation, then the ratios the targets read. */
export async function runtimePeersSection(
  rooms: PeerRoom[],
  pairCount: number,
  seed: number,
  runs: number,
  out: (line?: string) => void,
  loads = 200,
): Promise<void> {
  await initDetour()
  const shipped = await shippedRuntime()
  const runtime = shipped.module
  out(
    `## The runtime vs the core vs Detour vs npm navmesh (${pairCount} seeded pairs a room, seed ${seed}, ${runs} runs of ${REPEATS} timed passes, interleaved)`,
  )
  out()
  out(
    `The shipped runtime file: ${fixed(shipped.bytes / 1024, 1)} KiB minified, ${fixed(shipped.gzipBytes / 1024, 1)} KiB gzipped. Load average at the start: ${loadNow()}.`,
  )
  out()
  const rows: (string | number)[][] = []
  const summary: (string | number)[][] = []
  const totals = IMPLEMENTATIONS.map(() => [] as number[][])
  for (const peer of rooms) {
    const f = measurePeers(runtime, peer, pairCount, seed, runs)
    IMPLEMENTATIONS.forEach((label, j) => {
      const passes = f.runs[j]
      totals[j].push(passes.map((p) => p.total))
      rows.push([
        peer.name,
        label,
        f.polygons[j] || '-',
        spread(
          passes.map((p) => p.median),
          2,
        ),
        spread(
          passes.map((p) => p.p95),
          2,
        ),
        spread(
          passes.map((p) => p.total),
          2,
        ),
        f.compared[j] ? `${fixed((100 * f.within[j]) / f.compared[j], 1)}%` : '-',
        f.compared[j] ? fixed(f.worst[j], 3) : '-',
        `${f.reached[j]}/${pairCount}`,
        `${f.valid[j]}/${pairCount}`,
      ])
    })
    const ratio = (j: number, k: number, key: keyof RunFigures) =>
      spread(
        f.runs[j].map((p, r) => p[key] / f.runs[k][r][key]),
        3,
      )
    const d = DETOUR.triangles
    const c = DETOUR.convex
    summary.push([
      peer.name,
      ratio(RUNTIME, d, 'median'),
      ratio(RUNTIME, d, 'p95'),
      ratio(RUNTIME, d, 'total'),
      ratio(RUNTIME, c, 'median'),
      ratio(RUNTIME, c, 'p95'),
      ratio(RUNTIME, c, 'total'),
      ratio(OPTIONS_SHARED, RUNTIME, 'total'),
      ratio(OPTIONS_NEW, RUNTIME, 'total'),
      ratio(OPTIONS_SET, RUNTIME, 'total'),
      `${f.same}/${pairCount}`,
    ])
  }
  out(
    markdownTable(
      [
        'room',
        'implementation',
        '>polygons',
        '>median µs',
        '>p95 µs',
        '>total ms',
        '>within 1%',
        '>worst ratio',
        '>reached',
        '>valid',
      ],
      rows,
    ),
  )
  out()
  out(
    `Each figure is the median of ${runs} runs (min-max in brackets; a run takes the median of ${REPEATS} readings a call); a call that does nothing costs ${fixed(clockCost(), 3)} µs on the same clock.`,
  )
  out()
  out(
    'Ratios within each run (targets: runtime / Detour <= 1.00 for median, p95 and total; options / none <= 1.05):',
  )
  out()
  out(
    markdownTable(
      [
        'room',
        '>median / Detour',
        '>p95 / Detour',
        '>total / Detour',
        '>median / Detour convex',
        '>p95 / Detour convex',
        '>total / Detour convex',
        '>options (one object) / none',
        '>options (new object) / none',
        '>options (prepared set) / none',
        '>runtime = core',
      ],
      summary,
    ),
  )
  out()
  const sumOver = (j: number) => totals[j][0].map((_, r) => totals[j].reduce((s, room) => s + room[r], 0))
  out(
    `All rooms, total ms over all pairs: ${IMPLEMENTATIONS.map((label, j) => `${label} ${spread(sumOver(j), 1)}`).join('; ')}.`,
  )
  out()
  await runtimeLoadSection(runtime, rooms, seed, loads, out)
  out(`Load average at the end: ${loadNow()}.`)
  out()
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      loads: { type: 'string' },
    },
  })
  const here = resolve(import.meta.dirname)
  const benchData = process.env.WALKBOX_BENCH_DIR ?? resolve(here, '../../shared/bench')
  await runtimePeersSection(
    await peerRooms(benchData, resolve(here, '..')),
    Number(values.pairs ?? 1000),
    Number(values.seed ?? 2026),
    Number(values.runs ?? 3),
    (line = '') => process.stdout.write(`${line}\n`),
    Number(values.loads ?? 200),
  )
}
