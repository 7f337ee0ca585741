/**
 * The Tiled corpus check (one engine of scripts/corpus.ts): each game folder is imported
 * whole as `walkbox import <folder> --out <project> --layer …` does (with the game's own
 * layer mapping, below), and every map is checked:
 *
 * - read: the room against a second reading of the map (tiled-reader.ts, written apart from
 *   Walkbox's reader): its size, its background, the positions of the points of the layers
 *   mapped to points, the number of zones of the layers mapped to zones;
 * - area: the walk area against the map minus its obstacles, both rasterised here at the
 *   map's pixel centres: they agree within AREA_TOLERANCE of the map's walkable pixels;
 * - unedited: the room as the project keeps it, written back (game-folder.ts, the editor's
 *   Save), changes no byte of the map;
 * - edit: one edit (a zone's vertex, else a point, a hotspot's vertex, a gate's vertex, a walk
 *   polygon's vertex, else a new 4x4 obstacle in the open) written back changes only the
 *   lines of the object it is about (and the map's next object id); Tiled itself reads the
 *   result (`tiled --export-map json`, QT_QPA_PLATFORM=offscreen) and Walkbox's import of
 *   what Tiled wrote holds the edit.
 *
 * Glossary
 * - mapping: which of a game's layers (or tile sources) are walkable, obstacles, zones, … as
 *   its own code reads them (a racing game's `Waypoints` are polylines: named, never points).
 *
 * Units: px, px² for areas, ms.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { importTiledFolderCommand, type FolderImportReport } from '../../src/cli/import-tiled-folder'
import { folderSource } from '../../src/cli/format-commands'
import { nodeGameCodec } from '../../src/main/services/game-folder-store'
import { diskProjectFiles } from '../../src/main/services/project-files'
import * as store from '../../src/main/services/project-store'
import { listTiledMaps, type GameLink } from '../../src/shared/formats/game-folder'
import { planGameWrite } from '../../src/shared/game/game-plan'
import { roomFormat } from '../../src/shared/formats/registry'
import {
  kindOfLayer,
  PROPERTY_SOURCE,
  SHAPES_SOURCE,
  type LayerMapping,
} from '../../src/shared/formats/tiled/layer-kinds'
import { unifiedDiff } from '../../src/shared/codecs/unified-diff'
import type { Room } from '../../src/shared/room/schema'
import { cellShapes, rasterise, readMap, type MapRead, type Pt } from './tiled-reader'
import type { CheckResult, CorpusEngine, GameResult, RoomRow } from './types'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'

/** Largest difference allowed between the two walk areas, as a share of the independent one. */
export const AREA_TOLERANCE = 0.005

/** Each game's mapping, as its code reads its maps (read in each game's sources). */
const MAPPINGS: Record<string, LayerMapping> = {
  // libGDX Dungeon.tsx: tiles with `collidable` block.
  'affirmation-adventures': { '@property:collidable': 'obstacles' },
  // Phaser: the Walls tile layer collides; Chests, Enemies, Lizards are spawn points.
  'dungeon-crawler': { Walls: 'obstacles', Chests: 'points', Enemies: 'points', Lizards: 'points' },
  // HaxeFlixel TiledLevel: the `collisions` object layer, `player start` points, `events` triggers.
  'flixel-demos': { collisions: 'obstacles', 'player start': 'points', events: 'zones' },
  'godot-tilegame': { Objects: 'points' },
  // LÖVE: a `collision` tile layer; `nodes` are doors, sprites and things the player uses.
  hawkthorne: { collision: 'obstacles', nodes: 'hotspots' },
  lop: { collisions: 'obstacles', objects: 'points' },
  // The Mana World: the Collision tile layer blocks; Objects are warps and spawn areas.
  manaworld: { Collision: 'obstacles', Objects: 'zones' },
  melonjs: { collision: 'obstacles' },
  // Phaser tutorials: tiles with `collides` block; Objects are spawn points.
  'phaser-tilemaps': { '@property:collides': 'obstacles', Objects: 'points' },
  'pikachus-revenge': { '@property:Collision': 'obstacles', 'Object Layer 1': 'points' },
  // Pixel Wheels: tile collision shapes block; Waypoints and Sections are polylines.
  pixelwheels: {
    '@shapes': 'obstacles',
    Obstacles: 'obstacles',
    Waypoints: 'points',
    BonusSpots: 'points',
    Sections: 'zones',
  },
  plantower: { '@shapes': 'obstacles', Checkpoints: 'zones', Characters: 'points' },
  robot: { walls: 'obstacles', triggers: 'zones' },
  // silly-sam: the `objects` layer's rectangles are static Box2D bodies.
  'silly-sam': { objects: 'obstacles' },
  thicket: { '@shapes': 'obstacles' },
  // Tuxemon: Collisions rectangles block; Events are triggers.
  tuxemon: { Collisions: 'obstacles', Collision: 'obstacles', Events: 'zones', Event: 'zones' },
}

