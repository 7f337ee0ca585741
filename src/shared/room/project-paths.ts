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
 * Units: none (paths).
 */

/** Which file and field a path came from, e.g. { file: 'rooms/porch/room.json', field: 'background' }. */
export interface PathSource {
  file: string
  field: string
}

/** A path in a project file that would leave the project folder (or is not a path at all). */
export class UnsafePathError extends Error {
  readonly file: string
  readonly field: string
  readonly value: string
  constructor(where: PathSource, value: string, problem: string) {
    super(`${where.file}: ${where.field}: '${value}' ${problem}; paths must stay inside the project folder`)
    this.name = 'UnsafePathError'
    this.file = where.file
    this.field = where.field
    this.value = value
  }
}

/** The segments of a relative path, or throws for text that is not a safe relative path. */
export function checkRelativePath(value: string, where: PathSource): string[] {
  if (typeof value !== 'string' || value.length === 0)
    throw new UnsafePathError(where, String(value), 'is empty')
  if (value.includes('\0'))
    throw new UnsafePathError(where, value.replace(/\0/g, '\\0'), 'contains a NUL character')
  if (/^[A-Za-z]:/.test(value) || /^[\\/]/.test(value)) throw new UnsafePathError(where, value, 'is absolute')
  const segments = value.split(/[\\/]+/).filter((s) => s !== '' && s !== '.')
  if (segments.includes('..')) throw new UnsafePathError(where, value, "goes up with '..'")
  if (segments.length === 0) throw new UnsafePathError(where, value, 'names no file')
  return segments
}

/** `value` (from a project file) under the project path `base`, as a project path; throws UnsafePathError. */
export function projectPathOf(base: string, value: string, where: PathSource): string {
  const segments = checkRelativePath(value, where)
  return base ? `${base}/${segments.join('/')}` : segments.join('/')
}

/** A room folder as written in the project file, in the form two folders are compared in. */
export function folderKey(folder: string): string {
  return folder.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()
}
