/**
 * The AGS 3 corpus check (scripts/corpus.ts runs it on every game folder holding
 * `roomN.crm` files): the game is imported whole as `walkbox import` does (a Walkbox project
 * in the scratch folder), then every room is checked against a reader that is not Walkbox's
 * (tests/support/crm-oracle.ts, from AGS's room_file.cpp):
 * - import: the room is in the imported project;
 * - masks: each of its four masks packs again, byte for byte, to what the file holds
 *   (row by row or whole, crm-rle.ts);
 * - unedited: written back unedited, the file's own bytes;
 * - pixel: one pixel painted walkable changes exactly that pixel of the walkable mask (and
 *   the area rows AGS works out from it), nothing else;
 * - hotspots: every hotspot's walk-to point moved and one hotspot pixel painted: exactly
 *   those change, and read again they are the same;
 * - baselines: every walk-behind baseline one lower, likewise;
 * - scaling: every area continuous 60%..100% (one level, 75%, for a one-row area): the
 *   fields AGS reads hold it, read again it is 60%..100%, written again nothing changes;
 * - regions: the zones' events are the region functions the file names, and renamed ones
 *   are written where AGS reads them;
 * - scummvm: for a game that ships its compiled data (Compiled/*.ags), the room it starts
 *   in, edited by Walkbox (one pixel, and a room property added: its room map of the
 *   properties block rewritten) and put in the data file, starts in ScummVM's AGS engine
 *   with no room error (ags-scummvm.ts); n/a for the other rooms.
 *
 * Units: px, bytes, ms.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { importAgsGameCommand } from '../../src/cli/ags-game-commands'
import { readCrm } from '../../src/shared/formats/ags/crm'
import { importCrmRoom } from '../../src/shared/formats/ags/crm-import'
import { planCrmRoom } from '../../src/shared/formats/ags/crm-in-place'
import { packingOf } from '../../src/shared/formats/ags/crm-rle'
import type { ImportSource } from '../../src/shared/formats/registry'
import { normaliseRoom } from '../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../src/shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../src/shared/room/walk-behinds'
import { maskDifferences, oracleReadCrm, oracleView, type OracleRoom } from '../../tests/support/crm-oracle'
import { compiledPack, packedRooms, runWithRooms, startRoom } from './ags-scummvm'
import type { CheckResult, CorpusEngine, GameResult, RoomRow } from './types'

const CHECKS = [
  'import',
  'masks',
  'unedited',
  'pixel',
  'hotspots',
  'baselines',
  'scaling',
  'regions',
  'scummvm',
]
const MASKS = ['regions', 'walkable', 'walkBehinds', 'hotspots'] as const

const pass: CheckResult = { status: 'pass' }
const fail = (why: string): CheckResult => ({ status: 'fail', why })
const na = (why: string): CheckResult => ({ status: 'n/a', why })

function memory(bytes: Uint8Array): ImportSource {
  return {
    readText: async () => null,
    readBytes: async () => bytes,
    decodeImage: async () => {
      throw new Error('no images here')
    },
    imageSize: () => null,
  }
}

/** The room as Walkbox imports it, through the project format (as the project store keeps it). */
async function walkbox(bytes: Uint8Array, file: string): Promise<{ room: Room; mask: Uint8Array }> {
  const r = await importCrmRoom(memory(bytes), file, {})
  return { room: normaliseRoom(parseRoom(JSON.parse(JSON.stringify(r.room)))), mask: r.mask! }
}

function write(before: Uint8Array, file: string, room: Room, mask: Uint8Array) {
  return planCrmRoom(before, file, {
    room: normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room)))),
    mask,
  })
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields of two readings that differ (top level), for a "nothing else" check. */
function otherDifferences(a: OracleRoom, b: OracleRoom, without: string[]): string[] {
  const x = oracleView(a, without)
  const y = oracleView(b, without)
  return Object.keys(x).filter((k) => !same(x[k], y[k]))
}

