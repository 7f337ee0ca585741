/**
 * A game's own folder as Walkbox reads it: what kind of game it is, its rooms read into
 * Walkbox rooms, the link record of a game opened in place, and the rules for paths in it.
 * The same code runs on the desktop (Node's file system), in the browser (a directory handle
 * the author picked, or an OPFS folder) and in the command line: each gives a `ProjectFiles`
 * rooted at the game folder, and the image codec it has. Opening a game, importing it,
 * planning and writing edits back into it (with its lock, journal and backups) are the game
 * store's (src/shared/game/game-store.ts).
 *
 * Glossary
 * - game folder: the folder the author opened: an AGS game (Game.agf, Rooms/N, roomN.crm),
 *   a Godot project (project.godot) or a folder of Tiled maps.
 * - link record: `.walkbox/game-link.json`: the engine and, per Walkbox room, the game file
 *   it came from. The Walkbox-only part of the game (flags, characters, compare settings)
 *   is the Walkbox project in `.walkbox/` beside it.
 * - game path: relative to the game folder, '/' separated.
 *
 * Units: px; bytes.
 */
import { findGodotRooms } from './godot/find-rooms'
import { child, parseXml, type XmlElement } from './ags/xml-lite'
import type { Deflate } from '../codecs/indexed-png'
import { isTiledJsonMap, roomFormat, type ImportResult, type ImportSource } from './registry'
import { rememberedMapping, type LayerMapping } from './tiled/layer-kinds'
import { projectPathProblem } from '../room/journal-check'
import {
  MAX_GAME_DEPTH,
  MAX_GAME_FILES,
  MAX_IMAGE_FILE_BYTES,
  MAX_NO_BACKGROUND_CHARS,
  MAX_ROOMS,
  MAX_TILED_JSON_PROBE_BYTES,
  MAX_TILED_JSON_PROBES,
  MAX_TILED_PROJECT_BYTES,
} from '../limits'
import type { RgbaImage } from '../room/rgba-image'
import type { Room } from '../room/schema'
import type { ProjectFiles } from '../room/unit-save'

export type GameKind = 'ags4' | 'ags3' | 'godot' | 'tiled'

/** Walkbox's folder inside a game: the Walkbox project, the link record, the game backups. */
export const GAME_WALKBOX_DIR = '.walkbox'
export const GAME_LINK_FILE = `${GAME_WALKBOX_DIR}/game-link.json`
export const GAME_BACKUPS_DIR = `${GAME_WALKBOX_DIR}/game-backups`

export interface GameRoomLink {
  /** The Walkbox room's id. */
  roomId: string
  /** The game file it came from and is written back into (game path). */
  file: string
  /** Why the room came without a background, one line (absent when it has one). */
  noBackground?: string
  /** Tiled: the author's mapping of the map's layers to kinds, written back with the room (layer-kinds.ts). */
  layers?: LayerMapping
}

/**
 * The link of a room read from the game into the project as `roomId`: its file, and why it has
 * no background when its reader says (a Godot scene's background sprite; a Tiled map without
 * an image layer is drawn by its tiles, and says nothing).
 */
export function roomLink(read: GameRoomRead, roomId: string): GameRoomLink {
  const why = read.result.background ? undefined : read.result.noBackground
  const given = read.result.tiled?.given ?? {}
  return {
    roomId,
    file: read.file,
    ...(why ? { noBackground: why.split('\n')[0].slice(0, MAX_NO_BACKGROUND_CHARS) } : {}),
    ...(Object.keys(given).length > 0 ? { layers: given } : {}),
  }
}

/** Why each room of a game has no background, by room id (for GameFolderInfo.noBackground), or undefined when all have one. */
export function noBackgroundOf(link: GameLink): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const r of link.rooms) if (r.noBackground) out[r.roomId] = r.noBackground
  return Object.keys(out).length > 0 ? out : undefined
}

export interface GameLink {
  format: 'walkbox-game-link'
  version: 1
  engine: GameKind
  rooms: GameRoomLink[]
}

