/**
 * The benchmark: `npm run bench` (full, a few minutes on 2 cores) or `npm run bench -- --quick`
 * (a small variant that only shows the bench runs). Prints markdown tables; every random
 * choice is seeded, so a rerun asks the same questions.
 *
 *   tsx bench/run.ts [--quick] [--seed S] [--pairs N] [--polygon-pairs N] [--every K] [--runtime-pairs N]
 *
 * Glossary
 * - generated room: bench/rooms/generate.ts, 1920x1080 px, about a million walkable px,
 *   pillars and a narrow door; queried with far pairs (one hall to the other).
 * - peer: another implementation measured in the same run on the same grid and pairs:
 *   PathFinding.js (npm `pathfinding`) AStarFinder and JumpPointFinder, 8-connected with
 *   no corner cutting (DiagonalMovement.OnlyWhenNoObstacles), octile heuristic. Only its
 *   search is timed; the grid clone it needs per query is made before the clock starts.
 * - speed-up: peer median query time / our median query time, both from this run: ours
 *   and the peer answer each pair back to back (ours first), one timed run each.
 * - batch figures: the generated room and the polygon rooms run through the one batch
 *   runner (src/shared/measure/batch.ts, via bench/batch-figures.ts), as the editor's
 *   worker and `walkbox batch` do.
 * - warm-up: each algorithm answers the first few pairs once, untimed, before the timed pass.
 * - timed pass: every pair answered in a row, nothing else in between; the metrics of the
 *   answers are computed after it. A query under 1 ms is timed by repetition (runs of
 *   back-to-back calls, the median per call over the runs).
 * - median of 3: on the generated room a query of 1 ms or more is timed 3 times and the
 *   median counts; on polygon rooms it is timed once (many pairs). Moving AI maps go
 *   through `walkbox scen`'s loop.
 * - length ratio: path length / any-angle-optimal length on the same pair, or between the
 *   algorithm's own ends when it moved them (grid cell centres; measure/metrics.ts).
 * - bytes per px: bytes the prepared data holds / room pixels (grid algorithms).
 *
 * Units: ms (µs where the header says so), bytes, room px.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import PF from 'pathfinding'
import { normaliseAreas } from '../src/shared/geometry/polygon'
import { optimalLength, pathLength } from '../src/shared/measure/metrics'
import { randomPairs } from '../src/shared/measure/random'
import { benchRoomWorld, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { wasmFloodAvailable } from '../src/shared/nav/grid/flood-kernel'
import { GRID_ALGORITHM_IDS, pathfinders } from '../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../src/shared/nav/run'
import { benchBatch, type AlgoFigures, type BenchVariant } from './batch-figures'
import type { AlgorithmId, NavWorld } from '../src/shared/nav/types'
import { worldFromPolygons } from '../src/shared/nav/world'
import { defaultRuns } from '../src/shared/nav/algorithm-spec'
import { clockResolutionMs, timeQuery } from '../src/shared/measure/timing'
import { scen } from '../src/cli/commands'
import { loadMovingAiWorld, loadScenarios } from '../src/cli/movingai-file'
import { fixed, markdownTable, mean, median, quantile } from '../src/cli/table'
import { farPairs, generateRoom, ROOM_HEIGHT, ROOM_WIDTH } from './rooms/generate'
import { measureNavmeshNpm } from './peers/navmesh-npm'
import { peerRooms, runtimePeersSection } from './runtime-peers'
import { SYNTHETIC_150_SIZE, syntheticRoom150 } from './rooms/synthetic150'

/** The row label of the npm navmesh library, the peer of navmesh-funnel. */
const NAVMESH_NPM = 'peer: npm navmesh 2.3.1'

type Pair = [number, number, number, number]

const here = resolve(import.meta.dirname)
const benchData = process.env.WALKBOX_BENCH_DIR ?? resolve(here, '../../shared/bench')

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1920' },
    pairs: { type: 'string' },
    'polygon-pairs': { type: 'string' },
    every: { type: 'string' },
    'runtime-pairs': { type: 'string' },
  },
})
const quick = values.quick
const seed = Number(values.seed)
const farCount = Number(values.pairs ?? (quick ? 2 : 20))
const polygonPairs = Number(values['polygon-pairs'] ?? (quick ? 20 : 2000))
const every = Number(values.every ?? (quick ? 200 : 5))
/** Pairs a room in the runtime vs core vs Detour vs npm navmesh section (bench/runtime-peers.ts). */
const runtimePairs = Number(values['runtime-pairs'] ?? (quick ? 20 : 1000))
const WARM_UP = quick ? 1 : 3
/** Timed runs in the runtime section (bench/runtime-peers.ts); each gives a median, p95 and total. */
const RUNTIME_RUNS = quick ? 1 : 3
/** Timed runs of a query of 1 ms or more on the generated room; their median counts. */
const REPEATS = quick ? 1 : 3

