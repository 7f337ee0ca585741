/**
 * AGS 3 rooms in place: how long writing an edited 1920x1080 `.crm` takes (planCrmRoom, as
 * Save plans it: the room read, compared and its changed blocks written again), with and
 * without the background check the editor's hosts ask for (the .crm's LZW picture unpacked
 * and compared with the project's), and how long a 40-room AGS 3 game takes to import
 * whole, as `walkbox import <game>` does (every room read, a Walkbox project written).
 * Targets (issue #28): under 1 s and under 20 s on a 2-core machine.
 *
 *   tsx bench/ags3-in-place.ts [--runs K] [--seed S]
 *
 * Glossary
 * - generated room: bench/rooms/generate.ts's 1920x1080 walkable area (seeded) as area 1,
 *   rectangles of hotspots, regions and walk-behinds, a 32-bit background of stripes, put
 *   in the bench's room1.crm (its script and other blocks) by the tests' writer of AGS
 *   rooms (tests/support/crm-writer.ts, masks packed whole as AGS 3.6 does).
 * - edit: a 60x60 px block painted walkable, a hotspot's walk-to point moved, a baseline
 *   moved: three of the room's blocks change.
 * - game: 10 generated rooms of 1920x1080 and 30 of 640x400 (the bench room's layout
 *   scaled), room0..room39.crm beside a Game.agf.
 *
 * Units: ms.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { importAgsGameCommand } from '../src/cli/ags-game-commands'
import { openGameFolder } from '../src/main/services/game-folder-store'
import { fixed, markdownTable, median } from '../src/cli/table'
import { rasterisePolygons } from '../src/shared/geometry/rasterise'
import { readCrm } from '../src/shared/formats/ags/crm'
import { importCrmRoom } from '../src/shared/formats/ags/crm-import'
import { planCrmRoom } from '../src/shared/formats/ags/crm-in-place'
import type { ImportSource } from '../src/shared/formats/registry'
import { normaliseRoom } from '../src/shared/room/normalise'
import { parseRoom } from '../src/shared/room/schema'
import { lzwFrame, stripes } from '../tests/support/ags-crm-frames'
import { oracleReadCrm, type OracleRoom } from '../tests/support/crm-oracle'
import { writeTestCrm } from '../tests/support/crm-writer'
import { generateRoom } from './rooms/generate'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, seed: { type: 'string', default: '1920' } },
})
const runs = Number(values.runs)
const seed = Number(values.seed)
const here = resolve(import.meta.dirname)
const benchData = process.env.WALKBOX_BENCH_DIR ?? resolve(here, '../../shared/bench')

/** A rectangle of `id` painted into a width-wide mask. */
function block(mask: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number, id: number) {
  for (let y = y0; y < y1; y++) mask.fill(id, y * width + x0, y * width + x1)
}

/** The bench room's blocks around generated masks and background of `width` x `height`. */
function generatedCrm(template: OracleRoom, width: number, height: number, roomSeed: number): Uint8Array {
  const walkable = new Uint8Array(width * height)
  if (width === 1920) rasterisePolygons(generateRoom(roomSeed), width, height, 1, walkable)
  else block(walkable, width, 20, height / 2, width - 20, height - 10, 1)
  const hotspots = new Uint8Array(width * height)
  const regions = new Uint8Array(width * height)
  const walkBehinds = new Uint8Array(width * height)
  const s = width / 320
  block(hotspots, width, 10 * s, 10 * s, 60 * s, 50 * s, 1)
  block(hotspots, width, 200 * s, 20 * s, 260 * s, 80 * s, 2)
  block(regions, width, 100 * s, 150 * s, 140 * s, 180 * s, 1)
  block(walkBehinds, width, 0, 170 * s, width, height, 1)
  const mask = (pixels: Uint8Array, m: OracleRoom['masks']['walkable']) => ({ ...m, width, height, pixels })
  const room: OracleRoom = {
    ...template,
    width,
    height,
    background: lzwFrame(width, height, stripes(width, height, roomSeed)),
    masks: {
      regions: mask(regions, template.masks.regions),
      walkable: mask(walkable, template.masks.walkable),
      walkBehinds: mask(walkBehinds, template.masks.walkBehinds),
      hotspots: mask(hotspots, template.masks.hotspots),
    },
    areas: template.areas.map((a) => ({ ...a, top: height, bottom: 0 })),
    hotspots: template.hotspots.map((h, i) => (i === 2 ? { ...h, scriptName: 'hSign', name: 'a sign' } : h)),
  }
  return writeTestCrm(room, 33, 'whole')
}

function memory(bytes: Uint8Array): ImportSource {
  return {
    readText: async () => null,
    readBytes: async () => bytes,
    decodeImage: async () => {
      throw new Error('no images')
    },
    imageSize: () => null,
  }
}

/** Wall time and this process's CPU time (user + system) of a step, ms. */
async function timed<T>(f: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> {
  const t0 = performance.now()
  const c0 = process.cpuUsage()
  const value = await f()
  const c = process.cpuUsage(c0)
  return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, value }
}