/** Masks other than `changed` that differ, by name. */
function otherMasks(a: OracleRoom, b: OracleRoom, changed: readonly string[]): string[] {
  return MASKS.filter(
    (m) => maskDifferences(a.masks[m], b.masks[m]).length > 0 && !changed.includes(m),
  ).concat(MASKS.filter((m) => !same(Array.from(a.masks[m].palette), Array.from(b.masks[m].palette))))
}

/** Area rows as the AGS editor's calculate_walkable_areas works them out from a stored mask. */
function areaRowsOf(room: OracleRoom): { top: number; bottom: number }[] {
  const m = room.masks.walkable
  const rows = room.areas.map(() => ({ top: room.height, bottom: 0 }))
  for (let x = 0; x < m.width; x++)
    for (let y = 0; y < m.height; y++) {
      const v = m.pixels[y * m.width + x]
      if (v >= rows.length) continue
      if (rows[v].top > y) rows[v].top = y
      if (rows[v].bottom < y) rows[v].bottom = y
    }
  return rows
}

function checkMasks(bytes: Uint8Array, file: string): CheckResult {
  const crm = readCrm(bytes, file, { images: false })
  const bad = MASKS.filter((m) => {
    const p = crm.layout.masks[m]
    return packingOf(bytes, p.packedAt, p.paletteAt, crm.masks[m].indices, p.width, p.height) === null
  })
  return bad.length === 0 ? pass : fail(`not packed again byte for byte: ${bad.join(', ')}`)
}

async function checkPixel(bytes: Uint8Array, file: string, before: OracleRoom): Promise<CheckResult> {
  const { room, mask } = await walkbox(bytes, file)
  const scale = room.size.width / before.masks.walkable.width
  const { width, height } = room.size
  // A room pixel at the top-left of a stored pixel, not walkable, from the middle row down.
  let at = -1
  for (let k = 0; k < height && at < 0; k++) {
    const y = (Math.floor(height / 2) + k) % height
    if (y % scale !== 0) continue
    for (let x = 0; x < width; x += scale)
      if (mask[y * width + x] === 0) {
        at = y * width + x
        break
      }
  }
  if (at < 0) return na('every pixel is walkable')
  const area = room.areas[0]?.id ?? 1
  const painted = mask.slice()
  for (let dy = 0; dy < scale; dy++) painted.fill(area, at + dy * width, at + dy * width + scale)
  const out = write(bytes, file, room, painted)
  const after = oracleReadCrm(out.after)
  const stored = (Math.floor(at / width) / scale) * before.masks.walkable.width + (at % width) / scale
  const diff = maskDifferences(before.masks.walkable, after.masks.walkable)
  if (!same(diff, [stored])) return fail(`walkable mask differs at ${diff.length} stored pixels, not 1`)
  if (after.masks.walkable.pixels[stored] !== area) return fail('the pixel is not the area painted')
  const others = [
    ...otherDifferences(before, after, ['masks', 'areas']),
    ...otherMasks(before, after, ['walkable']),
  ]
  if (others.length > 0) return fail(`also changed: ${others.join(', ')}`)
  if (
    !same(
      after.areas.map((a) => ({ top: a.top, bottom: a.bottom })),
      areaRowsOf(after),
    )
  )
    return fail('area rows are not those AGS works out')
  if (
    !same(
      after.areas.map((a) => [a.far, a.view, a.near]),
      before.areas.map((a) => [a.far, a.view, a.near]),
    )
  )
    return fail('area scaling changed')
  return pass
}

