/**
 * The runtime agreement check shared by the Node and Chromium tests: the sample courtyard
 * exported as a runtime room, 1000 seeded pairs, and the paths the app's core gives for
 * them (navmesh-funnel, the runtime's default, with the project's flags).
 *
 * Units: room px.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { navWorldForRoom } from '../../src/shared/analysis/room-world'
import { exportRuntimeRoom } from '../../src/shared/formats/runtime'
import { randomPairs } from '../../src/shared/measure/random'
import { prepareAlgorithm, runQuery } from '../../src/shared/nav/run'
import { parseProject, parseRoom } from '../../src/shared/room/schema'
import { repoRoot } from './bench-data'

export const AGREEMENT_PAIRS = 1000
export const AGREEMENT_SEED = 2026

export interface Agreement {
  /** The runtime room file's text. */
  file: string
  pairs: [number, number, number, number][]
  /** The core's path for each pair (points as [x, y]) and whether it reached. */
  expected: { points: [number, number][]; reached: boolean }[]
}

export function sampleAgreement(): Agreement {
  const dir = join(repoRoot, 'resources/sample-project')
  const project = parseProject(JSON.parse(readFileSync(join(dir, 'project.walkbox.json'), 'utf8')))
  const room = parseRoom(JSON.parse(readFileSync(join(dir, 'rooms/courtyard/room.json'), 'utf8')))
  const flags = Object.fromEntries(project.flags.map((f) => [f.id, f.default]))
  const world = navWorldForRoom(room, null, flags)
  const prepared = prepareAlgorithm(world, 'navmesh-funnel')
  const pairs = randomPairs(world, AGREEMENT_PAIRS, AGREEMENT_SEED)
  const expected = pairs.map(([ax, ay, bx, by]) => {
    const r = runQuery(prepared, { x: ax, y: ay }, { x: bx, y: by })
    return { points: r.points.map((p): [number, number] => [p.x, p.y]), reached: r.reached }
  })
  return { file: exportRuntimeRoom(room, null, null, project.flags).text, pairs, expected }
}
