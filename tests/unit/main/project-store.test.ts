import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addRoom,
  createProject,
  loadRoom,
  openProject,
  ProjectStoreError,
  saveProject,
  saveRoom,
} from '../../../src/main/services/project-store'
import { decodeImage, sharpImageCodec } from '../../../src/main/services/image-codec'
import { FormatError } from '../../../src/shared/room/schema'
import { JsonSyntaxError } from '../../../src/shared/room/json-text'
import { fullProject, fullRoom } from '../room/fixtures'
import { encodeWith, rgbaOf, snapshotFiles, tempFolder } from './helpers'

let root: string
let outside: string
let cleanup: (() => Promise<void>)[]

beforeEach(async () => {
  const a = await tempFolder()
  const b = await tempFolder()
  root = join(a.dir, 'Harbour')
  outside = b.dir
  cleanup = [a.remove, b.remove]
})
afterEach(async () => {
  for (const c of cleanup) await c()
})

const W = 320
const H = 200

/** The full fixture room with its images: background PNG, mask and scale map. */
async function roomWithImages() {
  const room = fullRoom()
  const background = await encodeWith(
    rgbaOf(W, H, (x, y) => [x % 256, y, 90, 255]),
    'png',
  )
  const cells = new Uint8Array(W * H)
  for (let y = 100; y < 190; y++) for (let x = 10; x < 300; x++) cells[y * W + x] = x > 250 ? 2 : 1
  const values = new Uint8Array(W * H).map((_, i) => Math.floor(i / W))
  return {
    room,
    images: { background, mask: { width: W, height: H, cells }, scaleMap: { width: W, height: H, values } },
  }
}

/** A project on disk holding the full fixture room with its images, and flags/characters. */
async function projectWithRoom() {
  await createProject(root, 'Harbour')
  const { project } = await openProject(root)
  await saveProject(root, { ...project, flags: fullProject().flags, characters: fullProject().characters })
  const { room, images } = await roomWithImages()
  await addRoom(root, room, images)
  return { room, images }
}

