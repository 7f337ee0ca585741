/**
 * Hostile geometry for the property tests: rooms whose drawing is invalid in every way an
 * author (or a file from elsewhere) can make it, each small enough that 10,000 queries per
 * algorithm stay quick. Each goes through the same path as the editor and the CLI
 * (room -> navWorldForRoom -> clipped walkable region). `queryEveryAlgorithm` asks many
 * seeded queries of every algorithm and checks each path with the metrics' validity check.
 * Used by tests/unit/hostile-geometry and bench/hostile-geometry.ts.
 *
 * Units: room px.
 */
import { navWorldForRoom } from '../../src/shared/analysis/room-world'
import { checkPath } from '../../src/shared/measure/metrics'
import { randomPairs } from '../../src/shared/measure/random'
import { ALGORITHM_IDS } from '../../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../../src/shared/nav/run'
import type { NavWorld } from '../../src/shared/nav/types'
import type { AlgorithmId } from '../../src/shared/nav/registry'
import { emptyRoom, type Coord, type Room } from '../../src/shared/room/schema'

const rect = (x0: number, y0: number, x1: number, y1: number): Coord[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
]

function room(width: number, height: number, polygons: { outer: Coord[]; holes?: Coord[][] }[]): Room {
  const r = emptyRoom({ id: 'hostile', width, height })
  r.polygons = polygons.map((p, i) => ({ id: `p${i + 1}`, areaId: 1, outer: p.outer, holes: p.holes ?? [] }))
  return r
}

export interface HostileRoom {
  name: string
  room: Room
  world: NavWorld
}

function hostile(name: string, r: Room): HostileRoom {
  return { name, room: r, world: navWorldForRoom(r, null, {}) }
}

/** The rooms, by name. */
export function hostileRooms(): Record<string, HostileRoom> {
  // A gate drawn across the room's edge, closed by default.
  const gated = room(100, 50, [{ outer: rect(2, 2, 98, 48) }])
  gated.gates = [
    { id: 'g', name: 'Fence', kind: 'block-polygon', polygon: rect(60, -5, 66, 35), flagExpression: '' },
  ]
  const all = [
    // A hole that crosses the room from top to bottom: two rooms that no path may join.
    hostile(
      'hole splitting the room',
      room(100, 50, [{ outer: rect(2, 2, 98, 48), holes: [rect(45, 0, 55, 50)] }]),
    ),
    // A hole half outside its outline, and one with a corner on it.
    hostile(
      'holes crossing and touching the outline',
      room(100, 50, [
        {
          outer: rect(2, 2, 98, 48),
          holes: [
            rect(70, 20, 110, 30),
            [
              [2, 25],
              [20, 15],
              [20, 35],
            ],
          ],
        },
      ]),
    ),
    // A self-crossing outline.
    hostile(
      'bow-tie outline',
      room(100, 50, [
        {
          outer: [
            [2, 2],
            [98, 48],
            [98, 2],
            [2, 48],
          ],
        },
      ]),
    ),
    // Overlapping polygons, one self-overlapping (a ring that goes round twice) and a zero-area sliver.
    hostile(
      'overlaps, a double loop and a zero-area sliver',
      room(100, 50, [
        { outer: rect(2, 2, 60, 30) },
        { outer: rect(40, 20, 98, 48) },
        {
          outer: [
            [5, 40],
            [30, 40],
            [30, 48],
            [5, 48],
            [5, 42],
            [28, 42],
            [28, 46],
            [5, 46],
          ],
        },
        {
          outer: [
            [10, 10],
            [50, 10],
            [90, 10],
          ],
        },
      ]),
    ),
    hostile('closed gate across the outline', gated),
  ]
  return Object.fromEntries(all.map((h) => [h.name, h]))
}

/** A circle of `n` vertices, radius 900 px, in a 2000 x 2000 room. */
export function circleRoom(n: number): HostileRoom {
  const outer: Coord[] = Array.from({ length: n }, (_, i) => [
    1000 + 900 * Math.cos((2 * Math.PI * i) / n),
    1000 + 900 * Math.sin((2 * Math.PI * i) / n),
  ])
  return hostile(`${n}-vertex circle`, room(2000, 2000, [{ outer }]))
}

export interface AlgorithmTally {
  algorithm: AlgorithmId
  queries: number
  reached: number
  invalid: number
  errors: number
  /** The first few defects, for the failure message. */
  examples: string[]
}

export function queryEveryAlgorithm(world: NavWorld, count: number, seed: number): AlgorithmTally[] {
  const pairs = randomPairs(world, count, seed)
  return ALGORITHM_IDS.map((algorithm) => {
    const prepared = prepareAlgorithm(world, algorithm)
    const tally: AlgorithmTally = {
      algorithm,
      queries: pairs.length,
      reached: 0,
      invalid: 0,
      errors: 0,
      examples: [],
    }
    for (const [x0, y0, x1, y1] of pairs) {
      const result = runQuery(prepared, { x: x0, y: y0 }, { x: x1, y: y1 })
      if (result.error) {
        tally.errors++
        if (tally.examples.length < 3)
          tally.examples.push(`(${x0}, ${y0}) -> (${x1}, ${y1}): ${result.error}`)
        continue
      }
      if (!result.reached) continue
      tally.reached++
      const validity = checkPath(world, result.points)
      if (!validity.valid) {
        tally.invalid++
        if (tally.examples.length < 3)
          tally.examples.push(`(${x0}, ${y0}) -> (${x1}, ${y1}): ${validity.defects[0].message}`)
      }
    }
    return tally
  })
}
