/**
 * How close a walk area proposed from the art (src/shared/analysis/floor-proposal.ts) comes
 * to the walk area the room's author drew, on every bench room that has a background; and
 * how fast it is on a 1920x1080 and a 4096x2304 background.
 *
 *   npm run bench:floor [-- --sweep] [-- --overlays <folder>] [-- --runs N] [-- --corpus <folder>] [-- --no-timing]
 *
 * Glossary
 * - click: one per room, where an author would click: the walkable pixel farthest from the
 *   authored area's edge (the middle of the floor's largest part); default tolerance, and
 *   the default margin of a new room of that size (its test character's height / 24).
 * - IoU: intersection over union of the proposal and the authored area (room px).
 * - best IoU at any tolerance: the same click at tolerances 0, 0.1, …, 1 (what the slider
 *   could reach; not the measure, which is one click at the default).
 * - flat-colour ceiling: the best IoU any union of flat-colour regions (4-connected pixels of
 *   one exact colour) can reach: a proposal that gives every pixel of such a region the same
 *   answer, as colour growing does, can do no better. Computed exactly: regions sorted by the
 *   share of their pixels inside the authored area, best prefix.
 * - holes-filled IoU: the authored area against itself with its holes filled: what a
 *   proposal scores at best when the things the holes stand for are not in the picture.
 * - picture: the background the author sees in Walkbox when the room comes from a game: the
 *   AGS import's for ags-tumbleweed room 1, and the Godot import's for popochiu-house (its
 *   bare background with the room's props drawn in, as Godot draws them behind the
 *   characters); the bench's own PNG for the others. The truth is always the authored walk
 *   area.
 * - timing: prepare once per background, then per slider move grow (`growFloor`), cut
 *   (`floorMask`: the exact px count, the mask Apply writes) and outline (`floorOutline`:
 *   the preview), as the floor worker does; polygons (traced and simplified at room size)
 *   only on Apply. Pictures: adventurepathfinding-room2's background resized (Lanczos) to
 *   1920x1080 and 4096x2304, clicked in the middle of its floor. Medians of `runs` runs
 *   after one untimed run.
 *
 * `--sweep` prints the IoU at each tolerance; `--overlays` writes a PNG per room (authored
 * area blue, proposal red, both magenta) for a person to look at. `--corpus` also scores
 * rooms nobody tuned on: every `roomN.crm` of every game folder under the folder given (the
 * AGS corpus, /work/corpus/ags, kept outside the repository) that has a background and a
 * walkable mask, one click each as above; a row per room and the distribution of IoU.
 *
 * Units: px, ms; IoU 0..1.
 */
import { mkdirSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import {
  DEFAULT_FLOOR_TOLERANCE,
  defaultFloorMargin,
  floorMask,
  floorOutline,
  growFloor,
  prepareFloorPicture,
  proposeFloor,
  type RgbaPicture,
} from '../src/shared/analysis/floor-proposal'
import { readCrm } from '../src/shared/formats/ags/crm'
import { importCrmRoom } from '../src/shared/formats/ags/crm-import'
import { importOpenRoom } from '../src/shared/formats/ags/import-room'
import { importGodotScene } from '../src/shared/formats/godot/import'
import { rasterisePolygons } from '../src/shared/geometry/rasterise'
import { simplifyAreas, traceMask } from '../src/shared/geometry/vectorise'
import { benchRoomAreas, parseBenchRoom } from '../src/shared/measure/readers/bench-room'
import { emptyRoom } from '../src/shared/room/schema'
import { median } from '../src/shared/measure/stats'
import { benchDir } from '../tests/support/bench-data'
import { diskSource } from '../tests/support/disk-import-source'
import { folderSource } from '../tests/unit/formats/godot-source'

const { values } = parseArgs({
  options: {
    sweep: { type: 'boolean', default: false },
    overlays: { type: 'string' },
    runs: { type: 'string', default: '7' },
    corpus: { type: 'string' },
    'no-timing': { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(values.runs) || 7)
/** The IoU the issue asks for, from one click. */
const TARGET_IOU = 0.85
/** The trace tolerance Apply as polygons uses, room px (editing/tools/conversions.ts DEFAULT_TRACE_TOLERANCE_PX). */
const POLYGON_SIMPLIFY_PX = 1.5

interface BenchFloor {
  name: string
  picture: RgbaPicture
  /** 1 where the author's walk area is. */
  truth: Uint8Array
}

async function picture(file: string | Buffer): Promise<RgbaPicture> {
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

/**
 * popochiu-house as its author sees it in Walkbox: the Godot import's background, the bare
 * background with the room's props drawn in (src/shared/formats/godot/compose-background.ts);
 * the truth is still the walk area of the bench room's JSON.
 */
async function popochiuRoom(): Promise<BenchFloor> {
  const name = 'popochiu-house'
  const rooms = join(benchDir(), 'rooms')
  const room = parseBenchRoom(JSON.parse(await readFile(join(rooms, `${name}.json`), 'utf8')), name)
  const game = join(benchDir(), 'engines', 'popochiu-sample-game')
  const imported = await importGodotScene(folderSource(game), 'res://game/rooms/house/room_house.tscn')
  if (!imported.background) throw new Error(`${name}: the Godot import gave no background`)
  const pic = await picture(Buffer.from(imported.background.bytes))
  return { name, picture: pic, truth: rasterisePolygons(benchRoomAreas(room), pic.width, pic.height) }
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

/** The 4-connected parts of a picture where `same(p, q)` holds between neighbours: a label per pixel, and the count. */
function label(
  w: number,
  h: number,
  same: (p: number, q: number) => boolean,
): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h).fill(-1)
  const stack = new Int32Array(w * h)
  let count = 0
  for (let start = 0; start < w * h; start++) {
    if (labels[start] >= 0) continue
    labels[start] = count
    let top = 0
    stack[top++] = start
    while (top > 0) {
      const p = stack[--top]
      const x = p % w
      for (const q of [x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= w * h || labels[q] >= 0 || !same(p, q)) continue
        labels[q] = count
        stack[top++] = q
      }
    }
    count++
  }
  return { labels, count }
}

/** See the glossary: the best IoU of a union of flat-colour regions. */
function flatColourCeiling(floor: BenchFloor): number {
  const { width: w, height: h, data } = floor.picture
  const rgb = (p: number) => (data[p * 4] << 16) | (data[p * 4 + 1] << 8) | data[p * 4 + 2]
  const { labels, count } = label(w, h, (p, q) => rgb(p) === rgb(q))
  const inside = new Float64Array(count)
  const outside = new Float64Array(count)
  let total = 0
  for (let p = 0; p < w * h; p++) {
    if (floor.truth[p]) {
      inside[labels[p]]++
      total++
    } else outside[labels[p]]++
  }
  const order = [...Array(count).keys()]
    .filter((i) => inside[i] > 0)
    .sort((a, b) => inside[b] * outside[a] - inside[a] * outside[b])
  let both = 0
  let extra = 0
  let best = 0
  for (const i of order) {
    both += inside[i]
    extra += outside[i]
    best = Math.max(best, both / (total + extra))
  }
  return best
}

/** See the glossary: the authored area against itself with its holes filled. */
function holesFilledIou(floor: BenchFloor): number {
  const { width: w, height: h } = floor.picture
  const t = floor.truth
  const { labels, count } = label(w, h, (p, q) => t[p] === t[q])
  const border = new Uint8Array(count)
  for (let x = 0; x < w; x++) border[labels[x]] = border[labels[(h - 1) * w + x]] = 1
  for (let y = 0; y < h; y++) border[labels[y * w]] = border[labels[y * w + w - 1]] = 1
  let area = 0
  let filled = 0
  for (let p = 0; p < w * h; p++) {
    area += t[p]
    if (t[p] || !border[labels[p]]) filled++
  }
  return area / filled
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

/**
 * Median time of `run` over RUNS runs after one untimed run, ms: wall clock, and the CPU time
 * of this process (less disturbed by other work on a shared machine); and its last result.
 */
function timed<T>(run: () => T): { ms: number; cpuMs: number; result: T } {
  let result = run()
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    result = run()
    times.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  return { ms: median(times), cpuMs: median(cpu), result }
}

/** "wall (CPU)" ms of one or more timings added up. */
function both(...t: { ms: number; cpuMs: number }[]): string {
  const sum = (f: (x: { ms: number; cpuMs: number }) => number) => t.reduce((n, x) => n + f(x), 0)
  const digits = sum((x) => x.ms) >= 100 ? 0 : 1
  return `${sum((x) => x.ms).toFixed(digits)} (${sum((x) => x.cpuMs).toFixed(digits)})`
}

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`
}

// --- IoU on the bench rooms -----------------------------------------------------------

const floors = [
  await polygonRoom('adventurepathfinding-room1'),
  await polygonRoom('adventurepathfinding-room2'),
  await popochiuRoom(),
  await maskRoom('monoags-brokencurbstreet', 4),
  await agsRoom(),
]
const overlays = values.overlays ? resolve(values.overlays) : null
if (overlays) mkdirSync(overlays, { recursive: true })

const sweep = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
const header = [
  'room',
  'size',
  'click',
  'margin px',
  'authored px',
  'proposed px',
  'IoU',
  'best IoU at any tolerance',
  'flat-colour ceiling',
  'holes-filled IoU',
]
if (values.sweep) header.push(...sweep.map((t) => `IoU@${t}`))
console.log(
  `Floor from picture on the bench rooms with a background (${new Date().toISOString().slice(0, 10)}; ` +
    `tolerance ${DEFAULT_FLOOR_TOLERANCE}, one click each)\n`,
)
console.log(row(header))
console.log(row(header.map(() => '---')))
let reached = 0
for (const floor of floors) {
  const { width, height } = floor.picture
  const click = middleOf(floor.truth, width, height)
  // The margin a new room of this size asks for (its test character's height / 24).
  const margin = defaultFloorMargin(emptyRoom({ id: 'r', width, height }).testWalk.height)
  const prepared = prepareFloorPicture(floor.picture)
  const proposal = proposeFloor(prepared, click, { tolerance: DEFAULT_FLOOR_TOLERANCE, margin })
  const score = iou(floor.truth, proposal.mask)
  if (score.iou >= TARGET_IOU) reached++
  const swept = sweep.map(
    (t) => iou(floor.truth, proposeFloor(prepared, click, { tolerance: t, margin }).mask).iou,
  )
  const cells = [
    floor.name,
    `${width}x${height}`,
    `${Math.floor(click.x)},${Math.floor(click.y)}`,
    margin,
    score.a,
    score.b,
    score.iou.toFixed(3),
    Math.max(...swept).toFixed(3),
    flatColourCeiling(floor).toFixed(3),
    holesFilledIou(floor).toFixed(3),
  ]
  if (values.sweep) cells.push(...swept.map((v) => v.toFixed(3)))
  console.log(row(cells))
  if (overlays) await overlay(overlays, floor, proposal.mask)
}
console.log(
  `\n${reached} of ${floors.length} rooms at IoU >= ${TARGET_IOU} from one click at tolerance ${DEFAULT_FLOOR_TOLERANCE}.\n`,
)

// --- Rooms nobody tuned on (--corpus) ---------------------------------------------------

/** The rooms of an AGS corpus folder (one folder per game) with a background and a walk area. */
async function corpusRooms(folder: string): Promise<BenchFloor[]> {
  const out: BenchFloor[] = []
  for (const game of (await readdir(folder, { withFileTypes: true })).filter((d) => d.isDirectory())) {
    const files = (await readdir(join(folder, game.name))).filter((f) => /^room\d+\.crm$/i.test(f))
    files.sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
    for (const file of files) {
      const bytes = new Uint8Array(await readFile(join(folder, game.name, file)))
      try {
        const crm = readCrm(bytes, file)
        if (!crm.background) continue
        const source = {
          readText: async () => null,
          readBytes: async () => bytes,
          decodeImage: async () => {
            throw new Error('no images here')
          },
          imageSize: () => null,
        }
        const imported = await importCrmRoom(source, file, {})
        const { width, height, rgba } = crm.background
        const truth = new Uint8Array(width * height)
        let any = 0
        for (let p = 0; p < truth.length; p++) any += truth[p] = imported.mask && imported.mask[p] > 0 ? 1 : 0
        if (any > 0) out.push({ name: `${game.name}/${file}`, picture: { width, height, data: rgba }, truth })
      } catch {
        // A room Walkbox cannot read is not a floor to score.
      }
    }
  }
  return out
}

if (values.corpus) {
  const rooms = await corpusRooms(resolve(values.corpus))
  const scores: number[] = []
  const corpusHeader = ['room', 'size', 'click', 'authored px', 'proposed px', 'IoU']
  console.log(`Rooms nobody tuned on: ${rooms.length} rooms of ${resolve(values.corpus)}\n`)
  console.log(row(corpusHeader))
  console.log(row(corpusHeader.map(() => '---')))
  for (const floor of rooms) {
    const { width, height } = floor.picture
    const click = middleOf(floor.truth, width, height)
    const margin = defaultFloorMargin(emptyRoom({ id: 'r', width, height }).testWalk.height)
    const proposal = proposeFloor(prepareFloorPicture(floor.picture), click, {
      tolerance: DEFAULT_FLOOR_TOLERANCE,
      margin,
    })
    const score = iou(floor.truth, proposal.mask)
    scores.push(score.iou)
    console.log(
      row([
        floor.name,
        `${width}x${height}`,
        `${Math.floor(click.x)},${Math.floor(click.y)}`,
        score.a,
        score.b,
        score.iou.toFixed(3),
      ]),
    )
    if (overlays) await overlay(overlays, floor, proposal.mask)
  }
  const sorted = [...scores].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN
  const share = (limit: number) => scores.filter((s) => s >= limit).length
  console.log(
    `\nIoU over ${scores.length} rooms: median ${median(scores).toFixed(3)}, quartiles ${at(0.25).toFixed(3)} .. ` +
      `${at(0.75).toFixed(3)}, mean ${(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)).toFixed(3)}; ` +
      `>= 0.85: ${share(0.85)}, >= 0.7: ${share(0.7)}, >= 0.5: ${share(0.5)}, < 0.2: ${scores.length - share(0.2)}.\n`,
  )
}

// --- Speed at 1920x1080 and 4096x2304 -------------------------------------------------

if (values['no-timing']) process.exit(0)

const source = floors[1]
const sourceClick = middleOf(source.truth, source.picture.width, source.picture.height)
const timingHeader = [
  'background',
  'work px',
  'prepare ms',
  'grow ms',
  'cut ms',
  'outline ms',
  'slider step ms (grow + cut + outline)',
  'margin step ms (cut + outline)',
  'polygons on Apply ms',
  'proposed px',
]
console.log(
  `Timing, wall ms (CPU ms of this process): median of ${RUNS} after one untimed run; ${cpus().length} cores, ` +
    `load ${loadavg()[0].toFixed(1)}; ${source.name} resized\n`,
)
console.log(row(timingHeader))
console.log(row(timingHeader.map(() => '---')))
for (const [width, height] of [
  [1920, 1080],
  [4096, 2304],
] as const) {
  const { data } = await sharp(source.picture.data, {
    raw: { width: source.picture.width, height: source.picture.height, channels: 4 },
  })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pic: RgbaPicture = { width, height, data: new Uint8Array(data) }
  const seed = {
    x: (sourceClick.x * width) / source.picture.width,
    y: (sourceClick.y * height) / source.picture.height,
  }
  const margin = defaultFloorMargin(emptyRoom({ id: 'r', width, height }).testWalk.height)
  const prepare = timed(() => prepareFloorPicture(pic))
  const prepared = prepare.result
  const grow = timed(() => growFloor(prepared, seed, DEFAULT_FLOOR_TOLERANCE))
  const cut = timed(() => floorMask(grow.result, margin))
  const outline = timed(() => floorOutline(grow.result, margin))
  const mask = cut.result.mask
  const polygons = timed(() =>
    simplifyAreas(
      traceMask(width, height, (i) => mask[i] === 1),
      POLYGON_SIMPLIFY_PX,
    ),
  )
  console.log(
    row([
      `${width}x${height}`,
      `${prepared.workWidth}x${prepared.workHeight}`,
      both(prepare),
      both(grow),
      both(cut),
      both(outline),
      both(grow, cut, outline),
      both(cut, outline),
      both(polygons),
      cut.result.pixels,
    ]),
  )
}
