/**
 * Resolving the paths written inside project files (room folders, background, mask
 * and scale-map file names) so that a project can never make Walkbox read or write
 * outside its own folder.
 *
 * Glossary
 * - project folder (root): the folder holding project.walkbox.json.
 * - base: the folder a path is relative to (the project folder for room folders, the
 *   room folder for image file names).
 * - lexical check: on the text alone: no absolute path, no drive letter, no UNC
 *   path, no '..' segment, no NUL, not empty.
 * - real check: the resolved path, with symbolic links followed (realpath), must still
 *   lie inside the real project folder. For a path that does not exist yet, its
 *   nearest existing ancestor is checked.
 * - where: the file and field a path came from, so that errors can name them:
 *   "room.json: background: 'C:/x.png' is absolute; paths must stay inside the project folder".
 *   A path the file system cannot resolve (a link loop, a name too long, no permission) is
 *   refused as one line too: "room.json: background: 'a.png': too many levels of symbolic links ...".
 *
 * Both '/' and '\' count as separators on every platform, so a project made on
 * Windows opens on Linux and the other way round.
 *
 * The lexical check is the project store's own (src/shared/room/project-paths.ts); this adds
 * the real check, which needs the file system.
 *
 * Units: none (paths).
 */
import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileError } from './regular-file'
import { checkRelativePath, UnsafePathError, type PathSource } from '../../shared/room/project-paths'

export { checkRelativePath, UnsafePathError, type PathSource }

function inside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel))
}

/** Lexical resolution only: `base`/`value`, refused if the text could leave `root`. */
export function resolveLexically(root: string, base: string, value: string, where: PathSource): string {
  const segments = checkRelativePath(value, where)
  const full = resolve(base, ...segments)
  if (!inside(resolve(root), full)) throw new UnsafePathError(where, value, 'leaves the project folder')
  return full
}

/** realpath of the path, or of its nearest existing ancestor joined with the missing rest. */
async function realOrAncestor(path: string): Promise<string> {
  let current = path
  const missing: string[] = []
  for (;;) {
    try {
      const real = await realpath(current)
      return missing.length > 0 ? join(real, ...missing.reverse()) : real
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e
      const parent = dirname(current)
      if (parent === current) return path
      missing.push(current.slice(parent.length).replace(/^[\\/]+/, ''))
      current = parent
    }
  }
}

/**
 * Resolve `value` (from a project file) against `base` inside the project folder `root`,
 * following symbolic links. Returns the absolute path to use. Throws UnsafePathError.
 */
export async function resolveInsideProject(
  root: string,
  base: string,
  value: string,
  where: PathSource,
): Promise<string> {
  const full = resolveLexically(root, base, value, where)
  let realRoot: string
  let real: string
  try {
    realRoot = await realpath(root)
    real = await realOrAncestor(full)
  } catch (e) {
    // A link loop (ELOOP), a path too long (ENAMETOOLONG), a folder we may not enter (EACCES).
    throw fileError(`${where.file}: ${where.field}: '${value}'`, e)
  }
  if (!inside(realRoot, real)) {
    throw new UnsafePathError(where, value, `is a link to '${real}', outside the project folder`)
  }
  return full
}
