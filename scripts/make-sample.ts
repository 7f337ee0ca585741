/**
 * Makes the sample project in resources/sample-project: a 1920x1080 courtyard drawn
 * here in code (no art from elsewhere), with a walkable area made of two halves
 * joined by a 32 px doorway, three holes (a fountain, a table, a stack of crates),
 * an area-id mask, a gate on the doorway, two trigger zones, depth scaling, a small
 * node graph and a test-walk character. Run: `npx tsx scripts/make-sample.ts`.
 *
 * Units: room px.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { AreaPolygon, Point } from '../src/shared/geometry/types'
import { pointInAreas } from '../src/shared/geometry/polygon'
import { emptyProject, emptyRoom, type Room } from '../src/shared/room/schema'
import { serialiseProject, serialiseRoom } from '../src/shared/room/serialise'

const W = 1920
const H = 1080
const WALL_TOP = 470
const here = dirname(fileURLToPath(import.meta.url))
const out = resolve(here, '../resources/sample-project')

type XY = [number, number]
const outer: XY[] = [
  [60, 1040],
  [140, 500],
  [1000, 500],
  [1000, 760],
  [1060, 760],
  [1060, 500],
  [1800, 500],
  [1880, 1040],
  [1060, 1040],
  [1060, 792],
  [1000, 792],
  [1000, 1040],
]
const FOUNTAIN = { x: 520, y: 760, r: 110 }
const fountainHole: XY[] = Array.from({ length: 12 }, (_, i) => {
  const a = (i / 12) * Math.PI * 2
  return [
    Math.round(FOUNTAIN.x + Math.cos(a) * (FOUNTAIN.r + 8)),
    Math.round(FOUNTAIN.y + Math.sin(a) * (FOUNTAIN.r + 8) * 0.55),
  ] as XY
})
const TABLE = { x0: 1350, y0: 620, x1: 1560, y1: 720 }
const tableHole: XY[] = [
  [TABLE.x0 - 8, TABLE.y0 + 30],
  [TABLE.x1 + 8, TABLE.y0 + 30],
  [TABLE.x1 + 8, TABLE.y1 + 10],
  [TABLE.x0 - 8, TABLE.y1 + 10],
]
const cratesHole: XY[] = [
  [1560, 880],
  [1690, 870],
  [1705, 965],
  [1620, 985],
  [1568, 958],
]

const toRing = (ring: XY[]): Point[] => ring.map(([x, y]) => ({ x, y }))
const walkable: AreaPolygon[] = [
  { outer: toRing(outer), holes: [fountainHole, tableHole, cratesHole].map(toRing) },
]

/** Cheap repeatable noise in 0..1 from integer coordinates. */
function hash(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967295
}