/** A game folder that Walkbox will not act on, or a write it refuses: one line for the author. */
export class GameFolderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GameFolderError'
  }
}

/** What reading images needs from the host. */
export interface GameCodec {
  decodeImage: ImportSource['decodeImage']
  imageSize: ImportSource['imageSize']
  inflate?: ImportSource['inflate']
  /** zlib deflate, for the masks written back (AGS). */
  deflate: Deflate
}

const decoder = new TextDecoder()

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** An ImportSource over game files: regular files only, within the image size limit. */
export function gameSource(files: ProjectFiles, codec: GameCodec, under = ''): ImportSource {
  const path = (p: string): string | null => {
    const full = under ? `${under}/${p}` : p
    return projectPathProblem(full) ? null : full
  }
  const readBytes = async (p: string): Promise<Uint8Array | null> => {
    const full = path(p)
    if (full === null) return null
    const kind = await files.kind(full)
    if (kind === 'other')
      throw new GameFolderError(
        `${full}: a link (or reached through one); Walkbox does not follow links in a game`,
      )
    if (kind !== 'file') return null
    const size = await files.size(full)
    if (size !== null && size > MAX_IMAGE_FILE_BYTES)
      throw new GameFolderError(`${full}: larger than ${MAX_IMAGE_FILE_BYTES} bytes; not read`)
    return files.read(full)
  }
  return {
    readBytes,
    readText: async (p) => {
      const bytes = await readBytes(p)
      return bytes ? decoder.decode(bytes) : null
    },
    decodeImage: codec.decodeImage,
    imageSize: codec.imageSize,
    ...(codec.inflate ? { inflate: codec.inflate } : {}),
  }
}

/** Every file under `folder` whose name `match` takes, without links, dot folders or `skip`ped folders. */
export async function listGameFiles(
  files: ProjectFiles,
  match: (name: string) => boolean,
  options: { skip?: (path: string) => boolean; notes?: string[]; under?: string } = {},
): Promise<string[]> {
  const out: string[] = []
  let listed = 0
  const visit = async (folder: string, depth: number): Promise<void> => {
    if (depth > MAX_GAME_DEPTH) {
      options.notes?.push(`${folder}: folders nest more than ${MAX_GAME_DEPTH} deep; not looked into`)
      return
    }
    const entries = (await files.list(folder)).sort((a, b) => a.name.localeCompare(b.name))
    for (const e of entries) {
      if (++listed > MAX_GAME_FILES) {
        if (listed === MAX_GAME_FILES + 1)
          options.notes?.push(`more than ${MAX_GAME_FILES} files; the rest were not looked at`)
        return
      }
      const path = folder ? `${folder}/${e.name}` : e.name
      if (e.folder) {
        if (e.name.startsWith('.') || options.skip?.(path)) continue
        await visit(path, depth + 1)
      } else if (match(e.name)) out.push(path)
    }
  }
  await visit(options.under ?? '', 0)
  return out
}

/**
 * A Tiled project's folders (its JSON `folders` array, each relative to the .tiled-project
 * or absolute, as Tiled's Project::load reads it) as game paths; a folder that is absolute,
 * leaves the game or is no folder there is left out with a note. '' is the game folder.
 */
export async function tiledProjectFolders(
  files: ProjectFiles,
  projectPath: string,
  text: string,
  notes: string[],
): Promise<string[]> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new GameFolderError(`${projectPath}: not JSON (${oneLine(e)})`)
  }
  const listed = (json as { folders?: unknown } | null)?.folders
  if (!Array.isArray(listed)) throw new GameFolderError(`${projectPath}: no 'folders' list`)
  const base = dirOf(projectPath)
  const out: string[] = []
  for (const f of listed) {
    if (typeof f !== 'string' || f === '') {
      notes.push(`${projectPath}: a folder entry that is not a path; left out`)
      continue
    }
    if (/^([/\\]|[A-Za-z]:)/.test(f)) {
      notes.push(
        `${projectPath}: folder '${f}' is outside the game folder (an absolute path); not looked into`,
      )
      continue
    }
    const parts = base ? base.split('/') : []
    let escapes = false
    for (const seg of f.split(/[/\\]/)) {
      if (seg === '' || seg === '.') continue
      if (seg === '..') {
        if (parts.length === 0) escapes = true
        else parts.pop()
      } else parts.push(seg)
    }
    if (escapes) {
      notes.push(`${projectPath}: folder '${f}' leaves the game folder; not looked into`)
      continue
    }
    const path = parts.join('/')
    if (path !== '' && (projectPathProblem(path) || (await files.kind(path)) !== 'folder')) {
      notes.push(`${projectPath}: folder '${f}' is not a folder in the game; not looked into`)
      continue
    }
    if (!out.includes(path)) out.push(path)
  }
  return out
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')

