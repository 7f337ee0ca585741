/**
 * The runtime against the core it wraps and against other navmesh libraries, side by side
 * in one process: on the sample courtyard and the polygon rooms of ../shared/bench/rooms,
 * every pair is answered by
 * - runtime: the Walkbox runtime's `room.findPath` (src/runtime, loaded from the room's
 *   runtime file, as a game calls it),
 * - core: navmesh-funnel's own `findPath` on the same prepared data (the call the runtime
 *   wraps, no bookkeeping),
 * - Detour: Recast/Detour in WebAssembly (npm recast-navigation), raw calls
 *   (bench/peers/detour.ts),
 * - npm navmesh: the npm `navmesh` library on our triangles (bench/peers/navmesh-npm.ts).
 *
 * Timing: interleaved. For each pair the four answer it in a rotating order, each as a run
 * of RUN back-to-back calls (the time per call is the run's time / RUN), so load from other
 * processes hits all four alike; the median per call over the pairs counts. Quality is
 * measured after the timed pass, on each answer: the length ratio to the any-angle optimum
 * (measure/metrics.ts) and whether the path stays in the room's walkable area.
 *
 *   tsx bench/runtime-peers.ts [--pairs N] [--seed S]    (also part of npm run bench)
 *
 * Units: µs per query, room px.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import NavMeshModule from 'navmesh'
import { navWorldForRoom } from '../src/shared/analysis/room-world'
import { exportRuntimeRoom, readRuntimeRoom } from '../src/shared/formats/runtime'
import type { Point } from '../src/shared/geometry/types'
import { checkPath, optimalLength, pathLength } from '../src/shared/measure/metrics'
import { randomPairs } from '../src/shared/measure/random'
import { benchRoomAreas, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { navmeshFunnel } from '../src/shared/nav/algorithms/navmesh-funnel'
import type { NavWorld } from '../src/shared/nav/types'
import { worldFromPolygons } from '../src/shared/nav/world'
import { prepareAlgorithm } from '../src/shared/nav/run'
import { areaToWalkPolygon } from '../src/shared/room/convert'
import { emptyRoom, parseProject, parseRoom, type Room } from '../src/shared/room/schema'
import { loadRoom } from '../src/runtime/index'
import { fixed, markdownTable, median, quantile } from '../src/cli/table'
import { detourRoom, initDetour } from './peers/detour'

const NavMesh = ((NavMeshModule as unknown as { default?: typeof NavMeshModule }).default ??
  NavMeshModule) as typeof NavMeshModule

/** Back-to-back calls per timed run (a query takes a few µs; one call is too short to time). */
const RUN = 10

type Pair = [number, number, number, number]
type Answer = { points: Point[]; reached: boolean } | null
type Finder = (from: Point, to: Point) => Answer

export interface PeerRoom {
  name: string
  /** The room a game would export (polygons, flags' starting values). */
  room: Room
  flags: Record<string, boolean>
}

const IMPLEMENTATIONS = ['runtime', 'core', 'Detour (wasm, raw calls)', 'npm navmesh'] as const

export interface PeerFigures {
  /** Per implementation: µs per query, one per pair. */
  times: number[][]
  within: number[]
  compared: number[]
  worst: number[]
  valid: number[]
  reached: number[]
  /** Pairs whose runtime answer equals the core's point for point. */
  same: number
  prepareMs: { detour: number; npm: number; core: number }
}

/** The bench rooms (default state and each alternate state) as rooms of their own, and the sample courtyard. */
export function peerRooms(benchData: string, repoRoot: string): PeerRoom[] {
  const rooms: PeerRoom[] = []
  const sample = join(repoRoot, 'resources/sample-project')
  const project = parseProject(JSON.parse(readFileSync(join(sample, 'project.walkbox.json'), 'utf8')))
  rooms.push({
    name: 'sample courtyard',
    room: parseRoom(JSON.parse(readFileSync(join(sample, 'rooms/courtyard/room.json'), 'utf8'))),
    flags: Object.fromEntries(project.flags.map((f) => [f.id, f.default])),
  })
  const dir = join(benchData, 'rooms')
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('monoags'))
    .sort()) {
    const bench = parseBenchRoom(JSON.parse(readFileSync(join(dir, file), 'utf8')), file)
    const name = file.replace(/\.json$/, '')
    const states: [string, Record<string, boolean>][] = [[name, {}]]
    for (const s of bench.states) states.push([`${name} (${s.name})`, { [s.name]: true }])
    for (const [label, flags] of states) {
      // The state's regions, normalised as the core's world has them, as a polygon room.
      const exact = worldFromPolygons(bench.width, bench.height, benchRoomAreas(bench, flags)).exactPolygons()
      const room = emptyRoom({ id: 'bench', name: label, width: bench.width, height: bench.height })
      room.polygons = exact.map((area, i) => areaToWalkPolygon(area, `p${i}`, 1))
      rooms.push({ name: label, room, flags: {} })
    }
  }
  return rooms
}

function npmNavmesh(world: NavWorld): { finder: Finder; prepareMs: number } {
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
  const t0 = performance.now()
  const mesh = new NavMesh(polygons)
  const prepareMs = performance.now() - t0
  return {
    prepareMs,
    finder: (from, to) => {
      const path = mesh.findPath(from, to)
      return path && path.length ? { points: path.map((p) => ({ x: p.x, y: p.y })), reached: true } : null
    },
  }
}

