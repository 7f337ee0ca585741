/**
 * One writer at a time per folder, within a process and across processes, with a lock file
 * in the folder: the project store's save lock (project-lock.ts) and the game store's lock
 * (game-folder-store.ts) are both this.
 *
 * Glossary
 * - queue: within one process, a second piece of work on the same lock waits for the first.
 * - lock file: created whole or not at all, never through a link: its text ({ pid, host,
 *   token, at }) is written to a temp file beside it first, which is then hard-linked to the
 *   lock's name (a link fails when the name is taken), so a full disk or a kill never leaves
 *   an empty or half-written lock. Where the file system has no hard links, the lock file is
 *   created exclusively and removed again when its text cannot be written.
 * - dead temp: `<lock>.<token>.tmp` left by a process killed while it made its lock (its
 *   text names this host and a pid that no longer runs, or cannot be read and is older than
 *   STALE_UNREADABLE_MS); removed by the next process that takes the lock.
 * - stale lock: one whose process is gone (same host, the pid no longer runs), one that is not
 *   a regular file, or text that cannot be read and is older than STALE_UNREADABLE_MS: it is
 *   removed (when it is still the one judged stale) and taken.
 * - not held: where no lock file can be made (EROFS, EACCES, EPERM; no space or inodes left:
 *   ENOSPC, EDQUOT), the work runs without it and is told why (one line), to refuse writing.
 * - waiting only: a reader that may not make a lock file waits while a live holder has it,
 *   then runs without it.
 *
 * Units: milliseconds.
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { link, lstat, open, readdir, readFile, rm, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** How long a second writer waits for the first by default. */
export const DEFAULT_LOCK_WAIT_MS = 30_000
const POLL_MS = 25
const STALE_UNREADABLE_MS = 30_000
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/** The lock could not be had in time: one line naming the process that holds it. */
export class LockBusyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LockBusyError'
  }
}

export interface LockHolder {
  pid: number
  host: string
  token: string
  at: number
}

export type LockState = { held: true } | { held: false; why: string | null }

export interface FileLockOptions {
  /** The lock file's name in the folder. */
  name: string
  waitMs?: number
  /** Take the lock (default); false: only wait while a live holder has it. */
  take?: boolean
  /** The one line a writer that waited in vain is refused with, given who holds the lock. */
  busy(by: string): string
  /** Tests: called before the lock's text is written (to fail it as a full disk does). */
  beforeWrite?: (path: string) => void | Promise<void>
}

const queues = new Map<string, Promise<unknown>>()
const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code
/** Errors that mean no lock file can be made here (nothing else can be written either). */
const CANNOT_MAKE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT'])

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, as another user.
    return code(e) === 'EPERM'
  }
}

/** The holder written in a lock file, or null when its text cannot be read. */
export async function lockHolder(path: string): Promise<LockHolder | null> {
  try {
    const info = await lstat(path)
    if (!info.isFile() || info.size > 4096) return null
    const json = JSON.parse(await readFile(path, 'utf8')) as Partial<LockHolder>
    if (typeof json.pid !== 'number' || typeof json.host !== 'string' || typeof json.token !== 'string')
      return null
    return json as LockHolder
  } catch {
    return null
  }
}

/** Is the lock at `path` stale: its holder gone, or not a lock at all? */
async function isStale(path: string, who: LockHolder | null): Promise<boolean> {
  if (who) return who.host === hostname() && !alive(who.pid)
  const info = await lstat(path).catch(() => null)
  if (!info) return false
  return !info.isFile() || Date.now() - info.mtimeMs > STALE_UNREADABLE_MS
}

/** Remove a stale lock, unless it changed since it was judged stale (another took it over). */
async function removeStale(path: string, judged: LockHolder | null): Promise<void> {
  const now = await lockHolder(path)
  if ((now?.token ?? null) !== (judged?.token ?? null)) return
  await rm(path, { force: true })
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message.split('\n')[0] : String(e)
}

/** Write `text` to a new file `path` (never through a link) and flush it; remove it again on failure. */
async function writeNew(path: string, text: string): Promise<void> {
  const handle = await open(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
    0o600,
  )
  try {
    await handle.writeFile(text)
    await handle.sync()
  } catch (e) {
    await handle.close().catch(() => undefined)
    await unlink(path).catch(() => undefined)
    throw e
  }
  await handle.close()
}

