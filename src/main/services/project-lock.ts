/**
 * One writer at a time per project folder, within a process and across processes (the
 * editor and a `walkbox` command, two commands, two editors): every read-modify-write of a
 * project (a save, a rename, a new room, a flag, a restore, the recovery when it opens) runs
 * inside this lock on the latest state on disk, so that no change is saved over a newer one.
 *
 * Glossary
 * - queue: within one process, a second piece of work on the same folder waits for the first.
 * - lock file: `.walkbox-lock` in the project folder, created exclusively (O_EXCL, never
 *   through a link) and holding who took it: { pid, host, token, at }. A second process
 *   waits for it to go, up to `waitMs`, then refuses in one line naming the holder.
 * - stale lock: one whose process is gone (same host, the pid no longer runs) or whose
 *   text cannot be read and is older than STALE_UNREADABLE_MS: it is removed and taken.
 * - read-only folder: where the lock file cannot be made (EROFS, EACCES, EPERM, or no space
 *   or inodes left: ENOSPC, EDQUOT), nothing can be written either, so the work runs without
 *   it (a read, or a save that fails in one line).
 *
 * Units: milliseconds.
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, readFile, rm } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE = '.walkbox-lock'
/** How long a second writer waits for the first by default. */
export const DEFAULT_LOCK_WAIT_MS = 30_000
const POLL_MS = 25
const STALE_UNREADABLE_MS = 30_000

/** The lock could not be had in time: one line naming the process that holds it. */
export class ProjectBusyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProjectBusyError'
  }
}

interface Holder {
  pid: number
  host: string
  token: string
  at: number
}

const queues = new Map<string, Promise<unknown>>()

/** Run `work` alone on the project folder `root` (absolute): queued in this process, locked across processes. */
export async function withProjectLock<T>(
  root: string,
  work: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const before = queues.get(root) ?? Promise.resolve()
  const mine = before
    .catch(() => undefined)
    .then(async () => {
      const release = await acquire(root, options.waitMs ?? DEFAULT_LOCK_WAIT_MS)
      try {
        return await work()
      } finally {
        await release()
      }
    })
  queues.set(root, mine)
  try {
    return await mine
  } finally {
    if (queues.get(root) === mine) queues.delete(root)
  }
}

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, as another user.
    return code(e) === 'EPERM'
  }
}

/** The holder of the lock file, or null when its text cannot be read. */
async function holder(path: string): Promise<Holder | null> {
  try {
    const info = await lstat(path)
    if (!info.isFile() || info.size > 4096) return null
    const json = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>
    if (typeof json.pid !== 'number' || typeof json.host !== 'string' || typeof json.token !== 'string')
      return null
    return json as Holder
  } catch {
    return null
  }
}

async function isStale(path: string): Promise<boolean> {
  const who = await holder(path)
  if (who) return who.host === hostname() && !alive(who.pid)
  const info = await lstat(path).catch(() => null)
  if (!info) return false
  // Not a regular file (a link or a pipe planted there), or text that never became readable.
  return !info.isFile() || Date.now() - info.mtimeMs > STALE_UNREADABLE_MS
}

async function acquire(root: string, waitMs: number): Promise<() => Promise<void>> {
  const path = join(root, LOCK_FILE)
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    at: Date.now(),
  }
  const deadline = Date.now() + waitMs
  for (;;) {
    let handle
    try {
      handle = await open(
        path,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600,
      )
    } catch (e) {
      const c = code(e)
      // Where no file can be made (read-only, no permission, no space or inodes left), no save
      // can write either: the work runs unlocked, and a save fails on its own in one line.
      if (c === 'EROFS' || c === 'EACCES' || c === 'EPERM' || c === 'ENOSPC' || c === 'EDQUOT')
        return async () => undefined
      if (c !== 'EEXIST') throw e
      if (await isStale(path)) {
        await rm(path, { force: true })
        continue
      }
      if (Date.now() >= deadline) {
        const who = await holder(path)
        const by = who ? `another Walkbox (process ${who.pid} on ${who.host})` : 'another Walkbox'
        throw new ProjectBusyError(
          `${root}: ${by} is saving this project; nothing was changed; try again when it has finished (if no Walkbox runs, delete ${LOCK_FILE})`,
        )
      }
      await new Promise((done) => setTimeout(done, POLL_MS))
      continue
    }
    try {
      await handle.writeFile(JSON.stringify(me))
    } finally {
      await handle.close()
    }
    return async () => {
      // Remove it only while it is still ours (a stale-lock cleanup by another process must not be undone).
      if ((await holder(path))?.token === me.token) await rm(path, { force: true })
    }
  }
}
