import { normaliseAreas } from '../src/shared/geometry/polygon'
import { worldFromPolygons } from '../src/shared/nav/world'
import { randomPairs } from '../src/shared/nav/random'
import { prepareAlgorithm, runQuery } from '../src/shared/nav/run'
import { syntheticRoom150 } from './rooms/synthetic150'
const worlds = [1, 2, 3].map((s) => worldFromPolygons(1000, 1000, normaliseAreas(syntheticRoom150(s)), 'x' + s))
const variants = ['partial-funnel', 'midpoint', 'closest-point']
for (let round = 0; round < 3; round++) {
  const line: string[] = []
  for (const entry of variants) {
    const t: number[] = []
    for (const world of worlds) {
      const pairs = randomPairs(world, 2000, 1920)
      const prep = prepareAlgorithm(world, 'navmesh-funnel', { entry })
      for (const p of pairs.slice(0, 3)) runQuery(prep, { x: p[0], y: p[1] }, { x: p[2], y: p[3] })
      for (const p of pairs) t.push(runQuery(prep, { x: p[0], y: p[1] }, { x: p[2], y: p[3] }).stats.queryMs)
    }
    t.sort((a, b) => a - b)
    line.push(`${entry} ${(t[t.length >> 1] * 1000).toFixed(1)}µs`)
  }
  console.log(line.join('  '))
}
