/**
 * Where tests may write their screenshots: never inside the checkout, so that `npm test`
 * leaves it as it found it.
 *
 * - Screenshots go to WALKBOX_SCREENSHOTS when set (to keep them), else to
 *   `walkbox-screenshots` in the system's temporary folder.
 * - The README's images in docs/images are written only when WALKBOX_DOCS_IMAGES=1, which
 *   `npm run docs:images` sets; otherwise they go beside the other screenshots.
 * - Any other path inside the checkout is refused, wherever it came from.
 */
import { realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { repoRoot } from './bench-data'

/** The folder of the README's images, written by `npm run docs:images` only. */
export const DOCS_IMAGES_DIR = resolve(repoRoot, 'docs/images')

/** The path with symlinks in its existing part resolved (a worktree may sit behind one). */
function real(path: string): string {
  const missing: string[] = []
  let at = resolve(path)
  for (;;) {
    try {
      return join(realpathSync(at), ...missing.reverse())
    } catch {
      const parent = dirname(at)
      if (parent === at) return resolve(path)
      missing.push(at.slice(parent.length).replace(/^[\\/]/, ''))
      at = parent
    }
  }
}

/** Whether `path` is `dir` or inside it. */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(real(dir), real(path))
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** The folder for screenshots taken by tests (see the top of this file). */
export function screenshotDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(env.WALKBOX_SCREENSHOTS || join(tmpdir(), 'walkbox-screenshots'))
  if (isInside(repoRoot, dir)) {
    throw new Error(
      `WALKBOX_SCREENSHOTS is ${dir}, inside the checkout ${repoRoot}; tests write no file there. ` +
        'Name a folder outside it.',
    )
  }
  return dir
}

/** Whether this run writes the README's images into docs/images (`npm run docs:images`). */
export function writesDocsImages(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WALKBOX_DOCS_IMAGES === '1'
}

/**
 * The file a screenshot named `name` goes to: docs/images/<name> for a docs image while
 * `npm run docs:images` runs, else <screenshotDir>/<name>. Throws for a name that would
 * leave its folder, and for any target inside the checkout other than a docs image.
 */
export function screenshotPath(
  name: string,
  { docs = false, env = process.env }: { docs?: boolean; env?: NodeJS.ProcessEnv } = {},
): string {
  const dir = docs && writesDocsImages(env) ? DOCS_IMAGES_DIR : screenshotDir(env)
  const file = resolve(dir, name)
  if (!isInside(dir, file) || file === resolve(dir)) {
    throw new Error(`A screenshot's name must be a file name in its folder, not ${JSON.stringify(name)}.`)
  }
  assertWritable(file, { docs, env })
  return file
}

/** Throws unless a test may write `file`: outside the checkout, or a docs image in docs mode. */
export function assertWritable(
  file: string,
  { docs = false, env = process.env }: { docs?: boolean; env?: NodeJS.ProcessEnv } = {},
): void {
  if (!isInside(repoRoot, file)) return
  if (docs && writesDocsImages(env) && isInside(DOCS_IMAGES_DIR, file)) return
  throw new Error(
    `A test tried to write ${file}, inside the checkout ${repoRoot}. Tests write to a temporary ` +
      'folder (screenshots: WALKBOX_SCREENSHOTS); the README images are made by `npm run docs:images`.',
  )
}