describe('project store', () => {
  it('creates a project and opens it again', async () => {
    const created = await createProject(root, 'Harbour')
    expect(created.project.name).toBe('Harbour')
    expect(await readdir(root)).toEqual(['project.walkbox.json'])
    const text = await readFile(join(root, 'project.walkbox.json'), 'utf8')
    expect(text.startsWith('{\n  "formatVersion": 1,')).toBe(true)
    expect(text.endsWith('\n')).toBe(true)
    const opened = await openProject(root)
    expect(opened.project).toEqual(created.project)
    expect(opened.rooms).toEqual([])
    expect(opened.fromVersion).toBe(1)
  })

  it('refuses to create over an existing project or in a folder with files', async () => {
    await createProject(root, 'A')
    await expect(createProject(root, 'B')).rejects.toThrow('already holds a project.walkbox.json')
    await writeFile(join(outside, 'notes.txt'), 'x')
    await expect(createProject(outside, 'C')).rejects.toThrow('is not empty')
  })

  it('adds a room with images, then loads exactly what was saved (round trip)', async () => {
    const { room, images } = await projectWithRoom()
    const opened = await openProject(root)
    expect(opened.rooms).toEqual([{ id: 'porch', name: 'Porch', folder: 'rooms/porch', exists: true }])
    expect((await readdir(join(root, 'rooms/porch'))).sort()).toEqual([
      'background.png',
      'room.json',
      'scalemap.png',
      'walkmask.png',
    ])
    const loaded = await loadRoom(root, 'porch')
    expect(loaded.room).toEqual(room)
    expect(loaded.warnings).toEqual([])
    expect(loaded.folder).toBe('rooms/porch')
    expect([...loaded.mask!.cells]).toEqual([...images.mask.cells])
    expect([...loaded.scaleMap!.values]).toEqual([...images.scaleMap.values])
    const expectedBackground = await decodeImage(images.background, 'bg')
    expect(loaded.background!.width).toBe(W)
    expect(Buffer.from(loaded.background!.data).equals(Buffer.from(expectedBackground.data))).toBe(true)
    // Saved as-is: the background bytes are the author's file.
    expect((await readFile(join(root, 'rooms/porch/background.png'))).equals(images.background)).toBe(true)
  })

  it('saves again keeping the previous version in backups/, and leaves images not given alone', async () => {
    await projectWithRoom()
    const before = await readFile(join(root, 'rooms/porch/room.json'), 'utf8')
    const mask = await readFile(join(root, 'rooms/porch/walkmask.png'))
    const room = fullRoom()
    room.name = 'Front porch'
    const written = await saveRoom(root, room)
    expect(written.name).toBe('Front porch')
    const backups = await readdir(join(root, 'backups'))
    // One backup per save that replaced something: flags and characters, the new room, this save.
    expect(backups).toHaveLength(3)
    const newest = backups.sort().at(-1)!
    expect(await readFile(join(root, 'backups', newest, 'rooms/porch/room.json'), 'utf8')).toBe(before)
    expect(JSON.parse(await readFile(join(root, 'backups', newest, 'backup.json'), 'utf8'))).toMatchObject({
      projectName: 'Harbour',
      rooms: 1,
    })
    expect(await readFile(join(root, 'rooms/porch/walkmask.png')).then((b) => b.equals(mask))).toBe(true)
    // No .bak files and no staged or journal files are left beside the project's files.
    expect((await readdir(join(root, 'rooms/porch'))).sort()).toEqual([
      'background.png',
      'room.json',
      'scalemap.png',
      'walkmask.png',
    ])
    expect((await readdir(root)).sort()).toEqual(['backups', 'project.walkbox.json', 'rooms'])
    expect((await loadRoom(root, 'porch')).room.name).toBe('Front porch')
  })

  it('writes the same bytes when nothing changed', async () => {
    await projectWithRoom()
    const first = await readFile(join(root, 'rooms/porch/room.json'), 'utf8')
    await saveRoom(root, (await loadRoom(root, 'porch')).room)
    expect(await readFile(join(root, 'rooms/porch/room.json'), 'utf8')).toBe(first)
  })

  it('reports corrupt project JSON with line and column, and overwrites nothing', async () => {
    await createProject(root, 'Harbour')
    const broken = '{\n  "formatVersion": 1,\n  "name": "x",,\n}\n'
    await writeFile(join(root, 'project.walkbox.json'), broken)
    const e = await openProject(root).catch((x) => x)
    expect(e).toBeInstanceOf(JsonSyntaxError)
    expect(e.message).toBe(
      "project.walkbox.json line 3 column 15: Unexpected token ','; expected a property name in double quotes",
    )
    expect(await readFile(join(root, 'project.walkbox.json'), 'utf8')).toBe(broken)
    await expect(addRoom(root, fullRoom())).rejects.toThrow('project.walkbox.json line 3 column 15')
    expect(await readdir(root)).toEqual(['project.walkbox.json'])
  })

  it('reports corrupt room JSON and schema errors with the room file and field path', async () => {
    await projectWithRoom()
    const file = join(root, 'rooms/porch/room.json')
    await writeFile(file, '{ "formatVersion": 1, ')
    await expect(loadRoom(root, 'porch')).rejects.toThrow(
      'rooms/porch/room.json line 1 column 23: Unexpected token the end of the file; expected a property name in double quotes',
    )
    const room = fullRoom() as unknown as { polygons: { outer: number[][] }[] }
    room.polygons[0].outer = [
      [0, 0],
      [5, 5],
    ]
    await writeFile(file, JSON.stringify(room))
    const e = await loadRoom(root, 'porch').catch((x) => x)
    expect(e).toBeInstanceOf(FormatError)
    expect(e.message).toBe('rooms/porch/room.json: polygons[0].outer: expected at least 3 points')
  })

  it('refuses a project written by a newer Walkbox', async () => {
    await createProject(root, 'Harbour')
    await writeFile(
      join(root, 'project.walkbox.json'),
      JSON.stringify({ ...fullProject(), formatVersion: 3 }),
    )
    await expect(openProject(root)).rejects.toThrow(
      'project.walkbox.json: formatVersion 3 is newer than this Walkbox reads (1)',
    )
  })

  it('opens an older project by migrating it, and saving writes the newest version', async () => {
    await mkdir(root, { recursive: true })
    await writeFile(
      join(root, 'project.walkbox.json'),
      JSON.stringify({ formatVersion: 0, name: 'Old', rooms: [] }),
    )
    const opened = await openProject(root)
    expect(opened.fromVersion).toBe(0)
    expect(opened.migrations).toHaveLength(1)
    await saveProject(root, opened.project)
    const saved = JSON.parse(await readFile(join(root, 'project.walkbox.json'), 'utf8'))
    expect(saved.formatVersion).toBe(1)
    // The version 0 file is kept, as it was, in the backup the save made.
    const [backup] = await readdir(join(root, 'backups'))
    expect(
      JSON.parse(await readFile(join(root, 'backups', backup, 'project.walkbox.json'), 'utf8')).formatVersion,
    ).toBe(0)
  })

  it('opens a room whose mask is damaged and whose scale map is missing, leaving those layers out with the reasons', async () => {
    const { room } = await projectWithRoom()
    await writeFile(join(root, 'rooms/porch/walkmask.png'), 'not a png')
    await rm(join(root, 'rooms/porch/scalemap.png'))
    const loaded = await loadRoom(root, 'porch')
    expect(loaded.room.polygons).toEqual(room.polygons)
    expect(loaded.room.zones).toEqual(room.zones)
    expect(loaded.background?.width).toBe(W)
    expect(loaded.mask).toBeUndefined()
    expect(loaded.scaleMap).toBeUndefined()
    expect(loaded.problems.map((p) => p.layer)).toEqual(['mask', 'scaleMap'])
    expect(loaded.problems[0].message).toMatch(/^rooms\/porch\/room\.json: mask 'walkmask\.png': /)
    expect(loaded.problems[1].message).toMatch(
      /^rooms\/porch\/room\.json: scaling\.map\.file 'scalemap\.png': /,
    )
  })

  it('refuses a background that is a symlink out of the project', async () => {
    await projectWithRoom()
    const bg = join(root, 'rooms/porch/background.png')
    await writeFile(join(outside, 'secret.png'), await readFile(bg))
    await rm(bg)
    await symlink(join(outside, 'secret.png'), bg)
    await expect(loadRoom(root, 'porch')).rejects.toThrow(
      /^rooms\/porch\/room\.json: background: 'background\.png' is a link to '.*secret\.png', outside the project folder; paths must stay inside the project folder$/,
    )
  })

  it('refuses a room folder that is a symlink out of the project', async () => {
    await createProject(root, 'Harbour')
    await mkdir(join(outside, 'porch'))
    await mkdir(join(root, 'rooms'))
    await symlink(join(outside, 'porch'), join(root, 'rooms/porch'), 'dir')
    const project = {
      ...(await openProject(root)).project,
      rooms: [{ id: 'porch', name: 'P', folder: 'rooms/porch' }],
    }
    await expect(saveProject(root, project)).rejects.toThrow(
      /^project\.walkbox\.json: rooms\[0\]\.folder: 'rooms\/porch' is a link to .* outside the project folder/,
    )
  })

  it('refuses room folders and file names that leave the project, before touching the disk', async () => {
    await createProject(root, 'Harbour')
    const project = (await openProject(root)).project
    await expect(
      saveProject(root, { ...project, rooms: [{ id: 'x', name: 'X', folder: '../x' }] }),
    ).rejects.toThrow(
      "project.walkbox.json: rooms[0].folder: '../x' goes up with '..'; paths must stay inside the project folder",
    )
    await writeFile(
      join(root, 'project.walkbox.json'),
      JSON.stringify({ ...project, rooms: [{ id: 'x', name: 'X', folder: 'C:/games/x' }] }),
    )
    await expect(openProject(root)).rejects.toThrow(
      "project.walkbox.json: rooms[0].folder: 'C:/games/x' is absolute; paths must stay inside the project folder",
    )
  })

  it('refuses images of the wrong size before writing anything', async () => {
    await projectWithRoom()
    const before = await readFile(join(root, 'rooms/porch/room.json'), 'utf8')
    const filesBefore = await snapshotFiles(root)
    const room = fullRoom()
    room.name = 'Changed'
    await expect(
      saveRoom(root, room, { mask: { width: 10, height: 10, cells: new Uint8Array(100) } }),
    ).rejects.toThrow(
      "rooms/porch/room.json: mask 'walkmask.png' is 10 x 10 px; expected the room size 320 x 200 px",
    )
    const small = await encodeWith(
      rgbaOf(4, 4, () => [1, 2, 3, 255]),
      'webp',
    )
    await expect(saveRoom(root, room, { background: small })).rejects.toThrow(
      'expected the room size 320 x 200 px',
    )
    await expect(saveRoom(root, room, { background: new Uint8Array([1, 2, 3]) })).rejects.toThrow(
      "rooms/porch/room.json: background 'background.png': not a readable image",
    )
    expect(await readFile(join(root, 'rooms/porch/room.json'), 'utf8')).toBe(before)
    expect(await snapshotFiles(root)).toEqual(filesBefore)
  })

  it('stores a scale map given as encoded bytes as it is', async () => {
    await projectWithRoom()
    const png = await encodeWith(
      rgbaOf(W, H, (_x, y) => [y, y, y, 255]),
      'png',
    )
    await saveRoom(root, fullRoom(), { scaleMap: png })
    expect((await readFile(join(root, 'rooms/porch/scalemap.png'))).equals(png)).toBe(true)
    expect((await loadRoom(root, 'porch')).scaleMap!.values[W * 150]).toBe(150)
  })

  it('refuses to save a room that names an image that is not there', async () => {
    await createProject(root, 'Harbour')
    const room = fullRoom()
    await expect(addRoom(root, room, {})).rejects.toThrow(
      "rooms/porch/room.json: background: 'background.png' does not exist; save the image with the room",
    )
    expect((await openProject(root)).project.rooms).toEqual([])
  })

  it('validates a room before saving it', async () => {
    await projectWithRoom()
    const room = fullRoom()
    room.gates[0].flagExpression = '!'
    await expect(saveRoom(root, room)).rejects.toThrow(
      "rooms/porch/room.json: gates[0].flagExpression: expected a flag name after '!' at column 2",
    )
  })

  it('refuses to save a room the project does not list, and a duplicate room', async () => {
    await createProject(root, 'Harbour')
    await expect(saveRoom(root, fullRoom())).rejects.toThrow(
      "project.walkbox.json: no room 'porch'; rooms are none",
    )
    const { room, images } = await roomWithImages()
    await addRoom(root, room, images)
    await expect(addRoom(root, room)).rejects.toThrow("a room with id 'porch' already exists")
  })

  it('takes the listing back when a new room cannot be written', async () => {
    await createProject(root, 'Harbour')
    const { room } = await roomWithImages()
    const bad = { background: new Uint8Array([0, 1]) }
    await expect(addRoom(root, room, bad)).rejects.toThrow('not a readable image')
    expect((await openProject(root)).project.rooms).toEqual([])
  })

  it('refuses a room.json whose id differs from the project listing', async () => {
    await projectWithRoom()
    const file = join(root, 'rooms/porch/room.json')
    await writeFile(file, (await readFile(file, 'utf8')).replace('"id": "porch"', '"id": "attic"'))
    await expect(loadRoom(root, 'porch')).rejects.toThrow(
      "rooms/porch/room.json: id: expected 'porch' (its id in project.walkbox.json), found 'attic'",
    )
  })

  it('warns about flags and characters the project does not have', async () => {
    await createProject(root, 'Harbour')
    const { room, images } = await roomWithImages()
    await addRoom(root, room, images)
    const loaded = await loadRoom(root, 'porch')
    expect(loaded.warnings.map((w) => w.path)).toEqual([
      'areas[1].enabledBy',
      'areas[1].enabledBy',
      'gates[0].flagExpression',
      'gates[1].flagExpression',
      'hotspots[1].enabledBy',
      'testWalk.characterId',
    ])
  })

  it('marks listed rooms whose room.json is missing', async () => {
    await createProject(root, 'Harbour')
    const project = (await openProject(root)).project
    // A save refuses to list a room that is not there; a project edited by hand may.
    await expect(
      saveProject(root, { ...project, rooms: [{ id: 'gone', name: 'Gone', folder: 'rooms/gone' }] }),
    ).rejects.toThrow("rooms/gone/room.json: the room 'gone' is new; save it with its room file")
    await writeFile(
      join(root, 'project.walkbox.json'),
      JSON.stringify({ ...project, rooms: [{ id: 'gone', name: 'Gone', folder: 'rooms/gone' }] }),
    )
    expect((await openProject(root)).rooms).toEqual([
      { id: 'gone', name: 'Gone', folder: 'rooms/gone', exists: false },
    ])
    const e = await loadRoom(root, 'gone').catch((x) => x)
    expect(e).toBeInstanceOf(ProjectStoreError)
    expect(e.message).toMatch(/^rooms\/gone\/room\.json: file not found/)
  })

  it('saveRoom encodes each image once', async () => {
    const { room, images } = await projectWithRoom()
    let encoded = 0
    const codec = {
      ...sharpImageCodec,
      encodeGreyPng(width: number, height: number, values: Uint8Array) {
        encoded++
        return sharpImageCodec.encodeGreyPng(width, height, values)
      },
    }
    const written = await saveRoom(root, { ...room, name: 'Porch again' }, { mask: images.mask }, { codec })
    // One mask, one encoding (the store used to plan the room twice and encode it twice).
    expect(encoded).toBe(1)
    expect(written.name).toBe('Porch again')
    expect([...(await loadRoom(root, 'porch')).mask!.cells]).toEqual([...images.mask.cells])
  })
})
