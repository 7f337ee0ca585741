/**
 * How close a walk area proposed from the art (src/shared/analysis/floor-proposal.ts) comes
 * to the walk area the room's author drew, on every bench room that has a background.
 *
 *   npx tsx bench/floor-proposal.ts [--sweep] [--overlays <folder>]
 *
 * One click per room, where an author would click: the walkable pixel farthest from the
 * authored area's edge (the middle of the floor's largest part), at the default tolerance.
 * Prints a markdown table: room, size, authored px, proposed px, intersection over union
 * (IoU), the margin (the default for a new room of that size), and the time to prepare
 * the background and to grow the proposal (median of 5 runs after one untimed). `--sweep` adds the IoU at tolerances 0.1..0.9;
 * `--overlays` writes a PNG per room (authored area blue, proposal red, both magenta) for
 * a person to look at.
 *
 * Units: px, ms; IoU 0..1.
 */
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import {
  DEFAULT_FLOOR_TOLERANCE,
  defaultFloorMargin,
  prepareFloorPicture,
  proposeFloor,
  type RgbaPicture,
} from '../src/shared/analysis/floor-proposal'
import { importOpenRoom } from '../src/shared/formats/ags/import-room'
import { rasterisePolygons } from '../src/shared/geometry/rasterise'
import { benchRoomAreas, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { emptyRoom } from '../src/shared/room/schema'
import { median } from '../src/shared/measure/stats'
import { benchDir } from '../tests/support/bench-data'
import { diskSource } from '../tests/support/disk-import-source'

const { values } = parseArgs({
  options: { sweep: { type: 'boolean', default: false }, overlays: { type: 'string' } },
})

interface BenchFloor {
  name: string
  picture: RgbaPicture
  /** 1 where the author's walk area is. */
  truth: Uint8Array
}

async function picture(file: string): Promise<RgbaPicture> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data: new Uint8Array(data) }
}

async function polygonRoom(name: string): Promise<BenchFloor> {
  const rooms = join(benchDir(), 'rooms')
  const room = parseBenchRoom(JSON.parse(await readFile(join(rooms, `${name}.json`), 'utf8')), name)
  const pic = await picture(join(rooms, `${name}-background.png`))
  return { name, picture: pic, truth: rasterisePolygons(benchRoomAreas(room), pic.width, pic.height) }
}

async function maskRoom(name: string, masks: number): Promise<BenchFloor> {
  const rooms = join(benchDir(), 'rooms')
  const pic = await picture(join(rooms, `${name}-background.png`))
  const truth = new Uint8Array(pic.width * pic.height)
  for (let i = 1; i <= masks; i++) {
    const m = await picture(join(rooms, `${name}-walkable${i}.png`))
    for (let p = 0; p < truth.length; p++) if (m.data[p * 4 + 3] > 0) truth[p] = 1
  }
  return { name, picture: pic, truth }
}

async function agsRoom(): Promise<BenchFloor> {
  const game = join(benchDir(), 'engines', 'ags-tumbleweed')
  const imported = await importOpenRoom(diskSource(game), 'Rooms/1/data.xml', {})
  const pic = await picture(join(game, 'Rooms/1/background0.png'))
  const truth = new Uint8Array(pic.width * pic.height)
  for (let p = 0; p < truth.length; p++) truth[p] = imported.mask && imported.mask[p] > 0 ? 1 : 0
  return { name: 'ags-tumbleweed room 1', picture: pic, truth }
}

/** The walkable pixel farthest (4-connected steps) from any non-walkable pixel or the border. */
function middleOf(truth: Uint8Array, w: number, h: number): { x: number; y: number } {
  const far = new Int32Array(w * h).fill(-1)
  const queue: number[] = []
  for (let p = 0; p < w * h; p++) {
    const x = p % w
    const y = (p - x) / w
    const edge =
      !truth[p] ||
      x === 0 ||
      y === 0 ||
      x === w - 1 ||
      y === h - 1 ||
      !truth[p - 1] ||
      !truth[p + 1] ||
      !truth[p - w] ||
      !truth[p + w]
    if (edge) {
      far[p] = truth[p] ? 0 : -1
      if (truth[p]) queue.push(p)
    }
  }
  let best = queue[0] ?? 0
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]
    const x = p % w
    for (const q of [p - 1, p + 1, p - w, p + w]) {
      if (q < 0 || q >= w * h || (q === p - 1 && x === 0) || (q === p + 1 && x === w - 1)) continue
      if (truth[q] && far[q] < 0) {
        far[q] = far[p] + 1
        queue.push(q)
        if (far[q] > far[best]) best = q
      }
    }
  }
  return { x: (best % w) + 0.5, y: Math.floor(best / w) + 0.5 }
}

