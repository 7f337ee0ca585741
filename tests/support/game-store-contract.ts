/**
 * The game store's contract: behaviour cases that run the same on both hosts' adapters, the
 * desktop's (`diskGameHost`: files on disk, sharp, the game's lock file;
 * tests/unit/main/game-store-contract.test.ts) and the browser's (`opfsGameHost`: OPFS files,
 * the browser's codec, Web Locks; in real Chromium through tests/e2e/harness,
 * tests/e2e/game-store-contract.test.ts). Each case returns what it saw as plain data, and
 * both tests hold it to `GAME_CONTRACT_EXPECTED`, message for message: an adapter that
 * behaves differently fails its own test, and the two results are also compared.
 *
 * This file is bundled into the harness page, so it imports only src/shared.
 *
 * Glossary
 * - env: what a host's test gives a case: `game(name)`, the host's GameHost over a fresh copy
 *   of a game (the files of tests/support/game-contract-games.ts): 'ags4' (the bench AGS game's
 *   Game.agf and Rooms/1), 'ags3' (its Game.agf and room1.crm), 'godot' (the bench Popochiu
 *   game), 'tiled' (a map of gates, maps/cave.tmx).
 * - game files: every file of the game outside `.walkbox/`, by path, with a digest of its bytes.
 *
 * Units: px; bytes.
 */
import { GAME_BACKUPS_DIR, GAME_LINK_FILE } from '../../src/shared/formats/game-folder'
import type { GameHost } from '../../src/shared/game/game-host'
import { GAME_JOURNAL, ROLLED_BACK_LINE } from '../../src/shared/game/game-journal'
import { planFingerprint } from '../../src/shared/game/game-plan'
import {
  openGame,
  planGameSave,
  readGame,
  writeGameSave,
  writeRoomsIntoGame,
  type OpenedGame,
} from '../../src/shared/game/game-store'
import { loadStoredRoom, saveStoredProject, type StoreHost } from '../../src/shared/room/project-store'
import type { ProjectFiles } from '../../src/shared/room/unit-save'
import { killedFiles, refusal } from './project-store-contract'

export type ContractGameName = 'ags4' | 'ags3' | 'godot' | 'tiled'

export interface GameContractEnv {
  /** The host's GameHost over a fresh copy of the game `name` (keeping `keepBackups` game backups when given). */
  game(name: ContractGameName, options?: { keepBackups?: number }): Promise<GameHost>
}

export type GameContractCase = (env: GameContractEnv) => Promise<unknown>

const encoder = new TextEncoder()

function digest(bytes: Uint8Array): string {
  let h = 0x811c9dc5
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
  return `${bytes.length}:${h.toString(16)}`
}

/** Every file of the game outside `.walkbox/`, with a digest of its bytes. */
async function gameFiles(files: ProjectFiles, folder = '', out: Record<string, string> = {}) {
  for (const e of (await files.list(folder)).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = folder ? `${folder}/${e.name}` : e.name
    if (path === '.walkbox') continue
    if (e.folder) await gameFiles(files, path, out)
    else out[path] = digest((await files.read(path)) ?? new Uint8Array())
  }
  return out
}

/** The game files whose bytes differ between two listings (or that one lacks). */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((p) => before[p] !== after[p])
    .sort()
}

/** What `.walkbox/` holds (every path; backup stamps as <stamp>). */
async function walkboxFiles(files: ProjectFiles, folder = '.walkbox', out: string[] = []): Promise<string[]> {
  for (const e of await files.list(folder)) {
    const path = `${folder}/${e.name}`
    if (path === '.walkbox/project') continue
    if (e.folder) await walkboxFiles(files, path, out)
    else out.push(path)
  }
  return out.map(stamped).sort()
}

/** A path or line with each backup stamp as <stamp>. */
function stamped(text: string): string {
  return text.replace(/\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-z]{6}/g, '<stamp>')
}

