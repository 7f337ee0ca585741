/**
 * The files of one project folder on disk, for the unit save and the backups
 * (src/shared/room/unit-save.ts, backups.ts): every path is relative to the project
 * folder and checked to stay inside it; writes are flushed to the disk before they count;
 * renames replace their target in one step and the folder is flushed after them; copies
 * are hard links where the file system has them. Reads take regular files only, at most
 * MAX_IMAGE_FILE_BYTES (the largest file a project holds), see regular-file.ts.
 *
 * Glossary
 * - root: the project folder (absolute, resolved).
 * - mode: the permission bits of a file; a file that replaces another takes its mode, so
 *   a save never widens 0600 or 0444 files to 0644.
 *
 * Units: bytes.
 */
import { constants } from 'node:fs'
import { chmod, copyFile, link, mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises'
import { dirname, relative, resolve, sep } from 'node:path'
import type { ProjectFiles } from '../../shared/room/unit-save'
import { MAX_IMAGE_FILE_BYTES } from '../../shared/room/limits'
import { FileAccessError, readRegularFile } from './regular-file'

/** Tries of a rename: on Windows a virus scanner or an indexer may hold a file for a moment. */
const RENAME_ATTEMPTS = 4

function inside(root: string, path: string): string {
  const full = resolve(root, ...path.split('/'))
  const rel = relative(root, full)
  if (rel === '' || rel.startsWith('..') || rel.includes(`..${sep}`) || resolve(rel) === rel)
    throw new Error(`${path}: not a path inside the project folder`)
  return full
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
      const code = (e as NodeJS.ErrnoException).code ?? ''
      if (attempt >= RENAME_ATTEMPTS - 1 || !transient.includes(code)) throw e
      await new Promise((done) => setTimeout(done, 25 * (attempt + 1)))
    }
  }
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT'

/** Project files over the folder `folder`. `onWrite` lets tests fail a write (a full disk). */
export function diskProjectFiles(
  folder: string,
  hooks: { beforeWrite?: (path: string) => void | Promise<void> } = {},
): ProjectFiles {
  const root = resolve(folder)
  return {
    async read(path) {
      // Regular files only (a named pipe here would hang the read): see regular-file.ts.
      try {
        return await readRegularFile(inside(root, path), path, MAX_IMAGE_FILE_BYTES)
      } catch (e) {
        if (e instanceof FileAccessError && e.code === 'ENOENT') return null
        throw e
      }
    },
    async size(path) {
      try {
        return (await stat(inside(root, path))).size
      } catch (e) {
        if (missing(e)) return null
        throw e
      }
    },
    async write(path, bytes, options = {}) {
      const full = inside(root, path)
      await hooks.beforeWrite?.(path)
      await mkdir(dirname(full), { recursive: true })
      const handle = await open(full, 'w', 0o644)
      try {
        await handle.writeFile(bytes)
        await handle.sync()
      } finally {
        await handle.close()
      }
      if (options.modeFrom) {
        const was = await stat(inside(root, options.modeFrom)).catch(() => null)
        if (was) await chmod(full, was.mode & 0o7777)
      }
    },
    async rename(from, to) {
      const target = inside(root, to)
      await renameWithRetry(inside(root, from), target)
      await fsyncFolder(dirname(target))
    },
    async remove(path) {
      await rm(inside(root, path), { force: true })
    },
    async removeTree(path) {
      await rm(inside(root, path), { recursive: true, force: true })
    },
    async list(path) {
      try {
        const entries = await readdir(path ? inside(root, path) : root, { withFileTypes: true })
        return entries
          .filter((e) => e.isFile() || e.isDirectory())
          .map((e) => ({ name: e.name, folder: e.isDirectory() }))
      } catch (e) {
        if (missing(e)) return []
        throw e
      }
    },
    async copy(from, to) {
      const source = inside(root, from)
      const target = inside(root, to)
      await mkdir(dirname(target), { recursive: true })
      try {
        await link(source, target)
      } catch {
        // No hard links here (another device, FAT, a restricted share): a real copy.
        await copyFile(source, target)
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
