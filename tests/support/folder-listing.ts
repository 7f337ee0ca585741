/**
 * What a folder holds, to check that something wrote nothing into it: every file and folder
 * below it (and the folder itself, with `includeRoot`) with its size and modification time,
 * one line each, sorted. Links are listed, not followed.
 *
 * Units: bytes, ms (mtime).
 */
import { lstat, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'

export async function folderListing(
  root: string,
  options: { includeRoot?: boolean } = {},
): Promise<string[]> {
  const out: string[] = []
  const visit = async (at: string) => {
    const info = await lstat(at)
    if (at !== root || options.includeRoot)
      out.push(`${relative(root, at) || '.'} ${info.size} ${info.mtimeMs}`)
    if (info.isDirectory()) for (const name of await readdir(at)) await visit(join(at, name))
  }
  await visit(root)
  return out.sort()
}

/** Every file below `root` (not folders), as paths relative to it with '/' between parts. */
export async function filesBelow(root: string): Promise<string[]> {
  const out: string[] = []
  const visit = async (at: string) => {
    for (const e of await readdir(at, { withFileTypes: true })) {
      if (e.isDirectory()) await visit(join(at, e.name))
      else out.push(relative(root, join(at, e.name)).split('\\').join('/'))
    }
  }
  await visit(root)
  return out
}