/** A file that may be a Tiled map: .tmx, .tmj, or .json (then told by its content). */
const isTiledMap = (name: string) => /\.(tmx|tmj|json)$/i.test(name)

/**
 * The maps among `paths`: every .tmx and .tmj, and the .json files that are Tiled maps by
 * their content (isTiledJsonMap); the other .json files (tilesets, templates, a game's own
 * data) are counted in one note.
 */
async function tiledMapsAmong(files: ProjectFiles, paths: string[], notes: string[]): Promise<string[]> {
  const out: string[] = []
  let probed = 0
  let others = 0
  for (const path of paths) {
    if (!/\.json$/i.test(path)) {
      out.push(path)
      continue
    }
    if (++probed > MAX_TILED_JSON_PROBES) {
      if (probed === MAX_TILED_JSON_PROBES + 1)
        notes.push(`more than ${MAX_TILED_JSON_PROBES} .json files; the rest were not looked into`)
      continue
    }
    const size = await files.size(path)
    if ((await files.kind(path)) !== 'file' || size === null || size > MAX_TILED_JSON_PROBE_BYTES) {
      others++
      continue
    }
    const bytes = await files.read(path)
    if (bytes && isTiledJsonMap(decoder.decode(bytes))) out.push(path)
    else others++
  }
  if (others > 0)
    notes.push(
      `${others} .json file${others === 1 ? '' : 's'} not read: not Tiled maps (no "type": "map" with "layers")`,
    )
  return out
}

/**
 * The maps of the folders a Tiled project lists (game paths, each listed folder in the
 * project's order, each folder's files in name order). The one reader of .tiled-project
 * files: the editor's game folders and `walkbox import <x.tiled-project>` both use it. The
 * project file must be a regular file of at most MAX_TILED_PROJECT_BYTES; a folder inside
 * another listed one is looked into once; what is left out is said in `notes`.
 */
export async function listTiledProjectMaps(
  files: ProjectFiles,
  projectPath: string,
  notes: string[],
): Promise<string[]> {
  const problem = projectPathProblem(projectPath)
  if (problem) throw new GameFolderError(`${projectPath}: ${problem}`)
  const kind = await files.kind(projectPath)
  if (kind === null) throw new GameFolderError(`${projectPath}: not found`)
  if (kind !== 'file')
    throw new GameFolderError(`${projectPath}: not a regular file (a link?); Walkbox does not follow links`)
  const size = await files.size(projectPath)
  if (size !== null && size > MAX_TILED_PROJECT_BYTES)
    throw new GameFolderError(
      `${projectPath}: larger than ${MAX_TILED_PROJECT_BYTES} bytes; not a Tiled project Walkbox reads`,
    )
  const bytes = await files.read(projectPath)
  if (bytes === null) throw new GameFolderError(`${projectPath}: could not be read`)
  if (bytes.length > MAX_TILED_PROJECT_BYTES)
    throw new GameFolderError(
      `${projectPath}: larger than ${MAX_TILED_PROJECT_BYTES} bytes; not a Tiled project Walkbox reads`,
    )
  const folders = await tiledProjectFolders(files, projectPath, decoder.decode(bytes), notes)
  notes.push(
    `${projectPath}: maps read from its folders (${folders.map((f) => f || '.').join(', ') || 'none'})`,
  )
  // A folder inside another listed one is looked into once.
  const inside = (f: string, g: string) => g === '' || f === g || f.startsWith(`${g}/`)
  const roots = folders.filter((f, i) => !folders.some((g, j) => j !== i && g !== f && inside(f, g)))
  const maps: string[] = []
  for (const root of roots) maps.push(...(await listGameFiles(files, isTiledMap, { notes, under: root })))
  return tiledMapsAmong(files, maps, notes)
}

