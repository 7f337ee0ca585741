/**
 * Reading the author's files safely: only regular files are read, never more than a limit,
 * and every failure is one line naming the file.
 *
 * Glossary
 * - regular file: what `fstat` calls a file; not a folder, named pipe (FIFO), socket,
 *   character or block device. Pipes and devices would hang a read forever (or never end)
 *   and block one of libuv's four file threads while they do, so four of them would stop
 *   every other file operation of the process.
 * - non-blocking open: the file is opened with O_NONBLOCK, so opening a named pipe with no
 *   writer returns at once (a plain open waits for a writer); `fstat` on the open handle
 *   then tells what it is, and anything but a regular file is closed unread. O_NONBLOCK
 *   changes nothing for regular files.
 * - label: how the refusal names the file ('rooms/porch/room.json', a path given on the
 *   command line).
 * - FileAccessError: the one-line refusal, `<label>: <what is wrong>`.
 *
 * Units: bytes.
 */
import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { tooLargeProblem } from '../../shared/limits'

/** A file Walkbox would not or could not read; the message is one line naming it. */
export class FileAccessError extends Error {
  readonly file: string
  readonly code: string | undefined
  constructor(file: string, problem: string, code?: string) {
    super(`${file}: ${problem}`)
    this.name = 'FileAccessError'
    this.file = file
    this.code = code
  }
}

/** What an errno code means for the author, or undefined for codes without their own words. */
const ERRNO_WORDS: Record<string, string> = {
  ENOENT: 'file not found',
  ENOTDIR: 'file not found (a part of its path is not a folder)',
  EACCES: 'permission denied; expected a file Walkbox may read',
  EPERM: 'permission denied; expected a file Walkbox may read',
  ELOOP: 'too many levels of symbolic links (a link that points back at itself?)',
  ENAMETOOLONG: 'the path is too long for the file system',
  EISDIR: 'is a folder; expected a file',
  ENXIO: 'is a socket or a device with nothing behind it; expected a regular file',
  EMFILE: 'too many files open; close some programs and try again',
  ENFILE: 'too many files open; close some programs and try again',
  EIO: 'the disk reported an input/output error',
}

/** The one-line refusal for an error from the file system about `label` (other errors as they are). */
export function fileError(label: string, e: unknown): Error {
  if (e instanceof FileAccessError) return e
  const code = (e as NodeJS.ErrnoException)?.code
  if (typeof code !== 'string') return e instanceof Error ? e : new Error(String(e))
  return new FileAccessError(label, ERRNO_WORDS[code] ?? `cannot read (${code})`, code)
}

/** What a non-regular file is, in words. */
function kindOf(stats: {
  isDirectory(): boolean
  isFIFO(): boolean
  isSocket(): boolean
  isCharacterDevice(): boolean
  isBlockDevice(): boolean
}): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  return 'not a regular file'
}

/** O_NONBLOCK where the platform has it (not on Windows, which has no named pipes in the file system). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * Open `path` for reading if it is a regular file of at most `maxBytes`; anything else is
 * refused (FileAccessError) without a byte read. The caller closes the handle.
 */
export async function openRegularFile(
  path: string,
  label: string,
  maxBytes: number,
): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle
  try {
    handle = await open(path, OPEN_FLAGS)
  } catch (e) {
    throw fileError(label, e)
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile())
      throw new FileAccessError(label, `is ${kindOf(stats)}; expected a regular file`, 'ENOTREG')
    if (stats.size > maxBytes)
      throw new FileAccessError(label, tooLargeProblem(stats.size, maxBytes), 'EFBIG')
    return { handle, size: stats.size }
  } catch (e) {
    await handle.close().catch(() => undefined)
    throw fileError(label, e)
  }
}

/** The bytes of a regular file of at most `maxBytes` (see openRegularFile). */
export async function readRegularFile(path: string, label: string, maxBytes: number): Promise<Uint8Array> {
  const { handle } = await openRegularFile(path, label, maxBytes)
  try {
    const bytes = await handle.readFile()
    // The file may have grown since fstat; the limit holds for what was read.
    if (bytes.length > maxBytes)
      throw new FileAccessError(label, tooLargeProblem(bytes.length, maxBytes), 'EFBIG')
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  } catch (e) {
    throw fileError(label, e)
  } finally {
    await handle.close().catch(() => undefined)
  }
}

/** The text (UTF-8) of a regular file of at most `maxBytes`. */
export async function readRegularText(path: string, label: string, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readRegularFile(path, label, maxBytes))
}