async function checkHotspots(bytes: Uint8Array, file: string, before: OracleRoom): Promise<CheckResult> {
  const { room, mask } = await walkbox(bytes, file)
  const { width, height } = room.size
  const scale = width / before.masks.hotspots.width
  const cells = room.hotspotMask
    ? decodeWalkBehindRows(room.hotspotMask.rows, width, height).slice()
    : new Uint8Array(width * height)
  const hotspots = room.hotspots ?? []
  let slot = hotspots.find((h) => h.shape.kind === 'mask')?.shape
  if (!slot) {
    hotspots.push({
      id: 'corpus-check',
      name: 'hCorpusCheck',
      shape: { kind: 'mask', maskId: 1 },
      properties: {},
    })
    slot = { kind: 'mask', maskId: 1 }
  }
  const id = (slot as { maskId: number }).maskId
  // One stored pixel, not yet this hotspot's, at a top-left corner (or, when every pixel is
  // this hotspot's, its first pixel cleared).
  let at = -1
  for (let y = 0; y < height && at < 0; y += scale)
    for (let x = 0; x < width; x += scale)
      if (cells[y * width + x] !== id) {
        at = y * width + x
        break
      }
  const paint = at < 0 ? 0 : id
  if (at < 0) at = 0
  for (let dy = 0; dy < scale; dy++) cells.fill(paint, at + dy * width, at + dy * width + scale)
  // Walk-to points moved (never to 0,0, which AGS stores for "none").
  room.hotspots = hotspots.map((h) => ({
    ...h,
    walkTo: h.walkTo ? { x: Math.max(h.walkTo.x, 0) + 1, y: Math.max(h.walkTo.y, 0) + 1 } : { x: 10, y: 10 },
  }))
  room.hotspotMask = { rows: encodeWalkBehindRows(cells, width, height) }
  const out = write(bytes, file, room, mask)
  const after = oracleReadCrm(out.after)
  const stored = (Math.floor(at / width) / scale) * before.masks.hotspots.width + (at % width) / scale
  if (!same(maskDifferences(before.masks.hotspots, after.masks.hotspots), [stored]))
    return fail('the hotspot mask differs elsewhere than the painted pixel')
  for (const h of room.hotspots) {
    const n = (h.shape as { maskId: number }).maskId
    if (n >= after.hotspots.length) continue
    if (!same(after.hotspots[n].walkTo, [h.walkTo!.x, h.walkTo!.y]))
      return fail(`hotspot ${n}'s walk-to point is not the one written`)
    const name = h.name === 'hCorpusCheck' ? h.name : before.hotspots[n].scriptName
    if (after.hotspots[n].scriptName !== name)
      return fail(`hotspot ${n}'s script name is not the one written`)
  }
  const others = [
    ...otherDifferences(before, after, ['masks', 'hotspots']),
    ...otherMasks(before, after, ['hotspots']),
  ]
  if (others.length > 0) return fail(`also changed: ${others.join(', ')}`)
  const again = await walkbox(out.after, file)
  const strip = (list: Room['hotspots']) => (list ?? []).map(({ id: _, ...h }) => h)
  if (
    !same(
      strip(again.room.hotspots),
      strip(normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room)))).hotspots),
    )
  )
    return fail('read again, the hotspots are not those written')
  if (write(out.after, file, again.room, again.mask).changed.length > 0)
    return fail('written again, it changes')
  return pass
}

async function checkBaselines(bytes: Uint8Array, file: string, before: OracleRoom): Promise<CheckResult> {
  const { room, mask } = await walkbox(bytes, file)
  const areas = (room.walkBehinds?.areas ?? []).filter((a) => a.id < before.walkBehindBaselines.length)
  if (areas.length === 0) return na('no walk-behind')
  for (const a of areas) a.baseline = a.baseline + 1
  const out = write(bytes, file, room, mask)
  const after = oracleReadCrm(out.after)
  for (const a of areas)
    if (after.walkBehindBaselines[a.id] !== before.walkBehindBaselines[a.id] + 1)
      return fail(`walk-behind ${a.id}'s baseline is not the one written`)
  const others = otherDifferences(before, after, ['walkBehindBaselines'])
  if (others.length > 0) return fail(`also changed: ${others.join(', ')}`)
  const again = await walkbox(out.after, file)
  if (!same(again.room.walkBehinds?.areas, room.walkBehinds?.areas))
    return fail('read again, other baselines')
  return pass
}

