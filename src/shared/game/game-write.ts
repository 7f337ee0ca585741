/**
 * Writing a plan's changes into a game as one unit, under the game's lock (the caller holds
 * it: game-store.ts). After a crash, a kill or a full disk every file of the write is the
 * old or every one the new version, never a mix, and whoever opens the game next finishes
 * or rolls back a stopped write (game-journal.ts).
 *
 * Steps:
 * 1. check, inside the lock: every path inside the game, a room file of the engine, no link
 *    on the way or at the end, not read-only, and still holding the bytes the plan read
 *    ("changed on disk since the changes were listed"); room for the write on the disk;
 * 2. intent: the journal in state 'staging' (its token names the staged files);
 * 3. backup: each file replaced is copied (a real copy, never a hard link to the live file)
 *    to `.walkbox/game-backups/<stamp>/<its path>`;
 * 4. stage: each new file written beside its target as `<target>.walkbox-<token>.new`;
 * 5. commit: the journal rewritten in state 'committed': from here on the write counts;
 * 6. apply: each staged file renamed over its target (a room's main file last), the journal
 *    removed; then the backups beyond the number kept are pruned, oldest first.
 * A failure before the commit removes what the write staged and says nothing was changed.
 *
 * Glossary
 * - stamp: a backup folder's name: the UTC time of the write with ':' and '.' as '-', and a
 *   few letters of the write's token (sortable, unique).
 *
 * Units: bytes.
 */
import { DEFAULT_BACKUPS_KEPT } from '../room/backups'
import {
  GAME_BACKUPS_DIR,
  GAME_WALKBOX_DIR,
  GameFolderError,
  gamePathProblem,
  type GameKind,
} from '../formats/game-folder'
import type { ProjectFiles } from '../room/unit-save'
import { isRoomFile } from './engine-planners'
import {
  GAME_JOURNAL,
  journalText,
  newToken,
  rollBack,
  stagedName,
  writeWhole,
  type GameJournal,
} from './game-journal'
import { refuseReadOnlyFiles, sameBytes, type GameFileChange } from './game-plan'

/** A write that failed, saying truthfully what is in the game now. */
export class GameWriteError extends GameFolderError {
  constructor(
    message: string,
    /** True when no game file changed (nothing was committed). */
    readonly unchanged: boolean,
  ) {
    super(message)
    this.name = 'GameWriteError'
  }
}

export interface GameWriteOptions {
  /** The game's engine, whose room files alone may be written. */
  engine?: GameKind
  /** Whether a file's mode allows no write (where the storage has modes). */
  readOnlyFile?: (path: string) => Promise<boolean>
  /** Backups kept after the write (default DEFAULT_BACKUPS_KEPT). */
  keepBackups?: number
  now?: Date
}

export interface GameWriteResult {
  /** Game paths written, in the plan's order. */
  written: string[]
  /** The backup folder (game path) of the files replaced, or null when none was replaced. */
  backup: string | null
}

/** A time stamp for a backup folder name: 2026-11-25T19-02-03-123Z. */
export function backupStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-')
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]

/** Is this error a full disk (Node's ENOSPC or EDQUOT, the browser's QuotaExceededError)? */
export function isFullDisk(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code
  const name = (e as { name?: unknown })?.name
  return (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    name === 'QuotaExceededError' ||
    /\bENOSPC\b|\bEDQUOT\b/.test(oneLine(e))
  )
}