/**
 * The maps of a folder of Tiled maps: those of the folders its .tiled-project lists when it
 * has one at the top (the first by name, said in `notes` when there are more), else every
 * map under it.
 */
export async function listTiledMaps(files: ProjectFiles, notes: string[]): Promise<string[]> {
  const projects = (await files.list(''))
    .filter((e) => !e.folder && /\.tiled-project$/i.test(e.name))
    .map((e) => e.name)
    .sort()
  if (projects.length === 0)
    return tiledMapsAmong(
      files,
      await listGameFiles(files, isTiledMap, { notes, skip: (p) => /(^|\/)node_modules$/.test(p) }),
      notes,
    )
  if (projects.length > 1) notes.push(`${projects.length} .tiled-project files; ${projects[0]} is followed`)
  return listTiledProjectMaps(files, projects[0], notes)
}

/** What kind of game the folder holds, or null when it is none Walkbox knows. */
export async function detectGameFolder(files: ProjectFiles): Promise<GameKind | null> {
  const top = await files.list('')
  const names = new Set(top.map((e) => e.name))
  if (names.has('project.godot')) return 'godot'
  const rooms = top.some((e) => e.folder && e.name === 'Rooms')
  const crm = top.some((e) => !e.folder && /^room\d{1,5}\.crm$/i.test(e.name))
  if (names.has('Game.agf') || rooms || crm) {
    const ags4 = await listAgsRooms(files, 'ags4')
    if (ags4.length > 0) return 'ags4'
    if (crm) return 'ags3'
    return null
  }
  if (names.has('data.xml')) return null
  const maps = await listGameFiles(files, (n) => /\.(tmx|tmj)$/i.test(n))
  if (maps.length > 0) return 'tiled'
  const json = await listGameFiles(files, (n) => /\.json$/i.test(n), {
    skip: (p) => /(^|\/)node_modules$/.test(p),
  })
  return (await tiledMapsAmong(files, json, [])).length > 0 ? 'tiled' : null
}

/** The AGS rooms of a game: AGS 4 `Rooms/N/data.xml` folders, or AGS 3 `roomN.crm` files, by number. */
export async function listAgsRooms(
  files: ProjectFiles,
  kind: 'ags4' | 'ags3',
): Promise<{ number: number; file: string }[]> {
  const out: { number: number; file: string }[] = []
  if (kind === 'ags4') {
    for (const e of await files.list('Rooms')) {
      if (!e.folder || !/^\d{1,5}$/.test(e.name)) continue
      if ((await files.kind(`Rooms/${e.name}/data.xml`)) === 'file')
        out.push({ number: Number(e.name), file: `Rooms/${e.name}/data.xml` })
    }
  } else {
    for (const e of await files.list('')) {
      const m = /^room(\d{1,5})\.crm$/i.exec(e.name)
      if (m && !e.folder) out.push({ number: Number(m[1]), file: e.name })
    }
  }
  return out.sort((a, b) => a.number - b.number)
}

/** The game's name (Settings/GameName), its id (Settings/UniqueID) and its rooms' descriptions from Game.agf's <UnloadedRoom> entries. */
export function readGameAgf(text: string): {
  gameName: string
  uniqueId?: number
  rooms: Map<number, string>
} {
  const names = new Map<number, string>()
  const visit = (el: XmlElement) => {
    if (el.name === 'UnloadedRoom') {
      const n = Number(child(el, 'Number')?.text.trim())
      const d = child(el, 'Description')
      if (Number.isInteger(n)) names.set(n, d && d.attrs.IsNull !== 'True' ? d.text.trim() : '')
      return
    }
    for (const c of el.children) visit(c)
  }
  const root = parseXml(text, 'Game.agf')
  visit(root)
  const settings = child(root, 'Game') && child(child(root, 'Game')!, 'Settings')
  const gameName = (settings && child(settings, 'GameName')?.text.trim()) || ''
  const id = (settings && child(settings, 'UniqueID')?.text.trim()) ?? ''
  return { gameName, ...(/^-?\d{1,10}$/.test(id) ? { uniqueId: Number(id) } : {}), rooms: names }
}

