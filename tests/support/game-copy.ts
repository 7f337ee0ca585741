/**
 * Copies of the bench games (../shared/bench/engines, read-only: 0444 files, 0555 folders)
 * that a test may write into: every copied file and folder made writable by its owner, as a
 * checked-out game is. (Walkbox refuses to replace a read-only game file.)
 *
 * Units: none.
 */
import { chmod, cp, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** Make `dir` and every folder and file under it writable by its owner (a file: itself). */
export async function makeWritable(dir: string): Promise<void> {
  const info = await stat(dir)
  if (!info.isDirectory()) return chmod(dir, (info.mode & 0o777) | 0o600)
  await chmod(dir, (info.mode & 0o777) | 0o700)
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) await makeWritable(path)
    else if (e.isFile()) await chmod(path, ((await stat(path)).mode & 0o777) | 0o600)
  }
}

/** Copy `from` to `to` (recursively) and make the copy writable. */
export async function writableCopy(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true })
  await makeWritable(to)
}
