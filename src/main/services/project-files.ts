/**
 * The files of one project folder on disk, for the unit save and the backups
 * (src/shared/room/unit-save.ts, backups.ts): every path is relative to the project
 * folder and checked to stay inside it; writes are flushed to the disk before they count;
 * renames replace their target in one step and the folder is flushed after them; copies
 * are hard links where the file system has them. Reads take regular files only, at most
 * MAX_IMAGE_FILE_BYTES (the largest file a project holds), see regular-file.ts.
 *
 * Glossary
 * - root: the project folder (absolute, resolved). The folder itself may be reached through
 *   a link (the author chose it); nothing below it is.
 * - confined: a path below the root none of whose folders is a symbolic link (or anything
 *   but a folder). Every operation confines its paths first and refuses the rest in one line:
 *   a project folder is untrusted, and a planted `rooms -> /elsewhere` must never make a
 *   save, a recovery or a cleanup write, rename or delete outside the project. A link as
 *   the last part of a path is data: it is renamed or removed as a link, never written
 *   through (writes open with O_NOFOLLOW after removing a link in the way), and read only
 *   when its real path stays inside the real project folder.
 * - mode: the permission bits of a file; a file that replaces another takes its mode, so
 *   a save never widens 0600 or 0444 files to 0644.
 *
 * Units: bytes.
 */
import { constants } from 'node:fs'
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  realpath,
  rename,
  rm,
  statfs,
} from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { ProjectFiles } from '../../shared/room/unit-save'
import { MAX_IMAGE_FILE_BYTES } from '../../shared/limits'
import { FileAccessError, fileError, readRegularFile } from './regular-file'

