/**
 * The journal of a write into a game: one place per game (`.walkbox/game-journal.json`),
 * whatever wrote (the editor's Save, `walkbox export --into`, `--format ags4 --out
 * <game>/Rooms/N`), and what every opener does with it: finish a write that counted, roll
 * back one that did not, and set aside a journal that fails its checks, saying so in one
 * line each. Runs only under the game's lock (game-store.ts), so the staged files it finds
 * belong to no live write.
 *
 * The journal is untrusted input: a game folder comes from anywhere (version control, a
 * zip, another person) and `.walkbox/` travels with it. A journal is run only when the whole
 * of it passes: it may only replace room files of the game's engine (engine-planners.ts)
 * with files staged beside them under its own token, never remove a file or a folder, never
 * touch Walkbox's own folder or reach through a link. Anything else is set aside, not run,
 * and reported.
 *
 * Glossary
 * - token: a random name of one write (8-32 of [0-9a-z]); staged files and temp files carry it,
 *   so two writes never share a name.
 * - staged file: `<target>.walkbox-<token>.new`, beside its target.
 * - state: 'staging' (written before anything else: the write's intent, so that a write
 *   stopped before its commit is rolled back exactly) or 'committed' (the commit point: from
 *   here on the write counts and is finished by whoever opens the game next).
 * - legacy journal: `.walkbox-save.json` at the game's top or in an AGS `Rooms/N` folder,
 *   written by Walkbox before this journal existed (committed by definition); held to the
 *   same rules and run or set aside.
 *
 * Units: bytes.
 */
import {
  GAME_BACKUPS_DIR,
  GAME_WALKBOX_DIR,
  engineLabel,
  gamePathProblem,
  type GameKind,
} from '../formats/game-folder'
import { journalObject } from '../room/journal-check'
import type { ProjectFiles } from '../room/unit-save'
import { isRoomFile } from './engine-planners'
import { MAX_JOURNAL_BYTES, MAX_JOURNAL_PATHS } from '../limits'

export const GAME_JOURNAL = `${GAME_WALKBOX_DIR}/game-journal.json`
const REJECTED = `${GAME_WALKBOX_DIR}/game-journal.rejected-`
/** The journal of Walkbox before the game journal (a project journal over the game folder). */
const LEGACY_JOURNAL = '.walkbox-save.json'
const LEGACY_STAGED = '.walkbox-new'
const TOKEN = /^[0-9a-z]{8,32}$/
const STAMP = /^[0-9A-Za-z-]{1,80}$/

export interface GameJournal {
  format: 'walkbox-game-journal'
  version: 1
  token: string
  state: 'staging' | 'committed'
  /** Staged file -> target, in the order they are applied (game paths). */
  files: { target: string; staged: string }[]
  /** The backup folder of the files the write replaces (`.walkbox/game-backups/<stamp>`), or null. */
  backup: string | null
}

export type CheckedGameJournal =
  { journal: GameJournal; problem?: undefined } | { journal: null; problem: string }

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A new write's token. */
export function newToken(): string {
  const bytes = new Uint8Array(8)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 12)
}

export function stagedName(target: string, token: string): string {
  return `${target}.walkbox-${token}.new`
}

/** Every folder above `path`, shortest first ('a', 'a/b' for 'a/b/c'). */
function foldersAbove(path: string): string[] {
  const parts = path.split('/')
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'))
}

/** Write `text` to `path` whole: a temp file carrying `token`, then renamed into place. */
export async function writeWhole(
  files: ProjectFiles,
  path: string,
  text: string,
  token: string,
): Promise<void> {
  const temp = `${path}.walkbox-${token}.tmp`
  try {
    await files.write(temp, encoder.encode(text))
    await files.rename(temp, path)
  } catch (e) {
    await files.remove(temp).catch(() => undefined)
    throw e
  }
}

export function journalText(journal: GameJournal): string {
  return `${JSON.stringify(journal, null, 1)}\n`
}

