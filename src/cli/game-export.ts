/**
 * A room written back into a game from the command line, for every engine, through the game
 * store (src/shared/game/game-store.ts: inside the game's lock, after a stopped write is
 * finished or rolled back, as one unit with a backup of every file replaced):
 *
 *   export <project> --room <id> --into <game folder | map.tmx | map.tmj> [--scene F] [--dry-run]
 *   export <project> --room <id> --format ags4 --out <game>/Rooms/N [--dry-run]
 *
 * `--into` a folder finds the game's engine (AGS 4, AGS 3, Godot, Tiled) and the room's file
 * in it: `--scene`, else the game's room that imports with the room's id. `--format ags4 --out` writes into the room folder in place when
 * it holds data.xml, else a new room folder. `--dry-run` prints what would change (the
 * unified diff of text files, a line per picture) and writes nothing, not even a recovery.
 *
 * Glossary
 * - game root: see game-cli.ts; the journal, the backups and the lock are there, one place
 *   per game whatever path the command names.
 *
 * Units: bytes.
 */
import type { LayerMapping } from '../shared/formats/tiled/layer-kinds'
import { lstat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import {
  detectGameFolder,
  gameSource,
  listGameRooms,
  type GameKind,
  type GameRoomState,
} from '../shared/formats/game-folder'
import { roomFormat, type ExportFile, type RoomFormat } from '../shared/formats/registry'
import { GAME_ENGINE_WRITERS } from '../shared/game/engine-planners'
import { GAME_ENGINES, gameEngine } from '../shared/formats/engines'
import type { GameWritePlan } from '../shared/game/game-plan'
import { writeNewAgsRoom, writeRoomsIntoGame, type RoomsIntoGameResult } from '../shared/game/game-store'
import * as store from '../main/services/project-store'
import { nodeGameCodec } from '../main/services/game-folder-store'
import { diskProjectFiles, makeFolders } from '../main/services/project-files'
import { projectFolderOf } from '../main/desktop-host'
import { agsOutKind, newAgsRoomFiles, refuseLinks } from './ags-new-room'
import {
  cliGameHost,
  gamePathOf,
  holdsGameMarker,
  sayRecovered,
  tiledRootOf,
  type GameFilesFor,
} from './game-cli'
import { ProjectCommandError, guardAuthorErrors } from './project-commands'

const ENGINE_LABELS = Object.fromEntries(GAME_ENGINES.map((e) => [e.id, e.game])) as Record<GameKind, string>

export interface ExportIntoReport {
  project: string
  room: string
  /** The game root (absolute). */
  game: string
  engine: GameKind
  /** The room's file in the game (game path). */
  file: string
  dryRun: boolean
  /** Game files changed (or that would change), game paths. */
  files: string[]
  changed: boolean
  /** The unified diff of those files (text files). */
  diff: string
  /** The backup folder of the files replaced (absolute), or null. */
  backup: string | null
  notes: string[]
  /** What recovery found (a stopped write finished or rolled back), one line each. */
  recovered: string[]
}

/** The room as the project holds it (refused when an image of it cannot be read), and the project's flags. */
async function projectRoom(project: string, roomId: string) {
  const folder = projectFolderOf(project)
  const loaded = await store.loadRoom(folder, roomId)
  if (loaded.problems.length > 0)
    throw new ProjectCommandError(`room '${roomId}': ${loaded.problems[0].message}; fix it before exporting`)
  const flags = (await store.openProject(folder)).project.flags
  const state: GameRoomState = { room: loaded.room, mask: loaded.mask?.cells ?? null }
  return { folder: resolve(folder), loaded, flags, state }
}

/** The one line of a game store refusal (its first line; the room prefix of a planner's error dropped for one room). */
function refusal(e: unknown, file: string): never {
  if (e instanceof ProjectCommandError) throw e
  const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]
  const problems = (e as { problems?: unknown }).problems
  throw new ProjectCommandError(
    message.replace(/^room '[^']*' \(([^)]*)\): /, (all, f: string) => (f === file ? '' : all)),
    Array.isArray(problems) ? problems.map(String) : [],
  )
}