const CHECKS = ['read', 'area', 'unedited', 'edit'] as const

const pass: CheckResult = { status: 'pass' }
const fail = (why: string): CheckResult => ({ status: 'fail', why })
const na = (why?: string): CheckResult => ({ status: 'n/a', ...(why ? { why } : {}) })

/** The kind of each layer of the map as the rules give it (layer-kinds.ts, by layer path). */
function kinds(map: MapRead, mapping: LayerMapping): Map<string, string | null> {
  const out = new Map<string, string | null>()
  const remembered = {} as LayerMapping
  const byPath = new Map<string, { kind: string; rule: 'group' } | null>()
  for (const l of map.layers) {
    const parent = l.path.includes(' / ') ? l.path.slice(0, l.path.lastIndexOf(' / ')) : ''
    const inherited = parent ? (byPath.get(parent) ?? null) : null
    const k = kindOfLayer(
      { name: l.name, className: l.className, walkboxProperty: l.walkboxProperty },
      mapping,
      remembered,
      inherited as never,
    )
    byPath.set(l.path, k ? { kind: k.kind, rule: 'group' } : null)
    out.set(l.path, k?.kind ?? null)
  }
  return out
}

/** The walkable pixels of the map minus its obstacles, read here; null when nothing is mapped as obstacles. */
function independentArea(map: MapRead, mapping: LayerMapping): { walkable: number; total: number } | null {
  const w = map.width * map.tilewidth
  const h = map.height * map.tileheight
  if (map.infinite || w * h > 64e6) return null
  const k = kinds(map, mapping)
  const shapesKind = mapping[SHAPES_SOURCE]
  const props = Object.entries(mapping)
    .filter(([key, kind]) => key.startsWith(PROPERTY_SOURCE) && kind === 'obstacles')
    .map(([key]) => key.slice(PROPERTY_SOURCE.length))
  const grid = new Uint8Array(w * h)
  let any = false
  const fill: Pt[][][] = []
  for (const l of map.layers) {
    const kind = k.get(l.path)
    if (l.kind === 'objects' && kind === 'obstacles')
      for (const o of l.objects) {
        if (o.type && KINDS.includes(o.type) && o.type !== 'obstacle') continue
        if (o.shape === 'point' || o.shape === 'polyline' || o.shape === 'text' || o.points.length < 3)
          continue
        fill.push([o.points])
        any = true
      }
    if (l.kind !== 'tiles' || kind === 'none') continue
    for (const c of l.cells) {
      const info = map.tile(c.gid)
      const box: Pt[] = [
        [c.x * map.tilewidth + l.dx, c.y * map.tileheight + l.dy],
        [(c.x + 1) * map.tilewidth + l.dx, c.y * map.tileheight + l.dy],
        [(c.x + 1) * map.tilewidth + l.dx, (c.y + 1) * map.tileheight + l.dy],
        [c.x * map.tilewidth + l.dx, (c.y + 1) * map.tileheight + l.dy],
      ]
      if (kind === 'obstacles') {
        fill.push([box])
        any = true
      } else if (kind === null && info) {
        if (props.some((p) => info.props[p] === true || String(info.props[p]).toLowerCase() === 'true')) {
          fill.push([box])
          any = true
        } else if (shapesKind === 'obstacles' && info.shapes.length > 0) {
          for (const s of cellShapes(info, c.gid, c.x, c.y, map.tilewidth, map.tileheight, l.dx, l.dy))
            fill.push([s])
          any = true
        }
      }
    }
  }
  if (!any) return null
  rasterise(grid, w, h, fill)
  let blocked = 0
  for (let i = 0; i < grid.length; i++) blocked += grid[i]
  return { walkable: w * h - blocked, total: w * h }
}