/** One room of the game, read. */
export interface GameRoomRead {
  /** The game file it came from. */
  file: string
  /** The registry format that reads and writes it. */
  format: string
  /** Name to give it (AGS: Game.agf's description), when the game says. */
  name?: string
  /** The engine's rule that found it as a room (Godot: 'popochiu', 'escoria', 'navigation'). */
  kind?: string
  result: ImportResult
}

export interface GameRead {
  kind: GameKind
  /** The game's own name, '' when it has none. */
  name: string
  rooms: GameRoomRead[]
  skipped: { file: string; reason: string; problems?: string[] }[]
  notes: string[]
  /** Every room file listed, in the order read (rooms read and skipped). */
  listed: string[]
  /** Files looked at that are not rooms (Godot: other scenes), when the engine counts them. */
  others?: number
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]

/** How a game is read: as which engine, which Tiled project, and what its room readers are given. */
export interface GameReadOptions {
  /** Read the game as this engine (an AGS game's AGS 3 rooms beside its AGS 4 ones); default: detected. */
  kind?: GameKind
  /** A Tiled game: the maps of this .tiled-project (a game path) rather than of the first at the top. */
  tiledProject?: string
  /** Per engine, options its room reader takes, passed on untouched (a Tiled layer-kind mapping …). */
  readOptions?: Record<string, unknown>
}

/** The room files of a game and the format each is read with. */
export async function listGameRooms(
  files: ProjectFiles,
  kind: GameKind,
  read: ImportSource,
  notes: string[],
  options: Pick<GameReadOptions, 'tiledProject'> & { others?: (n: number) => void } = {},
): Promise<{ file: string; format: string; name?: string; kind?: string }[]> {
  if (kind === 'ags4' || kind === 'ags3') {
    const agf = await read.readText('Game.agf').catch((e: unknown) => {
      notes.push(`Game.agf: ${oneLine(e).replace(/^Game\.agf: /, '')}; rooms are named by number`)
      return undefined
    })
    let names = new Map<number, string>()
    if (typeof agf === 'string') {
      try {
        names = readGameAgf(agf).rooms
      } catch (e) {
        notes.push(`Game.agf: ${oneLine(e).replace(/^Game\.agf: /, '')}; rooms are named by number`)
      }
    } else if (agf === null) notes.push('no Game.agf: rooms are named by number')
    const rooms = await listAgsRooms(files, kind)
    if (kind === 'ags4') {
      const crm = await listAgsRooms(files, 'ags3')
      if (crm.length > 0)
        notes.push(`${crm.length} roomN.crm file(s) beside Rooms/ were not read (the AGS 4 rooms are)`)
    }
    return rooms.map((r) => ({ file: r.file, format: kind, name: names.get(r.number) || `Room ${r.number}` }))
  }
  if (kind === 'godot') {
    const scenes = await listGameFiles(files, (n) => /\.tscn$/i.test(n), {
      skip: (p) => p === 'addons',
      notes,
    })
    const found = await findGodotRooms(scenes, (p) => read.readText(p))
    if (found.refused) throw new GameFolderError(`${found.refused}; nothing opened`)
    notes.push(...found.notes)
    options.others?.(found.others.length)
    return found.rooms.map((r) => ({ file: r.path, format: 'godot', kind: r.kind }))
  }
  const maps = options.tiledProject
    ? await listTiledProjectMaps(files, options.tiledProject, notes)
    : await listTiledMaps(files, notes)
  return maps.map((m) => ({ file: m, format: /\.tmx$/i.test(m) ? 'tiled-xml' : 'tiled-json' }))
}

