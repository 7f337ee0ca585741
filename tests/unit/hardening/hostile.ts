/**
 * Helpers of the hostile-input suite: a small real project on disk (made by the project
 * store itself), the IPC handlers of the desktop over it (src/main/ipc.ts `hostHandlers`,
 * the functions Electron's ipcMain calls, with stub dialogs), a fingerprint of every file
 * of a folder (to show that a refusal changed nothing), and the refusal of a promise as its
 * message.
 *
 * Glossary
 * - base project: 'Hostile' with one room 'porch' (64 x 48 px, a PNG background, one walk
 *   area, one polygon with a hole, a gate, a zone, two nodes and a join), valid throughout.
 * - fingerprint: path -> kind, mode, size and SHA-256 of every entry under a folder (files
 *   over 16 MB, sparse ones the tests make, by size and modification time); named pipes and
 *   sockets are listed by kind, never opened.
 *
 * Units: px; bytes.
 */
import { LOCK_FILE } from '../../../src/main/services/project-lock'
import { createHash } from 'node:crypto'
import { lstat, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import sharp from 'sharp'
import { DesktopHost } from '../../../src/main/desktop-host'
import { hostHandlers } from '../../../src/main/ipc'
import { addRoom, createProject, openProject, saveProject } from '../../../src/main/services/project-store'
import { emptyRoom, type Room } from '../../../src/shared/room/schema'

export const ROOM_ID = 'porch'
export const ROOM_LABEL = 'rooms/porch/room.json'
export const WIDTH = 64
export const HEIGHT = 48

/** A solid-colour PNG of the room's size. */
export async function backgroundPng(width = WIDTH, height = HEIGHT): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 120, b: 60 } } })
      .png()
      .toBuffer(),
  )
}

/** The room of the base project. */
export function baseRoom(): Room {
  const room = emptyRoom({ id: ROOM_ID, name: 'Porch', width: WIDTH, height: HEIGHT })
  room.background = 'background.png'
  room.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [2, 2],
        [62, 2],
        [62, 46],
        [2, 46],
      ],
      holes: [
        [
          [20, 20],
          [20, 30],
          [30, 30],
          [30, 20],
        ],
      ],
    },
  ]
  room.gates = [
    {
      id: 'door',
      name: 'Door',
      kind: 'block-polygon',
      polygon: [
        [40, 2],
        [44, 2],
        [44, 46],
        [40, 46],
      ],
      flagExpression: 'door_locked',
    },
  ]
  room.zones = [
    {
      id: 'mat',
      name: 'Mat',
      shape: {
        kind: 'polygon',
        outer: [
          [4, 4],
          [10, 4],
          [10, 10],
          [4, 10],
        ],
      },
      events: { enter: 'on_mat', exit: '', stand: '' },
      properties: {},
    },
  ]
  room.nodeGraph = {
    nodes: [
      { id: 'n1', x: 8, y: 8 },
      { id: 'n2', x: 56, y: 40 },
    ],
    joins: [{ a: 'n1', b: 'n2', oneWay: false, cost: 1 }],
  }
  return room
}

export interface Fixture {
  /** The temporary folder holding everything (removed by `remove`). */
  dir: string
  /** The base project's folder. */
  project: string
  /** The room's folder. */
  roomDir: string
  /** The IPC handlers, over a desktop host that has opened nothing yet. */
  ipc: ReturnType<typeof hostHandlers>
  /** What the Open dialog answers next. */
  answers: { folder: string | null; newFolder: string | null; image: string | null }
  remove(): Promise<void>
}

/** A temporary folder with the base project in `project/`, and the IPC handlers. */
export async function makeFixture(): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'walkbox-hostile-'))
  const project = join(dir, 'project')
  await createProject(project, 'Hostile')
  // The project needs the gate's flag; the store writes both as one save.
  const opened = await openProject(project)
  await saveProject(project, {
    ...opened.project,
    flags: [{ id: 'door_locked', name: 'Door locked', default: true }],
  })
  await addRoom(project, baseRoom(), { background: await backgroundPng() })
  const answers: Fixture['answers'] = { folder: null, newFolder: null, image: null }
  const desktop = new DesktopHost({
    userDataDir: () => join(dir, 'user-data'),
    sampleDir: () => join(dir, 'no-sample'),
    appVersion: () => '0.1.0',
    platform: 'linux',
    dialogs: {
      chooseProjectFolder: async () => answers.folder,
      chooseNewProjectFolder: async () => answers.newFolder,
      chooseImageFile: async () => answers.image,
    },
  })
  return {
    dir,
    project,
    roomDir: join(project, 'rooms', ROOM_ID),
    ipc: hostHandlers(desktop),
    answers,
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** The room file of the base project as JSON, to be made hostile. */
export async function roomJson(fixture: Fixture): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(fixture.roomDir, 'room.json'), 'utf8')) as Record<string, unknown>
}

/** The project file of the base project as JSON. */
export async function projectJson(fixture: Fixture): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(fixture.project, 'project.walkbox.json'), 'utf8')) as Record<
    string,
    unknown
  >
}

export async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(value))
}

/** Every entry under `folder` (but a save lock) by relative path: kind, mode, size, content hash (regular files) or link target. */
export async function fingerprint(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await readdir(dir)).sort()) {
      // The lock a concurrent Walkbox process holds for a moment is not the project's content.
      if (name === LOCK_FILE) continue
      const full = join(dir, name)
      const info = await lstat(full)
      const key = relative(folder, full)
      const mode = (info.mode & 0o7777).toString(8)
      if (info.isDirectory()) {
        out[key] = `folder ${mode}`
        await walk(full)
      } else if (info.isSymbolicLink()) out[key] = `link -> ${await readlink(full)}`
      else if (info.isFile() && info.size > 16 * 1024 * 1024) {
        out[key] = `file ${mode} ${info.size} modified ${info.mtimeMs}`
      } else if (info.isFile()) {
        const hash = createHash('sha256')
          .update(await readFile(full))
          .digest('hex')
        out[key] = `file ${mode} ${info.size} ${hash}`
      } else out[key] = `special ${mode}`
    }
  }
  await walk(folder)
  return out
}

/** The message a promise is refused with (fails the test when it is not refused). */
export async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
  throw new Error('expected a refusal, but it was accepted')
}

/** Open the base project through the IPC handler (the Open dialog answers its folder); its ref. */
export async function openThroughIpc(fixture: Fixture, folder = fixture.project): Promise<string> {
  fixture.answers.folder = folder
  const opened = (await fixture.ipc.openProject({})) as { ref: string }
  return opened.ref
}

/**
 * The most a refusal may take (the bound), ms: every hostile case runs under it, so a
 * read that waits on a named pipe fails the test instead of hanging it.
 */
export const REFUSAL_MS = 5000
