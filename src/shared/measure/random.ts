/**
 * A small seeded pseudo-random generator, so that batch runs, benchmarks and tests
 * pick the same points on every machine.
 *
 * Glossary
 * - seed: any 32-bit integer (other numbers are truncated to 32 bits); the same seed
 *   gives the same sequence.
 * - random walkable point: a uniformly drawn point of the room (room px) that the
 *   world says is walkable; drawn by rejection, so it is uniform over the walkable area.
 *
 * Units: room px for points; `next()` returns a number in [0, 1).
 */
import type { Point } from '../geometry/types'
import type { NavWorld } from '../nav/types'

export interface Random {
  /** A number in [0, 1). */
  next(): number
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number
  /** A number in [min, max). */
  range(min: number, max: number): number
}

/**
 * A counter-based generator: a Weyl sequence (add an odd constant each step) scrambled
 * by an integer mixing function (xor-shift and multiply twice). 32-bit state.
 */
export function createRandom(seed: number): Random {
  let state = seed | 0
  const next = (): number => {
    state = (state + 0x9e3779b9) | 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
    z ^= z >>> 15
    return (z >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
  }
}

/**
 * A walkable point drawn uniformly from the room (optionally from `within`, a rectangle in
 * room px), or undefined after `attempts` misses.
 */
export function randomWalkablePoint(
  world: NavWorld,
  random: Random,
  attempts = 10_000,
  within?: { x: number; y: number; width: number; height: number },
): Point | undefined {
  const x0 = within?.x ?? 0
  const y0 = within?.y ?? 0
  const w = within?.width ?? world.width
  const h = within?.height ?? world.height
  for (let i = 0; i < attempts; i++) {
    const p = { x: x0 + random.next() * w, y: y0 + random.next() * h }
    if (world.isWalkable(p)) return p
  }
  return undefined
}

/**
 * `count` pairs of walkable points as [fromX, fromY, toX, toY], the two points of a pair at
 * least `minDistance` px apart when possible (after 100 tries the last draw is kept).
 * Points are pixel centres (c + 0.5, r + 0.5) of walkable pixels: there a full-resolution
 * grid algorithm starts and ends exactly where asked, so every algorithm answers the same
 * question, and the pairs print and reload exactly.
 */
export function randomPairs(
  world: NavWorld,
  count: number,
  seed: number,
  minDistance = 0,
): [number, number, number, number][] {
  const random = createRandom(seed)
  const pairs: [number, number, number, number][] = []
  const centre = (p: Point) => ({ x: Math.floor(p.x) + 0.5, y: Math.floor(p.y) + 0.5 })
  const draw = (): Point | undefined => {
    for (let tries = 0; tries < 100; tries++) {
      const p = randomWalkablePoint(world, random)
      if (!p) return undefined
      const c = centre(p)
      if (world.isWalkable(c)) return c
    }
    return undefined
  }
  for (let i = 0; i < count; i++) {
    let pair: [number, number, number, number] | undefined
    for (let tries = 0; tries < 100; tries++) {
      const a = draw()
      const b = draw()
      if (!a || !b) break
      pair = [a.x, a.y, b.x, b.y]
      if (Math.hypot(a.x - b.x, a.y - b.y) >= minDistance) break
    }
    if (!pair) break
    pairs.push(pair)
  }
  return pairs
}
