/**
 * A save is one unit: every file of a save is written and flushed beside its target first,
 * then all of them are committed together through a small journal, so that after a crash,
 * a kill or a full disk the project loads as exactly the old or exactly the new version.
 * The same steps run over the desktop's file system (Node) and the browser's Origin
 * Private File System: each host gives a `ProjectFiles`.
 *
 * Steps of a save:
 * 1. backup: the files the project has now are kept in `backups/<stamp>/` (see backups.ts);
 * 2. stage: each new file is written to `<target>.walkbox-new` and flushed;
 * 3. commit: the journal `.walkbox-save.json` (the list of staged files and the room
 *    folders to remove) is written to a temp name and renamed into place: from here on the
 *    save counts;
 * 4. apply: each staged file is renamed over its target, removed room folders are deleted,
 *    and the journal is deleted.
 * Opening a project first finishes a save the journal names (step 4 again: a staged file
 * that is gone was already moved) and deletes staged files no journal names (a save killed
 * before its commit). A failure before the commit removes the staged files and leaves the
 * project as it was; the error says so.
 *
 * Glossary
 * - target: a file of the project, as a path relative to the project folder, '/' separated.
 * - staged file: `<target>.walkbox-new`, the new content waiting for the commit.
 * - journal: `.walkbox-save.json` in the project folder.
 *
 * Units: bytes.
 */
import { checkJournal, type CheckedJournal } from './journal-check'
import { JOURNAL_FILE, STAGED_SUFFIX, type Journal, type ProjectFiles } from './project-files'
import { MAX_JOURNAL_BYTES } from '../limits'

export {
  isWorkingFile,
  JOURNAL_FILE,
  STAGED_SUFFIX,
  WORKING_PREFIX,
  type Journal,
  type ProjectFiles,
} from './project-files'

/** A journal set aside because it failed its checks: `.walkbox-save.rejected-<n>.json`. */
const REJECTED_PREFIX = '.walkbox-save.rejected-'
/** Temp copies of the journal before it is renamed into place. */
const TEMP_JOURNAL = /^\.walkbox-save\.json\.[0-9a-z]+$/

/** One file of a save: where it goes and what it holds (and its mode, for a copy that keeps it). */
export interface FileWrite {
  path: string
  bytes: Uint8Array
  mode?: number
}

