/**
 * Checking a save journal before it runs. A project folder is untrusted input: it may come
 * from a zip, a game folder or another person, and its `.walkbox-save.json` may have been
 * planted to make Walkbox rename or delete files elsewhere. So a journal runs only when the
 * whole of it passes; otherwise nothing of it runs (unit-save.ts sets it aside).
 *
 * Glossary
 * - project path: relative to the project folder, '/' separated, already normal: no empty,
 *   '.' or '..' segment, no '\', no NUL, no leading '/', no drive letter.
 * - own file: a path a Walkbox save may write or delete: a project path outside `backups/`
 *   that is not one of Walkbox's working files (the journal, a lock, a staged file).
 * - entry kind: what ProjectFiles.kind reports; 'other' is a link, a pipe, a socket or a
 *   device, or anything reached through a link. A journal never touches one.
 *
 * Units: bytes; counts.
 */
import { isWorkingFile, STAGED_SUFFIX, type Journal, type ProjectFiles } from './project-files'
import { MAX_JOURNAL_BYTES, MAX_JOURNAL_PATHS } from '../limits'
import { NORMAL_PATHS, pathProblem, shownPath } from '../path-rules'

const BACKUPS = 'backups'

/** The journal, or why it must not run (one line, no full stop). */
export type CheckedJournal = { journal: Journal; problem?: undefined } | { journal: null; problem: string }

/** Why `path` is not a normal project path (NORMAL_PATHS of src/shared/path-rules.ts), or null when it is. */
export function projectPathProblem(path: unknown): string | null {
  const found = pathProblem(path, NORMAL_PATHS)
  return found && `${shownPath(path)} ${found.problem}`
}

function inBackups(path: string): boolean {
  return path === BACKUPS || path.startsWith(`${BACKUPS}/`)
}

/** Why `path` may not be written or deleted by a journal, or null. */
function ownFileProblem(path: unknown): string | null {
  const problem = projectPathProblem(path)
  if (problem) return problem
  const p = path as string
  if (inBackups(p)) return `'${p}' is inside backups/`
  if (isWorkingFile(p)) return `'${p}' is one of Walkbox's working files`
  return null
}

function stringArray(value: unknown, field: string): string[] | string {
  if (value === undefined) return []
  if (!Array.isArray(value)) return `${field}: expected a list`
  if (value.length > MAX_JOURNAL_PATHS) return `${field}: more than ${MAX_JOURNAL_PATHS} paths`
  return value as string[]
}

/** A journal's text as a JSON object, or why it is none (its size checked first); one line. */
export function journalObject(text: string): { raw: Record<string, unknown> } | { problem: string } {
  if (text.length > MAX_JOURNAL_BYTES) return { problem: `it is larger than ${MAX_JOURNAL_BYTES} bytes` }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { problem: 'it is not JSON' }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { problem: 'expected a JSON object' }
  return { raw: json as Record<string, unknown> }
}

/** The journal's shape and paths, without looking at the files. */
export function checkJournalText(text: string): CheckedJournal {
  const refuse = (problem: string): CheckedJournal => ({ journal: null, problem })
  // A journal is written whole before it is renamed into place: an unreadable one was never committed.
  const parsed = journalObject(text)
  if ('problem' in parsed) return refuse(parsed.problem)
  const { raw } = parsed
  if (!Array.isArray(raw.files)) return refuse('files: expected a list')
  if (raw.files.length > MAX_JOURNAL_PATHS) return refuse(`files: more than ${MAX_JOURNAL_PATHS} entries`)
  const files: Journal['files'] = []
  const targets = new Set<string>()
  for (const [i, item] of (raw.files as unknown[]).entries()) {
    if (typeof item !== 'object' || item === null) return refuse(`files[${i}]: expected { target, staged }`)
    const { target, staged } = item as { target?: unknown; staged?: unknown }
    const problem = ownFileProblem(target)
    if (problem) return refuse(`files[${i}].target: ${problem}`)
    if (staged !== `${target as string}${STAGED_SUFFIX}`)
      return refuse(`files[${i}].staged: expected '${target as string}${STAGED_SUFFIX}'`)
    if (targets.has(target as string)) return refuse(`files[${i}].target: '${target as string}' twice`)
    targets.add(target as string)
    files.push({ target: target as string, staged: staged as string })
  }
  const removeFiles = stringArray(raw.removeFiles, 'removeFiles')
  if (typeof removeFiles === 'string') return refuse(removeFiles)
  for (const [i, path] of removeFiles.entries()) {
    const problem = ownFileProblem(path)
    if (problem) return refuse(`removeFiles[${i}]: ${problem}`)
  }
  const removeFolders = stringArray(raw.removeFolders, 'removeFolders')
  if (typeof removeFolders === 'string') return refuse(removeFolders)
  for (const [i, path] of removeFolders.entries()) {
    const problem = ownFileProblem(path)
    if (problem) return refuse(`removeFolders[${i}]: ${problem}`)
  }
  return { journal: { files, removeFiles, removeFolders } }
}

/** Every folder above `path` and `path` itself, shortest first ('a', 'a/b', 'a/b/c'). */
function prefixes(path: string): string[] {
  const parts = path.split('/')
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'))
}

/**
 * The whole journal: its text (above), then the files it names: every folder on the way to
 * a path is a real folder (not a link), every staged file still there is a regular file,
 * a target whose staged file is gone is a regular file (it was moved already), and what is
 * removed is a file or a folder, not a link to one.
 */
export async function checkJournal(files: ProjectFiles, text: string): Promise<CheckedJournal> {
  const checked = checkJournalText(text)
  if (!checked.journal) return checked
  const kinds = new Map<string, Awaited<ReturnType<ProjectFiles['kind']>>>()
  const kind = async (path: string) => {
    if (!kinds.has(path)) kinds.set(path, await files.kind(path))
    return kinds.get(path)!
  }
  const refuse = (problem: string): CheckedJournal => ({ journal: null, problem })
  /** Why the folders on the way to `path` are not plain folders, or null. */
  const wayProblem = async (path: string): Promise<string | null> => {
    for (const folder of prefixes(path).slice(0, -1)) {
      const k = await kind(folder)
      if (k === null) return null
      if (k !== 'folder') return `'${folder}' on the way to '${path}' is not a folder (a link?)`
    }
    return null
  }
  for (const { target, staged } of checked.journal.files) {
    const way = await wayProblem(staged)
    if (way) return refuse(way)
    const k = await kind(staged)
    if (k === 'file') continue
    if (k !== null) return refuse(`staged file '${staged}' is not a regular file`)
    if ((await kind(target)) !== 'file')
      return refuse(`staged file '${staged}' is missing and its target was not written`)
  }
  for (const path of [...checked.journal.removeFiles, ...checked.journal.removeFolders]) {
    const way = await wayProblem(path)
    if (way) return refuse(way)
    if ((await kind(path)) === 'other') return refuse(`'${path}' is a link or a special file`)
  }
  return checked
}
