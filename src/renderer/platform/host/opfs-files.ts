/**
 * The files of one project folder in the browser's Origin Private File System, for the
 * unit save and the backups (src/shared/room/unit-save.ts, backups.ts), so that the browser
 * edition gives the same guarantees as the desktop: a save is one unit, the last saves are
 * kept as backups.
 *
 * Glossary
 * - folder handle: the project's directory in OPFS (`projects/<ref>`).
 * - swap file: Chromium writes a writable stream to a hidden file and replaces the target
 *   only when the stream is closed, so each single write is all-or-nothing.
 * - rename: OPFS has no rename that replaces a file everywhere yet, so a rename is a write
 *   of the target (all-or-nothing) followed by the removal of the source; the journal of
 *   the unit save makes a stopped rename safe to run again.
 *
 * Units: bytes.
 */
import { NORMAL_PATHS, pathSegments, shownPath } from '../../../shared/path-rules'
import type { ProjectFiles } from '../../../shared/room/unit-save'

type Dir = FileSystemDirectoryHandle

/** The folders and file of a project path: a normal path (NORMAL_PATHS of src/shared/path-rules.ts), as the store writes them. */
function parts(path: string): string[] {
  const segments = pathSegments(path, NORMAL_PATHS)
  if (!Array.isArray(segments)) throw new Error(`${shownPath(path)} ${segments.problem}`)
  return segments
}

function notFound(error: unknown): boolean {
  return (
    error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError')
  )
}

async function folderOf(root: Dir, segments: string[], create: boolean): Promise<Dir> {
  let dir = root
  for (const part of segments) dir = await dir.getDirectoryHandle(part, { create })
  return dir
}

/** Project files over an OPFS folder. `beforeWrite` lets tests fail a write. */
export function opfsProjectFiles(
  root: Dir,
  hooks: { beforeWrite?: (path: string) => void } = {},
): ProjectFiles {
  const file = async (path: string): Promise<File | null> => {
    const p = parts(path)
    try {
      const dir = await folderOf(root, p.slice(0, -1), false)
      return await (await dir.getFileHandle(p.at(-1)!)).getFile()
    } catch (error) {
      if (notFound(error)) return null
      throw error
    }
  }
  const write = async (path: string, bytes: Uint8Array) => {
    hooks.beforeWrite?.(path)
    const p = parts(path)
    const dir = await folderOf(root, p.slice(0, -1), true)
    const writable = await (await dir.getFileHandle(p.at(-1)!, { create: true })).createWritable()
    try {
      await writable.write(new Blob([bytes as BlobPart]))
      await writable.close()
    } catch (error) {
      await writable.abort().catch(() => undefined)
      throw error
    }
  }
  const removeEntry = async (path: string, recursive: boolean) => {
    const p = parts(path)
    try {
      const dir = await folderOf(root, p.slice(0, -1), false)
      await dir.removeEntry(p.at(-1)!, { recursive })
    } catch (error) {
      if (!notFound(error)) throw error
    }
  }
  const read = async (path: string): Promise<Uint8Array | null> => {
    const f = await file(path)
    return f ? new Uint8Array(await f.arrayBuffer()) : null
  }
  return {
    read,
    async size(path) {
      return (await file(path))?.size ?? null
    },
    write: (path, bytes) => write(path, bytes),
    async rename(from, to) {
      const bytes = await read(from)
      if (bytes === null) throw new Error(`${from}: not found`)
      await write(to, bytes)
      await removeEntry(from, false)
    },
    async kind(path) {
      // OPFS has files and folders only: no links, pipes or devices.
      const p = parts(path)
      let dir: Dir
      try {
        dir = await folderOf(root, p.slice(0, -1), false)
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
      const name = p.at(-1)!
      try {
        await dir.getFileHandle(name)
        return 'file'
      } catch (error) {
        if (!notFound(error)) throw error
      }
      try {
        await dir.getDirectoryHandle(name)
        return 'folder'
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
    },
    remove: (path) => removeEntry(path, false),
    removeTree: (path) => removeEntry(path, true),
    async list(path) {
      let dir: Dir
      try {
        dir = path ? await folderOf(root, parts(path), false) : root
      } catch (error) {
        if (notFound(error)) return []
        throw error
      }
      const out: { name: string; folder: boolean }[] = []
      for await (const [name, handle] of dir.entries())
        out.push({ name, folder: handle.kind === 'directory' })
      return out
    },
    async copy(from, to) {
      const bytes = await read(from)
      if (bytes === null) throw new Error(`${from}: not found`)
      await write(to, bytes)
    },
    async freeBytes() {
      const estimate = await navigator.storage?.estimate?.()
      if (!estimate?.quota) return null
      return estimate.quota - (estimate.usage ?? 0)
    },
  }
}
