import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  checkRelativePath,
  resolveInsideProject,
  UnsafePathError,
} from '../../../src/main/services/safe-path'
import { tempFolder } from './helpers'

let root: string
let outside: string
let cleanup: (() => Promise<void>)[] = []

beforeEach(async () => {
  const a = await tempFolder()
  const b = await tempFolder()
  root = a.dir
  outside = b.dir
  cleanup = [a.remove, b.remove]
  await mkdir(join(root, 'rooms/porch'), { recursive: true })
  await writeFile(join(root, 'rooms/porch/background.png'), 'x')
  await writeFile(join(outside, 'secret.png'), 'x')
})

afterEach(async () => {
  for (const c of cleanup) await c()
})

const where = { file: 'room.json', field: 'background' }

describe('safe paths', () => {
  it('resolves files inside the project, with either separator', async () => {
    const base = join(root, 'rooms/porch')
    expect(await resolveInsideProject(root, base, 'background.png', where)).toBe(join(base, 'background.png'))
    expect(await resolveInsideProject(root, root, 'rooms\\porch', where)).toBe(base)
    expect(await resolveInsideProject(root, base, './new/later.png', where)).toBe(join(base, 'new/later.png'))
  })

  it.each([
    ['C:/x.png', "room.json: background: 'C:/x.png' is absolute; paths must stay inside the project folder"],
    [
      '/etc/passwd',
      "room.json: background: '/etc/passwd' is absolute; paths must stay inside the project folder",
    ],
    ['\\\\server\\share\\x.png', 'is absolute'],
    ['c:x.png', 'is absolute'],
    [
      '../x.png',
      "room.json: background: '../x.png' goes up with '..'; paths must stay inside the project folder",
    ],
    ['a/../../x.png', "goes up with '..'"],
    ['..\\x.png', "goes up with '..'"],
    ['', 'is empty'],
    ['.', 'names no file'],
    ['a\0b', 'contains the control character U+0000'],
  ])('refuses %j', async (value, message) => {
    await expect(resolveInsideProject(root, join(root, 'rooms/porch'), value, where)).rejects.toThrow(message)
    expect(() => checkRelativePath(value, where)).toThrow(UnsafePathError)
  })

  it('refuses a symlink that points out of the project', async () => {
    const base = join(root, 'rooms/porch')
    await symlink(join(outside, 'secret.png'), join(base, 'link.png'))
    const e = await resolveInsideProject(root, base, 'link.png', where).catch((x) => x)
    expect(e).toBeInstanceOf(UnsafePathError)
    expect(e.message).toMatch(
      /^room\.json: background: 'link\.png' is a link to '.*secret\.png', outside the project folder/,
    )
  })

  it('refuses a file under a linked folder that points out, even if the file does not exist yet', async () => {
    await symlink(outside, join(root, 'rooms/elsewhere'), 'dir')
    await expect(resolveInsideProject(root, root, 'rooms/elsewhere/new.png', where)).rejects.toThrow(
      'outside the project folder',
    )
  })

  it('allows a symlink that stays inside, and a project folder reached through a link', async () => {
    const base = join(root, 'rooms/porch')
    await symlink(join(base, 'background.png'), join(base, 'alias.png'))
    expect(await resolveInsideProject(root, base, 'alias.png', where)).toBe(join(base, 'alias.png'))
    const linkToRoot = join(outside, 'project-link')
    await symlink(root, linkToRoot, 'dir')
    await expect(
      resolveInsideProject(linkToRoot, join(linkToRoot, 'rooms/porch'), 'background.png', where),
    ).resolves.toBe(join(linkToRoot, 'rooms/porch/background.png'))
  })
})