async function checkScaling(bytes: Uint8Array, file: string, before: OracleRoom): Promise<CheckResult> {
  const { room, mask } = await walkbox(bytes, file)
  const { width } = room.size
  const rows = new Map<number, { top: number; bottom: number }>()
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i]
    if (a === 0 || a >= before.areas.length) continue
    const y = Math.floor(i / width)
    const r = rows.get(a)
    if (!r) rows.set(a, { top: y, bottom: y })
    else r.bottom = y
  }
  if (rows.size === 0) return na('no walkable area')
  room.scaling = {
    mode: 'linear',
    linear: [...rows].map(([areaId, r]) => ({
      areaId,
      stops:
        r.top === r.bottom
          ? [{ y: r.top + 0.5, scale: 75 }]
          : [
              { y: r.top + 0.5, scale: 60 },
              { y: r.bottom + 0.5, scale: 100 },
            ],
    })),
  }
  const out = write(bytes, file, room, mask)
  const after = oracleReadCrm(out.after)
  for (const [a, r] of rows) {
    const want = r.top === r.bottom ? [-25, -10000] : [-40, 0]
    if (!same([after.areas[a].far, after.areas[a].near], want))
      return fail(
        `area ${a}: ScalingFar/Near ${after.areas[a].far}/${after.areas[a].near}, not ${want.join('/')}`,
      )
  }
  const others = otherDifferences(before, after, ['areas'])
  if (others.length > 0) return fail(`also changed: ${others.join(', ')}`)
  const again = await walkbox(out.after, file)
  if (!same(again.room.scaling, normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room)))).scaling))
    return fail('read again, the scaling is not the one written (60% must come back 60%)')
  if (write(out.after, file, again.room, again.mask).changed.length > 0)
    return fail('written again, it changes')
  return pass
}

async function checkRegions(bytes: Uint8Array, file: string, before: OracleRoom): Promise<CheckResult> {
  const { room, mask } = await walkbox(bytes, file)
  if (room.zones.length === 0) return na('no region drawn')
  for (const z of room.zones) {
    const id = Number(z.properties.agsRegion)
    const names = before.events.regions[id] ?? []
    if (
      !same(
        [z.events.stand, z.events.enter, z.events.exit],
        [0, 1, 2].map((k) => names[k] ?? ''),
      )
    )
      return fail(`region ${id}: its events are not named on import`)
    z.events = { stand: `region${id}_Standing`, enter: `region${id}_WalksOnto`, exit: `region${id}_WalksOff` }
  }
  const out = write(bytes, file, room, mask)
  const after = oracleReadCrm(out.after)
  for (const z of room.zones) {
    const id = Number(z.properties.agsRegion)
    if (id >= after.events.regions.length) continue
    if (!same(after.events.regions[id].slice(0, 3), [z.events.stand, z.events.enter, z.events.exit]))
      return fail(`region ${id}: events not written where AGS reads them`)
  }
  const others = otherDifferences(before, after, ['events'])
  if (others.length > 0) return fail(`also changed: ${others.join(', ')}`)
  return pass
}

/** Each check of one room, failures caught as a fail. */
async function checkRoom(bytes: Uint8Array, file: string, imported: boolean, why: string): Promise<RoomRow> {
  const checks: Record<string, CheckResult> = { import: imported ? pass : fail(why) }
  const guard = async (name: string, f: () => CheckResult | Promise<CheckResult>) => {
    try {
      checks[name] = await f()
    } catch (e) {
      checks[name] = fail((e as Error).message.split('\n')[0])
    }
  }
  let before: OracleRoom
  try {
    before = oracleReadCrm(bytes)
  } catch (e) {
    for (const c of CHECKS.slice(1)) checks[c] = na(`the oracle cannot read it: ${(e as Error).message}`)
    return { file, checks }
  }
  if (!imported) {
    for (const c of CHECKS.slice(1)) checks[c] = na('not imported')
    return { file, checks }
  }
  await guard('masks', () => checkMasks(bytes, file))
  await guard('unedited', async () => {
    const { room, mask } = await walkbox(bytes, file)
    const out = write(bytes, file, room, mask)
    return out.after.length === bytes.length && out.after.every((b, i) => b === bytes[i])
      ? pass
      : fail(`written back unedited, it changes: ${out.changed.join(', ')}`)
  })
  await guard('pixel', () => checkPixel(bytes, file, before))
  await guard('hotspots', () => checkHotspots(bytes, file, before))
  await guard('baselines', () => checkBaselines(bytes, file, before))
  await guard('scaling', () => checkScaling(bytes, file, before))
  await guard('regions', () => checkRegions(bytes, file, before))
  return { file, checks }
}