/** The line of a write refused before its commit: the cause named, nothing changed. */
export function notWrittenLine(e: unknown): string {
  if (isFullDisk(e)) return `the disk is full (${oneLine(e)}); nothing was changed in the game`
  return `could not write into the game (${oneLine(e)}); nothing was changed in the game`
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`

/** Every folder on the way to `path` is a real folder and `path` a regular file, or missing when `mayBeNew`. */
async function checkTarget(
  files: ProjectFiles,
  path: string,
  engine: GameKind | undefined,
  mayBeNew: boolean,
) {
  const problem = gamePathProblem(path)
  if (problem) throw new GameWriteError(`${path}: ${problem}; nothing written`, true)
  if (!isRoomFile(path, engine))
    throw new GameWriteError(`${path}: not a room file Walkbox writes into this game; nothing written`, true)
  const parts = path.split('/')
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join('/')
    const kind = await files.kind(folder)
    if (kind === null && mayBeNew) break
    if (kind !== 'folder')
      throw new GameWriteError(`${path}: '${folder}' is not a real folder (a link?); nothing written`, true)
  }
  const kind = await files.kind(path)
  if (kind === null && mayBeNew) return
  if (kind !== 'file')
    throw new GameWriteError(`${path}: not a regular file (a link?); nothing written`, true)
}

/** Rename order: a room's main file (AGS data.xml) last, so that a new room appears only whole. */
function applyOrder<T extends { target: string }>(files: T[]): T[] {
  const last = (p: string) => (/(^|\/)data\.xml$/.test(p) ? 1 : 0)
  return [...files].sort((a, b) => last(a.target) - last(b.target))
}

/** Drop all but the newest `keep` backups of game writes (folders named by stamp; anything else stays). */
export async function pruneGameBackups(files: ProjectFiles, keep = DEFAULT_BACKUPS_KEPT): Promise<void> {
  const stamps = (await files.list(GAME_BACKUPS_DIR))
    .filter((e) => e.folder && /^\d{4}-\d\d-\d\dT[0-9A-Za-z-]{1,60}$/.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
  for (const old of stamps.slice(Math.max(1, keep))) await files.removeTree(`${GAME_BACKUPS_DIR}/${old}`)
}

/**
 * Write `changes` into the game as one unit (the caller holds the game's lock), after a
 * backup of every file they replace. Refuses in one line, writing nothing, a path that leaves
 * the game, is not a room file or passes a link, a read-only file, a file that changed since
 * the plan read it, and a write the disk has no room for.
 */
export async function commitGameWrite(
  files: ProjectFiles,
  changes: readonly Pick<GameFileChange, 'path' | 'before' | 'after'>[],
  options: GameWriteOptions = {},
): Promise<GameWriteResult> {
  if (changes.length === 0) return { written: [], backup: null }
  for (const c of changes) {
    await checkTarget(files, c.path, options.engine, c.before === null)
    const now = await files.read(c.path)
    const same = c.before === null ? now === null : now !== null && sameBytes(now, c.before)
    if (!same)
      throw new GameWriteError(
        c.before === null
          ? `${c.path}: made by someone else since the changes were listed; nothing written`
          : `${c.path}: changed on disk since the changes were listed; nothing written`,
        true,
      )
  }
  await refuseReadOnlyFiles(changes, options.readOnlyFile)
  const free = await files.freeBytes().catch(() => null)
  if (free !== null) {
    let need = 64 * 1024
    for (const c of changes) need += c.after.length + (c.before?.length ?? 0)
    if (need > free)
      throw new GameWriteError(
        `not enough space to write into the game: needs about ${mb(need)}, ${mb(free)} free; nothing was changed in the game`,
        true,
      )
  }
  const token = newToken()
  // A `.walkbox/` the write makes for its journal alone is taken away again after it.
  const hadWalkbox = (await files.kind(GAME_WALKBOX_DIR)) !== null
  const tidy = async () => {
    if (!hadWalkbox && (await files.list(GAME_WALKBOX_DIR)).length === 0)
      await files.removeTree(GAME_WALKBOX_DIR)
  }
  const replaced = changes.filter((c) => c.before !== null)
  const backup =
    replaced.length > 0 ? `${GAME_BACKUPS_DIR}/${backupStamp(options.now)}-${token.slice(0, 6)}` : null
  const journal: GameJournal = {
    format: 'walkbox-game-journal',
    version: 1,
    token,
    state: 'staging',
    files: applyOrder(changes.map((c) => ({ target: c.path, staged: stagedName(c.path, token) }))),
    backup,
  }
  try {
    await writeWhole(files, GAME_JOURNAL, journalText(journal), token)
    for (const c of replaced) await files.write(`${backup}/${c.path}`, c.before!)
    for (const c of changes) await files.write(stagedName(c.path, token), c.after, { modeFrom: c.path })
    await writeWhole(files, GAME_JOURNAL, journalText({ ...journal, state: 'committed' }), token)
  } catch (error) {
    // Not committed: what was staged goes, the journal too (else the next open rolls it back).
    await rollBack(files, journal).catch(() => undefined)
    await files.remove(GAME_JOURNAL).catch(() => undefined)
    await tidy().catch(() => undefined)
    throw new GameWriteError(notWrittenLine(error), true)
  }
  try {
    for (const { target, staged } of journal.files) await files.rename(staged, target)
    await files.remove(GAME_JOURNAL)
  } catch (error) {
    throw new GameWriteError(
      `the write into the game was committed but not finished (${oneLine(error)}); opening the game again finishes it`,
      false,
    )
  }
  await pruneGameBackups(files, options.keepBackups).catch(() => undefined)
  await tidy().catch(() => undefined)
  return { written: changes.map((c) => c.path), backup }
}