/**
 * Read every room of the game folder (nothing is written). Refuses a folder with no readable room.
 * `readOptions`: passed on to each room's reader (a Tiled game's layer kinds, `layers`).
 */
export async function readGameFolder(
  files: ProjectFiles,
  codec: GameCodec,
  options: GameReadOptions = {},
): Promise<GameRead> {
  const kind = options.kind ?? (await detectGameFolder(files))
  if (kind === null)
    throw new GameFolderError(
      'not a game folder Walkbox knows (an AGS game with Game.agf / Rooms/N / roomN.crm, a Godot project with project.godot, or a folder of Tiled maps)',
    )
  const source = gameSource(files, codec)
  const notes: string[] = []
  let others: number | undefined
  const list = await listGameRooms(files, kind, source, notes, { ...options, others: (n) => (others = n) })
  if (list.length === 0) throw new GameFolderError(`no rooms found in this ${kind} game; nothing opened`)
  if (list.length > MAX_ROOMS)
    throw new GameFolderError(`${list.length} rooms; a Walkbox project holds at most ${MAX_ROOMS}`)
  let name = ''
  if (kind === 'godot')
    name =
      /^\s*config\/name\s*=\s*"([^"\n]{1,200})"/m.exec((await source.readText('project.godot')) ?? '')?.[1] ??
      ''
  if (kind === 'ags4' || kind === 'ags3') {
    const agf = await source.readText('Game.agf').catch(() => null)
    try {
      name = agf ? readGameAgf(agf).gameName : ''
    } catch {
      name = ''
    }
  }
  const rooms: GameRoomRead[] = []
  const skipped: GameRead['skipped'] = []
  for (const r of list) {
    try {
      const result = await roomFormat(r.format).importRoom!(source, r.file, {
        ...options.readOptions,
        ...(r.name ? { name: r.name } : {}),
        ...(kind === 'tiled' ? { filesWithinSource: true } : {}),
      })
      rooms.push({ ...r, result })
    } catch (e) {
      const problems = (e as { problems?: unknown }).problems
      skipped.push({
        file: r.file,
        reason: oneLine(e),
        ...(Array.isArray(problems) && problems.length > 0 ? { problems: problems.map(String) } : {}),
      })
    }
  }
  if (rooms.length === 0)
    throw new GameFolderError(
      `no room could be read (${skipped[0]?.file}: ${skipped[0]?.reason}); nothing opened`,
    )
  notes.push(...flagDisagreements(rooms))
  return {
    kind,
    name,
    rooms,
    skipped,
    notes,
    listed: list.map((r) => r.file),
    ...(others !== undefined ? { others } : {}),
  }
}

/**
 * A project has one default per flag, the first room's that names it (both hosts keep the
 * first): where rooms of the game give other defaults, one line per flag says so, since
 * writing the rooms back into the game (Save, `export --into`) gives those files the project's.
 */
export function flagDisagreements(rooms: readonly Pick<GameRoomRead, 'file' | 'result'>[]): string[] {
  const byId = new Map<string, { file: string; default: boolean }[]>()
  for (const r of rooms)
    for (const f of r.result.flags)
      byId.set(f.id, [...(byId.get(f.id) ?? []), { file: r.file, default: f.default }])
  const out: string[] = []
  for (const [id, seen] of byId) {
    const first = seen[0]
    const others = seen.filter((s) => s.default !== first.default).map((s) => s.file)
    if (others.length === 0) continue
    const shown =
      others.length > 3 ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more` : others.join(', ')
    out.push(
      `flag '${id}': default ${first.default} in ${first.file} but ${!first.default} in ${shown}; the project keeps ${first.file}'s, which goes into the others when the rooms are written back into the game`,
    )
  }
  return out
}

/** What reading the game found, one line each, for the author: assumptions, rooms not read, elements left out. */
export function gameReadNotes(read: Pick<GameRead, 'notes' | 'rooms' | 'skipped'>): string[] {
  return [
    ...read.notes,
    ...read.rooms.flatMap((r) =>
      r.result.notes.map((n) => (n.startsWith(`${r.file}: `) ? n : `${r.file}: ${n}`)),
    ),
    ...read.skipped.map((s) => `${s.file}: not read: ${s.reason}`),
  ]
}