/** Remove the dead temps of the lock `name` in `root` (see the glossary); a live maker's temp is left alone. */
async function sweepDeadTemps(root: string, name: string): Promise<void> {
  const entries = await readdir(root).catch(() => [] as string[])
  for (const entry of entries) {
    const token =
      entry.startsWith(`${name}.`) && entry.endsWith('.tmp') ? entry.slice(name.length + 1, -4) : null
    if (!token || !/^[0-9a-f]{1,64}$/.test(token)) continue
    const path = join(root, entry)
    const who = await lockHolder(path)
    const dead = who
      ? who.token === token && who.host === hostname() && !alive(who.pid)
      : await lstat(path).then(
          (info) => info.isFile() && Date.now() - info.mtimeMs > STALE_UNREADABLE_MS,
          () => false,
        )
    if (dead) await unlink(path).catch(() => undefined)
  }
}

/**
 * Make the lock file whole or not at all: true when made, false when the name is taken;
 * throws when no file can be made here.
 */
async function makeLock(path: string, me: LockHolder, options: FileLockOptions): Promise<boolean> {
  const text = JSON.stringify(me)
  const temp = `${path}.${me.token}.tmp`
  try {
    await options.beforeWrite?.(temp)
    await writeNew(temp, text)
  } catch (e) {
    await unlink(temp).catch(() => undefined)
    throw e
  }
  try {
    await link(temp, path)
    return true
  } catch (e) {
    if (code(e) === 'EEXIST') return false
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV', 'EMLINK'].includes(code(e) ?? '')) throw e
    // No hard links here: the lock's own name, created exclusively, its text written or it removed.
    try {
      await writeNew(path, text)
      return true
    } catch (e2) {
      if (code(e2) === 'EEXIST') return false
      throw e2
    }
  } finally {
    await unlink(temp).catch(() => undefined)
  }
}

async function acquire(
  root: string,
  options: FileLockOptions,
): Promise<{ state: LockState; release: () => Promise<void> }> {
  const path = join(root, options.name)
  const take = options.take ?? true
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    at: Date.now(),
  }
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_LOCK_WAIT_MS)
  const none = async () => undefined
  for (;;) {
    if (take) {
      try {
        if (await makeLock(path, me, options)) {
          await sweepDeadTemps(root, options.name)
          return {
            state: { held: true },
            release: async () => {
              // Removed only while it is still ours (a stale-lock cleanup by another process must not be undone).
              if ((await lockHolder(path))?.token === me.token) await rm(path, { force: true })
            },
          }
        }
      } catch (e) {
        const c = code(e)
        if (c && CANNOT_MAKE.has(c)) {
          const why = c === 'ENOSPC' || c === 'EDQUOT' ? `the disk is full: ${reason(e)}` : reason(e)
          return { state: { held: false, why }, release: none }
        }
        throw e
      }
    } else if ((await lstat(path).catch(() => null)) === null) {
      return { state: { held: false, why: null }, release: none }
    }
    const who = await lockHolder(path)
    if (await isStale(path, who)) {
      if (!take) return { state: { held: false, why: null }, release: none }
      await removeStale(path, who)
      continue
    }
    if (Date.now() >= deadline) {
      const by = who ? `another Walkbox (process ${who.pid} on ${who.host})` : 'another Walkbox'
      throw new LockBusyError(options.busy(by))
    }
    await new Promise((done) => setTimeout(done, POLL_MS))
  }
}

/** Run `work` alone on the folder `root` (absolute): queued in this process, locked across processes. */
export async function withFileLock<T>(
  root: string,
  options: FileLockOptions,
  work: (state: LockState) => Promise<T>,
): Promise<T> {
  const key = `${root}\0${options.name}`
  const before = queues.get(key) ?? Promise.resolve()
  const mine = before
    .catch(() => undefined)
    .then(async () => {
      const { state, release } = await acquire(root, options)
      try {
        return await work(state)
      } finally {
        await release()
      }
    })
  queues.set(key, mine)
  try {
    return await mine
  } finally {
    if (queues.get(key) === mine) queues.delete(key)
  }
}