const has = (id: AlgorithmId) => pathfinders.some((p) => p.id === id)
const out = (text = '') => process.stdout.write(`${text}\n`)
const passMiss = (ok: boolean) => (ok ? 'PASS' : 'MISS')

function optimalLengths(world: NavWorld, pairs: Pair[]): (number | null)[] {
  return pairs.map((p) => optimalLength(world, { x: p[0], y: p[1] }, { x: p[2], y: p[3] }))
}

// ---------------------------------------------------------------------------------------
// 1. The generated room, every algorithm.

function generatedRoom(): { world: NavWorld; pairs: Pair[]; figures: Map<AlgorithmId, AlgoFigures> } {
  const areas = normaliseAreas(generateRoom(seed))
  const world = worldFromPolygons(ROOM_WIDTH, ROOM_HEIGHT, areas, `generated:${seed}`)
  let walkable = 0
  for (const c of world.grid().cells) if (c !== 0) walkable++
  const vertices = areas.reduce((n, a) => n + a.outer.length + a.holes.reduce((m, h) => m + h.length, 0), 0)
  const pairs = farPairs(world, farCount, seed + 1)
  const optimal = optimalLengths(world, pairs)
  out(`## Generated room (${ROOM_WIDTH}x${ROOM_HEIGHT}, seed ${seed})`)
  out()
  out(
    `${walkable.toLocaleString('en')} walkable px, ${areas[0].holes.length} holes, ${vertices} vertices, ` +
      `${pairs.length} far pairs (>= 1000 px apart, through the 14 px door).`,
  )
  out()
  const figures = new Map<AlgorithmId, AlgoFigures>()
  const rows: (string | number)[][] = []
  // Every algorithm with its faithful options, then flood-fill's TypeScript loop beside its default.
  const runs: BenchVariant[] = pathfinders.map((p) => ({
    label: p.id,
    id: p.id,
    options: {},
  }))
  if (has('flood-fill')) runs.push({ label: 'flood-fill loop=js', id: 'flood-fill', options: { loop: 'js' } })
  const measured = benchBatch(world, pairs, runs, { warmUp: WARM_UP, slowRuns: REPEATS, optimal }).figures
  for (const run of runs) {
    const f = measured.get(run.label)!
    if (run.label === run.id) figures.set(run.id, f)
    const isGrid = GRID_ALGORITHM_IDS.includes(run.id)
    rows.push([
      run.label,
      fixed(median(f.times), 3),
      fixed(quantile(f.times, 0.95), 3),
      fixed(f.prepareMs, 1),
      f.bytes.toLocaleString('en'),
      isGrid ? fixed(f.bytes / (ROOM_WIDTH * ROOM_HEIGHT), 2) : '-',
      fixed(mean(f.ratios), 4),
      f.ratios.length ? fixed(Math.max(...f.ratios), 4) : '-',
      `${f.reached}/${pairs.length}`,
      `${f.valid}/${pairs.length}`,
    ])
  }
  out(
    markdownTable(
      [
        'algorithm',
        '>median ms',
        '>p95 ms',
        '>prepare ms',
        '>bytes',
        '>bytes/px',
        '>mean ratio',
        '>max ratio',
        '>reached',
        '>valid',
      ],
      rows,
    ),
  )
  out()
  out(
    `flood-fill's default loop (loop=auto) ran as ${wasmFloodAvailable() ? 'WebAssembly' : 'TypeScript (WebAssembly unavailable)'} here; loop=js is the TypeScript loop, with the same answers.`,
  )
  out()
  return { world, pairs, figures }
}

// ---------------------------------------------------------------------------------------
// 2. Peers: PathFinding.js on the same grid and pairs.