/** Tries of a rename: on Windows a virus scanner or an indexer may hold a file for a moment. */
const RENAME_ATTEMPTS = 4
/** The mode of a new file whose target has none to keep (before the umask). */
const NEW_FILE_MODE = 0o644
/** O_NOFOLLOW where the platform has it (not on Windows, which has no such links to fear here). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

let processUmask: number | null = null
function umask(): number {
  processUmask ??= process.umask()
  return processUmask
}

/** A path the project files refuse: it leaves the project folder or goes through a link. */
export class OutsideProjectError extends Error {
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}; Walkbox never reads or writes outside the project folder`)
    this.name = 'OutsideProjectError'
  }
}

function lexical(root: string, path: string): string {
  const full = resolve(root, ...path.split('/'))
  const rel = relative(root, full)
  if (rel === '' || rel.startsWith('..') || rel.includes(`..${sep}`) || isAbsolute(rel))
    throw new OutsideProjectError(path, 'not a path inside the project folder')
  return full
}

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code
const missing = (e: unknown) => code(e) === 'ENOENT' || code(e) === 'ENOTDIR'

async function lstatOrNull(path: string) {
  try {
    return await lstat(path)
  } catch (e) {
    if (missing(e)) return null
    throw e
  }
}

/**
 * `path` made absolute and checked: inside the root, and every folder between the root and
 * it a real folder (or not there yet). Throws OutsideProjectError.
 */
async function confine(root: string, path: string): Promise<string> {
  const full = lexical(root, path)
  const parts = relative(root, full).split(sep)
  let at = root
  for (const part of parts.slice(0, -1)) {
    at = `${at}${sep}${part}`
    const info = await lstatOrNull(at)
    if (!info) break
    if (info.isSymbolicLink())
      throw new OutsideProjectError(path, `'${relative(root, at).split(sep).join('/')}' is a symbolic link`)
    if (!info.isDirectory())
      throw new OutsideProjectError(path, `'${relative(root, at).split(sep).join('/')}' is not a folder`)
  }
  return full
}

/**
 * mkdir -p that names the true cause: Node's recursive mkdir reports ENOENT when the disk
 * has no inodes (or space) left for a new folder; the folders are then made one by one so
 * the error is the real one (ENOSPC).
 */
export async function makeFolders(path: string): Promise<void> {
  try {
    await mkdir(path, { recursive: true })
  } catch (e) {
    if (code(e) !== 'ENOENT') throw e
    const chain: string[] = []
    for (let at = path; dirname(at) !== at; at = dirname(at)) chain.unshift(at)
    for (const folder of chain) {
      if (await lstatOrNull(folder)) continue
      await mkdir(folder)
    }
    throw e
  }
}

async function fsyncFolder(folder: string): Promise<void> {
  let handle
  try {
    handle = await open(folder, constants.O_RDONLY)
    await handle.sync()
  } catch {
    // Folders cannot be opened or synced on some platforms (Windows); the rename is still atomic.
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

async function renameWithRetry(from: string, to: string): Promise<void> {
  const transient = ['EPERM', 'EACCES', 'EBUSY']
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (e) {
      if (attempt >= RENAME_ATTEMPTS - 1 || !transient.includes(code(e) ?? '')) throw e
      await new Promise((done) => setTimeout(done, 25 * (attempt + 1)))
    }
  }
}

/** Project files over the folder `folder`. `beforeWrite` lets tests fail a write (a full disk). */
export function diskProjectFiles(
  folder: string,
  hooks: { beforeWrite?: (path: string) => void | Promise<void> } = {},
): ProjectFiles {
  const root = resolve(folder)
  let realRoot: Promise<string> | null = null
  /** A link as the last part of `path` may be read only when it resolves inside the project. */
  const readable = async (path: string): Promise<string> => {
    const full = await confine(root, path)
    const info = await lstatOrNull(full)
    if (info?.isSymbolicLink()) {
      realRoot ??= realpath(root)
      const real = await realpath(full).catch((e: unknown) => {
        if (missing(e)) return null
        throw e
      })
      if (real === null) return full
      const rel = relative(await realRoot, real)
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
        throw new OutsideProjectError(path, `is a link to '${real}', outside the project folder`)
    }
    return full
  }
  return {
    async read(path) {
      // Regular files only (a named pipe here would hang the read): see regular-file.ts.
      try {
        return await readRegularFile(await readable(path), path, MAX_IMAGE_FILE_BYTES)
      } catch (e) {
        if (e instanceof FileAccessError && e.code === 'ENOENT') return null
        throw e
      }
    },
    async size(path) {
      try {
        const full = await readable(path)
        const info = await lstatOrNull(full)
        if (!info) return null
        if (!info.isSymbolicLink()) return info.size
        return (await lstatOrNull(await realpath(full)))?.size ?? null
      } catch (e) {
        // A link loop or a folder that may not be entered: one line naming the file.
        throw fileError(path, e)
      }
    },
    async kind(path) {
      let full: string
      try {
        full = await confine(root, path)
      } catch (e) {
        if (e instanceof OutsideProjectError) return 'other'
        throw e
      }
      const info = await lstatOrNull(full)
      if (!info) return null
      return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other'
    },
    async write(path, bytes, options = {}) {
      const full = await confine(root, path)
      await hooks.beforeWrite?.(path)
      await makeFolders(dirname(full))
      // A link (or anything else) where the file goes is data: removed, never written through.
      const there = await lstatOrNull(full)
      if (there && !there.isFile()) await rm(full, { recursive: false, force: true })
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW
      // Readable by the owner alone until its mode is known.
      const handle = await open(full, flags, 0o600)
      try {
        await handle.chmod(0o600)
        await handle.writeFile(bytes)
        await handle.sync()
      } finally {
        await handle.close()
      }
      let mode = options.mode
      if (mode === undefined && options.modeFrom) {
        const was = await lstatOrNull(await confine(root, options.modeFrom)).catch(() => null)
        if (was?.isFile()) mode = was.mode
      }
      await chmod(full, (mode ?? NEW_FILE_MODE & ~umask()) & 0o7777)
    },
    async rename(from, to) {
      const source = await confine(root, from)
      const target = await confine(root, to)
      await renameWithRetry(source, target)
      await fsyncFolder(dirname(target))
    },
    async remove(path) {
      await rm(await confine(root, path), { force: true })
    },
    async removeTree(path) {
      // rm does not follow links: a link here is removed as a link.
      await rm(await confine(root, path), { recursive: true, force: true })
    },
    async list(path) {
      try {
        // Confining a name inside the folder checks the folder itself too.
        const dir = path ? dirname(await confine(root, `${path}/_`)) : root
        const entries = await readdir(dir, { withFileTypes: true })
        return entries
          .filter((e) => e.isFile() || e.isDirectory())
          .map((e) => ({ name: e.name, folder: e.isDirectory() }))
      } catch (e) {
        if (missing(e)) return []
        throw e
      }
    },
    async copy(from, to) {
      const source = await confine(root, from)
      const target = await confine(root, to)
      if (!(await lstatOrNull(source))?.isFile())
        throw new OutsideProjectError(from, 'is not a regular file; only regular files are copied')
      await makeFolders(dirname(target))
      try {
        await link(source, target)
      } catch (e) {
        if (code(e) === 'EEXIST') throw e
        // No hard links here (another device, FAT, a restricted share): a real copy.
        await copyFile(source, target, constants.COPYFILE_EXCL)
      }
    },
    async freeBytes() {
      try {
        const s = await statfs(root)
        return Number(s.bavail) * Number(s.bsize)
      } catch {
        return null
      }
    },
  }
}
