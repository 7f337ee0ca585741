/**
 * Hostile project files and project folders, through the desktop's real IPC handler
 * (openProject, the Open dialog answering the folder) and the project store: each refused
 * in one line naming the file and the limit, at once, with nothing on disk changed. Four
 * named pipes do not stop the process's other file work.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openProject, saveProject } from '../../../src/main/services/project-store'
import {
  fingerprint,
  makeFixture,
  projectJson,
  refusal,
  REFUSAL_MS,
  writeJson,
  type Fixture,
} from './hostile'

let fx: Fixture
beforeEach(async () => {
  fx = await makeFixture()
})
afterEach(async () => fx.remove())

const projectFile = () => join(fx.project, 'project.walkbox.json')
const P = 'project.walkbox.json'

/** Open `folder` through IPC; the refusal; the folder (when there is one) unchanged. */
async function refusedOpen(folder = fx.project): Promise<string> {
  const before = await fingerprint(fx.dir)
  fx.answers.folder = folder
  const message = await refusal(fx.ipc.openProject({}))
  expect(await fingerprint(fx.dir)).toEqual(before)
  return message
}

async function refusedProject(make: (p: Record<string, unknown>) => void): Promise<string> {
  const project = await projectJson(fx)
  make(project)
  await writeJson(projectFile(), project)
  return refusedOpen()
}

const rooms = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: '', folder: `r/${i}` }))

describe('project.walkbox.json text and counts', { timeout: REFUSAL_MS }, () => {
  it('200,000 unclosed brackets', async () => {
    await writeFile(projectFile(), '{"rooms":' + '['.repeat(200_000))
    expect(await refusedOpen()).toBe(
      `${P} line 1 column 73: nested more than 64 levels deep; expected at most 64 nested arrays and objects`,
    )
  })

  it('a project file over 4 MB is refused on its size, unread', async () => {
    await truncate(projectFile(), 5 * 1024 * 1024)
    expect(await refusedOpen()).toBe(`${P}: is 5 MB; expected at most 4 MB (Walkbox's limit for this file)`)
  })

  it('1,001 rooms', async () => {
    expect(await refusedProject((p) => void (p.rooms = rooms(1001)))).toBe(
      `${P}: rooms: expected at most 1000 rooms, found 1001 (Walkbox's limit)`,
    )
  })

  it('80,000 rooms in a file under the size limit', async () => {
    expect(await refusedProject((p) => void (p.rooms = rooms(80_000)))).toBe(
      `${P}: rooms: expected at most 1000 rooms, found 80000 (Walkbox's limit)`,
    )
  })

  it('1,001 flags', async () => {
    const flags = Array.from({ length: 1001 }, (_, i) => ({ id: `f${i}`, name: '', default: false }))
    expect(await refusedProject((p) => void (p.flags = flags))).toBe(
      `${P}: flags: expected at most 1000 flags, found 1001 (Walkbox's limit)`,
    )
  })

  it('1,001 characters', async () => {
    const characters = Array.from({ length: 1001 }, (_, i) => ({
      id: `c${i}`,
      name: '',
      height: 100,
      footWidth: 10,
      speed: 100,
      speedScales: true,
    }))
    expect(await refusedProject((p) => void (p.characters = characters))).toBe(
      `${P}: characters: expected at most 1000 characters, found 1001 (Walkbox's limit)`,
    )
  })

  it('a character 1e307 px tall', async () => {
    const character = { id: 'giant', name: '', height: 1e307, footWidth: 10, speed: 100, speedScales: true }
    expect(await refusedProject((p) => void (p.characters = [character]))).toBe(
      `${P}: characters[0].height: expected a number from -1000000 to 1000000`,
    )
  })
})

describe('the project file or folder is not what it seems', { timeout: REFUSAL_MS }, () => {
  it('the project file is a named pipe: refused at once', async () => {
    await rm(projectFile())
    execFileSync('mkfifo', [projectFile()])
    expect(await refusedOpen()).toBe(`${P}: is a named pipe; expected a regular file`)
  })

  it('the project file is a socket', async () => {
    await rm(projectFile())
    const server = createServer()
    await new Promise<void>((done) => server.listen(projectFile(), done))
    try {
      expect(await refusedOpen()).toBe(
        `${P}: is a socket or a device with nothing behind it; expected a regular file`,
      )
    } finally {
      await new Promise((done) => server.close(done))
    }
  })

  it('the project file is a link to itself (ELOOP)', async () => {
    await rm(projectFile())
    await symlink(P, projectFile())
    expect(await refusedOpen()).toBe(
      `${P}: too many levels of symbolic links (a link that points back at itself?)`,
    )
  })

  it('the project folder is a link to itself (ELOOP)', async () => {
    const loop = join(fx.dir, 'loop')
    await symlink('loop', loop)
    expect(await refusedOpen(loop)).toBe(
      `${loop}: too many levels of symbolic links (a link that points back at itself?)`,
    )
  })

  it('the project folder path is too long for the file system (ENAMETOOLONG)', async () => {
    const long = join(fx.dir, 'x'.repeat(300))
    expect(await refusedOpen(long)).toBe(`${long}: the path is too long for the file system`)
  })

  it('the project "folder" is a named pipe', async () => {
    const pipe = join(fx.dir, 'pipe')
    execFileSync('mkfifo', [pipe])
    expect(await refusedOpen(pipe)).toBe(`${pipe}: is not a folder; expected a project folder`)
  })

  it('four named pipes as project files do not starve the thread pool: saving another project returns', async () => {
    const pipes = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const folder = join(fx.dir, `pipe-project-${n}`)
        await mkdir(folder)
        execFileSync('mkfifo', [join(folder, P)])
        return folder
      }),
    )
    const healthy = await openProject(fx.project)
    const results = await Promise.all([
      ...pipes.map((folder) => refusal(openProject(folder))),
      saveProject(fx.project, { ...healthy.project, name: 'Saved beside four pipes' }).then((p) => p.name),
    ])
    expect(results).toEqual([
      ...pipes.map(() => `${P}: is a named pipe; expected a regular file`),
      'Saved beside four pipes',
    ])
    expect((await openProject(fx.project)).project.name).toBe('Saved beside four pipes')
  })
})