/** Measures the four on one room; `world` checks their paths. Call initDetour() first. */
export function measurePeers(
  peer: PeerRoom,
  pairCount: number,
  seed: number,
): PeerFigures & { world: NavWorld } {
  const file = exportRuntimeRoom(
    peer.room,
    null,
    null,
    Object.entries(peer.flags).map(([id, d]) => ({ id, default: d })),
  ).text
  const runtime = loadRoom(file)
  // The core on the room the runtime read (the file's normal form), so that both walk one world.
  const world = navWorldForRoom(readRuntimeRoom(file).room, null, runtime.flags)
  const t0 = performance.now()
  const prepared = prepareAlgorithm(world, 'navmesh-funnel').data as Parameters<
    typeof navmeshFunnel.findPath
  >[0]
  const coreMs = performance.now() - t0
  const detour = detourRoom(world)
  const npm = npmNavmesh(world)
  const finders: Finder[] = [
    (a, b) => runtime.findPath(a, b),
    (a, b) => navmeshFunnel.findPath(prepared, a, b),
    (a, b) => detour.findPath(a, b),
    npm.finder,
  ]
  const pairs: Pair[] = randomPairs(world, pairCount, seed)
  const points = pairs.map(
    ([ax, ay, bx, by]) =>
      [
        { x: ax, y: ay },
        { x: bx, y: by },
      ] as const,
  )
  const times: number[][] = finders.map(() => [])
  // Warm-up: every implementation answers the first pairs untimed.
  for (const [a, b] of points.slice(0, 20)) for (const f of finders) for (let k = 0; k < RUN; k++) f(a, b)
  points.forEach(([a, b], i) => {
    for (let j = 0; j < finders.length; j++) {
      const which = (i + j) % finders.length
      const f = finders[which]
      const start = performance.now()
      for (let k = 0; k < RUN; k++) f(a, b)
      times[which].push(((performance.now() - start) / RUN) * 1000)
    }
  })
  const figures: PeerFigures = {
    times,
    within: finders.map(() => 0),
    compared: finders.map(() => 0),
    worst: finders.map(() => 0),
    valid: finders.map(() => 0),
    reached: finders.map(() => 0),
    same: 0,
    prepareMs: { detour: detour.prepareMs, npm: npm.prepareMs, core: coreMs },
  }
  points.forEach(([a, b]) => {
    const optimal = optimalLength(world, a, b)
    const answers = finders.map((f) => f(a, b))
    answers.forEach((answer, j) => {
      // No path at all stays in the room (npm navmesh answers nothing for another island).
      if (!answer || checkPath(world, answer.points).valid) figures.valid[j]++
      if (!answer) return
      if (!answer.reached) return
      figures.reached[j]++
      if (optimal === null || optimal <= 0) return
      const ratio = pathLength(answer.points) / optimal
      figures.compared[j]++
      if (ratio <= 1.01) figures.within[j]++
      figures.worst[j] = Math.max(figures.worst[j], ratio)
    })
    if (JSON.stringify(answers[0]?.points) === JSON.stringify(answers[1]?.points)) figures.same++
  })
  detour.destroy()
  return { ...figures, world }
}

/** The table of one or more rooms, and a line per room on the runtime's overhead. */
export async function runtimePeersSection(
  rooms: PeerRoom[],
  pairCount: number,
  seed: number,
  out: (line?: string) => void,
): Promise<void> {
  await initDetour()
  out(
    `## The runtime vs the core vs Detour vs npm navmesh (${pairCount} seeded pairs a room, seed ${seed}, interleaved)`,
  )
  out()
  const rows: (string | number)[][] = []
  const summary: (string | number)[][] = []
  for (const peer of rooms) {
    const f = measurePeers(peer, pairCount, seed)
    const med = f.times.map((t) => median(t))
    IMPLEMENTATIONS.forEach((label, j) => {
      const n = pairCount
      rows.push([
        peer.name,
        label,
        fixed(med[j], 2),
        fixed(quantile(f.times[j], 0.95), 2),
        f.compared[j] ? `${fixed((100 * f.within[j]) / f.compared[j], 1)}%` : '-',
        f.compared[j] ? fixed(f.worst[j], 3) : '-',
        `${f.reached[j]}/${n}`,
        `${f.valid[j]}/${n}`,
      ])
    })
    summary.push([
      peer.name,
      fixed(med[0] / med[1], 3),
      fixed(med[0] / med[2], 3),
      `${f.same}/${pairCount}`,
      fixed(f.prepareMs.core, 1),
      fixed(f.prepareMs.detour, 1),
    ])
  }
  out(
    markdownTable(
      ['room', 'implementation', '>median µs', '>p95 µs', '>within 1%', '>worst ratio', '>reached', '>valid'],
      rows,
    ),
  )
  out()
  out('Runtime overhead (targets: runtime / core <= 1.10, runtime / Detour <= 1.00):')
  out()
  out(
    markdownTable(
      [
        'room',
        '>runtime / core',
        '>runtime / Detour',
        '>runtime = core',
        '>core prepare ms',
        '>Detour build ms',
      ],
      summary,
    ),
  )
  out()
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { pairs: { type: 'string' }, seed: { type: 'string' } } })
  const here = resolve(import.meta.dirname)
  const benchData = process.env.WALKBOX_BENCH_DIR ?? resolve(here, '../../shared/bench')
  await runtimePeersSection(
    peerRooms(benchData, resolve(here, '..')),
    Number(values.pairs ?? 1000),
    Number(values.seed ?? 2026),
    (line = '') => process.stdout.write(`${line}\n`),
  )
}
