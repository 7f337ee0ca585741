/**
 * A synthetic polygon room of the size the polygon targets name: 1000 x 1000 px,
 * 150 vertices (a 100-vertex zig-zag outer ring and five 10-vertex holes), seeded. Used
 * by the bench (beside the real rooms of ../shared/bench/rooms, which have at most 44
 * outline vertices) and by the polygon tests.
 *
 * Units: room px.
 */
import type { AreaPolygon, Ring } from '../../src/shared/geometry/types'
import { createRandom } from '../../src/shared/measure/random'

export const SYNTHETIC_150_SIZE = 1000

export function syntheticRoom150(seed: number): AreaPolygon[] {
  const next = createRandom(seed).next
  const outer: Ring = []
  for (let i = 0; i < 100; i++) {
    const a = (2 * Math.PI * i) / 100
    const rad = 380 + next() * 100 * (i % 2)
    outer.push({ x: Math.round(500 + rad * Math.cos(a)), y: Math.round(500 + rad * Math.sin(a)) })
  }
  const holes: Ring[] = []
  for (const [cx, cy] of [
    [500, 500],
    [300, 350],
    [700, 350],
    [300, 650],
    [700, 650],
  ]) {
    const hole: Ring = []
    for (let i = 0; i < 10; i++) {
      const a = -(2 * Math.PI * i) / 10
      const rad = 40 + next() * 50
      hole.push({ x: Math.round(cx + rad * Math.cos(a)), y: Math.round(cy + rad * Math.sin(a)) })
    }
    holes.push(hole)
  }
  return [{ outer, holes }]
}
