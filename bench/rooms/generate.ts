/**
 * A seeded generated benchmark room: 1920x1080 px, two large halls joined by a narrow
 * door, ragged walls, and pillars (holes) in both halls, about a million walkable pixels.
 * The same seed always gives the same room.
 *
 * Glossary
 * - hall: one of the two large rooms (left and right); the door is a short corridor
 *   `DOOR_WIDTH_PX` wide between them.
 * - ragged wall: a straight wall with extra vertices pushed inwards by up to
 *   `RAGGED_PX`, so the outline is concave in many places.
 * - pillar: a star-shaped hole (vertices at random angles and radii around a centre).
 * - far pair: a start in one hall and a goal in the other, at least `FAR_PX` apart, both
 *   at pixel centres (so grid and polygon algorithms answer the same question).
 *
 * Units: room px.
 */
import type { AreaPolygon, Point, Ring } from '../../src/shared/geometry/types'
import { createRandom, type Random } from '../../src/shared/measure/random'
import type { NavWorld } from '../../src/shared/nav/types'

export const ROOM_WIDTH = 1920
export const ROOM_HEIGHT = 1080
export const DOOR_WIDTH_PX = 14
export const RAGGED_PX = 28
export const FAR_PX = 1000

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

const LEFT: Box = { x0: 60, y0: 70, x1: 900, y1: 770 }
const RIGHT: Box = { x0: 1010, y0: 320, x1: 1870, y1: 1030 }
const DOOR_Y = 430

/**
 * Points strictly between a and b (an axis-aligned wall), every 70..130 px, pushed by up to
 * RAGGED_PX along `inward`. The first and last `clear` px stay straight.
 */
function ragged(a: Point, b: Point, inward: Point, random: Random, clear = 60): Point[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  const ux = (b.x - a.x) / length
  const uy = (b.y - a.y) / length
  const out: Point[] = []
  for (let t = clear + random.range(0, 40); t < length - clear; t += random.range(70, 130)) {
    const push = random.range(0, RAGGED_PX)
    out.push({ x: Math.round(a.x + ux * t + inward.x * push), y: Math.round(a.y + uy * t + inward.y * push) })
  }
  return out
}

function outline(random: Random): Ring {
  const ring: Point[] = []
  const walk = (to: Point, inward: Point, clear = 60) => {
    const from = ring[ring.length - 1]
    ring.push(...ragged(from, to, inward, random, clear), to)
  }
  const doorTop = DOOR_Y
  const doorBottom = DOOR_Y + DOOR_WIDTH_PX
  ring.push({ x: LEFT.x0, y: LEFT.y0 })
  walk({ x: LEFT.x1, y: LEFT.y0 }, { x: 0, y: 1 })
  walk({ x: LEFT.x1, y: doorTop }, { x: -1, y: 0 })
  ring.push({ x: RIGHT.x0, y: doorTop })
  walk({ x: RIGHT.x0, y: RIGHT.y0 }, { x: 1, y: 0 })
  walk({ x: RIGHT.x1, y: RIGHT.y0 }, { x: 0, y: 1 })
  walk({ x: RIGHT.x1, y: RIGHT.y1 }, { x: -1, y: 0 })
  walk({ x: RIGHT.x0, y: RIGHT.y1 }, { x: 0, y: -1 })
  walk({ x: RIGHT.x0, y: doorBottom }, { x: 1, y: 0 })
  ring.push({ x: LEFT.x1, y: doorBottom })
  walk({ x: LEFT.x1, y: LEFT.y1 }, { x: -1, y: 0 })
  walk({ x: LEFT.x0, y: LEFT.y1 }, { x: 0, y: -1 })
  walk({ x: LEFT.x0, y: LEFT.y0 }, { x: 1, y: 0 })
  ring.pop() // back at the first vertex
  return ring
}

/** A star-shaped hole around c, listed counter-clockwise on screen (the hole orientation). */
function pillar(c: Point, radius: number, random: Random): Ring {
  const n = random.int(5, 9)
  const ring: Point[] = []
  for (let i = 0; i < n; i++) {
    const angle = -((i + random.range(0.15, 0.85)) / n) * Math.PI * 2
    const r = radius * random.range(0.65, 1)
    ring.push({ x: Math.round(c.x + Math.cos(angle) * r), y: Math.round(c.y + Math.sin(angle) * r) })
  }
  return ring
}

/** Pillars in a hall: centres kept RAGGED_PX + 50 px from the walls and 30 px from each other. */
function pillars(hall: Box, count: number, random: Random): Ring[] {
  const placed: { c: Point; r: number }[] = []
  const margin = RAGGED_PX + 50
  for (let tries = 0; placed.length < count && tries < 1000; tries++) {
    const r = random.range(40, 105)
    const c = {
      x: random.range(hall.x0 + margin + r, hall.x1 - margin - r),
      y: random.range(hall.y0 + margin + r, hall.y1 - margin - r),
    }
    if (placed.some((p) => Math.hypot(p.c.x - c.x, p.c.y - c.y) < p.r + r + 30)) continue
    placed.push({ c, r })
  }
  return placed.map((p) => pillar(p.c, p.r, random))
}

/** The generated room: one area (outline + pillars). */
export function generateRoom(seed = 1920): AreaPolygon[] {
  const random = createRandom(seed)
  const outer = outline(random)
  const holes = [...pillars(LEFT, 4, random), ...pillars(RIGHT, 5, random)]
  return [{ outer, holes }]
}

/** `count` far pairs at pixel centres: start in the left hall, goal in the right one (alternating direction). */
export function farPairs(world: NavWorld, count: number, seed = 7): [number, number, number, number][] {
  const random = createRandom(seed)
  const pick = (hall: Box): Point => {
    for (;;) {
      const p = { x: random.int(hall.x0, hall.x1 - 1) + 0.5, y: random.int(hall.y0, hall.y1 - 1) + 0.5 }
      const cell = world.grid().cells[Math.floor(p.y) * world.width + Math.floor(p.x)]
      if (cell !== 0 && world.isWalkable(p)) return p
    }
  }
  const pairs: [number, number, number, number][] = []
  while (pairs.length < count) {
    const a = pick(LEFT)
    const b = pick(RIGHT)
    if (Math.hypot(a.x - b.x, a.y - b.y) < FAR_PX) continue
    pairs.push(pairs.length % 2 === 0 ? [a.x, a.y, b.x, b.y] : [b.x, b.y, a.x, a.y])
  }
  return pairs
}