function peers(world: NavWorld, pairs: Pair[], figures: Map<AlgorithmId, AlgoFigures>): void {
  const { width, height, cells } = world.grid()
  const matrix: number[][] = []
  for (let r = 0; r < height; r++) {
    const row = new Array<number>(width)
    for (let c = 0; c < width; c++) row[c] = cells[r * width + c] === 0 ? 1 : 0
    matrix.push(row)
  }
  const grid = new PF.Grid(matrix)
  const finders: { ours: AlgorithmId; name: string; finder: PF.Finder; speedUp: number; maxMs: number }[] = [
    {
      ours: 'octile-astar',
      name: 'PathFinding.js AStarFinder',
      finder: new PF.AStarFinder({
        diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
        heuristic: PF.Heuristic.octile,
      }),
      speedUp: 8,
      maxMs: 40,
    },
    {
      ours: 'jps',
      name: 'PathFinding.js JumpPointFinder',
      finder: PF.JumpPointFinder({
        diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
        heuristic: PF.Heuristic.octile,
      }),
      speedUp: 5,
      maxMs: 10,
    },
  ]
  out('## Peers on the generated room (same grid, same pairs)')
  out()
  const rows: (string | number)[][] = []
  const notes: string[] = []
  const resolutionMs = clockResolutionMs()
  for (const peer of finders) {
    const ours = figures.get(peer.ours)
    const prepared = has(peer.ours) ? prepareAlgorithm(world, peer.ours) : undefined
    const times: number[] = []
    const ourTimes: number[] = []
    let lengthMismatch = 0
    pairs.forEach((p, i) => {
      // Ours and the peer on the same pair back to back, so that load from other processes hits both alike.
      // Both timed under the one policy (measure/timing.ts): once, a fast query again by repetition.
      const from = { x: p[0], y: p[1] }
      const to = { x: p[2], y: p[3] }
      if (prepared) {
        const run = () => {
          const answer = runQuery(prepared, from, to)
          return { answer, ms: answer.stats.queryMs }
        }
        ourTimes.push(timeQuery(run, () => void runQuery(prepared, from, to), { resolutionMs }).ms)
      }
      const ask = (clone: PF.Grid) =>
        peer.finder.findPath(Math.floor(p[0]), Math.floor(p[1]), Math.floor(p[2]), Math.floor(p[3]), clone)
      const peerRun = () => {
        const clone = grid.clone()
        const t0 = performance.now()
        const answer = ask(clone)
        return { answer, ms: performance.now() - t0 }
      }
      const timedPeer = timeQuery(peerRun, () => void ask(grid.clone()), { resolutionMs })
      const path = timedPeer.answer
      times.push(timedPeer.ms)
      const length = pathLength(path.map(([x, y]) => ({ x, y })))
      const mine = ours?.lengths[i]
      if (mine !== null && mine !== undefined && Math.abs(mine - length) > 0.01) lengthMismatch++
    })
    const peerMs = median(times)
    const ourMs = prepared ? median(ourTimes) : NaN
    const ratio = peerMs / ourMs
    const ok = Number.isFinite(ratio) && ratio >= peer.speedUp && ourMs <= peer.maxMs
    rows.push([
      peer.ours,
      ours ? fixed(ourMs, 3) : 'not available',
      peer.name,
      fixed(peerMs, 3),
      fixed(ratio, 1) + 'x',
      `>= ${peer.speedUp}x, <= ${peer.maxMs} ms`,
      ours ? passMiss(ok) : 'MISS',
    ])
    if (ours && lengthMismatch > 0)
      notes.push(
        `${peer.ours}: ${lengthMismatch} of ${pairs.length} path lengths differ from ${peer.name} by more than 0.01 px.`,
      )
  }
  const flood = figures.get('flood-fill')
  const floodMs = flood ? median(flood.times) : NaN
  rows.push([
    'flood-fill',
    flood ? fixed(floodMs, 3) : 'not available',
    '-',
    '-',
    '-',
    '<= 10 ms',
    passMiss(floodMs <= 10),
  ])
  out(
    markdownTable(
      ['ours', '>our median ms', 'peer', '>peer median ms', '>speed-up', 'target', 'result'],
      rows,
    ),
  )
  out()
  for (const n of notes) out(`- ${n}`)
  if (notes.length) out()
}

// ---------------------------------------------------------------------------------------
// 3. The polygon rooms of ../shared/bench/rooms.