/**
 * The text of a game journal as a planted one reads: committed, token 'abcdefgh', the files
 * given as target -> staged (staged: `<target>.walkbox-abcdefgh.new` unless given), and any
 * other fields.
 */
export function plantedJournal(
  files: (string | { target: string; staged: string })[],
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    format: 'walkbox-game-journal',
    version: 1,
    token: 'abcdefgh',
    state: 'committed',
    files: files.map((f) => (typeof f === 'string' ? { target: f, staged: `${f}.walkbox-abcdefgh.new` } : f)),
    backup: null,
    ...extra,
  })
}

/** The AGS room's walkable mask with its top ten rows painted as area 1, saved in the project. */
async function paintAgsRoom(store: StoreHost): Promise<void> {
  const loaded = await loadStoredRoom(store, 'room-1')
  const { width, height } = loaded.room.size
  const cells = loaded.mask?.cells.slice() ?? new Uint8Array(width * height)
  cells.fill(1, 0, width * 10)
  await saveStoredProject(store, ({ project }) => ({
    project,
    rooms: [{ room: loaded.room, images: { mask: { width, height, cells } } }],
  }))
}

/** The house's first walkable vertex moved 3 px right, saved in the project. */
async function moveGodotVertex(store: StoreHost): Promise<void> {
  const loaded = await loadStoredRoom(store, 'house')
  const [x, y] = loaded.room.polygons[0].outer[0]
  loaded.room.polygons[0].outer[0] = [x + 3, y]
  await saveStoredProject(store, ({ project }) => ({ project, rooms: [{ room: loaded.room }] }))
}

/** Open the AGS game, paint its room, and give the open game and the plan's fingerprint. */
async function editedAgsGame(env: GameContractEnv, options?: { keepBackups?: number }) {
  const host = await env.game('ags4', options)
  const opened = await openGame(host, { folderName: 'Tumbleweed' })
  await paintAgsRoom(opened.project)
  const plan = await planGameSave(host)
  return { host, opened, fingerprint: planFingerprint(plan), plan }
}

function openedSummary(opened: OpenedGame) {
  return {
    imported: opened.imported,
    rooms: opened.stored.rooms.map((r) => r.id),
    link: opened.link,
    warnings: opened.warnings.map(stamped),
    readOnly: opened.readOnly,
  }
}

