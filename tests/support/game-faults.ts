/**
 * What the game-write fault suite (tests/unit/main/game-faults.test.ts) and its child
 * processes (game-fault-child.ts) share: games made from copies of the bench games, numbered
 * versions of a room that each change several game files at once, and the checks that tell
 * a whole version from a torn game.
 *
 * Glossary
 * - version v: the room with v written into every file a write changes (AGS 4: the walkable
 *   mask's painted rows and a zone's width, so walkableareas.png and regions.png; Godot: the
 *   floor's first vertex and the Window zone, so two scenes; Tiled: the floor and the gate of
 *   the one map). Version 0 is the game as it came.
 * - template: a game folder with its Walkbox project (`.walkbox/project`, as the editor's
 *   first open makes it) and a command-line project beside it (`cli-project`, as `walkbox
 *   import` makes it), copied afresh for each fault.
 * - state: which version the game's files hold: v when every file a version changes holds
 *   version v's bytes, 'torn' when they hold different versions' (or bytes of none).
 *
 * Units: bytes; px.
 */
import { cp, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { diskGameHost } from '../../src/main/services/game-folder-store'
import * as store from '../../src/main/services/project-store'
import { GATED_CAVE_TMX } from './tiled-builders'
import { benchPath } from './bench-data'
import { makeWritable } from './game-copy'
import { addGameRooms, openGame, planGameSave, readGame } from '../../src/shared/game/game-store'
import { loadStoredRoom, saveStoredProject, type StoreHost } from '../../src/shared/room/project-store'
import type { Room } from '../../src/shared/room/schema'

export type FaultEngine = 'ags4' | 'godot' | 'tiled'

export interface FaultGame {
  engine: FaultEngine
  roomId: string
  /** The room's file in the game (what `--into` / `--out` names). */
  roomFile: string
  /** Copy the game's own files into `game`. */
  make(game: string): Promise<void>
  /** Version v of the room (from the room as imported). */
  version(room: Room, mask: Uint8Array | null, v: number): { room: Room; mask?: Uint8Array }
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

export const FAULT_GAMES: Record<FaultEngine, FaultGame> = {
  ags4: {
    engine: 'ags4',
    roomId: 'room-1',
    roomFile: 'Rooms/1',
    async make(game) {
      const from = benchPath('engines', 'ags-tumbleweed')
      await mkdir(join(game, 'Rooms'), { recursive: true })
      await cp(join(from, 'Game.agf'), join(game, 'Game.agf'))
      await cp(join(from, 'Rooms', '1'), join(game, 'Rooms', '1'), { recursive: true })
      await makeWritable(game)
    },
    version(room, mask, v) {
      const out = clone(room)
      const cells = mask!.slice()
      if (v > 0) cells.fill(1, 0, room.size.width * (6 + v))
      out.zones = out.zones.filter((z) => z.id !== 'fault-zone')
      if (v > 0)
        out.zones.push({
          id: 'fault-zone',
          name: 'Fault zone',
          shape: {
            kind: 'polygon',
            outer: [
              [10, 60],
              [30 + v, 60],
              [30 + v, 90],
              [10, 90],
            ],
          },
          events: { enter: '', exit: '', stand: '' },
          properties: {},
        })
      return { room: out, mask: cells }
    },
  },
  godot: {
    engine: 'godot',
    roomId: 'house',
    roomFile: 'game/rooms/house/room_house.tscn',
    async make(game) {
      await cp(benchPath('engines', 'popochiu-sample-game'), game, { recursive: true })
      await makeWritable(game)
    },
    version(room, _mask, v) {
      const out = clone(room)
      const [x, y] = room.polygons[0].outer[0]
      out.polygons[0].outer[0] = [x + v, y]
      // Popochiu's Window is a hotspot (it was read as a zone before hotspots had a layer).
      const window = out.hotspots!.find((h) => h.name === 'Window')!
      if (window.shape.kind === 'polygon') window.shape.outer = window.shape.outer.map(([a, b]) => [a + v, b])
      return { room: out }
    },
  },
  tiled: {
    engine: 'tiled',
    roomId: 'cave',
    roomFile: 'maps/cave.tmx',
    async make(game) {
      await mkdir(join(game, 'maps'), { recursive: true })
      await writeFile(join(game, 'maps', 'cave.tmx'), GATED_CAVE_TMX)
    },
    version(room, _mask, v) {
      const out = clone(room)
      out.polygons[0].outer = out.polygons[0].outer.map(([x, y]) => [x + v, y])
      const gate = out.gates[0]
      if (gate.polygon) gate.polygon = gate.polygon.map(([x, y]) => [x, y + v])
      return { room: out }
    },
  },
}

/** Save version v of the room in a project (the room as first imported is `base`). */
export async function saveVersion(
  project: StoreHost,
  game: FaultGame,
  base: { room: Room; mask: Uint8Array | null },
  v: number,
): Promise<void> {
  const next = game.version(base.room, base.mask, v)
  const { width, height } = next.room.size
  await saveStoredProject(project, ({ project: p }) => ({
    project: p,
    rooms: [
      { room: next.room, ...(next.mask ? { images: { mask: { width, height, cells: next.mask } } } : {}) },
    ],
  }))
}

export const CLI_PROJECT = 'cli-project'

export interface Template {
  game: FaultGame
  /** The template folder: `game/` (with `.walkbox/project`), `cli-project/`. */
  dir: string
  /** The room as imported. */
  base: { room: Room; mask: Uint8Array | null }
  /** Per version, the bytes' digest of each file a version changes (game paths). */
  versions: Record<string, string>[]
  /** The files a version changes. */
  files: string[]
}

export function digest(bytes: Uint8Array): string {
  let h = 0x811c9dc5
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
  return `${bytes.length}:${h.toString(16)}`
}

/**
 * A template of `game` in `dir` with versions 0..count: the game opened as the editor opens it
 * (its project in `.walkbox/project`), a command-line project beside it, and each version's
 * file digests (planned against the game as it came, which each version's write gives whole).
 */
export async function makeTemplate(game: FaultGame, dir: string, count: number): Promise<Template> {
  const gameDir = join(dir, 'game')
  await game.make(gameDir)
  const host = diskGameHost(gameDir, {
    appVersion: '0.1.0',
    scratch: join(dir, '..', `${game.engine}-scratch`),
  })
  const opened = await openGame(host, { folderName: game.engine })
  const loaded = await loadStoredRoom(opened.project, game.roomId)
  const base = { room: loaded.room, mask: loaded.mask?.cells ?? null }
  const cli = join(dir, CLI_PROJECT)
  await mkdir(cli)
  const { read } = await readGame(host)
  await addGameRooms(store.diskStore(cli), read, { name: 'CLI', appVersion: '0.1.0' })
  const versions: Record<string, string>[] = []
  const files = new Set<string>()
  const plans: { path: string; after: Uint8Array }[][] = []
  for (let v = 1; v <= count; v++) {
    await saveVersion(opened.project, game, base, v)
    const plan = await planGameSave(host)
    plans.push(plan.changes.map((c) => ({ path: c.path, after: c.after })))
    for (const c of plan.changes) files.add(c.path)
  }
  await saveVersion(opened.project, game, base, 0)
  const paths = [...files].sort()
  const original: Record<string, string> = {}
  for (const p of paths) original[p] = digest(await readFile(join(gameDir, p)))
  versions.push(original)
  for (const plan of plans) {
    const version = { ...original }
    for (const c of plan) version[c.path] = digest(c.after)
    versions.push(version)
  }
  return { game, dir, base, versions, files: paths }
}

/** A fresh copy of the template at `to` (the game, its project and the command-line project). */
export async function copyTemplate(template: Template, to: string): Promise<void> {
  await cp(template.dir, to, { recursive: true })
}

/** Which version the game's files hold, or 'torn'. */
export async function stateOf(template: Template, gameDir: string): Promise<number | 'torn'> {
  const now: Record<string, string> = {}
  for (const p of template.files)
    now[p] = digest(await readFile(join(gameDir, p)).catch(() => Buffer.alloc(0)))
  const v = template.versions.findIndex((version) => template.files.every((p) => version[p] === now[p]))
  return v < 0 ? 'torn' : v
}

/** Walkbox's working files left anywhere in the game (journals, staged and temp files, locks). */
export async function leftovers(gameDir: string): Promise<string[]> {
  const out: string[] = []
  const visit = async (at: string) => {
    for (const e of await readdir(at, { withFileTypes: true })) {
      const path = join(at, e.name)
      const rel = relative(gameDir, path)
      if (rel === join('.walkbox', 'project')) continue
      if (e.isDirectory()) await visit(path)
      else if (/\.walkbox-[0-9a-z]+\.(new|tmp)$|^\.walkbox-game-lock|game-journal\.json$/.test(e.name))
        out.push(rel)
    }
  }
  await visit(gameDir)
  return out.sort()
}

/** Every file and folder under `dir` with its size and bytes' digest (links listed as links), to see that nothing changed. */
export async function fingerprint(dir: string): Promise<string[]> {
  const out: string[] = []
  const visit = async (at: string) => {
    const info = await lstat(at)
    const rel = relative(dir, at) || '.'
    if (info.isSymbolicLink()) out.push(`${rel} -> link`)
    else if (info.isDirectory()) {
      out.push(`${rel}/`)
      for (const name of await readdir(at)) await visit(join(at, name))
    } else out.push(`${rel} ${digest(await readFile(at))}`)
  }
  await visit(dir)
  return out.sort()
}

/** A folder of files outside the game that no fault may touch. */
export async function makeOutside(dir: string): Promise<void> {
  await mkdir(join(dir, 'Rooms', '1'), { recursive: true })
  for (const name of ['data.xml', 'walkableareas.png', 'regions.png', 'secret.txt'])
    await writeFile(join(dir, 'Rooms', '1', name), `outside ${name}\n`)
  await mkdir(dirname(join(dir, 'game', 'rooms', 'house', 'x')), { recursive: true })
  await writeFile(join(dir, 'game', 'rooms', 'house', 'room_house.tscn'), 'outside scene\n')
}