function polygonRooms(): void {
  const dir = join(benchData, 'rooms')
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('monoags'))
  const worlds: { name: string; world: NavWorld; big: boolean }[] = []
  for (const file of files.sort()) {
    const room = parseBenchRoom(JSON.parse(readFileSync(join(dir, file), 'utf8')), file)
    const name = file.replace(/\.json$/, '')
    worlds.push({ name, world: benchRoomWorld(room, {}, `bench:${file}`), big: false })
    for (const state of room.states) {
      worlds.push({
        name: `${name} (${state.name})`,
        world: benchRoomWorld(room, { [state.name]: true }, `bench:${file}`),
        big: false,
      })
    }
  }
  // The real rooms have at most 44 outline vertices; the targets name rooms of up to 150.
  for (const s of [1, 2, 3]) {
    const areas = normaliseAreas(syntheticRoom150(s))
    const size = SYNTHETIC_150_SIZE
    worlds.push({
      name: `synthetic-150v-${s}`,
      world: worldFromPolygons(size, size, areas, `synthetic150:${s}`),
      big: true,
    })
  }
  // Default options first; navmesh-funnel's classic corridor costs beside its default for comparison.
  const allVariants: BenchVariant[] = [
    { label: 'visibility-polygon', id: 'visibility-polygon', options: {} },
    { label: 'navmesh-funnel', id: 'navmesh-funnel', options: {} },
    { label: 'navmesh-funnel entry=midpoint', id: 'navmesh-funnel', options: { entry: 'midpoint' } },
    {
      label: 'navmesh-funnel entry=closest-point',
      id: 'navmesh-funnel',
      options: { entry: 'closest-point' },
    },
    { label: 'any-angle-optimal', id: 'any-angle-optimal', options: {} },
  ]
  const variants = allVariants.filter((v) => has(v.id))
  out(
    `## Polygon rooms of ../shared/bench/rooms and three 150-vertex rooms (${polygonPairs} seeded pairs each, seed ${seed})`,
  )
  out()
  const rows: (string | number)[][] = []
  const all: Aggregates = new Map()
  const big: Aggregates = new Map()
  for (const { name, world, big: isBig } of worlds) {
    const pairs = randomPairs(world, polygonPairs, seed)
    const optimal = optimalLengths(world, pairs)
    const measured = benchBatch(world, pairs, variants, { warmUp: WARM_UP, optimal }).figures
    const runs: {
      label: string
      figures: () => { times: number[]; ratios: number[]; valid: number; prepareMs: number }
    }[] = variants.map(({ label }) => ({ label, figures: () => measured.get(label)! }))
    runs.push({ label: NAVMESH_NPM, figures: () => measureNavmeshNpm(world, pairs, optimal, WARM_UP) })
    for (const { label, figures } of runs) {
      const f = figures()
      const within = f.ratios.filter((r) => r <= 1.01).length
      for (const aggregates of isBig ? [all, big] : [all]) {
        const agg = aggregates.get(label) ?? { times: [], within: 0, compared: 0, valid: 0, n: 0 }
        agg.times.push(...f.times)
        agg.within += within
        agg.compared += f.ratios.length
        agg.valid += f.valid
        agg.n += pairs.length
        aggregates.set(label, agg)
      }
      rows.push([
        name,
        label,
        fixed(median(f.times) * 1000, 1),
        fixed(quantile(f.times, 0.95) * 1000, 1),
        fixed(f.prepareMs, 2),
        fixed(mean(f.ratios), 4),
        f.ratios.length ? fixed(Math.max(...f.ratios), 4) : '-',
        f.ratios.length ? `${fixed((100 * within) / f.ratios.length, 1)}%` : '-',
        `${f.valid}/${pairs.length}`,
      ])
    }
  }
  out(
    markdownTable(
      [
        'room',
        'algorithm',
        '>median µs',
        '>p95 µs',
        '>prepare ms',
        '>mean ratio',
        '>max ratio',
        '>within 1%',
        '>valid',
      ],
      rows,
    ),
  )
  out()
  out('Targets over all polygon rooms:')
  out()
  out(markdownTable(['algorithm', 'target', '>measured', 'result'], targetRows(all)))
  out()
  out('The same over the 150-vertex rooms only:')
  out()
  out(markdownTable(['algorithm', 'target', '>measured', 'result'], targetRows(big)))
  out()
}

type Aggregates = Map<string, { times: number[]; within: number; compared: number; valid: number; n: number }>