export const GAME_CONTRACT_CASES: Record<string, GameContractCase> = {
  async 'ags4: the first open imports the game; the next opens its project'(env) {
    const host = await env.game('ags4')
    const before = await gameFiles(host.files)
    const first = await openGame(host, { folderName: 'Tumbleweed' })
    const again = await openGame(host, { folderName: 'Tumbleweed' })
    return {
      first: { ...openedSummary(first), name: first.stored.project.name, notes: first.notes },
      again: openedSummary(again),
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
    }
  },

  async 'ags4: an edited mask is planned and written: that file only, after a real copy as backup'(env) {
    const { host, fingerprint, plan } = await editedAgsGame(env)
    const before = await gameFiles(host.files)
    const original = (await host.files.read('Rooms/1/walkableareas.png'))!
    const done = await writeGameSave(host, fingerprint)
    const backup = (await host.files.read(`${done.backup}/Rooms/1/walkableareas.png`))!
    return {
      // (The mask's bytes depend on each host's deflate: its sizes are left out.)
      plan: plan.changes.map((c) => ({
        path: c.path,
        roomId: c.roomId,
        summary: c.summary.replace(/\d+/g, 'N'),
      })),
      written: done.written,
      backup: stamped(done.backup ?? ''),
      backupHoldsTheOld: digest(backup) === digest(original),
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
      planAfter: (await planGameSave(host)).changes.length,
    }
  },

  async 'godot: a moved vertex is written into its scene only, and an unedited game plans nothing'(env) {
    const host = await env.game('godot')
    const opened = await openGame(host, { folderName: 'popochiu' })
    const unedited = (await planGameSave(host)).changes.length
    await moveGodotVertex(opened.project)
    const before = await gameFiles(host.files)
    const plan = await planGameSave(host)
    const done = await writeGameSave(host, planFingerprint(plan))
    return {
      unedited,
      plan: plan.changes.map((c) => ({ path: c.path, summary: c.summary })),
      written: done.written,
      changed: changed(before, await gameFiles(host.files)),
    }
  },

  async 'tiled: a flag default changed in the project is written into the map'(env) {
    const host = await env.game('tiled')
    const opened = await openGame(host, { folderName: 'cave' })
    await saveStoredProject(opened.project, ({ project }) => ({
      project: { ...project, flags: project.flags.map((f) => ({ ...f, default: !f.default })) },
      rooms: [],
    }))
    const plan = await planGameSave(host)
    const done = await writeGameSave(host, planFingerprint(plan))
    const text = new TextDecoder().decode((await host.files.read('maps/cave.tmx'))!)
    return {
      flags: opened.stored.project.flags,
      plan: plan.changes.map((c) => ({ path: c.path, summary: c.summary })),
      written: done.written,
      property: /<property name="walkbox.flags"[^>]*>/.exec(text)?.[0] ?? null,
    }
  },

  async 'a write stopped before it counted is rolled back by the next open, and said in one line'(env) {
    const { host, fingerprint } = await editedAgsGame(env)
    const before = await gameFiles(host.files)
    let journals = 0
    const files = killedFiles(
      host.files,
      (op, args) => op === 'rename' && args[1] === GAME_JOURNAL && ++journals === 2,
    )
    const error = await refusal(() => writeGameSave({ ...host, files }, fingerprint))
    const left = await walkboxFiles(host.files)
    const reopened = await openGame(host)
    return {
      error,
      journalLeft: left.includes(GAME_JOURNAL),
      warnings: reopened.warnings,
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
      planAfter: (await planGameSave(host)).changes.map((c) => c.path),
    }
  },

  async 'a write stopped after it counted is finished by the next open, and said in one line'(env) {
    const { host, fingerprint } = await editedAgsGame(env)
    const before = await gameFiles(host.files)
    const files = killedFiles(host.files, (op, args) => op === 'rename' && String(args[0]).endsWith('.new'))
    const error = await refusal(() => writeGameSave({ ...host, files }, fingerprint))
    const reopened = await openGame(host)
    return {
      error,
      warnings: reopened.warnings,
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
      planAfter: (await planGameSave(host)).changes.length,
    }
  },

  async 'a planted journal that would remove Game.agf and Rooms/ is set aside, never run'(env) {
    const host = await env.game('ags4')
    await openGame(host, { folderName: 'Tumbleweed' })
    const before = await gameFiles(host.files)
    const planted = { files: [], removeFiles: ['Game.agf'], removeFolders: ['Rooms'] }
    await host.files.write('.walkbox-save.json', encoder.encode(JSON.stringify(planted)))
    await host.files.write(GAME_JOURNAL, encoder.encode(plantedJournal([], { removeFolders: ['Rooms'] })))
    const reopened = await openGame(host)
    const again = await openGame(host)
    return {
      warnings: reopened.warnings,
      again: again.warnings,
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
    }
  },

  async 'a journal that would replace a file Walkbox never writes, or reach out with .., is set aside'(env) {
    const host = await env.game('ags4')
    await openGame(host, { folderName: 'Tumbleweed' })
    const before = await gameFiles(host.files)
    const lines: string[] = []
    for (const target of [
      'Game.agf',
      '../outside/Rooms/1/data.xml',
      '.walkbox/game-link.json',
      'Rooms/1/room1.asc/x',
    ]) {
      const staged = `${target}.walkbox-abcdefgh.new`
      if (!target.startsWith('..'))
        await host.files.write(staged, encoder.encode('planted')).catch(() => undefined)
      await host.files.write(GAME_JOURNAL, encoder.encode(plantedJournal([{ target, staged }])))
      lines.push(...(await openGame(host)).warnings)
    }
    return { lines, changed: changed(before, await gameFiles(host.files)).filter((p) => !p.endsWith('.new')) }
  },

  async "an open removes no other write's staged files"(env) {
    const host = await env.game('ags4')
    await openGame(host, { folderName: 'Tumbleweed' })
    const staged = 'Rooms/1/walkableareas.png.walkbox-0123456789ab.new'
    await host.files.write(staged, encoder.encode('another write, staging'))
    const reopened = await openGame(host)
    return { warnings: reopened.warnings, stillThere: (await host.files.kind(staged)) === 'file' }
  },

  async 'read-only by choice: nothing is written into the game; plan and write are refused'(env) {
    const host = await env.game('ags4')
    const before = await gameFiles(host.files)
    const opened = await openGame(host, { readOnly: true, folderName: 'Tumbleweed' })
    const plan = await refusal(() => planGameSave(host, opened.readOnly))
    const write = await refusal(() => writeGameSave(host, '0-0', opened.readOnly))
    return {
      opened: openedSummary(opened),
      project: opened.stored.project.name,
      plan,
      write,
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
    }
  },

  async 'a game that changed since the list was shown: Write is refused and nothing is written'(env) {
    const { host, fingerprint } = await editedAgsGame(env)
    // The mask the list replaces, changed by someone else (a byte added at its end).
    const mask = (await host.files.read('Rooms/1/walkableareas.png'))!
    await host.files.write('Rooms/1/walkableareas.png', new Uint8Array([...mask, 0]))
    const before = await gameFiles(host.files)
    return {
      error: await refusal(() => writeGameSave(host, fingerprint)),
      changed: changed(before, await gameFiles(host.files)),
      walkbox: await walkboxFiles(host.files),
    }
  },

  async 'two writes at once: one after the other; the second plans again and is refused, nothing lost'(env) {
    const { host, fingerprint } = await editedAgsGame(env)
    const results = await Promise.all([
      refusal(() => writeGameSave(host, fingerprint)),
      refusal(() => writeGameSave(host, fingerprint)),
    ])
    return {
      results: results.sort(),
      backups: (await host.files.list(GAME_BACKUPS_DIR)).length,
      planAfter: (await planGameSave(host)).changes.length,
    }
  },

  async 'an AGS 3 game opens, and Save is refused in one line, nothing written'(env) {
    const host = await env.game('ags3')
    const opened = await openGame(host, { folderName: 'Tumbleweed' })
    const before = await gameFiles(host.files)
    return {
      engine: opened.link.engine,
      plan: await refusal(() => planGameSave(host)),
      changed: changed(before, await gameFiles(host.files)),
    }
  },

  async 'game backups are pruned to the number kept, oldest first'(env) {
    const host = await env.game('ags4', { keepBackups: 2 })
    const opened = await openGame(host, { folderName: 'Tumbleweed' })
    const kept: number[] = []
    for (let n = 0; n < 4; n++) {
      const loaded = await loadStoredRoom(opened.project, 'room-1')
      const { width, height } = loaded.room.size
      const cells = loaded.mask!.cells.slice()
      cells.fill(n % 2 === 0 ? 1 : 0, 0, width * (5 + n))
      await saveStoredProject(opened.project, ({ project }) => ({
        project,
        rooms: [{ room: loaded.room, images: { mask: { width, height, cells } } }],
      }))
      await writeGameSave(host, planFingerprint(await planGameSave(host)))
      kept.push((await host.files.list(GAME_BACKUPS_DIR)).length)
    }
    return { kept }
  },

  async 'a first import whose save fails part way leaves the game as it was'(env) {
    const host = await env.game('ags4')
    const before = await gameFiles(host.files)
    const failing = {
      ...host,
      project: {
        ...host.project,
        files: {
          ...host.project.files,
          write: async (path: string, bytes: Uint8Array, o?: { modeFrom?: string; mode?: number }) => {
            if (path.startsWith('rooms/')) throw new Error('no space left (planted)')
            return host.project.files.write(path, bytes, o)
          },
        },
      },
    }
    const error = await refusal(() => openGame(failing, { folderName: 'Tumbleweed' }))
    return {
      error,
      changed: changed(before, await gameFiles(host.files)),
      walkbox: (await host.files.kind('.walkbox')) === null ? 'none' : await walkboxFiles(host.files),
      linked: (await host.files.kind(GAME_LINK_FILE)) !== null,
    }
  },

  async 'the command line path: a dry run writes nothing; the write takes the same journal place and lock'(
    env,
  ) {
    const host = await env.game('godot')
    const opened = await openGame(host, { folderName: 'popochiu' })
    await moveGodotVertex(opened.project)
    const loaded = await loadStoredRoom(opened.project, 'house')
    const request = {
      engine: 'godot' as const,
      rooms: [{ roomId: 'house', file: 'game/rooms/house/room_house.tscn' }],
      states: new Map([['house', { room: loaded.room, mask: loaded.mask?.cells ?? null }]]),
      flags: opened.stored.project.flags,
    }
    const before = await gameFiles(host.files)
    const dry = await writeRoomsIntoGame(host, { ...request, dryRun: true })
    const dryChanged = changed(before, await gameFiles(host.files))
    let journals = 0
    const files = killedFiles(
      host.files,
      (op, args) => op === 'rename' && args[1] === GAME_JOURNAL && ++journals === 2,
    )
    const killed = await refusal(() => writeRoomsIntoGame({ ...host, files }, request))
    const read = await readGame(host)
    const done = await writeRoomsIntoGame(host, request)
    return {
      dry: { files: dry.plan.changes.map((c) => c.path), done: dry.done, warnings: dry.warnings },
      dryChanged,
      killed,
      readWarnings: read.warnings,
      rolledBack: read.warnings.includes(ROLLED_BACK_LINE),
      written: done.done?.written,
      changed: changed(before, await gameFiles(host.files)),
    }
  },

  async 'a game opened read-only with a stopped write is read as the finished write leaves it, nothing written'(
    env,
  ) {
    const host = await env.game('ags4')
    const opened = await openGame(host, { folderName: 'Tumbleweed' })
    await paintAgsRoom(opened.project)
    const loaded = await loadStoredRoom(opened.project, 'room-1')
    // The game without its Walkbox project: the read-only open reads the game's own files.
    await host.files.removeTree('.walkbox/project')
    await host.files.remove(GAME_LINK_FILE)
    const request = {
      engine: 'ags4' as const,
      rooms: [{ roomId: 'room-1', file: 'Rooms/1/data.xml' }],
      states: new Map([['room-1', { room: loaded.room, mask: loaded.mask?.cells ?? null }]]),
      flags: [],
    }
    const files = killedFiles(host.files, (op, args) => op === 'rename' && String(args[0]).endsWith('.new'))
    const killed = await refusal(() => writeRoomsIntoGame({ ...host, files }, request))
    const before = await gameFiles(host.files)
    const walkboxBefore = await walkboxFiles(host.files)
    const readOnly = await openGame(host, { readOnly: true })
    const room = await loadStoredRoom(readOnly.project, 'room-1')
    const painted = Array.from(room.mask!.cells.subarray(0, room.room.size.width * 10)).every((v) => v === 1)
    return {
      killed,
      warnings: readOnly.warnings,
      painted,
      changed: changed(before, await gameFiles(host.files)),
      walkboxSame: JSON.stringify(await walkboxFiles(host.files)) === JSON.stringify(walkboxBefore),
    }
  },
}