function paintBackground(): Buffer {
  const px = Buffer.alloc(W * H * 3)
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    const i = (y * W + x) * 3
    px[i] = Math.max(0, Math.min(255, r))
    px[i + 1] = Math.max(0, Math.min(255, g))
    px[i + 2] = Math.max(0, Math.min(255, b))
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const n = hash(x, y) * 14 - 7
      if (y < 140) {
        // Evening sky.
        const t = y / 140
        set(x, y, 70 + 60 * t + n, 90 + 50 * t + n, 150 + 30 * t + n)
      } else if (y < WALL_TOP) {
        // Stone wall with offset courses of bricks.
        const course = Math.floor((y - 140) / 34)
        const offset = course % 2 === 0 ? 0 : 46
        const bx = (x + offset) % 92
        const by = (y - 140) % 34
        const mortar = bx < 4 || by < 4
        const tone = hash(Math.floor((x + offset) / 92), course) * 30
        if (mortar) set(x, y, 80 + n, 74 + n, 68 + n)
        else set(x, y, 128 + tone + n, 112 + tone * 0.8 + n, 98 + tone * 0.6 + n)
        // Shadow at the foot of the wall.
        if (y > WALL_TOP - 30) {
          const k = (y - (WALL_TOP - 30)) / 30
          const i = (y * W + x) * 3
          px[i] *= 1 - 0.35 * k
          px[i + 1] *= 1 - 0.35 * k
          px[i + 2] *= 1 - 0.35 * k
        }
      } else {
        // Floor tiles in a simple perspective: wider towards the viewer.
        const t = (y - WALL_TOP) / (H - WALL_TOP)
        const u = (x - W / 2) / (60 + 90 * t)
        const v = 5 / (0.18 + t)
        const checker = (Math.floor(u) + Math.floor(v)) % 2 === 0
        const grout = Math.abs(u - Math.round(u)) < 0.03 || Math.abs(v - Math.round(v)) < 0.04
        const base = checker ? [204, 182, 140] : [186, 162, 122]
        const shade = 0.82 + 0.18 * t
        if (grout) set(x, y, 150 * shade + n, 132 * shade + n, 100 * shade + n)
        else set(x, y, base[0] * shade + n, base[1] * shade + n, base[2] * shade + n)
      }
    }
  }
  // Low dividing wall with a doorway (between the two halves of the walkable floor).
  for (let y = WALL_TOP; y < H; y++) {
    if (y > 752 && y < 800) continue
    for (let x = 1004; x < 1056; x++) {
      const top = y < WALL_TOP + 12 || (y > 800 && y < 812) ? 30 : 0
      set(x, y, 110 + top + hash(x, y) * 10, 96 + top, 86 + top)
    }
  }
  // Fountain: stone rim and water, as an ellipse seen from above at an angle.
  for (let y = FOUNTAIN.y - 80; y < FOUNTAIN.y + 80; y++) {
    for (let x = FOUNTAIN.x - 120; x < FOUNTAIN.x + 120; x++) {
      const dx = (x - FOUNTAIN.x) / FOUNTAIN.r
      const dy = (y - FOUNTAIN.y) / (FOUNTAIN.r * 0.55)
      const d = Math.hypot(dx, dy)
      if (d < 0.86) {
        const ripple = Math.sin(d * 40) * 10
        set(x, y, 60 + ripple, 120 + ripple, 170 + ripple)
      } else if (d < 1) set(x, y, 170 + hash(x, y) * 20, 165, 155)
    }
  }
  // Table with planks, and its shadow.
  for (let y = TABLE.y0; y < TABLE.y1 + 14; y++) {
    for (let x = TABLE.x0; x < TABLE.x1; x++) {
      if (y >= TABLE.y1) {
        const i = (y * W + x) * 3
        px[i] *= 0.7
        px[i + 1] *= 0.7
        px[i + 2] *= 0.7
        continue
      }
      const plank = Math.floor((y - TABLE.y0) / 20)
      const edge = (y - TABLE.y0) % 20 < 2
      const grain = Math.sin((x + plank * 37) / 9) * 8
      if (edge) set(x, y, 90, 55, 30)
      else set(x, y, 140 + grain, 92 + grain, 52 + grain)
    }
  }
  // Crates.
  for (const [cx, cy, s] of [
    [1600, 905, 60],
    [1660, 925, 52],
    [1620, 950, 40],
  ] as const) {
    for (let y = cy - s / 2; y < cy + s / 2; y++) {
      for (let x = cx - s / 2; x < cx + s / 2; x++) {
        const border = x < cx - s / 2 + 5 || x > cx + s / 2 - 6 || y < cy - s / 2 + 5 || y > cy + s / 2 - 6
        const diag = Math.abs(x - cx - (y - cy)) < 3
        if (border || diag) set(x, y, 110, 70, 35)
        else set(x, y, 170 + hash(x, y) * 15, 120, 65)
      }
    }
  }
  return px
}

function paintMask(): Buffer {
  const ids = Buffer.alloc(W * H)
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (pointInAreas(walkable, { x: x + 0.5, y: y + 0.5 })) ids[y * W + x] = x < 1030 ? 1 : 2
    }
  }
  return ids
}

