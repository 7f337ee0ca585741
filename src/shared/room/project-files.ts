/**
 * What a unit save and its checks share (unit-save.ts, journal-check.ts): the file operations
 * a host gives for one project folder, the journal's shape and the names of Walkbox's own
 * working files. It imports nothing, so both sides can import it without a circle.
 *
 * Glossary
 * - target: a file of the project, as a path relative to the project folder, '/' separated.
 * - staged file: `<target>.walkbox-new`, the new content waiting for the commit.
 * - journal: `.walkbox-save.json` in the project folder.
 *
 * Units: bytes.
 */

/** The file operations a save needs, relative to one project folder. */
export interface ProjectFiles {
  /** The bytes of a file, or null when it does not exist. */
  read(path: string): Promise<Uint8Array | null>
  /** The size of a file in bytes, or null when it does not exist. */
  size(path: string): Promise<number | null>
  /**
   * Create or replace a file (folders made as needed) and flush it to storage. It is made
   * readable by its owner alone and then given `mode`, else the mode of `modeFrom` when that
   * file exists, else the storage's default (so a staged copy is never readable by others
   * before its target's mode is known).
   */
  write(path: string, bytes: Uint8Array, options?: { modeFrom?: string; mode?: number }): Promise<void>
  /** Move a file over another, replacing it in one step. */
  rename(from: string, to: string): Promise<void>
  /** Delete a file; nothing happens when it is not there. */
  remove(path: string): Promise<void>
  /** Delete a folder and everything in it; nothing happens when it is not there. */
  removeTree(path: string): Promise<void>
  /**
   * What is at `path` without following links: a regular file, a folder, 'other' (a link, a
   * pipe, a socket, a device, or anything reached through a link) or null when nothing is.
   */
  kind(path: string): Promise<'file' | 'folder' | 'other' | null>
  /** Files and folders directly in a folder ([] when it does not exist). */
  list(path: string): Promise<{ name: string; folder: boolean }[]>
  /** Put a copy of a file at `to` (a hard link where the storage has them: no space, no time). */
  copy(from: string, to: string): Promise<void>
  /** Bytes free for the project, or null when the storage cannot say. */
  freeBytes(): Promise<number | null>
}

export const JOURNAL_FILE = '.walkbox-save.json'
export const STAGED_SUFFIX = '.walkbox-new'
/** Every working file Walkbox keeps at the top of a project folder starts with this. */
export const WORKING_PREFIX = '.walkbox-'

/** What the journal of a committed save lists. */
export interface Journal {
  /** Staged file -> target, in the order they are applied. */
  files: { target: string; staged: string }[]
  /** Files to delete after the staged files are in place (a restore drops files the backup lacks). */
  removeFiles: string[]
  /** Room folders to delete after the files are in place (rooms the save removes). */
  removeFolders: string[]
}

/** Is `path` one of Walkbox's own working files (journal, its temp copies, a set-aside journal, a lock, a staged file)? */
export function isWorkingFile(path: string): boolean {
  return (!path.includes('/') && path.startsWith(WORKING_PREFIX)) || path.endsWith(STAGED_SUFFIX)
}