/** The room's walk polygons rasterised here, pixels (map px: room px less the scene offset). */
function roomArea(room: Room, w: number, h: number): number {
  const grid = new Uint8Array(w * h)
  rasterise(
    grid,
    w,
    h,
    room.polygons.map((p) => [p.outer, ...p.holes]),
  )
  let n = 0
  for (let i = 0; i < grid.length; i++) n += grid[i]
  return n
}

/** The room against the second reading: size, background, points, zones. */
function checkRead(
  room: Room,
  map: MapRead,
  mapping: LayerMapping,
  gameFolder: string,
  file: string,
): CheckResult {
  const w = map.width * map.tilewidth
  const h = map.height * map.tileheight
  const image = map.layers.find(
    (l) => l.kind === 'image' && l.image && l.name !== 'walk mask' && l.name !== 'mask',
  )
  const imageThere = image ? existsSync(join(gameFolder, dirname(file), image.image!)) : false
  if (imageThere !== (room.background !== undefined))
    return fail(
      `background: the map's image layer ${imageThere ? 'is' : 'is not'} in the game, the room ${room.background ? 'has' : 'has no'} background`,
    )
  if (!map.infinite && !imageThere && (room.size.width !== w || room.size.height !== h))
    return fail(`size ${room.size.width}x${room.size.height}, the map is ${w}x${h}`)
  const k = kinds(map, mapping)
  const points: Pt[] = []
  let zones = 0
  let hotspots = 0
  const own: Record<string, string> = { points: 'point', zones: 'zone', hotspots: 'hotspot' }
  for (const l of map.layers) {
    if (l.kind !== 'objects') continue
    const kind = k.get(l.path)
    if (kind === 'none') continue
    for (const o of l.objects) {
      const is = KINDS.includes(o.type) ? o.type : (own[kind ?? ''] ?? '')
      const area = o.shape !== 'point' && o.shape !== 'polyline' && o.shape !== 'text' && o.points.length >= 3
      if (is === 'point' && o.shape !== 'polyline' && o.shape !== 'polygon' && o.shape !== 'text')
        points.push([o.x + l.dx, o.y + l.dy])
      if (is === 'zone' && area) zones++
      if (is === 'hotspot' && area) hotspots++
    }
  }
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  const mine = (room.points ?? []).map((p) => [p.x - off.x, p.y - off.y] as Pt)
  // Each of the map's points has one of the room's within the project's rounding (0.01 px).
  const left = [...mine]
  for (const [x, y] of points) {
    const at = left.findIndex(([a, b]) => Math.abs(a - x) <= 0.0051 && Math.abs(b - y) <= 0.0051)
    if (at < 0) return fail(`${mine.length} points, the map ${points.length}: none at (${x}, ${y})`)
    left.splice(at, 1)
  }
  if (left.length > 0)
    return fail(`${mine.length} points, the map ${points.length}: (${left[0].join(', ')}) not in the map`)
  if (zones !== room.zones.length) return fail(`${room.zones.length} zones, the map has ${zones}`)
  const mineHotspots = room.hotspots?.length ?? 0
  if (hotspots !== mineHotspots) return fail(`${mineHotspots} hotspots, the map has ${hotspots}`)
  return pass
}

/** Object types that name a Walkbox kind outright. */
const KINDS = [
  'walkable',
  'hole',
  'gate',
  'zone',
  'node',
  'join',
  'point',
  'hotspot',
  'obstacle',
  'walk-to',
  'look-at',
]

function checkArea(room: Room, map: MapRead, mapping: LayerMapping): CheckResult {
  const ind = independentArea(map, mapping)
  if (!ind) return na(map.infinite ? 'an infinite map' : 'no obstacles mapped')
  const mine = roomArea(room, map.width * map.tilewidth, map.height * map.tileheight)
  const diff = Math.abs(mine - ind.walkable) / Math.max(1, ind.walkable)
  return diff <= AREA_TOLERANCE
    ? pass
    : fail(
        `walk area ${mine} px, the map minus its obstacles ${ind.walkable} px (${(diff * 100).toFixed(2)} %)`,
      )
}

