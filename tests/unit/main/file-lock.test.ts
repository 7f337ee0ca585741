/**
 * The lock files of project saves and game writes (src/main/services/file-lock.ts): written
 * whole or not at all (a full disk while the lock is written leaves no lock file, so nothing
 * later waits for it: issue #33 found an empty `.walkbox-lock` and 30 s waits), a live
 * holder named in the one-line refusal after the wait, a dead holder's lock taken over at
 * once, a reader that may not take the lock waiting for a writer and not for a dead one.
 *
 * Units: ms.
 */
import { existsSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { withFileLock, type LockState } from '../../../src/main/services/file-lock'
import { LOCK_FILE, withProjectLock } from '../../../src/main/services/project-lock'
import { tempFolder } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function folder(): Promise<string> {
  const t = await tempFolder('walkbox-file-lock-')
  cleanups.push(t.remove)
  return t.dir
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
const busy = (by: string) => `busy: ${by}`

describe('lock files', () => {
  it('a full disk while the lock is written: no lock file (not even an empty one), the work told why', async () => {
    const dir = await folder()
    let state: LockState | null = null
    await withFileLock(
      dir,
      { name: '.lock', busy, beforeWrite: () => Promise.reject(enospc()) },
      async (s) => {
        state = s
      },
    )
    expect(state).toEqual({ held: false, why: 'the disk is full: ENOSPC: no space left on device, write' })
    expect(await readdir(dir)).toEqual([])
    // The project lock: the save runs unlocked (and fails on its own); nothing is left to wait for.
    await withProjectLock(dir, async () => undefined, { beforeWrite: () => Promise.reject(enospc()) })
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const started = Date.now()
    await withProjectLock(dir, async () => undefined)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a live holder: waited for, then refused in one line naming it; a dead one: taken over at once', async () => {
    const dir = await folder()
    const live = { pid: process.pid, host: hostname(), token: 'someone-else', at: Date.now() }
    await writeFile(join(dir, '.lock'), JSON.stringify(live))
    const refused = await withFileLock(dir, { name: '.lock', busy, waitMs: 200 }, async () => 'ran').catch(
      (e: Error) => e.message,
    )
    expect(refused).toBe(`busy: another Walkbox (process ${process.pid} on ${hostname()})`)
    // A holder whose process is gone (a pid no process has).
    await writeFile(join(dir, '.lock'), JSON.stringify({ ...live, pid: 2 ** 22 + 17 }))
    const started = Date.now()
    expect(await withFileLock(dir, { name: '.lock', busy, waitMs: 20_000 }, async (s) => s)).toEqual({
      held: true,
    })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await readdir(dir)).toEqual([])
  })

  it("a temp left by a process killed while making its lock goes with the next lock; a live maker's stays", async () => {
    const dir = await folder()
    const dead = { pid: 2 ** 22 + 17, host: hostname(), token: 'a1b2c3d4e5f60718', at: Date.now() }
    const live = { pid: process.pid, host: hostname(), token: '0f0e0d0c0b0a0908', at: Date.now() }
    await writeFile(join(dir, `.lock.${dead.token}.tmp`), JSON.stringify(dead))
    await writeFile(join(dir, `.lock.${live.token}.tmp`), JSON.stringify(live))
    // Not a temp of this lock: another name, or a token that is not one.
    await writeFile(join(dir, `.other.${dead.token}.tmp`), JSON.stringify(dead))
    await writeFile(join(dir, '.lock.not-hex.tmp'), JSON.stringify(dead))
    expect(await withFileLock(dir, { name: '.lock', busy }, async (s) => s)).toEqual({ held: true })
    expect((await readdir(dir)).sort()).toEqual(
      [`.lock.${live.token}.tmp`, '.lock.not-hex.tmp', `.other.${dead.token}.tmp`].sort(),
    )
  })

  it('a reader that may not take the lock waits for a live writer, not for a dead one, and makes nothing', async () => {
    const dir = await folder()
    const order: string[] = []
    const writer = withFileLock(dir, { name: '.lock', busy }, async () => {
      order.push('write start')
      await new Promise((r) => setTimeout(r, 150))
      order.push('write end')
    })
    await new Promise((r) => setTimeout(r, 20))
    await withFileLock(dir, { name: '.lock', busy, take: false }, async (s) => {
      order.push(`read ${JSON.stringify(s)}`)
    })
    await writer
    expect(order).toEqual(['write start', 'write end', 'read {"held":false,"why":null}'])
    await writeFile(
      join(dir, '.lock'),
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 't', at: 0 }),
    )
    const started = Date.now()
    await withFileLock(dir, { name: '.lock', busy, take: false, waitMs: 20_000 }, async () => undefined)
    expect(Date.now() - started).toBeLessThan(5_000)
    // The reader leaves the dead lock for the next writer to take over.
    expect(await readdir(dir)).toEqual(['.lock'])
  })
})