/** ScummVM: the start room, edited by Walkbox (one pixel, one room property), put in the game's data file. */
async function checkScummvm(game: string, scratch: string, rows: RoomRow[]): Promise<void> {
  const pack = await compiledPack(game)
  const none = (why: string) => rows.forEach((r) => (r.checks.scummvm = na(why)))
  if (!pack) return none('no compiled data in the repository')
  const start = await startRoom(pack, join(scratch, 'scummvm'))
  if (!start)
    return none('ScummVM does not start this game (its AGS is 3.6.0; this game is newer, or not found)')
  const room = (await packedRooms(pack)).get(start)!
  const { room: r, mask } = await walkbox(room, start)
  const painted = mask.slice()
  painted[painted.indexOf(0)] = r.areas[0]?.id ?? 1
  // A room property too: AGS reads the room's map first in the properties block, and
  // refuses the room ("Errors encountered when reading custom properties") if it is wrong.
  r.properties = { ...r.properties, WalkboxCheck: 'line one\tand\ntwo' }
  const written = write(room, start, r, painted)
  const run = await runWithRooms(pack, new Map([[start, written.after]]), join(scratch, 'scummvm', 'edited'))
  for (const row of rows) {
    if (row.file.toLowerCase() !== start) {
      row.checks.scummvm = na(`the game starts in ${start}`)
      continue
    }
    row.checks.scummvm = run.roomError
      ? fail(run.roomError)
      : run.started
        ? pass
        : fail('ScummVM did not start the game')
  }
}

export const agsCorpus: CorpusEngine = {
  id: 'ags',
  checks: CHECKS,
  async detect(game) {
    const names = await readdir(game).catch(() => [] as string[])
    return names.some((n) => /^room\d+\.crm$/i.test(n)) && !names.includes('Rooms')
  },
  async checkGame(game, scratch): Promise<GameResult> {
    const agf = await readFile(join(game, 'Game.agf'), 'latin1').catch(() => '')
    const editor = /EditorVersion="([^"]+)"/.exec(agf)?.[1]
    const files = (await readdir(game)).filter((n) => /^room\d+\.crm$/i.test(n))
    files.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    const formats = new Set<number>()
    for (const f of files) {
      const head = await readFile(join(game, f))
      if (head.length >= 2) formats.add(head.readUInt16LE(0))
    }
    const engine = `AGS ${editor ?? '3'} (room format ${[...formats].sort((a, b) => a - b).join(', ')})`
    const t0 = performance.now()
    let report: Awaited<ReturnType<typeof importAgsGameCommand>>
    try {
      report = await importAgsGameCommand(join(scratch, 'project'), game, { format: 'ags3' })
    } catch (e) {
      return {
        game,
        engine,
        rooms: [],
        failure: (e as Error).message.split('\n')[0],
        importMs: performance.now() - t0,
      }
    }
    const importMs = performance.now() - t0
    const rows: RoomRow[] = []
    for (const f of files) {
      const number = Number(/\d+/.exec(f)![0])
      const skipped = report.skipped.find((s) => s.number === number)
      const bytes = new Uint8Array(await readFile(join(game, f)))
      rows.push(await checkRoom(bytes, f, !skipped, skipped?.reason ?? ''))
    }
    await checkScummvm(game, scratch, rows)
    return { game, engine, rooms: rows, failure: null, importMs }
  },
}