/** Old-file line numbers the diff removes or changes. */
function removedLines(diff: string): number[] {
  const out: number[] = []
  let old = 0
  for (const line of diff.split('\n')) {
    const m = /^@@ -(\d+)/.exec(line)
    if (m) {
      old = Number(m[1])
      continue
    }
    if (line.startsWith('---') || line.startsWith('+++')) continue
    if (line.startsWith('-')) out.push(old++)
    else if (line.startsWith(' ')) old++
  }
  return out
}

interface Edit {
  what: string
  /** The room edited. */
  room: Room
  /** Does a room read back hold the edit? */
  holds: (back: Room) => boolean
  /** The lines of the map object the edit is about (none: a new object). */
  lines: [number, number] | null
}

const moved = (p: [number, number]): [number, number] => [p[0] + 2, p[1] + 1]
const near = (a: number, b: number) => Math.abs(a - b) < 0.02

/** One edit of the room, on something the map has an object for. */
function chooseEdit(room: Room, map: MapRead, mapping: LayerMapping): Edit | null {
  const copy = () => JSON.parse(JSON.stringify(room)) as Room
  const objectLines = (name: string, first: [number, number], id?: string): [number, number] | null => {
    // A nameless point is 'point-<object id>'.
    const byId = id === undefined ? null : /^point-(\d+)$/.exec(id)
    if (byId)
      for (const l of map.layers) for (const o of l.objects) if (o.id === Number(byId[1])) return o.lines
    for (const l of map.layers)
      for (const o of l.objects)
        if (
          o.name === name &&
          o.points.length > 0 &&
          near(o.points[0][0], first[0]) &&
          near(o.points[0][1], first[1])
        )
          return o.lines
    for (const l of map.layers) for (const o of l.objects) if (o.name === name) return o.lines
    return null
  }
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  const zone = room.zones.find((z) => z.shape.kind === 'polygon')
  if (zone && zone.shape.kind === 'polygon') {
    const r = copy()
    const z = r.zones.find((x) => x.id === zone.id)!
    if (z.shape.kind !== 'polygon') return null
    const target = moved(z.shape.outer[1])
    z.shape.outer[1] = target
    return {
      what: `zone '${zone.id}' vertex 2 moved by (2, 1)`,
      room: r,
      holds: (back) => {
        const b = back.zones.find((x) => x.id === zone.id)
        return (
          !!b &&
          b.shape.kind === 'polygon' &&
          b.shape.outer.some(([x, y]) => near(x, target[0]) && near(y, target[1]))
        )
      },
      lines: objectLines(zone.name, [zone.shape.outer[0][0] - off.x, zone.shape.outer[0][1] - off.y]),
    }
  }
  const point = room.points?.[0]
  if (point) {
    const r = copy()
    const p = r.points![0]
    p.x += 5
    p.y += 3
    return {
      what: `point '${point.id}' moved by (5, 3)`,
      room: r,
      holds: (back) => !!back.points?.some((q) => near(q.x, p.x) && near(q.y, p.y)),
      lines: objectLines(point.name, [point.x - off.x, point.y - off.y], point.id),
    }
  }
  const hotspot = room.hotspots?.find((h) => h.shape.kind === 'polygon')
  if (hotspot && hotspot.shape.kind === 'polygon') {
    const r = copy()
    const h = r.hotspots!.find((x) => x.id === hotspot.id)!
    if (h.shape.kind !== 'polygon') return null
    const target = moved(h.shape.outer[1])
    h.shape.outer[1] = target
    return {
      what: `hotspot '${hotspot.id}' vertex 2 moved by (2, 1)`,
      room: r,
      holds: (back) => {
        const b = back.hotspots?.find((x) => x.id === hotspot.id)
        return (
          !!b &&
          b.shape.kind === 'polygon' &&
          b.shape.outer.some(([x, y]) => near(x, target[0]) && near(y, target[1]))
        )
      },
      lines: objectLines(hotspot.name, [
        hotspot.shape.outer[0][0] - off.x,
        hotspot.shape.outer[0][1] - off.y,
      ]),
    }
  }
  // A new 4x4 obstacle in the open, when the walk area is the map minus its obstacles.
  if (Object.values(mapping).includes('obstacles') && room.polygons.length > 0) {
    for (const p of room.polygons) {
      const xs = p.outer.map((q) => q[0])
      const ys = p.outer.map((q) => q[1])
      const cx = Math.round((Math.min(...xs) + Math.max(...xs)) / 2)
      const cy = Math.round((Math.min(...ys) + Math.max(...ys)) / 2)
      // The square's corners and middle must all be inside the polygon (not in a hole).
      const probe = (x: number, y: number) => {
        const g = new Uint8Array(1)
        rasterise(g, 1, 1, [
          [
            p.outer.map(([a, b]) => [a - x + 0.5, b - y + 0.5] as Pt),
            ...p.holes.map((hh) => hh.map(([a, b]) => [a - x + 0.5, b - y + 0.5] as Pt)),
          ],
        ])
        return g[0] === 1
      }
      const inside = [
        [cx - 3, cy - 3],
        [cx + 3, cy - 3],
        [cx + 3, cy + 3],
        [cx - 3, cy + 3],
        [cx, cy],
      ].every(([x, y]) => probe(x, y))
      if (!inside) continue
      const r = copy()
      const q = r.polygons.find((x) => x.id === p.id)!
      q.holes.push([
        [cx - 2, cy - 2],
        [cx - 2, cy + 2],
        [cx + 2, cy + 2],
        [cx + 2, cy - 2],
      ])
      return {
        what: `a 4x4 obstacle added at (${cx}, ${cy})`,
        room: r,
        holds: (back) => {
          const probeBack = back.polygons.some((b) => {
            const g = new Uint8Array(1)
            rasterise(g, 1, 1, [
              [
                b.outer.map(([a, c]) => [a - cx + 0.5, c - cy + 0.5] as Pt),
                ...b.holes.map((hh) => hh.map(([a, c]) => [a - cx + 0.5, c - cy + 0.5] as Pt)),
              ],
            ])
            return g[0] === 1
          })
          return !probeBack
        },
        lines: null,
      }
    }
  }
  return null
}

