/**
 * The npm `navmesh` library (2.3.1, mikewesthad) as a peer of navmesh-funnel: the same
 * triangles (our constrained Delaunay triangulation of the room, each triangle one of its
 * convex polygons), the same pairs, timed the same way (warm-up, then one
 * `performance.now()` around each `findPath`, all pairs in a row; the metrics after).
 *
 * Its package names a GitHub dependency (javascript-astar) that this machine cannot
 * fetch; its published bundle already contains that code, so package.json's `overrides`
 * points the name at the registry's javascript-astar 0.4.1, which is never loaded.
 *
 * Units: room px, ms.
 */
import NavMeshModule from 'navmesh'
import type { Point } from '../../src/shared/geometry/types'
import { measurePath, pathLength } from '../../src/shared/measure/metrics'
import type { RunResult } from '../../src/shared/nav/run'
import type { NavWorld } from '../../src/shared/nav/types'
import { clockResolutionMs, timeQuery } from '../../src/shared/measure/timing'

type Pair = [number, number, number, number]

// The bundle is CommonJS with the class on `default`; tsx's interop hands either form.
const NavMesh = ((NavMeshModule as unknown as { default?: typeof NavMeshModule }).default ??
  NavMeshModule) as typeof NavMeshModule

export interface PeerFigures {
  times: number[]
  ratios: number[]
  valid: number
  reached: number
  prepareMs: number
}

/** The library's answer as a RunResult, so that measure/metrics.ts checks it like ours. */
function asResult(points: Point[] | null, from: Point, to: Point, queryMs: number): RunResult {
  return {
    algorithm: 'navmesh-funnel',
    points: points ?? [],
    reached: points !== null && points.length > 0,
    start: from,
    goal: to,
    stats: { queryMs, expanded: 0, prepareMs: 0, bytes: 0 },
    debug: [],
  }
}

export function measureNavmeshNpm(
  world: NavWorld,
  pairs: Pair[],
  optimal: (number | null)[],
  warmUp: number,
): PeerFigures {
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
  const ask = (p: Pair) => mesh.findPath({ x: p[0], y: p[1] }, { x: p[2], y: p[3] })
  for (const p of pairs.slice(0, warmUp)) ask(p)
  const f: PeerFigures = { times: [], ratios: [], valid: 0, reached: 0, prepareMs }
  // As for ours: the timed pass first, the metrics after it.
  const resolutionMs = clockResolutionMs()
  const answers = pairs.map((p) => {
    const t = timeQuery(
      () => {
        const start = performance.now()
        const answer = ask(p)
        return { answer, ms: performance.now() - start }
      },
      () => void ask(p),
      { resolutionMs },
    )
    f.times.push(t.ms)
    return { path: t.answer, queryMs: t.ms }
  })
  answers.forEach(({ path, queryMs }, i) => {
    const p = pairs[i]
    const points = path ? path.map((v) => ({ x: v.x, y: v.y })) : null
    const result = asResult(points, { x: p[0], y: p[1] }, { x: p[2], y: p[3] }, queryMs)
    const m = measurePath(world, result, optimal[i], { clearance: false })
    if (m.valid) f.valid++
    if (result.reached) {
      f.reached++
      const best = optimal[i]
      if (best !== null && best > 0) f.ratios.push(pathLength(result.points) / best)
    }
  })
  return f
}
