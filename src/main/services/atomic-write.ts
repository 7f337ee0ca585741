/**
 * Atomic file replacement with a backup of the previous version, so that a crash, a
 * full disk or an exception in the middle of a save never leaves a half-written
 * project file behind.
 *
 * Glossary
 * - target: the file being saved, e.g. rooms/porch/room.json.
 * - temp file: `.<name>.<random>.tmp` in the target's own folder (a rename is only
 *   atomic within one file system, so it must live beside the target).
 * - backup: `<name>.bak` beside the target, the previous content of the target.
 * - step: a point in the sequence where tests can inject a failure (see `onStep`).
 *
 * Sequence: write temp, fsync temp, close; copy the old target to a second temp file
 * and rename that over `<name>.bak`; rename temp over target; fsync the folder (best
 * effort; not possible on Windows). The target exists at every moment and is always
 * either the complete old or the complete new content. On any failure, temp files are
 * removed and the error is passed on.
 *
 * Units: bytes.
 */
import { constants } from 'node:fs'
import { copyFile, open, rename, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'

/** Named points of the sequence, in order. */
export type AtomicWriteStep = 'temp-opened' | 'temp-written' | 'backup-written' | 'renamed'

export interface AtomicWriteOptions {
  /** Keep the previous content as `<name>.bak` (default true). */
  backup?: boolean
  /** Called at each step; throwing aborts the write (tests use it to inject failures). */
  onStep?: (step: AtomicWriteStep) => void | Promise<void>
}

/** Name of the backup file of `path`. */
export function backupPathOf(path: string): string {
  return `${path}.bak`
}

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw e
  }
}

/**
 * rename, retried a few times on EPERM / EACCES / EBUSY: on Windows a virus scanner or an
 * indexer may hold the target open for a moment. Elsewhere these errors persist and the
 * last one is passed on after about a quarter of a second.
 */
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

/** How many times renameWithRetry tries. */
const RENAME_ATTEMPTS = 4

/** Replace `path` with `data` atomically, keeping the old content as `<path>.bak`. */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const step = options.onStep ?? (() => undefined)
  const keepBackup = options.backup ?? true
  const temp = tempPathFor(path)
  const backupTemp = tempPathFor(backupPathOf(path))
  let handle
  try {
    handle = await open(temp, 'wx', 0o644)
    await step('temp-opened')
    await handle.writeFile(data)
    await handle.sync()
    await handle.close()
    handle = undefined
    await step('temp-written')
    if (keepBackup && (await exists(path))) {
      await copyFile(path, backupTemp)
      await rename(backupTemp, backupPathOf(path))
      await step('backup-written')
    }
    await renameWithRetry(temp, path)
    await fsyncFolder(dirname(path))
    await step('renamed')
  } catch (e) {
    await handle?.close().catch(() => undefined)
    await rm(temp, { force: true }).catch(() => undefined)
    await rm(backupTemp, { force: true }).catch(() => undefined)
    throw e
  }
}
