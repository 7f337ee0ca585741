/**
 * The desktop host (what Electron's main process does for the editor) in plain Node:
 * real temp folders, the real sample project, stub dialogs in place of native ones.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DesktopHost, projectFolderOf, type DesktopDialogs } from '../../../src/main/desktop-host'
import { repoRoot } from '../../support/bench-data'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')

let dir: string
let answers: { folder: string | null; newFolder: string | null; image: string | null }

function makeHost(): DesktopHost {
  const dialogs: DesktopDialogs = {
    chooseProjectFolder: async () => answers.folder,
    chooseNewProjectFolder: async () => answers.newFolder,
    chooseImageFile: async () => answers.image,
  }
  return new DesktopHost({
    userDataDir: () => join(dir, 'user-data'),
    sampleDir: () => SAMPLE,
    appVersion: () => '0.1.0',
    platform: 'linux',
    dialogs,
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-desktop-'))
  answers = { folder: null, newFolder: null, image: null }
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('DesktopHost', () => {
  it('opens the sample from a private copy and loads its room with decoded images', async () => {
    const host = makeHost()
    const opened = await host.openSampleProject()
    expect(opened.ref).toBe(join(dir, 'user-data', 'Projects', 'Walkbox sample'))
    expect(opened.project.name).toBe('Walkbox sample')
    expect(opened.rooms).toEqual([{ id: 'courtyard', name: 'Courtyard' }])
    const room = await host.loadRoom({ ref: opened.ref, roomId: 'courtyard' })
    expect(room.room.size).toEqual({ width: 1920, height: 1080 })
    expect(room.background?.data.length).toBe(1920 * 1080 * 4)
    expect(room.mask?.length).toBe(1920 * 1080)
    const ids = new Set(room.mask)
    expect([...ids].sort()).toEqual([0, 1, 2])
    // The shipped sample is never written: edits go to the copy.
    const copyRoom = join(opened.ref, 'rooms/courtyard/room.json')
    await host.saveProject({
      ref: opened.ref,
      project: opened.project,
      rooms: [{ room: { ...room.room, name: 'Edited' } }],
    })
    expect(await readFile(copyRoom, 'utf8')).toContain('"name": "Edited"')
    expect(await readFile(join(SAMPLE, 'rooms/courtyard/room.json'), 'utf8')).toContain('"name": "Courtyard"')
    // A second start keeps the edited copy.
    const restarted = makeHost()
    const again = await restarted.openSampleProject()
    expect((await restarted.loadRoom({ ref: again.ref, roomId: 'courtyard' })).room.name).toBe('Edited')
  })

  it('refuses refs it did not open, and remembers the ones it did across restarts', async () => {
    const host = makeHost()
    await expect(host.loadRoom({ ref: '/etc', roomId: 'x' })).rejects.toThrow(/not opened here/)
    await expect(host.saveProject({ ref: dir, project: {} as never, rooms: [] })).rejects.toThrow(
      /not opened here/,
    )
    const sample = await host.openSampleProject()
    const restarted = makeHost()
    expect((await restarted.recentProjects())[0]).toMatchObject({ ref: sample.ref, name: 'Walkbox sample' })
    const room = await restarted.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    expect(room.room.id).toBe('courtyard')
  })

  it('creates an empty project where the author chose (its rooms come from their art), or nothing when cancelled', async () => {
    const host = makeHost()
    expect(await host.createProject({ name: 'Nope' })).toBeNull()
    answers.newFolder = join(dir, 'Castle')
    const opened = await host.createProject({ name: 'Castle' })
    expect(opened?.project.name).toBe('Castle')
    expect(opened?.rooms).toEqual([])
    const text = await readFile(join(dir, 'Castle', 'project.walkbox.json'), 'utf8')
    expect(JSON.parse(text)).toMatchObject({ name: 'Castle', rooms: [], flags: [], characters: [] })
  })

  it('opens a project chosen as a folder or as its project file', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    answers.folder = join(sample.ref, 'project.walkbox.json')
    const opened = await makeHost().openProject({})
    expect(opened?.ref).toBe(sample.ref)
    expect(projectFolderOf('/a/b/project.walkbox.json')).toBe('/a/b')
    expect(projectFolderOf('/a/b')).toBe('/a/b')
  })

  it('saves a room with a new mask and reads the same ids back', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    const loaded = await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    const mask = new Uint8Array(loaded.mask!)
    mask.fill(7, 0, 1920 * 10)
    const room = {
      ...loaded.room,
      areas: [...loaded.room.areas, { id: 7, name: 'Ledge', colour: '#ff8800' }],
    }
    await host.saveProject({ ref: sample.ref, project: sample.project, rooms: [{ room, mask }] })
    const back = await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    expect(Buffer.from(back.mask!).equals(Buffer.from(mask))).toBe(true)
    expect(back.room.areas.map((a) => a.id)).toEqual([1, 2, 7])
  })

  it('refuses an invalid room and leaves the file as it was', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    const file = join(sample.ref, 'rooms/courtyard/room.json')
    const before = await readFile(file, 'utf8')
    const loaded = await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    const bad = {
      ...loaded.room,
      polygons: [
        {
          ...loaded.room.polygons[0],
          outer: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    }
    await expect(
      host.saveProject({ ref: sample.ref, project: sample.project, rooms: [{ room: bad }] }),
    ).rejects.toThrow(/polygons\[0\]\.outer.*at least 3/)
    expect(await readFile(file, 'utf8')).toBe(before)
  })

  it('saves a copy elsewhere with Save As and opens it', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    answers.newFolder = join(dir, 'Copy of sample')
    const copy = await host.saveProjectAs({ ref: sample.ref, project: sample.project, rooms: [] })
    expect(copy?.ref).toBe(join(dir, 'Copy of sample'))
    expect(copy?.project.name).toBe('Copy of sample')
    const room = await host.loadRoom({ ref: copy!.ref, roomId: 'courtyard' })
    expect(room.background?.width).toBe(1920)
    answers.newFolder = join(sample.ref, 'inside')
    await expect(host.saveProjectAs({ ref: sample.ref, project: sample.project, rooms: [] })).rejects.toThrow(
      /outside the project/,
    )
    // Save As never writes into a folder holding the author's own files.
    await mkdir(join(dir, 'Photos'), { recursive: true })
    await writeFile(join(dir, 'Photos', 'background.png'), 'holiday')
    answers.newFolder = join(dir, 'Photos')
    await expect(host.saveProjectAs({ ref: sample.ref, project: sample.project, rooms: [] })).rejects.toThrow(
      /is not empty; choose a new or empty folder/,
    )
    expect(await readFile(join(dir, 'Photos', 'background.png'), 'utf8')).toBe('holiday')
  })

  it('imports PNG, JPEG and WebP images and refuses broken or huge ones with the file name', async () => {
    const host = makeHost()
    const pixels = Buffer.alloc(8 * 6 * 3, 200)
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const file = join(dir, `bg.${format}`)
      await sharp(pixels, { raw: { width: 8, height: 6, channels: 3 } })
        .toFormat(format)
        .toFile(file)
      answers.image = file
      const imported = await host.importImage({ purpose: 'background' })
      expect(imported?.fileName).toBe(`bg.${format}`)
      expect(imported?.image).toMatchObject({ width: 8, height: 6 })
      expect(imported?.image.data.length).toBe(8 * 6 * 4)
    }
    const broken = join(dir, 'broken.png')
    await writeFile(broken, 'not an image')
    answers.image = broken
    await expect(host.importImage({ purpose: 'mask' })).rejects.toThrow(/broken\.png/)
    const huge = join(dir, 'huge.png')
    await sharp({ create: { width: 20000, height: 2, channels: 3, background: '#000' } })
      .png()
      .toFile(huge)
    answers.image = huge
    await expect(host.importImage({ purpose: 'background' })).rejects.toThrow(/huge\.png.*20000/)
    answers.image = null
    expect(await host.importImage({ purpose: 'mask' })).toBeNull()
  })

  it('decodes dropped image bytes with the same limits as a picked file', async () => {
    const host = makeHost()
    const bytes = new Uint8Array(await readFile(join(SAMPLE, 'rooms/courtyard/walkmask.png')))
    const decoded = await host.decodeImage({ fileName: 'walkmask.png', bytes, purpose: 'mask' })
    expect([decoded.image.width, decoded.image.height, decoded.fileName]).toEqual([
      1920,
      1080,
      'walkmask.png',
    ])
    await expect(
      host.decodeImage({
        fileName: 'notes.txt',
        bytes: new TextEncoder().encode('hello'),
        purpose: 'background',
      }),
    ).rejects.toThrow(/^notes\.txt: /)
  })

  it('lists its projects with their rooms, a damaged one with its error, and restores it from a backup', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    const loaded = await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    await host.saveProject({
      ref: sample.ref,
      project: sample.project,
      rooms: [{ room: { ...loaded.room, name: 'Yard' } }],
    })
    expect(await host.listProjects()).toEqual([
      expect.objectContaining({ ref: sample.ref, name: 'Walkbox sample', rooms: 1, error: null, backups: 1 }),
    ])
    await writeFile(join(sample.ref, 'project.walkbox.json'), 'garbage')
    const [damaged] = await host.listProjects()
    expect(damaged.error).toMatch(/^project\.walkbox\.json line 1 column 1: /)
    const [backup] = await host.listBackups({ ref: sample.ref })
    const restored = await host.restoreBackup({ ref: sample.ref, backupId: backup.id })
    expect(restored.project.name).toBe('Walkbox sample')
    expect((await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })).room.name).toBe('Courtyard')
    // The desktop never deletes a project folder: it leaves the list, the files stay.
    await host.deleteProject({ ref: sample.ref })
    expect(await host.listProjects()).toEqual([])
    expect(await readFile(join(sample.ref, 'project.walkbox.json'), 'utf8')).toContain('Walkbox sample')
  })

  it('numbers an imported project whose name the list already has, as the browser does', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    const zip = await host.exportProjectZip({ ref: sample.ref })
    answers.newFolder = join(dir, 'first import')
    const first = await host.importProjectZip({ fileName: zip.fileName, bytes: zip.bytes })
    expect(first?.project.name).toBe('Walkbox sample (2)')
    answers.newFolder = join(dir, 'second import')
    const second = await host.importProjectZip({ fileName: zip.fileName, bytes: zip.bytes })
    expect(second?.project.name).toBe('Walkbox sample (3)')
    // On disk and in Open's list, each row tells itself apart.
    const onDisk = JSON.parse(await readFile(join(dir, 'second import', 'project.walkbox.json'), 'utf8'))
    expect(onDisk.name).toBe('Walkbox sample (3)')
    expect((await host.listProjects()).map((p) => p.name).sort()).toEqual([
      'Walkbox sample',
      'Walkbox sample (2)',
      'Walkbox sample (3)',
    ])
  })
})
