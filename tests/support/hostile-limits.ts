/**
 * Geometry at the edge of the documented limits (issue 22, part 5): rooms that the room
 * format accepts (every ring at most 10,000 vertices, every coordinate within ±1e6 px) but
 * whose shape is the worst case for some geometry step, plus one bench-room file beyond
 * the coordinate limit. Each is a bench polygon room (the JSON of ../shared/bench/rooms),
 * drawn from a seeded generator so that the tests and bench/hostile-limits.ts see the same
 * rooms.
 *
 * Glossary
 * - huge outline: a square outline with corners at ±1e6 px around a 1000 px room.
 * - random ring: 10,000 vertices placed at random in the room, joined in the order drawn,
 *   so the ring crosses itself millions of times.
 * - star: 10,000 vertices alternating between radius 900 px and 60 px (5,000 spikes).
 * - circle with a hole: a square floor with a 10,000-vertex circular hole (radius 800 px).
 * - rounded circle: a 10,000-vertex circle (radius 900 px) with its coordinates rounded to
 *   2 decimals, as Walkbox saves them, so that neighbouring vertices are nearly collinear.
 * - far bench room: a bench room whose outline lies at ±1e9 px (beyond the limit).
 *
 * Units: room px.
 */
import { createRandom } from '../../src/shared/measure/random'

export type Coord = [number, number]

/** A bench polygon room as its JSON holds it. */
export interface BenchRoomJson {
  width: number
  height: number
  walkable: Coord[]
  holes: Coord[][]
}

export interface LimitCase {
  /** Short name (file name without .json). */
  id: string
  /** What it is, for tables. */
  label: string
  room: BenchRoomJson
}

const N = 10_000

function circle(n: number, cx: number, cy: number, r: number, decimals?: number): Coord[] {
  const round = (v: number) => (decimals === undefined ? v : Math.round(v * 10 ** decimals) / 10 ** decimals)
  return Array.from({ length: n }, (_, i): Coord => {
    const a = (2 * Math.PI * i) / n
    return [round(cx + r * Math.cos(a)), round(cy + r * Math.sin(a))]
  })
}

const square = (x0: number, y0: number, x1: number, y1: number): Coord[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
]

/** The ±1e6 outline: a 1000 x 1000 room inside a square outline reaching the coordinate limit. */
export function hugeOutline(): LimitCase {
  return {
    id: 'huge-outline',
    label: 'outline at ±1e6 px',
    room: {
      width: 1000,
      height: 1000,
      walkable: square(-1e6, -1e6, 1e6, 1e6),
      holes: [square(400, 400, 600, 600)],
    },
  }
}

/** 10,000 seeded random vertices in a 2000 px room, joined in the order drawn. */
export function randomRing(seed = 22): LimitCase {
  const random = createRandom(seed)
  const walkable = Array.from({ length: N }, (): Coord => [
    Math.round(random.range(50, 1950) * 100) / 100,
    Math.round(random.range(50, 1950) * 100) / 100,
  ])
  return {
    id: 'random-ring',
    label: 'random 10,000-vertex self-crossing ring',
    room: { width: 2000, height: 2000, walkable, holes: [] },
  }
}

/** 10,000 vertices alternating between radius 900 and 60 px: 5,000 spikes. */
export function star(): LimitCase {
  const walkable = Array.from({ length: N }, (_, i): Coord => {
    const a = (2 * Math.PI * i) / N
    const r = i % 2 === 0 ? 900 : 60
    return [
      Math.round((1000 + r * Math.cos(a)) * 100) / 100,
      Math.round((1000 + r * Math.sin(a)) * 100) / 100,
    ]
  })
  return {
    id: 'star',
    label: '10,000-vertex star (5,000 spikes)',
    room: { width: 2000, height: 2000, walkable, holes: [] },
  }
}

/** A square floor with a 10,000-vertex circular hole. */
export function circleWithHole(): LimitCase {
  return {
    id: 'circle-hole',
    label: 'floor with a 10,000-vertex circular hole',
    room: {
      width: 2000,
      height: 2000,
      walkable: square(50, 50, 1950, 1950),
      holes: [circle(N, 1000, 1000, 800, 2)],
    },
  }
}

/** A 10,000-vertex circle rounded to 2 decimals, as Walkbox saves it. */
export function roundedCircle(): LimitCase {
  return {
    id: 'rounded-circle',
    label: '10,000-vertex circle, 2 decimals',
    room: { width: 2000, height: 2000, walkable: circle(N, 1000, 1000, 900, 2), holes: [] },
  }
}

/** A bench room whose outline reaches ±1e9 px, beyond the room format's limit. */
export function farBenchRoom(): LimitCase {
  return {
    id: 'far-bench-room',
    label: 'bench room at ±1e9 px',
    room: { width: 1000, height: 1000, walkable: square(-1e9, -1e9, 1e9, 1e9), holes: [] },
  }
}

/** Every case, in the order. */
export function limitCases(): LimitCase[] {
  return [hugeOutline(), randomRing(), star(), circleWithHole(), roundedCircle(), farBenchRoom()]
}
