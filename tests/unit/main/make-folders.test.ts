/**
 * A disk with no inodes left: Linux refuses a new folder with ENOSPC, but Node's recursive
 * mkdir reports it as ENOENT ("no such file or directory"), which would send an author
 * looking for a missing folder. makeFolders names the true cause. The file system here is
 * Node's own with mkdir replaced by one that behaves as a full tmpfs does (checked by hand
 * with `mount -t tmpfs -o nr_inodes=40`; see docs/reliability.md).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as FsPromises from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let full = ''
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof FsPromises>()
  return {
    ...real,
    async mkdir(path: string, options?: { recursive?: boolean }) {
      if (full && String(path).startsWith(full)) {
        // As Linux with no inodes left: a recursive mkdir says ENOENT, a single one ENOSPC.
        const code = options?.recursive ? 'ENOENT' : 'ENOSPC'
        throw Object.assign(new Error(`${code}: simulated, mkdir '${path}'`), { code })
      }
      return real.mkdir(path, options)
    },
  }
})

const { makeFolders } = await import('../../../src/main/services/project-files')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-inodes-'))
  full = join(dir, 'full')
})
afterEach(async () => {
  full = ''
  await rm(dir, { recursive: true, force: true })
})

describe('making folders on a disk with no inodes left', () => {
  it('names ENOSPC, not ENOENT', async () => {
    const error = (await makeFolders(join(full, 'rooms', 'porch')).catch(
      (e: unknown) => e,
    )) as NodeJS.ErrnoException
    expect(error.code).toBe('ENOSPC')
  })

  it('makes folders where there is room', async () => {
    await makeFolders(join(dir, 'ok', 'rooms', 'porch'))
    await makeFolders(join(dir, 'ok', 'rooms', 'porch'))
    expect((await stat(join(dir, 'ok', 'rooms', 'porch'))).isDirectory()).toBe(true)
  })
})