/** The link record as text. */
export function gameLinkText(link: GameLink): string {
  return `${JSON.stringify(link, null, 2)}\n`
}

/** The link record from its text; throws one line when it is not one. */
export function parseGameLink(text: string): GameLink {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new GameFolderError(`${GAME_LINK_FILE}: not JSON (${oneLine(e)})`)
  }
  const j = json as Partial<GameLink>
  const kinds: GameKind[] = ['ags4', 'ags3', 'godot', 'tiled']
  if (
    typeof j !== 'object' ||
    j === null ||
    j.format !== 'walkbox-game-link' ||
    j.version !== 1 ||
    !kinds.includes(j.engine as GameKind) ||
    !Array.isArray(j.rooms)
  )
    throw new GameFolderError(`${GAME_LINK_FILE}: not a Walkbox game link (format, version 1, engine, rooms)`)
  const rooms: GameRoomLink[] = []
  for (const [i, r] of j.rooms.entries()) {
    const problem = typeof r?.roomId === 'string' ? gamePathProblem(r.file) : 'no roomId'
    if (problem) throw new GameFolderError(`${GAME_LINK_FILE}: rooms[${i}]: ${problem}`)
    const layers = r.layers === undefined ? {} : rememberedMapping(r.layers, [])
    rooms.push({
      roomId: r.roomId,
      file: r.file,
      ...(typeof r.noBackground === 'string' && r.noBackground
        ? { noBackground: r.noBackground.split('\n')[0].slice(0, MAX_NO_BACKGROUND_CHARS) }
        : {}),
      ...(Object.keys(layers).length > 0 ? { layers } : {}),
    })
  }
  return { format: 'walkbox-game-link', version: 1, engine: j.engine as GameKind, rooms }
}

/** Why Walkbox must not write `path` in a game folder, or null. */
export function gamePathProblem(path: unknown): string | null {
  const problem = projectPathProblem(path)
  if (problem) return problem
  const p = path as string
  if (p === GAME_WALKBOX_DIR || p.startsWith(`${GAME_WALKBOX_DIR}/`)) return `'${p}' is Walkbox's own folder`
  if (p.split('/').some((s) => s.includes('.walkbox-'))) return `'${p}' is one of Walkbox's working files`
  return null
}

/**
 * Walkbox's own entries in a game folder as they are now, and a function that puts them back
 * so: every `.walkbox*` entry at the game's top, what `.walkbox/` and `.walkbox/project/` hold
 * (names), and the link record's bytes. Putting back removes what was added since and gives a
 * replaced link record its bytes again; what was there is not touched. A first import runs it
 * when it fails part way (a room the project store refuses, a write that fails), so that the
 * game folder is as it was: no half-made `.walkbox/project`. Returns what could not be put
 * back, one line each (none when the folder is as it was).
 */
export async function keepGameWalkbox(files: ProjectFiles): Promise<() => Promise<string[]>> {
  const names = async (folder: string) => new Set((await files.list(folder)).map((e) => e.name))
  const PROJECT = `${GAME_WALKBOX_DIR}/project`
  const top = new Set([...(await names(''))].filter((n) => n.startsWith(GAME_WALKBOX_DIR)))
  const walkbox = (await files.kind(GAME_WALKBOX_DIR)) === 'folder' ? await names(GAME_WALKBOX_DIR) : null
  const project = (await files.kind(PROJECT)) === 'folder' ? await names(PROJECT) : null
  const link = (await files.kind(GAME_LINK_FILE)) === 'file' ? await files.read(GAME_LINK_FILE) : null
  return async () => {
    const problems: string[] = []
    const drop = async (folder: string, kept: Set<string>, only?: (name: string) => boolean) => {
      for (const e of await files.list(folder).catch(() => [])) {
        if (kept.has(e.name) || (only && !only(e.name))) continue
        const path = folder ? `${folder}/${e.name}` : e.name
        try {
          if (e.folder) await files.removeTree(path)
          else await files.remove(path)
        } catch (error) {
          problems.push(`${path}: ${oneLine(error)}`)
        }
      }
    }
    await drop('', top, (n) => n.startsWith(GAME_WALKBOX_DIR))
    if (walkbox) await drop(GAME_WALKBOX_DIR, walkbox)
    if (walkbox && project) await drop(PROJECT, project)
    if (link) {
      const now = await files.read(GAME_LINK_FILE).catch(() => null)
      if (!now || !sameBytes(now, link))
        await files
          .write(GAME_LINK_FILE, link)
          .catch((e) => problems.push(`${GAME_LINK_FILE}: ${oneLine(e)}`))
    }
    return problems
  }
}