/** A save that failed, saying truthfully what is on disk now. */
export class SaveError extends Error {
  constructor(
    message: string,
    /** True when the project on disk is as it was before the save (nothing was committed). */
    readonly unchanged: boolean,
  ) {
    super(message)
    this.name = 'SaveError'
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Every file under `folder` (paths relative to the project), skipping folders `skip` says to. */
export async function listFiles(
  files: ProjectFiles,
  folder = '',
  skip: (path: string) => boolean = () => false,
): Promise<string[]> {
  const out: string[] = []
  for (const entry of await files.list(folder)) {
    const path = folder ? `${folder}/${entry.name}` : entry.name
    if (skip(path)) continue
    if (entry.folder) out.push(...(await listFiles(files, path, skip)))
    else out.push(path)
  }
  return out
}

/** What opening found of a save a crash stopped: whether anything was done, and why a journal was not run. */
export interface Recovery {
  /** True when a save was finished or dropped (or a journal set aside). */
  done: boolean
  /** One line per journal that was set aside instead of run. */
  warnings: string[]
}

/**
 * Finish a committed save or drop an uncommitted one. Run before reading a project.
 * The journal is untrusted input (a project folder can come from anywhere): it is
 * validated whole (journal-check.ts) before any of it runs; one that fails is renamed to
 * `.walkbox-save.rejected-<n>.json`, never run, and named in `warnings`.
 */
export async function recoverSave(
  files: ProjectFiles,
  options: {
    /** False for a listing: a journal that fails its checks is left as it is (not run, not moved) for the next real open to report. */
    setAside?: boolean
  } = {},
): Promise<Recovery> {
  const recovery: Recovery = { done: false, warnings: [] }
  const kind = await files.kind(JOURNAL_FILE)
  if (kind !== null) {
    let checked: CheckedJournal
    if (kind !== 'file') checked = { journal: null, problem: 'it is not a regular file' }
    else if (((await files.size(JOURNAL_FILE)) ?? 0) > MAX_JOURNAL_BYTES)
      checked = { journal: null, problem: `it is larger than ${MAX_JOURNAL_BYTES} bytes` }
    else
      checked = await checkJournal(
        files,
        decoder.decode((await files.read(JOURNAL_FILE)) ?? new Uint8Array()),
      )
    if (checked.journal) {
      await applyJournal(files, checked.journal)
      await files.remove(JOURNAL_FILE)
    } else if (checked.problem === 'it is not JSON') {
      // Written whole before it is renamed into place: an unreadable journal was never committed.
      await files.remove(JOURNAL_FILE)
    } else if (options.setAside === false) {
      return recovery
    } else {
      recovery.warnings.push(await setAside(files, checked.problem))
    }
    recovery.done = true
  }
  // Staged files that no journal names: a save that was stopped before its commit.
  const stray = await listFiles(files, '', (p) => p === 'backups')
  for (const path of stray) {
    if (path.endsWith(STAGED_SUFFIX) || TEMP_JOURNAL.test(path)) {
      await files.remove(path)
      recovery.done = true
    }
  }
  return recovery
}

/** Move a journal that will not be run out of the way, keeping it for the author to look at. */
async function setAside(files: ProjectFiles, problem: string): Promise<string> {
  const taken = new Set((await files.list('')).map((e) => e.name))
  let n = 1
  while (taken.has(`${REJECTED_PREFIX}${n}.json`)) n++
  const name = `${REJECTED_PREFIX}${n}.json`
  try {
    await files.rename(JOURNAL_FILE, name)
  } catch {
    // It cannot even be moved (a folder, a link): it stays where it is and is still never run.
    return `${JOURNAL_FILE}: a save journal that Walkbox did not run (${problem}); it was left where it is`
  }
  return `${JOURNAL_FILE}: a save journal that Walkbox did not run (${problem}); it was kept as ${name}`
}

async function applyJournal(files: ProjectFiles, journal: Journal): Promise<void> {
  for (const { target, staged } of journal.files) {
    // A staged file that is gone was moved already (the save was stopped half-way through applying).
    if ((await files.size(staged)) !== null) await files.rename(staged, target)
  }
  for (const path of journal.removeFiles) await files.remove(path)
  for (const folder of journal.removeFolders) await files.removeTree(folder)
}

/**
 * Write `writes` (and delete `removeFolders`) as one unit. `beforeCommit` runs after every
 * file is staged and before the commit (the backup is made there).
 */
export async function commitSave(
  files: ProjectFiles,
  writes: readonly FileWrite[],
  options: {
    removeFiles?: readonly string[]
    removeFolders?: readonly string[]
    beforeCommit?: () => Promise<void>
  } = {},
): Promise<void> {
  const journal: Journal = {
    files: writes.map((w) => ({ target: w.path, staged: `${w.path}${STAGED_SUFFIX}` })),
    removeFiles: [...(options.removeFiles ?? [])],
    removeFolders: [...(options.removeFolders ?? [])],
  }
  const staged: string[] = []
  try {
    for (const w of writes) {
      const path = `${w.path}${STAGED_SUFFIX}`
      staged.push(path)
      await files.write(path, w.bytes, { modeFrom: w.path, mode: w.mode })
    }
    await options.beforeCommit?.()
    const temp = `${JOURNAL_FILE}.${Math.random().toString(36).slice(2, 10)}`
    staged.push(temp)
    await files.write(temp, encoder.encode(JSON.stringify(journal)))
    await files.rename(temp, JOURNAL_FILE)
  } catch (error) {
    for (const path of staged) await files.remove(path).catch(() => undefined)
    throw new SaveError(`nothing was changed on disk (${reason(error)})`, true)
  }
  // Committed: from here on the save counts; if applying fails now, the next open finishes it.
  try {
    await applyJournal(files, journal)
    await files.remove(JOURNAL_FILE)
  } catch (error) {
    throw new SaveError(
      `the save was committed but not finished (${reason(error)}); reopening the project finishes it`,
      false,
    )
  }
}