const AGS_LINK = {
  format: 'walkbox-game-link',
  version: 1,
  engine: 'ags4',
  rooms: [{ roomId: 'room-1', file: 'Rooms/1/data.xml' }],
}
const AGS_READ_NOTES = [
  'Rooms/1/data.xml: walkable areas: 1 (8317 px)',
  'Rooms/1/data.xml: regions: 0 used (0 zones); light levels and tints are not carried',
  'Rooms/1/data.xml: hotspots: 1 drawn (1 hExit 771 px); Walkbox has no hotspot layer, their mask stays in the game',
  'Rooms/1/data.xml: walk-behinds: 1 (15678 px, baseline y=197); in the walk-behind layer',
  'Rooms/1/data.xml: room objects: oBlueCup (not carried; Walkbox has no objects)',
  'Rooms/1/data.xml: room edges: left x=0, right x=317, top y=40, bottom y=198 (not carried)',
]
const MASK = 'Rooms/1/walkableareas.png'
const FLOOR = 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn'
const BACKUP = `.walkbox/game-backups/<stamp>/${MASK}`
const ROLLED_BACK = ROLLED_BACK_LINE
const FINISHED = `a write into the game that a crash or a kill stopped after it counted was finished: the new version of ${MASK} is in place`
const CHOSEN =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'
const SET_ASIDE = (problem: string, n: number, from = GAME_JOURNAL) =>
  `${from}: a game write journal that Walkbox did not run (${problem}); it was kept as .walkbox/game-journal.rejected-${n}.json`