/** The polygon targets over some rooms' aggregates: ours with PASS/MISS, options and the peer beside them. */
function targetRows(aggregates: Aggregates): (string | number)[][] {
  const targets: (string | number)[][] = []
  const vis = aggregates.get('visibility-polygon')
  if (vis) {
    const us = median(vis.times) * 1000
    targets.push(['visibility-polygon', 'median query <= 100 µs', `${fixed(us, 1)} µs`, passMiss(us <= 100)])
  }
  // The default navmesh-funnel is the one the targets are for; the classic corridor costs and the npm library beside it.
  for (const [key, label] of [
    ['navmesh-funnel', 'navmesh-funnel (default: entry=partial-funnel)'],
    ['navmesh-funnel entry=midpoint', 'navmesh-funnel entry=midpoint (classic, option)'],
    ['navmesh-funnel entry=closest-point', 'navmesh-funnel entry=closest-point (Godot 4, option)'],
    [NAVMESH_NPM, `${NAVMESH_NPM} (for reference)`],
  ]) {
    const nav = aggregates.get(key)
    if (!nav) continue
    const us = median(nav.times) * 1000
    const share = nav.compared ? nav.within / nav.compared : 0
    // The targets are ours; an option or a peer only shows where it would stand.
    const verdict = (ok: boolean) =>
      key === 'navmesh-funnel' ? passMiss(ok) : ok ? '(would pass)' : '(would miss)'
    targets.push([label, 'median query <= 20 µs', `${fixed(us, 1)} µs`, verdict(us <= 20)])
    targets.push([
      label,
      'within 1% of optimum on >= 99% of pairs',
      `${fixed(100 * share, 2)}%`,
      verdict(share >= 0.99),
    ])
  }
  return targets
}

// ---------------------------------------------------------------------------------------
// 4. Moving AI maps.

async function movingAi(): Promise<void> {
  const dir = join(benchData, 'movingai')
  let maps = readdirSync(dir)
    .filter((f) => f.endsWith('.map'))
    .sort()
  if (quick) maps = maps.filter((m) => m.startsWith('den520d'))
  const ids = (['octile-astar', 'jps'] as AlgorithmId[]).filter(has)
  out(`## Moving AI maps (every ${every}th scenario)`)
  out()
  const rows: (string | number)[][] = []
  for (const map of maps) {
    const world = await loadMovingAiWorld(join(dir, map))
    const scenarios = (await loadScenarios(join(dir, `${map}.scen`), world)).filter((_, i) => i % every === 0)
    const report = scen(map, world, scenarios, defaultRuns(ids))
    for (const r of report.results) {
      rows.push([
        map.replace(/\.map$/, ''),
        r.algorithm,
        `${r.solved}/${report.scenarios}`,
        `${r.optimal}/${report.scenarios}`,
        fixed(r.medianQueryMs, 3),
        fixed(r.meanLengthRatio, 5),
        fixed(r.prepareMs, 1),
      ])
    }
  }
  out(
    markdownTable(
      ['map', 'algorithm', '>solved', '>optimal', '>median ms', '>mean ratio', '>prepare ms'],
      rows,
    ),
  )
  out()
}

/** The 1-minute load average and the core count: timings from a busy machine are slower. */
function load(): string {
  return `${fixed(loadavg()[0], 2)} on ${cpus().length} cores`
}

/** Undo history memory per vertex move (bench/history-memory.ts, in a child with the collector exposed). */
function historyMemory(): void {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(here, 'history-memory.ts'), '--moves', quick ? '200' : '1000'],
    { encoding: 'utf8' },
  )
  if (child.status !== 0) throw new Error(`bench/history-memory.ts failed: ${child.stderr}`)
  out(child.stdout.trim())
  out()
}

/** Walkbox's zstd decoder against Node's zlib (bench/zstd.ts, in a child; skipped without the zstd tool). */
function zstdDecode(): void {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'zstd.ts'), '--runs', quick ? '3' : '9'],
    { encoding: 'utf8' },
  )
  if (child.status !== 0) {
    const reason = child.stderr.trim().split('\n').at(-1) ?? 'failed'
    out(`(bench/zstd.ts did not run: ${reason})`)
    out()
    return
  }
  out(child.stdout.trim())
  out()
}

async function main(): Promise<void> {
  const t0 = performance.now()
  out(`# Walkbox benchmark${quick ? ' (quick)' : ''}`)
  out()
  out(
    `Node ${process.version}, ${process.platform}/${process.arch}, load average ${load()} at the start. ` +
      `Algorithms: ${pathfinders.map((p) => p.id).join(', ')}.`,
  )
  out()
  const { world, pairs, figures } = generatedRoom()
  peers(world, pairs, figures)
  polygonRooms()
  await runtimePeersSection(
    await peerRooms(benchData, resolve(here, '..')),
    runtimePairs,
    seed,
    RUNTIME_RUNS,
    out,
    quick ? 10 : 200,
  )
  await movingAi()
  historyMemory()
  zstdDecode()
  out(`Total bench time ${fixed((performance.now() - t0) / 1000, 1)} s; load average at the end ${load()}.`)
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exitCode = 1
})