const template = oracleReadCrm(
  new Uint8Array(await readFile(join(benchData, 'engines/ags-tumbleweed/room1.crm'))),
)
const big = generatedCrm(template, 1920, 1080, seed)
const imported = await importCrmRoom(memory(big), 'room1.crm', {})
const room = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(imported.room))))
const mask = imported.mask!.slice()
block(mask, 1920, 930, 500, 990, 560, 1)
room.hotspots = room.hotspots!.map((h, i) => (i === 0 ? { ...h, walkTo: { x: 300, y: 900 } } : h))
room.walkBehinds!.areas[0].baseline = 1000
const background = readCrm(big, 'room1.crm').background!
const picture = { width: 1920, height: 1080, data: background.rgba }

const importTimes: number[] = []
const writeTimes: number[] = []
const checkedTimes: number[] = []
const cpu = { import: [] as number[], write: [] as number[], checked: [] as number[] }
let changed: string[] = []
let sizes = ''
for (let k = 0; k < runs; k++) {
  const i = await timed(() => importCrmRoom(memory(big), 'room1.crm', {}))
  importTimes.push(i.ms)
  cpu.import.push(i.cpuMs)
  const w = await timed(() => planCrmRoom(big, 'room1.crm', { room, mask }))
  writeTimes.push(w.ms)
  cpu.write.push(w.cpuMs)
  changed = w.value.changed
  sizes = `${big.length} -> ${w.value.after.length} bytes`
  const c = await timed(() =>
    planCrmRoom(big, 'room1.crm', { room, mask, background: picture, backgroundFrames: [] }),
  )
  checkedTimes.push(c.ms)
  cpu.checked.push(c.cpuMs)
}

console.log(
  `### AGS 3 room written in place (1920x1080, ${runs} runs, seed ${seed}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores)\n`,
)
console.log(`Edit: ${changed.join(', ')}; the file ${sizes}.\n`)
console.log(
  markdownTable(
    ['step', 'median ms', 'slowest ms', 'median CPU ms'],
    (
      [
        ['import (read the .crm, background unpacked, masks, hotspots)', importTimes, cpu.import],
        ['write the edit in place (planCrmRoom)', writeTimes, cpu.write],
        ['write, background compared (as Save asks)', checkedTimes, cpu.checked],
      ] as [string, number[], number[]][]
    ).map(([label, t, c]) => [label, fixed(median(t), 0), fixed(Math.max(...t), 0), fixed(median(c), 0)]),
  ),
)

// A 40-room game imported whole, as `walkbox import` does.
const dir = await mkdtemp(join(tmpdir(), 'walkbox-bench-ags3-'))
try {
  const game = join(dir, 'game')
  await mkdir(game)
  await writeFile(join(game, 'Game.agf'), await readFile(join(benchData, 'engines/ags-tumbleweed/Game.agf')))
  for (let i = 0; i < 40; i++) {
    const bytes =
      i < 10 ? generatedCrm(template, 1920, 1080, seed + i) : generatedCrm(template, 640, 400, seed + i)
    await writeFile(join(game, `room${i}.crm`), bytes)
  }
  const gameTimes: number[] = []
  const gameCpu: number[] = []
  const gameRuns = Math.max(1, Math.min(3, runs))
  let rooms = 0
  for (let k = 0; k < gameRuns; k++) {
    const t = await timed(() => importAgsGameCommand(join(dir, `project-${k}`), game, { format: 'ags3' }))
    gameTimes.push(t.ms)
    gameCpu.push(t.cpuMs)
    rooms = t.value.rooms.length
  }
  // The editor's File › Open Game Folder (desktop host): read every room, write the game's
  // Walkbox project in its .walkbox folder; each run on a fresh copy of the game.
  const openTimes: number[] = []
  const openCpu: number[] = []
  for (let k = 0; k < gameRuns; k++) {
    const copy = join(dir, `open-${k}`)
    await cp(game, copy, { recursive: true })
    const t = await timed(() => openGameFolder(copy))
    openTimes.push(t.ms)
    openCpu.push(t.cpuMs)
  }
  console.log(`\n### A 40-room AGS 3 game imported whole (${gameRuns} runs)\n`)
  console.log(
    markdownTable(
      ['game (as walkbox import reads it)', 'rooms', 'median s', 'slowest s', 'median CPU s'],
      [
        [
          '10 rooms 1920x1080 + 30 rooms 640x400',
          String(rooms),
          fixed(median(gameTimes) / 1000, 1),
          fixed(Math.max(...gameTimes) / 1000, 1),
          fixed(median(gameCpu) / 1000, 1),
        ],
        [
          'the same game, File › Open Game Folder (desktop)',
          String(rooms),
          fixed(median(openTimes) / 1000, 1),
          fixed(Math.max(...openTimes) / 1000, 1),
          fixed(median(openCpu) / 1000, 1),
        ],
      ],
    ),
  )
} finally {
  await rm(dir, { recursive: true, force: true })
}