/** 'an AGS 4 game', 'a Tiled game': a game of the engine, named by its label (formats/engines.ts). */
function engineGame(engine: GameKind): string {
  const label = engineLabel(engine)
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} game`
}

/** Why a target may not be named by a game journal, or null. */
function targetProblem(target: unknown, engine: GameKind | undefined): string | null {
  const problem = gamePathProblem(target)
  if (problem) return problem
  const t = target as string
  if (!isRoomFile(t, engine))
    return `'${t}' is not a room file Walkbox writes into ${engine ? engineGame(engine) : 'a game'}`
  return null
}

/** The journal's text and paths, without looking at the files. `prefix`: the folder a legacy journal is in. */
export function checkGameJournalText(
  text: string,
  options: { engine?: GameKind; legacyFolder?: string } = {},
): CheckedGameJournal {
  const refuse = (problem: string): CheckedGameJournal => ({ journal: null, problem })
  const parsed = journalObject(text)
  if ('problem' in parsed) return refuse(parsed.problem)
  const { raw } = parsed
  for (const field of ['removeFiles', 'removeFolders'])
    if (raw[field] !== undefined && !(Array.isArray(raw[field]) && raw[field].length === 0))
      return refuse(`${field}: a write into a game never removes files or folders`)
  const legacy = options.legacyFolder !== undefined
  if (!legacy) {
    if (raw.format !== 'walkbox-game-journal' || raw.version !== 1)
      return refuse('not a game write journal (format walkbox-game-journal, version 1)')
    if (typeof raw.token !== 'string' || !TOKEN.test(raw.token))
      return refuse('token: expected 8-32 of 0-9, a-z')
    if (raw.state !== 'staging' && raw.state !== 'committed')
      return refuse("state: expected 'staging' or 'committed'")
  }
  if (!Array.isArray(raw.files)) return refuse('files: expected a list')
  if (raw.files.length > MAX_JOURNAL_PATHS) return refuse(`files: more than ${MAX_JOURNAL_PATHS} entries`)
  const token = legacy ? '' : (raw.token as string)
  const files: GameJournal['files'] = []
  const targets = new Set<string>()
  for (const [i, item] of (raw.files as unknown[]).entries()) {
    if (typeof item !== 'object' || item === null) return refuse(`files[${i}]: expected { target, staged }`)
    const { target: t, staged: s } = item as { target?: unknown; staged?: unknown }
    const rel =
      legacy && typeof t === 'string' ? (options.legacyFolder ? `${options.legacyFolder}/${t}` : t) : t
    const problem = targetProblem(rel, options.engine)
    if (problem) return refuse(`files[${i}].target: ${problem}`)
    const target = rel as string
    const expected = legacy ? `${t as string}${LEGACY_STAGED}` : stagedName(target, token)
    if (s !== expected) return refuse(`files[${i}].staged: expected '${expected}'`)
    if (targets.has(target)) return refuse(`files[${i}].target: '${target}' twice`)
    targets.add(target)
    files.push({ target, staged: legacy ? `${target}${LEGACY_STAGED}` : expected })
  }
  let backup: string | null = null
  if (!legacy && raw.backup !== null && raw.backup !== undefined) {
    const b = raw.backup
    const stamp =
      typeof b === 'string' && b.startsWith(`${GAME_BACKUPS_DIR}/`)
        ? b.slice(GAME_BACKUPS_DIR.length + 1)
        : ''
    if (!STAMP.test(stamp)) return refuse(`backup: expected '${GAME_BACKUPS_DIR}/<stamp>'`)
    backup = b as string
  }
  return {
    journal: {
      format: 'walkbox-game-journal',
      version: 1,
      token: legacy ? 'legacy' : token,
      state: legacy ? 'committed' : (raw.state as GameJournal['state']),
      files,
      backup,
    },
  }
}

/**
 * The whole journal: its text (above), then the files it names: every folder on the way is a
 * real folder (no link), a staged file that is there is a regular file, a committed write's
 * target whose staged file is gone is a regular file (moved already), and no target is a link.
 */
export async function checkGameJournal(
  files: ProjectFiles,
  text: string,
  options: { engine?: GameKind; legacyFolder?: string } = {},
): Promise<CheckedGameJournal> {
  const checked = checkGameJournalText(text, options)
  if (!checked.journal) return checked
  const refuse = (problem: string): CheckedGameJournal => ({ journal: null, problem })
  const kinds = new Map<string, Awaited<ReturnType<ProjectFiles['kind']>>>()
  const kind = async (p: string) => {
    if (!kinds.has(p)) kinds.set(p, await files.kind(p))
    return kinds.get(p)!
  }
  for (const { target, staged } of checked.journal.files) {
    for (const folder of foldersAbove(target)) {
      const k = await kind(folder)
      if (k === null) break
      if (k !== 'folder') return refuse(`'${folder}' on the way to '${target}' is not a folder (a link?)`)
    }
    const s = await kind(staged)
    const t = await kind(target)
    if (s !== null && s !== 'file') return refuse(`staged file '${staged}' is not a regular file`)
    if (t === 'other') return refuse(`'${target}' is a link or a special file`)
    if (t === 'folder') return refuse(`'${target}' is a folder`)
    if (s === null && checked.journal.state === 'committed' && t !== 'file')
      return refuse(`staged file '${staged}' is missing and its target was not written`)
  }
  return checked
}

async function readText(files: ProjectFiles, path: string): Promise<string | { problem: string }> {
  const kind = await files.kind(path)
  if (kind !== 'file') return { problem: 'it is not a regular file' }
  const size = (await files.size(path)) ?? 0
  if (size > MAX_JOURNAL_BYTES) return { problem: `it is larger than ${MAX_JOURNAL_BYTES} bytes` }
  return decoder.decode((await files.read(path)) ?? new Uint8Array())
}

/** A journal at `path` read and checked (null when there is none). */
export async function readGameJournal(
  files: ProjectFiles,
  path: string,
  options: { engine?: GameKind; legacyFolder?: string } = {},
): Promise<CheckedGameJournal | null> {
  if ((await files.kind(path)) === null) return null
  const text = await readText(files, path)
  if (typeof text !== 'string') return { journal: null, problem: text.problem }
  return checkGameJournal(files, text, options)
}

/** Where journals of earlier Walkbox versions may be: the game's top and its AGS `Rooms/N` folders. */
async function legacyJournals(files: ProjectFiles): Promise<{ path: string; folder: string }[]> {
  const out: { path: string; folder: string }[] = []
  if ((await files.kind(LEGACY_JOURNAL)) !== null) out.push({ path: LEGACY_JOURNAL, folder: '' })
  if ((await files.kind('Rooms')) === 'folder')
    for (const e of await files.list('Rooms'))
      if (
        e.folder &&
        /^\d{1,5}$/.test(e.name) &&
        (await files.kind(`Rooms/${e.name}/${LEGACY_JOURNAL}`)) !== null
      )
        out.push({ path: `Rooms/${e.name}/${LEGACY_JOURNAL}`, folder: `Rooms/${e.name}` })
  return out
}

/** Is there a journal (or a journal of an earlier Walkbox) to finish, roll back or set aside? */
export async function hasStoppedWrite(files: ProjectFiles): Promise<boolean> {
  return (await files.kind(GAME_JOURNAL)) !== null || (await legacyJournals(files)).length > 0
}

/** Run a committed journal's renames (a staged file that is gone was moved already). */
async function apply(files: ProjectFiles, journal: GameJournal): Promise<void> {
  for (const { target, staged } of journal.files)
    if ((await files.kind(staged)) === 'file') await files.rename(staged, target)
}

/**
 * Drop what a write stopped before its commit made: its staged files. (Its backup, if made,
 * holds the game files as they still are; it stays and is pruned like any other: a journal
 * never removes a folder.)
 */
export async function rollBack(files: ProjectFiles, journal: GameJournal): Promise<void> {
  for (const { staged } of journal.files) await files.remove(staged)
}

/** Move a journal that will not be run out of the way, keeping it; the one line saying so. */
async function setAside(files: ProjectFiles, path: string, problem: string): Promise<string> {
  // Into Walkbox's own folder, wherever it was found (a journal of an earlier Walkbox too).
  const taken = new Set((await files.list(GAME_WALKBOX_DIR)).map((e) => e.name))
  let n = 1
  while (taken.has(`${REJECTED.slice(GAME_WALKBOX_DIR.length + 1)}${n}.json`)) n++
  const name = `${REJECTED}${n}.json`
  try {
    await files.rename(path, name)
  } catch {
    return `${path}: a game write journal that Walkbox did not run (${problem}); it was left where it is`
  }
  return `${path}: a game write journal that Walkbox did not run (${problem}); it was kept as ${name}`
}

function filesLine(journal: GameJournal): string {
  const shown = journal.files.slice(0, 3).map((f) => f.target)
  const more = journal.files.length - shown.length
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
}

/** The one line said when a stopped write was finished. */
export function finishedLine(journal: GameJournal): string {
  return `a write into the game that a crash or a kill stopped after it counted was finished: the new version of ${filesLine(journal)} is in place`
}

/** The one line said when a stopped write was rolled back. */
export const ROLLED_BACK_LINE =
  'a write into the game that a crash or a kill stopped before it counted was rolled back: the game files are as they were before it'

/**
 * Finish or roll back a write a crash stopped, set aside journals that fail their checks, and
 * remove temp files of stopped writes in `.walkbox/`. Run under the game's lock only. Returns
 * one line per stopped write or journal set aside (none when the game was in order).
 */
export async function recoverGame(files: ProjectFiles, engine?: GameKind): Promise<string[]> {
  const lines: string[] = []
  const checked = await readGameJournal(files, GAME_JOURNAL, { engine })
  if (checked) {
    const { journal } = checked
    if (!journal) lines.push(await setAside(files, GAME_JOURNAL, checked.problem))
    else if (journal.state === 'committed') {
      await apply(files, journal)
      await files.remove(GAME_JOURNAL)
      lines.push(finishedLine(journal))
    } else {
      await rollBack(files, journal)
      await files.remove(GAME_JOURNAL)
      lines.push(ROLLED_BACK_LINE)
    }
  }
  for (const legacy of await legacyJournals(files)) {
    const found = await readGameJournal(files, legacy.path, { engine, legacyFolder: legacy.folder })
    if (!found) continue
    if (!found.journal) lines.push(await setAside(files, legacy.path, found.problem))
    else {
      await apply(files, found.journal)
      await files.remove(legacy.path)
      lines.push(finishedLine(found.journal))
    }
  }
  // Temp copies of journals and link records from writes stopped before their rename.
  for (const e of await files.list(GAME_WALKBOX_DIR))
    if (!e.folder && /\.walkbox-[0-9a-z]{8,32}\.tmp$/.test(e.name))
      await files.remove(`${GAME_WALKBOX_DIR}/${e.name}`)
  return lines
}

/**
 * What a reader that holds no lock (a game opened read-only) makes of a stopped write, with
 * nothing written: the committed journal whose staged files stand for their targets, or
 * null (a write that did not count: the targets are the game as it was); and the one line
 * saying so (null when no write was stopped).
 */
export async function stoppedWrite(
  files: ProjectFiles,
  engine?: GameKind,
): Promise<{ journal: GameJournal | null; line: string | null }> {
  const checked = await readGameJournal(files, GAME_JOURNAL, { engine })
  if (!checked) return { journal: null, line: null }
  if (!checked.journal)
    return {
      journal: null,
      line: `${GAME_JOURNAL}: a game write journal that Walkbox did not run (${checked.problem}); left where it is (the game is open read-only)`,
    }
  if (checked.journal.state === 'staging')
    return {
      journal: null,
      line: 'a write into the game that a crash or a kill stopped before it counted is still there (the game is open read-only, so it was not rolled back); Walkbox read the game as it was before it',
    }
  return {
    journal: checked.journal,
    line: `a write into the game that a crash or a kill stopped after it counted is not finished (the game is open read-only); Walkbox read the new version of ${filesLine(checked.journal)}`,
  }
}