/** Where a game's Walkbox project is moved when the game is read afresh. */
export const GAME_SET_ASIDE_DIR = `${GAME_WALKBOX_DIR}/set-aside`

/**
 * Moves the game's Walkbox project and link record to `.walkbox/set-aside/<stamp>/` (copied
 * file by file, then taken out), so that the game can be read afresh (with other Tiled layer
 * kinds) and nothing the author had is lost. Returns the folder they went to.
 */
export async function setAsideGameProject(files: ProjectFiles, stamp: string): Promise<string> {
  const to = `${GAME_SET_ASIDE_DIR}/${stamp.replace(/[^0-9A-Za-z_-]/g, '-')}`
  const copyTree = async (from: string, into: string, depth: number): Promise<void> => {
    for (const e of await files.list(from)) {
      const path = `${from}/${e.name}`
      if (e.folder) {
        if (depth < MAX_GAME_DEPTH) await copyTree(path, `${into}/${e.name}`, depth + 1)
      } else {
        const bytes = await files.read(path)
        if (bytes) await files.write(`${into}/${e.name}`, bytes)
      }
    }
  }
  const project = `${GAME_WALKBOX_DIR}/project`
  await copyTree(project, `${to}/project`, 0)
  const link = await files.read(GAME_LINK_FILE)
  if (link) await files.write(`${to}/game-link.json`, link)
  await files.removeTree(project)
  await files.remove(GAME_LINK_FILE)
  return to
}

/**
 * Why a first import must not go into the game's `.walkbox/project`, or null: it holds files
 * but no project file (a copy, a leftover), and Walkbox does not write over them.
 */
export async function leftoverProjectProblem(files: ProjectFiles): Promise<string | null> {
  const folder = `${GAME_WALKBOX_DIR}/project`
  const kind = await files.kind(folder)
  if (kind === null) return null
  if (kind !== 'folder')
    return `${folder} is not a folder; move it out of the game folder to read the game afresh`
  if (!(await files.list(folder)).some((e) => !e.name.startsWith('.'))) return null
  return `${folder} holds files but no project.walkbox.json; move it out of the game folder to read the game afresh`
}

/**
 * The one line a first import that failed part way is refused with: what failed, and that the
 * game folder is as it was (or what of Walkbox's could not be taken away again).
 */
export function failedImportLine(error: unknown, leftOver: readonly string[]): string {
  const what = oneLine(error).replace(/; nothing opened$/, '')
  return leftOver.length === 0
    ? `${what}; nothing opened, and the game folder is as it was`
    : `${what}; nothing opened, but Walkbox could not take away all it had written in the game folder (${leftOver[0]})`
}

/** A linked room as the project holds it now. */
export interface GameRoomState {
  room: Room
  /** The area-id mask (room size), when the room has one. */
  mask: Uint8Array | null
  /** AGS 3: the background and frames 2..N as the project has them, compared with the .crm's (absent: not compared). */
  background?: RgbaImage | null
  backgroundFrames?: (RgbaImage | null)[]
}

/** A project flag as the game's files carry it (Tiled: map property walkbox.flags; Godot: metadata/walkbox_flags). */
export interface GameFlag {
  id: string
  name?: string
  default: boolean
}