async function checkEdit(
  gameFolder: string,
  scratch: string,
  file: string,
  room: Room,
  map: MapRead,
  mapping: LayerMapping,
): Promise<CheckResult> {
  const edit = chooseEdit(room, map, mapping)
  if (!edit) return na('nothing the map has an object for (the walk area comes from tiles)')
  const link: GameLink = {
    format: 'walkbox-game-link',
    version: 1,
    engine: 'tiled',
    rooms: [{ roomId: room.id, file, layers: mapping }],
  }
  let plan
  try {
    plan = await planGameWrite(
      diskProjectFiles(gameFolder),
      link,
      new Map([[room.id, { room: edit.room, mask: null }]]),
      nodeGameCodec,
      [],
    )
  } catch (e) {
    return fail(`${edit.what}: ${(e as Error).message.split('\n')[0]}`)
  }
  if (plan.changes.length !== 1) return fail(`${edit.what}: ${plan.changes.length} files changed`)
  const change = plan.changes[0]
  const before = new TextDecoder().decode(change.before)
  const after = new TextDecoder().decode(change.after)
  const diff = unifiedDiff(before, after, file)
  const lines = before.split('\n')
  const allowed = (n: number) => {
    const text = lines[n - 1] ?? ''
    if (/<map\b|"nextobjectid"|"nextlayerid"|walkbox\.layers/.test(text)) return true
    if (edit.lines && n >= edit.lines[0] && n <= edit.lines[1]) return true
    // A JSON array's last element gains a comma when an object follows it (a new obstacle, the
    // map property that remembers the mapping).
    return (!edit.lines || diff.includes('walkbox.layers')) && /^\s*[}\]]+,?\s*$/.test(text)
  }
  // A line that only gains a comma (a member or object added after it) is not a change of it.
  const addedLines = new Set(
    diff
      .split('\n')
      .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
      .map((l) => l.slice(1)),
  )
  const stray = removedLines(diff).filter((n) => !allowed(n) && !addedLines.has(`${lines[n - 1]},`))
  if (stray.length > 0)
    return fail(
      `${edit.what}: line ${stray[0]} changed too ('${(lines[stray[0] - 1] ?? '').trim().slice(0, 60)}')`,
    )
  // Tiled reads what was written; Walkbox's import of Tiled's export holds the edit.
  await mkdir(scratch, { recursive: true })
  const ext = /\.tmx$/i.test(file) ? 'tmx' : 'json'
  const written = join(gameFolder, `${file}.edited.${ext}`)
  await writeFile(written, after)
  const exported = join(gameFolder, `${file}.tiled.json`)
  try {
    await run(TILED, ['--export-map', 'json', written, exported], {
      env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
      timeout: 60_000,
    })
  } catch (e) {
    return fail(`${edit.what}: tiled --export-map refused it (${(e as Error).message.split('\n')[0]})`)
  }
  const back = await roomFormat('tiled-json').importRoom!(
    folderSource(gameFolder),
    relative(gameFolder, exported),
    {
      layers: mapping,
      filesWithinSource: true,
    },
  )
  return edit.holds(back.room) ? pass : fail(`${edit.what}: not in what Tiled read back`)
}