/** The game file of the room `roomId`: `scene` given, else the game's room that imports with that id. */
async function roomFileIn(game: string, engine: GameKind, roomId: string, into: string, scene?: string) {
  if (scene !== undefined) {
    const file = scene
      .replace(/^res:\/\//, '')
      .replace(/\\/g, '/')
      .replace(/^\.\//, '')
    return gameEngine(engine).roomFileOf?.(file) ?? file
  }
  const files = diskProjectFiles(game)
  const source = gameSource(files, nodeGameCodec)
  let unread = ''
  for (const r of await listGameRooms(files, engine, source, [])) {
    const read = await roomFormat(r.format).importRoom!(source, r.file, {
      ...(r.name ? { name: r.name } : {}),
      ...gameEngine(engine).gameReadOptions,
    }).catch((e: unknown) => {
      unread ||= `; ${r.file} could not be read (${(e instanceof Error ? e.message : String(e)).split('\n')[0]})`
      return null
    })
    if (read?.room.id === roomId) return r.file
  }
  throw new ProjectCommandError(
    `${into}: no room of ${ENGINE_LABELS[engine]} imports as '${roomId}'${unread}; give --scene <its file in the game>; nothing written`,
  )
}

/** Where `--into` points: the game root, its engine and the room's file. */
async function target(into: string, roomId: string, options: { scene?: string; format?: string }) {
  const full = resolve(into)
  const st = await lstat(full).catch(() => null)
  if (!st) throw new ProjectCommandError(`${into}: not found; nothing written`)
  if (st.isSymbolicLink())
    throw new ProjectCommandError(`${into}: a symbolic link; give the real path; nothing written`)
  if (st.isFile()) {
    if (!/\.(tmx|tmj|json)$/i.test(full))
      throw new ProjectCommandError(`${into}: --into writes into a game folder or a Tiled map (.tmx, .tmj)`)
    const game = await tiledRootOf(dirname(full))
    return { game, engine: 'tiled' as const, file: gamePathOf(game, full) }
  }
  const engine = await detectGameFolder(diskProjectFiles(full)).catch(() => null)
  if (engine === null)
    throw new ProjectCommandError(
      `${into}: not a game folder Walkbox writes into (an AGS game with Rooms/N or roomN.crm, a Godot project with project.godot, or a folder of Tiled maps); nothing written`,
    )
  const writer = GAME_ENGINE_WRITERS[engine]
  if (!writer.plan) throw new ProjectCommandError(`${into}: ${ENGINE_LABELS[engine]}: ${writer.cannotWrite}`)
  // A format asked for names its engine (tiled-xml and tiled-json are Tiled's).
  const asked =
    GAME_ENGINES.find((e) => e.formats.some((f) => !f.standalone && f.id === options.format))?.id ??
    options.format
  if (asked !== undefined && asked !== engine)
    throw new ProjectCommandError(
      `${into}: ${ENGINE_LABELS[engine]}, not --format ${options.format}; nothing written`,
    )
  return { game: full, engine, file: await roomFileIn(full, engine, roomId, into, options.scene) }
}

/** The report of a game store write. */
function reportOf(
  base: Pick<ExportIntoReport, 'project' | 'room' | 'game' | 'engine' | 'file' | 'dryRun'>,
  result: RoomsIntoGameResult,
): ExportIntoReport {
  const { plan, done } = result
  return {
    ...base,
    files: plan.changes.map((c) => c.path),
    changed: plan.changes.length > 0,
    diff: plan.changes.map((c) => c.unifiedDiff).join(''),
    backup: done?.backup ? join(base.game, done.backup) : null,
    notes: plan.notes,
    recovered: result.warnings,
  }
}

export async function exportIntoCommand(
  project: string,
  roomId: string,
  into: string,
  options: {
    scene?: string
    dryRun?: boolean
    format?: string
    gameFiles?: GameFilesFor
    /** A Tiled map's layer kinds (`--layer`), so each kind is written where it came from. */
    layers?: LayerMapping
  },
): Promise<ExportIntoReport> {
  return guardAuthorErrors(async () => {
    const { folder, flags, state, loaded } = await projectRoom(project, roomId)
    const { game, engine, file } = await target(into, roomId, options)
    // An AGS 3 room's background is compared with its .crm's (a replaced one is refused).
    if (gameEngine(engine).comparesBackground) {
      state.background = loaded.background ?? null
      state.backgroundFrames = loaded.backgroundFrames ?? []
    }
    const result = await writeRoomsIntoGame(cliGameHost(game, options.gameFiles), {
      engine,
      rooms: [
        {
          roomId,
          file,
          ...(gameEngine(engine).layerKinds && options.layers ? { layers: options.layers } : {}),
        },
      ],
      states: new Map([[roomId, state]]),
      flags,
      dryRun: options.dryRun === true,
    }).catch((e: unknown) => refusal(e, file))
    sayRecovered(result.warnings)
    return reportOf(
      { project: folder, room: roomId, game, engine, file, dryRun: options.dryRun === true },
      result,
    )
  })
}

export function exportIntoTable(r: ExportIntoReport): string {
  const files = r.files.join(', ')
  const head = !r.changed
    ? `${r.room}: nothing to write into ${r.file} of ${r.game}: nothing Walkbox carries has changed; no file written`
    : r.dryRun
      ? `${r.room} would change ${files} of ${r.game} (dry run: nothing written)`
      : `Wrote room ${r.room} into ${files} of ${r.game} (backup: ${r.backup})`
  return [
    ...(r.dryRun && r.diff ? [r.diff.trimEnd()] : []),
    head,
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}

export interface AgsOutReport {
  project: string
  format: string
  room: string
  out: string
  /** Files written (or that would be), relative to `out`. */
  files: string[]
  notes: string[]
  dryRun: boolean
  /** The write list of a dry run: one line per file, and the diff of text files that change. */
  listed: string[]
  diff: string
  recovered: string[]
}

/**
 * `--format ags4 --out <folder>`: into the AGS 4 room folder in place when it holds data.xml,
 * else a new room folder (missing or empty). The game root is the game two folders up when
 * `out` is `<game>/Rooms/N` of a game (Game.agf or a link record there), else the room folder
 * itself (its parent for a folder still to be made).
 */
export async function exportAgsOutCommand(
  project: string,
  roomId: string,
  format: RoomFormat,
  outDir: string,
  options: { dryRun?: boolean; encode: (f: ExportFile) => Promise<Uint8Array>; gameFiles?: GameFilesFor },
): Promise<AgsOutReport> {
  return guardAuthorErrors(async () => {
    const out = resolve(outDir)
    await refuseLinks(out)
    const kind = await agsOutKind(out)
    const { folder, loaded, flags, state } = await projectRoom(project, roomId)
    const parent = dirname(out)
    const inGame =
      basename(parent) === 'Rooms' && (await holdsGameMarker(dirname(parent), { files: ['Game.agf'] }))
    const game = inGame ? dirname(parent) : kind === 'missing' ? parent : out
    const at = game === out ? '' : gamePathOf(game, out)
    const host = cliGameHost(game, options.gameFiles)
    const dryRun = options.dryRun === true
    let result: RoomsIntoGameResult
    let notes: string[] = []
    if (kind === 'room') {
      result = await writeRoomsIntoGame(host, {
        engine: 'ags4',
        rooms: [{ roomId, file: at ? `${at}/data.xml` : 'data.xml' }],
        states: new Map([[roomId, state]]),
        flags,
        dryRun,
      }).catch((e: unknown) => refusal(e, at ? `${at}/data.xml` : 'data.xml'))
    } else {
      if (kind === 'missing' && !dryRun) await makeFolders(parent)
      const agf = inGame
        ? await gameSource(diskProjectFiles(game), nodeGameCodec)
            .readText('Game.agf')
            .catch(() => null)
        : null
      const made = await newAgsRoomFiles(loaded, folder, flags, format, out, agf, options.encode)
      notes = made.notes
      result = await writeNewAgsRoom(host, { folder: at, roomId, files: made.files, dryRun }).catch(
        (e: unknown) => refusal(e, ''),
      )
    }
    sayRecovered(result.warnings)
    return agsOutReport(result.plan, result.done !== null, {
      project: folder,
      format: format.id,
      room: roomId,
      out,
      at,
      dryRun,
      notes: [...notes, ...result.plan.notes],
      recovered: result.warnings,
      backup: result.done?.backup ?? null,
      inPlace: kind === 'room',
    })
  })
}

function agsOutReport(
  plan: GameWritePlan,
  written: boolean,
  r: {
    project: string
    format: string
    room: string
    out: string
    at: string
    dryRun: boolean
    notes: string[]
    recovered: string[]
    backup: string | null
    inPlace: boolean
  },
): AgsOutReport {
  const inOut = (p: string) => (r.at ? p.slice(r.at.length + 1) : p)
  const notes = [...r.notes]
  if (r.inPlace && plan.changes.length === 0)
    notes.push('nothing Walkbox carries has changed; no file written')
  if (written && r.backup) notes.push(`replaced files copied first to ${r.backup}`)
  return {
    project: r.project,
    format: r.format,
    room: r.room,
    out: r.out,
    files: plan.changes.map((c) => inOut(c.path)),
    notes,
    dryRun: r.dryRun,
    listed: plan.changes.map((c) => `${inOut(c.path)}: ${c.summary}`),
    diff: r.inPlace ? plan.changes.map((c) => c.unifiedDiff).join('') : '',
    recovered: r.recovered,
  }
}

export function agsOutTable(r: AgsOutReport): string {
  if (!r.dryRun)
    return [
      `Exported ${r.room} as ${r.format} to ${r.out}: ${r.files.join(', ')}`,
      ...r.notes.map((n) => `  note: ${n}`),
    ].join('\n')
  return [
    ...(r.diff ? [r.diff.trimEnd()] : []),
    `${r.room} would write ${r.files.length} file(s) as ${r.format} to ${r.out} (dry run: nothing written)`,
    ...r.listed.map((l) => `  ${l}`),
    ...r.notes.map((n) => `  note: ${n}`),
  ].join('\n')
}
