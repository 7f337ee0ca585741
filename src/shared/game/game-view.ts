/**
 * Reading a game without its lock (a game opened read-only, a folder no lock can be made in),
 * never seeing a half-written room: the game's files as a stopped write leaves them once it
 * is finished or rolled back (a committed write's staged files stand for their targets), read
 * again when anything a writer touches changed while reading.
 *
 * Glossary
 * - view: read-only ProjectFiles over the game whose targets of a committed journal read as
 *   their staged files.
 * - mark: the journal's bytes and the list of game backups. A write shows its journal from
 *   before it touches anything until after its last rename, and one that replaces files
 *   leaves a new backup; so equal marks before and after a read mean that no write changed
 *   a game file while it ran, or that the view read it as the committed write leaves it. (A
 *   write that only makes files, a new AGS room, renames the room's data.xml last: the room
 *   is seen whole or not at all.)
 *
 * Units: counts.
 */
import { GAME_BACKUPS_DIR, GameFolderError } from '../formats/game-folder'
import type { ProjectFiles } from '../room/unit-save'
import { GAME_JOURNAL, type GameJournal } from './game-journal'

/** Reads of a view that changed under it are tried this many times at the most. */
export const MAX_UNLOCKED_READS = 8

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1)

/** A read that writers kept changing under it, every try (one line). */
export class GameChangedWhileReading extends GameFolderError {
  constructor(attempts: number) {
    super(
      `the game changed while Walkbox read it, ${attempts} times (another program writing into it?); nothing opened; try again`,
    )
    this.name = 'GameChangedWhileReading'
  }
}

function refuse(): never {
  throw new GameFolderError('a game opened read-only is never written; nothing written')
}

/** The game's files as the committed write `journal` leaves them (the files themselves when null). */
export function viewAfter(files: ProjectFiles, journal: GameJournal | null): ProjectFiles {
  const staged = new Map((journal?.files ?? []).map((f) => [f.target, f.staged]))
  const at = async (path: string): Promise<string> => {
    const s = staged.get(path)
    return s !== undefined && (await files.kind(s)) === 'file' ? s : path
  }
  return {
    read: async (p) => files.read(await at(p)),
    size: async (p) => files.size(await at(p)),
    kind: async (p) => files.kind(await at(p)),
    async list(folder) {
      const out = await files.list(folder)
      for (const [target, s] of staged)
        if (
          dirOf(target) === folder &&
          !out.some((e) => e.name === baseOf(target)) &&
          (await files.kind(s)) === 'file'
        )
          out.push({ name: baseOf(target), folder: false })
      return out
    },
    write: refuse,
    rename: refuse,
    remove: refuse,
    removeTree: refuse,
    copy: refuse,
    freeBytes: () => files.freeBytes(),
  }
}

async function mark(files: ProjectFiles): Promise<string> {
  const text = async (p: string) => {
    const bytes = (await files.kind(p)) === 'file' ? await files.read(p).catch(() => null) : null
    if (!bytes) return '-'
    let h = 0x811c9dc5
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
    return `${bytes.length}:${h.toString(16)}`
  }
  const backups = (await files.list(GAME_BACKUPS_DIR).catch(() => [])).map((e) => e.name).sort()
  return `${await text(GAME_JOURNAL)}|${backups.join('/')}`
}

/**
 * Run `read` over the game as stopped writes leave it, again when a write ran meanwhile (at
 * most MAX_UNLOCKED_READS times, then refused in one line), each try after `wait`. `journalOf`
 * gives the committed journal to read through (or null), as it is at each try.
 */
export async function readSteady<T>(
  files: ProjectFiles,
  journalOf: () => Promise<GameJournal | null>,
  read: (view: ProjectFiles) => Promise<T>,
  /** Waits while a writer holds the game's lock (before each try). */
  wait: () => Promise<void> = async () => undefined,
  attempts = MAX_UNLOCKED_READS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await wait()
    const before = await mark(files)
    const value = await read(viewAfter(files, await journalOf()))
    if ((await mark(files)) === before) return value
    if (attempt >= attempts) throw new GameChangedWhileReading(attempts)
  }
}