function iou(a: Uint8Array, b: Uint8Array): { iou: number; a: number; b: number } {
  let both = 0
  let either = 0
  let na = 0
  let nb = 0
  for (let p = 0; p < a.length; p++) {
    if (a[p] && b[p]) both++
    if (a[p] || b[p]) either++
    na += a[p]
    nb += b[p]
  }
  return { iou: either === 0 ? 0 : both / either, a: na, b: nb }
}

async function overlay(folder: string, floor: BenchFloor, proposal: Uint8Array): Promise<void> {
  const { width, height, data } = floor.picture
  const out = new Uint8Array(width * height * 3)
  for (let p = 0; p < width * height; p++) {
    const t = floor.truth[p]
    const q = proposal[p]
    const tint = t && q ? [255, 0, 255] : t ? [0, 80, 255] : q ? [255, 40, 0] : null
    for (let c = 0; c < 3; c++) out[p * 3 + c] = tint ? (data[p * 4 + c] + tint[c] * 2) / 3 : data[p * 4 + c]
  }
  const file = join(folder, `${floor.name.replace(/[^a-z0-9-]+/gi, '-')}.png`)
  await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(file)
}

const floors = [
  await polygonRoom('adventurepathfinding-room1'),
  await polygonRoom('adventurepathfinding-room2'),
  await polygonRoom('popochiu-house'),
  await maskRoom('monoags-brokencurbstreet', 4),
  await agsRoom(),
]
const overlays = values.overlays ? resolve(values.overlays) : null
if (overlays) mkdirSync(overlays, { recursive: true })

const sweep = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
const header = [
  'room',
  'size',
  'click',
  'authored px',
  'proposed px',
  'IoU',
  'margin px',
  'prepare ms',
  'grow ms',
]
if (values.sweep) header.push(...sweep.map((t) => `IoU@${t}`))
console.log(`| ${header.join(' | ')} |`)
console.log(`| ${header.map(() => '---').join(' | ')} |`)
let reached = 0
for (const floor of floors) {
  const { width, height } = floor.picture
  const click = middleOf(floor.truth, width, height)
  // The margin a new room of this size asks for (its test character's height / 24).
  const margin = defaultFloorMargin(emptyRoom({ id: 'r', width, height }).testWalk.height)
  prepareFloorPicture(floor.picture)
  const prepTimes: number[] = []
  let prepared = prepareFloorPicture(floor.picture)
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    prepared = prepareFloorPicture(floor.picture)
    prepTimes.push(performance.now() - t0)
  }
  const options = { tolerance: DEFAULT_FLOOR_TOLERANCE, margin }
  proposeFloor(prepared, click, options)
  const growTimes: number[] = []
  let proposal = proposeFloor(prepared, click, options)
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    proposal = proposeFloor(prepared, click, options)
    growTimes.push(performance.now() - t0)
  }
  const score = iou(floor.truth, proposal.mask)
  if (score.iou >= 0.85) reached++
  const row = [
    floor.name,
    `${width}x${height}`,
    `${Math.floor(click.x)},${Math.floor(click.y)}`,
    String(score.a),
    String(score.b),
    score.iou.toFixed(3),
    String(margin),
    median(prepTimes).toFixed(1),
    median(growTimes).toFixed(2),
  ]
  if (values.sweep)
    for (const t of sweep)
      row.push(iou(floor.truth, proposeFloor(prepared, click, { tolerance: t, margin }).mask).iou.toFixed(3))
  console.log(`| ${row.join(' | ')} |`)
  if (overlays) await overlay(overlays, floor, proposal.mask)
}
console.log(
  `\n${reached} of ${floors.length} rooms at IoU >= 0.85 from one click at tolerance ${DEFAULT_FLOOR_TOLERANCE}.`,
)
