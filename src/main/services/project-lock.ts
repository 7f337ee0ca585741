/**
 * One writer at a time per project folder, within a process and across processes (the
 * editor and a `walkbox` command, two commands, two editors): every read-modify-write of a
 * project (a save, a rename, a new room, a flag, a restore, the recovery when it opens) runs
 * inside this lock on the latest state on disk, so that no change is saved over a newer one.
 *
 * Glossary
 * - lock file: `.walkbox-lock` in the project folder (file-lock.ts: written whole or not at
 *   all, never through a link, a dead holder's taken over). A second process waits for it to
 *   go, up to `waitMs`, then refuses in one line naming the holder.
 * - read-only folder: where the lock file cannot be made (EROFS, EACCES, EPERM, or no space
 *   or inodes left: ENOSPC, EDQUOT), nothing can be written either, so the work runs without
 *   it (a read, or a save that fails in one line).
 *
 * Units: milliseconds.
 */
import { DEFAULT_LOCK_WAIT_MS, LockBusyError, withFileLock } from './file-lock'

export const LOCK_FILE = '.walkbox-lock'
export { DEFAULT_LOCK_WAIT_MS }

/** The lock could not be had in time: one line naming the process that holds it. */
export const ProjectBusyError = LockBusyError

/** Run `work` alone on the project folder `root` (absolute): queued in this process, locked across processes. */
export function withProjectLock<T>(
  root: string,
  work: () => Promise<T>,
  options: { waitMs?: number; beforeWrite?: (path: string) => void | Promise<void> } = {},
): Promise<T> {
  return withFileLock(
    root,
    {
      name: LOCK_FILE,
      waitMs: options.waitMs,
      beforeWrite: options.beforeWrite,
      busy: (by) =>
        `${root}: ${by} is saving this project; nothing was changed; try again when it has finished (if no Walkbox runs, delete ${LOCK_FILE})`,
    },
    () => work(),
  )
}
