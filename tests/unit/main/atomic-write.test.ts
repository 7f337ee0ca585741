import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { backupPathOf, writeFileAtomic } from '../../../src/main/services/atomic-write'
import type { AtomicWriteStep } from '../../../src/main/services/atomic-write'
import { tempFolder } from './helpers'

let dir: string
let remove: () => Promise<void>
beforeEach(async () => ({ dir, remove } = await tempFolder()))
afterEach(() => remove())

describe('atomic write', () => {
  it('writes a new file without a backup', async () => {
    const file = join(dir, 'room.json')
    await writeFileAtomic(file, 'one\n')
    expect(await readFile(file, 'utf8')).toBe('one\n')
    expect(await readdir(dir)).toEqual(['room.json'])
  })

  it('replaces a file and keeps the previous content as .bak', async () => {
    const file = join(dir, 'room.json')
    await writeFileAtomic(file, 'one\n')
    await writeFileAtomic(file, 'two\n')
    await writeFileAtomic(file, new Uint8Array([116, 104, 114, 101, 101]))
    expect(await readFile(file, 'utf8')).toBe('three')
    expect(await readFile(backupPathOf(file), 'utf8')).toBe('two\n')
    expect((await readdir(dir)).sort()).toEqual(['room.json', 'room.json.bak'])
  })

  it('can skip the backup', async () => {
    const file = join(dir, 'a.png')
    await writeFile(file, 'old')
    await writeFileAtomic(file, 'new', { backup: false })
    expect(await readdir(dir)).toEqual(['a.png'])
  })

  it.each<AtomicWriteStep>(['temp-opened', 'temp-written', 'backup-written'])(
    'a failure at %s leaves the old file intact and no temp files',
    async (failAt) => {
      const file = join(dir, 'room.json')
      await writeFileAtomic(file, 'old\n')
      await writeFileAtomic(file, 'current\n')
      const steps: AtomicWriteStep[] = []
      await expect(
        writeFileAtomic(file, 'half-written new content\n', {
          onStep: (step) => {
            steps.push(step)
            if (step === failAt) throw new Error(`injected failure at ${step}`)
          },
        }),
      ).rejects.toThrow(`injected failure at ${failAt}`)
      expect(steps[steps.length - 1]).toBe(failAt)
      expect(await readFile(file, 'utf8')).toBe('current\n')
      expect((await readdir(dir)).sort()).toEqual(['room.json', 'room.json.bak'])
    },
  )

  it('reports the steps in order on success', async () => {
    const file = join(dir, 'x.json')
    await writeFile(file, 'old')
    const steps: AtomicWriteStep[] = []
    await writeFileAtomic(file, 'new', { onStep: (s) => void steps.push(s) })
    expect(steps).toEqual(['temp-opened', 'temp-written', 'backup-written', 'renamed'])
  })

  it('removes its temp file when the final rename fails (target is a folder)', async () => {
    const target = join(dir, 'room.json')
    await mkdir(join(target, 'inside'), { recursive: true })
    await expect(writeFileAtomic(target, 'x', { backup: false })).rejects.toThrow()
    expect(await readdir(dir)).toEqual(['room.json'])
    expect(await readdir(target)).toEqual(['inside'])
  })

  it('fails cleanly when the folder does not exist', async () => {
    await expect(writeFileAtomic(join(dir, 'missing/x.json'), 'x')).rejects.toThrow(/ENOENT/)
  })
})
