/**
 * The paths written inside project files (room folders, background, mask and scale-map file
 * names), checked on their text so that a project can never name a file outside its own
 * folder. Both hosts use it; the desktop adds a check of symbolic links on top
 * (src/main/services/safe-path.ts), the browser's storage has none.
 *
 * Glossary
 * - project path: a path relative to the project folder, '/' separated, no '.' or '..'.
 * - base: the project path a value is relative to ('' for room folders, the room folder for
 *   image file names).
 * - where: the file and field a path came from, so that errors can name them:
 *   "room.json: background: 'C:/x.png' is absolute; paths must stay inside the project folder".
 *
 * Both '/' and '\' count as separators on every platform, so a project made on Windows opens
 * on Linux and the other way round.
 *
 * Which paths are refused, and with which words, is src/shared/path-rules.ts's
 * PROJECT_FILE_PATHS; this module adds where the path came from.
 *
 * Units: none (paths).
 */
import { caseFoldKey, pathSegments, PROJECT_FILE_PATHS } from '../path-rules'

/** Which file and field a path came from, e.g. { file: 'rooms/porch/room.json', field: 'background' }. */
export interface PathSource {
  file: string
  field: string
}

/** "'../x.png' goes up with '..'; paths must stay inside the project folder": a path's problem, after "file: field: ". */
export function unsafePathProblem(value: string, problem: string): string {
  return `'${shownValue(value)}' ${problem}; paths must stay inside the project folder`
}

/** A path in a project file that would leave the project folder (or is not a path at all). */
export class UnsafePathError extends Error {
  readonly file: string
  readonly field: string
  readonly value: string
  constructor(where: PathSource, value: string, problem: string) {
    super(`${where.file}: ${where.field}: ${unsafePathProblem(value, problem)}`)
    this.name = 'UnsafePathError'
    this.file = where.file
    this.field = where.field
    this.value = value
  }
}

/**
 * The segments of a relative path, or throws for text that is not a safe relative path (the
 * rules of PROJECT_FILE_PATHS in src/shared/path-rules.ts).
 */
export function checkRelativePath(value: string, where: PathSource): string[] {
  const segments = pathSegments(value, PROJECT_FILE_PATHS)
  if (!Array.isArray(segments)) throw new UnsafePathError(where, value, segments.problem)
  return segments
}

/** `value` (from a project file) under the project path `base`, as a project path; throws UnsafePathError. */
export function projectPathOf(base: string, value: string, where: PathSource): string {
  const segments = checkRelativePath(value, where)
  return base ? `${base}/${segments.join('/')}` : segments.join('/')
}

/** A room folder as written in the project file, in the form two folders are compared in. */
export function folderKey(folder: string): string {
  return caseFoldKey(folder.replace(/\\/g, '/').replace(/\/+$/, ''))
}

/** A value as UnsafePathError quotes it: control characters written as escapes ('a\0b'). */
function shownValue(value: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  return String(value).replace(/[\u0000-\u001f\u007f]/g, (c) =>
    c === '\0' ? '\\0' : JSON.stringify(c).slice(1, -1),
  )
}