export const GAME_CONTRACT_EXPECTED: Record<keyof typeof GAME_CONTRACT_CASES, unknown> = {
  'ags4: the first open imports the game; the next opens its project': {
    first: {
      imported: true,
      rooms: ['room-1'],
      link: AGS_LINK,
      warnings: [],
      readOnly: null,
      name: 'Tumbleweed',
      notes: AGS_READ_NOTES,
    },
    again: { imported: false, rooms: ['room-1'], link: AGS_LINK, warnings: [], readOnly: null },
    changed: [],
    walkbox: ['.walkbox/game-link.json'],
  },
  'ags4: an edited mask is planned and written: that file only, after a real copy as backup': {
    plan: [
      { path: MASK, roomId: 'room-1', summary: 'walkable area mask repainted (N bytes before, N after)' },
    ],
    written: [MASK],
    backup: '.walkbox/game-backups/<stamp>',
    backupHoldsTheOld: true,
    changed: [MASK],
    walkbox: [BACKUP, '.walkbox/game-link.json'],
    planAfter: 0,
  },
  'godot: a moved vertex is written into its scene only, and an unedited game plans nothing': {
    unedited: 0,
    plan: [{ path: FLOOR, summary: '4 lines changed' }],
    written: [FLOOR],
    changed: [FLOOR],
  },
  'tiled: a flag default changed in the project is written into the map': {
    flags: [{ id: 'doorOpen', name: 'doorOpen', default: false }],
    plan: [{ path: 'maps/cave.tmx', summary: '1 line added' }],
    written: ['maps/cave.tmx'],
    property:
      '<property name="walkbox.flags" value="[{&quot;id&quot;:&quot;doorOpen&quot;,&quot;name&quot;:&quot;doorOpen&quot;,&quot;default&quot;:true}]"/>',
  },
  'a write stopped before it counted is rolled back by the next open, and said in one line': {
    error: 'could not write into the game (killed); nothing was changed in the game',
    journalLeft: true,
    warnings: [ROLLED_BACK],
    changed: [],
    // The backup the stopped write made holds the game's files as they still are; it is kept.
    walkbox: [BACKUP, '.walkbox/game-link.json'],
    planAfter: [MASK],
  },
  'a write stopped after it counted is finished by the next open, and said in one line': {
    error:
      'the write into the game was committed but not finished (killed); opening the game again finishes it',
    warnings: [FINISHED],
    changed: [MASK],
    walkbox: [BACKUP, '.walkbox/game-link.json'],
    planAfter: 0,
  },
  'a planted journal that would remove Game.agf and Rooms/ is set aside, never run': {
    warnings: [
      SET_ASIDE('removeFolders: a write into a game never removes files or folders', 1),
      SET_ASIDE('removeFiles: a write into a game never removes files or folders', 2, '.walkbox-save.json'),
    ],
    again: [],
    changed: [],
    walkbox: [
      '.walkbox/game-journal.rejected-1.json',
      '.walkbox/game-journal.rejected-2.json',
      '.walkbox/game-link.json',
    ],
  },
  'a journal that would replace a file Walkbox never writes, or reach out with .., is set aside': {
    lines: [
      SET_ASIDE("files[0].target: 'Game.agf' is not a room file Walkbox writes into an AGS 4 game", 1),
      SET_ASIDE(`files[0].target: "../outside/Rooms/1/data.xml" goes up with '..'`, 2),
      SET_ASIDE("files[0].target: '.walkbox/game-link.json' is Walkbox's own folder", 3),
      SET_ASIDE(
        "files[0].target: 'Rooms/1/room1.asc/x' is not a room file Walkbox writes into an AGS 4 game",
        4,
      ),
    ],
    changed: [],
  },
  "an open removes no other write's staged files": { warnings: [], stillThere: true },
  'read-only by choice: nothing is written into the game; plan and write are refused': {
    opened: {
      imported: true,
      rooms: ['room-1'],
      link: AGS_LINK,
      warnings: [],
      readOnly: { line: CHOSEN, chosen: true },
    },
    project: 'Tumbleweed',
    plan: `you opened the game read-only: ${CHOSEN}; nothing written`,
    write: `you opened the game read-only: ${CHOSEN}; nothing written`,
    changed: [],
    walkbox: [],
  },
  'a game that changed since the list was shown: Write is refused and nothing is written': {
    error:
      'the game or the project changed since the changes were listed; Save again to see them; nothing written',
    changed: [],
    walkbox: ['.walkbox/game-link.json'],
  },
  'two writes at once: one after the other; the second plans again and is refused, nothing lost': {
    results: [
      'no error',
      'the game or the project changed since the changes were listed; Save again to see them; nothing written',
    ],
    backups: 1,
    planAfter: 0,
  },
  'an AGS 3 game opens, and Save is refused in one line, nothing written': {
    engine: 'ags3',
    plan: 'AGS 3 rooms (.crm) are compiled files Walkbox reads but never writes; open the game in AGS 4 (Rooms/N folders) to save into it; nothing written',
    changed: [],
  },
  'game backups are pruned to the number kept, oldest first': { kept: [1, 2, 2, 2] },
  'a first import whose save fails part way leaves the game as it was': {
    error:
      'Could not save Tumbleweed: nothing was changed on disk (no space left (planted)); nothing opened, and the game folder is as it was',
    changed: [],
    walkbox: 'none',
    linked: false,
  },
  'the command line path: a dry run writes nothing; the write takes the same journal place and lock': {
    dry: { files: [FLOOR], done: null, warnings: [] },
    dryChanged: [],
    killed: 'could not write into the game (killed); nothing was changed in the game',
    readWarnings: [ROLLED_BACK],
    rolledBack: true,
    written: [FLOOR],
    changed: [FLOOR],
  },
  'a game opened read-only with a stopped write is read as the finished write leaves it, nothing written': {
    killed:
      'the write into the game was committed but not finished (killed); opening the game again finishes it',
    warnings: [
      `a write into the game that a crash or a kill stopped after it counted is not finished (the game is open read-only); Walkbox read the new version of ${MASK}`,
    ],
    painted: true,
    changed: [],
    walkboxSame: true,
  },
}