async function tiledVersion(path: string): Promise<string> {
  const text = await readFile(path, 'utf8').catch(() => '')
  return /tiledversion="([^"]+)"/.exec(text)?.[1] ?? /"tiledversion"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? '?'
}

export const tiled: CorpusEngine = {
  id: 'tiled',
  checks: CHECKS,
  async detect(gameFolder) {
    const maps = await listTiledMaps(diskProjectFiles(gameFolder), []).catch(() => [])
    return maps.length > 0
  },
  async checkGame(gameFolder, scratch): Promise<GameResult> {
    const name = gameFolder
      .split('/')
      .filter(Boolean)
      .at(-1)!
      .replace(/^tiled-/, '')
    const mapping = MAPPINGS[name] ?? {}
    const files = diskProjectFiles(gameFolder)
    const maps = await listTiledMaps(files, [])
    const versions = new Map<string, number>()
    for (const m of maps) {
      const v = await tiledVersion(join(gameFolder, m))
      versions.set(v, (versions.get(v) ?? 0) + 1)
    }
    const engine = `Tiled ${[...versions].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?'}`
    await mkdir(scratch, { recursive: true })
    const project = join(await mkdtemp(join(scratch, 'project-')), 'game')
    const started = performance.now()
    let report: FolderImportReport
    try {
      report = await importTiledFolderCommand(project, gameFolder, () => undefined, mapping)
    } catch (e) {
      return {
        game: name,
        engine,
        rooms: [],
        failure: (e as Error).message.split('\n')[0],
        importMs: performance.now() - started,
      }
    }
    const importMs = performance.now() - started
    const rows: RoomRow[] = []
    for (const refused of report.refused)
      rows.push({
        file: refused.map,
        checks: {
          read: fail(
            `not imported: ${refused.error}${refused.problems[0] ? `: ${refused.problems[0]}` : ''}`,
          ),
          area: na(),
          unedited: na(),
          edit: na(),
        },
      })
    for (const r of report.rooms) {
      try {
        rows.push(await checkRoom(r))
      } catch (e) {
        // A check that breaks is a failing row, never the end of the run.
        rows.push({
          file: r.map,
          checks: { read: fail(`the check broke: ${(e as Error).message.split('\n')[0]}`) },
        })
      }
    }
    rows.sort((a, b) => a.file.localeCompare(b.file))
    return {
      game: name,
      engine,
      rooms: rows,
      failure: report.rooms.length === 0 ? 'no map imported' : null,
      importMs,
    }

    async function checkRoom(r: FolderImportReport['rooms'][number]): Promise<RoomRow> {
      const stored = await store.loadRoom(project, r.room.id)
      const room = stored.room
      const map = readMap(join(gameFolder, r.map))
      const checks: Record<string, CheckResult> = {}
      checks.read = checkRead(room, map, mapping, gameFolder, r.map)
      checks.area = checkArea(room, map, mapping)
      try {
        const plan = await planGameWrite(
          files,
          {
            format: 'walkbox-game-link',
            version: 1,
            engine: 'tiled',
            rooms: [{ roomId: room.id, file: r.map, layers: mapping }],
          },
          new Map([[room.id, { room, mask: null }]]),
          nodeGameCodec,
          [],
        )
        checks.unedited =
          plan.changes.length === 0 ? pass : fail(`${plan.changes[0].path}: ${plan.changes[0].summary}`)
      } catch (e) {
        checks.unedited = fail((e as Error).message.split('\n')[0])
      }
      checks.edit = await checkEdit(gameFolder, scratch, r.map, room, map, mapping)
      return { file: r.map, checks }
    }
  },
}