function makeRoom(): Room {
  const room = emptyRoom({ id: 'courtyard', name: 'Courtyard', width: W, height: H })
  room.background = 'background.png'
  room.mask = 'walkmask.png'
  room.areas = [
    { id: 1, name: 'West courtyard', colour: '#3cb371' },
    { id: 2, name: 'East courtyard', colour: '#4a90d9' },
  ]
  room.polygons = [{ id: 'floor', areaId: 1, outer, holes: [fountainHole, tableHole, cratesHole] }]
  room.authoritative = 'polygons'
  room.gates = [
    {
      id: 'doorway-gate',
      name: 'Doorway gate',
      kind: 'block-polygon',
      polygon: [
        [1020, 750],
        [1040, 750],
        [1040, 802],
        [1020, 802],
      ],
      flagExpression: '!gateOpen',
    },
  ]
  room.nodeGraph = {
    nodes: [
      { id: 'west', x: 300, y: 940 },
      { id: 'fountain-north', x: 400, y: 600 },
      { id: 'door-west', x: 985, y: 776 },
      { id: 'door-east', x: 1075, y: 776 },
      { id: 'table-south', x: 1450, y: 800 },
      { id: 'east', x: 1750, y: 720 },
    ],
    joins: [
      { a: 'west', b: 'fountain-north', oneWay: false, cost: 1 },
      { a: 'west', b: 'door-west', oneWay: false, cost: 1 },
      { a: 'fountain-north', b: 'door-west', oneWay: false, cost: 1 },
      { a: 'door-west', b: 'door-east', oneWay: false, cost: 1 },
      { a: 'door-east', b: 'table-south', oneWay: false, cost: 1 },
      { a: 'table-south', b: 'east', oneWay: true, cost: 1 },
      { a: 'east', b: 'door-east', oneWay: false, cost: 1.5 },
    ],
  }
  room.scaling = {
    mode: 'linear',
    linear: [
      {
        areaId: 0,
        stops: [
          { y: 500, scale: 55 },
          { y: 1040, scale: 100 },
        ],
      },
    ],
  }
  room.zones = [
    {
      id: 'fountain-edge',
      name: 'Fountain edge',
      shape: {
        kind: 'polygon',
        outer: [
          [380, 640],
          [660, 640],
          [660, 880],
          [380, 880],
        ],
      },
      events: { enter: 'fountainEnter', exit: 'fountainExit', stand: 'fountainStand' },
      properties: { sound: 'water-loop' },
    },
    {
      id: 'east-courtyard',
      name: 'East courtyard',
      shape: { kind: 'area', areaId: 2 },
      events: { enter: 'eastEnter', exit: 'eastExit', stand: '' },
      enabledBy: 'gateOpen',
      properties: {},
    },
  ]
  room.testWalk = { start: { x: 300, y: 940 }, characterId: 'hero', height: 200, speed: 240 }
  return room
}

async function main(): Promise<void> {
  const roomDir = join(out, 'rooms', 'courtyard')
  await mkdir(roomDir, { recursive: true })
  const project = emptyProject({ name: 'Walkbox sample', appVersion: '0.1.0' })
  project.rooms = [{ id: 'courtyard', name: 'Courtyard', folder: 'rooms/courtyard' }]
  project.flags = [{ id: 'gateOpen', name: 'Doorway gate open', default: true }]
  project.characters = [
    { id: 'hero', name: 'Hero', height: 200, footWidth: 28, speed: 240, speedScales: true },
  ]
  await writeFile(join(out, 'project.walkbox.json'), serialiseProject(project))
  await writeFile(join(roomDir, 'room.json'), serialiseRoom(makeRoom()))
  await sharp(paintBackground(), { raw: { width: W, height: H, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toFile(join(roomDir, 'background.png'))
  await sharp(paintMask(), { raw: { width: W, height: H, channels: 1 } })
    .png({ compressionLevel: 9 })
    .toFile(join(roomDir, 'walkmask.png'))
  console.log(`Sample project written to ${out}`)
}

await main()
