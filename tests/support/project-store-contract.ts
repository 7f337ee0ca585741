/**
 * The project store's contract: behaviour cases that run the same on both hosts' adapters,
 * the desktop's (files on disk, sharp, the folder lock; tests/unit/main/project-store-contract.test.ts)
 * and the browser's (OPFS files, the browser's codec, Web Locks; in real Chromium through
 * tests/e2e/harness, tests/e2e/store-contract.test.ts). Each case returns what it saw as
 * plain data, and both tests hold it to `CONTRACT_EXPECTED`: an adapter that behaves
 * differently fails its own test, and the two results are also compared with each other.
 *
 * This file is bundled into the harness page, so it imports only src/shared.
 *
 * Glossary
 * - env: what a host's test gives a case: `fresh(name)`, a store over a new, empty project.
 * - version n: the project's name is `v<n>` after save n.
 *
 * Units: px; bytes.
 */
import { emptyProject, emptyRoom, PROJECT_FILE_NAME, type Project } from '../../src/shared/room/schema'
import { serialiseProject } from '../../src/shared/room/serialise'
import { JOURNAL_FILE, type ProjectFiles } from '../../src/shared/room/unit-save'
import {
  createStoredProject,
  listStoredBackups,
  loadStoredRoom,
  openStoredProject,
  ownStoredFiles,
  placeStoredProject,
  restoreStoredBackup,
  saveStoredProject,
  type StoreHost,
} from '../../src/shared/room/project-store'
import { MAX_PROJECT_FILE_BYTES } from '../../src/shared/limits'
import { readProjectZip } from '../../src/shared/room/project-zip'
import { writeZip, type ZipInflater } from '../../src/shared/room/zip'

export interface ContractEnv {
  /** A store over a new, empty project place called `name` (nothing there yet). */
  fresh(name: string): Promise<StoreHost>
}

export type ContractCase = (env: ContractEnv) => Promise<unknown>

const W = 6
const H = 4
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Grey values 0..255, one per pixel, from `value(i)`. */
function grey(value: (i: number) => number): Uint8Array {
  return Uint8Array.from({ length: W * H }, (_, i) => value(i))
}

/** The one-line message of what `work` throws, or 'no error'. */
export async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work()
    return 'no error'
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** A project `v1` with one room 'hall' (background, mask and scale map) saved as one unit. */
async function projectWithRoom(store: StoreHost): Promise<Project> {
  await createStoredProject(store, 'v0', '0.1.0')
  const room = emptyRoom({ id: 'hall', name: 'Hall', width: W, height: H })
  room.background = 'background.png'
  room.scaling = { mode: 'map', linear: [], map: { file: 'scale.png', min: 50, max: 100 } }
  const background = await store.codec.encodeGreyPng(
    W,
    H,
    grey((i) => i * 10),
  )
  const result = await saveStoredProject(store, ({ project }) => ({
    project: { ...project, name: 'v1', rooms: [{ id: 'hall', name: 'Hall', folder: 'rooms/hall' }] },
    rooms: [
      {
        room,
        images: {
          background,
          mask: grey((i) => (i % W < 3 ? 1 : 0)),
          scaleMap: { width: W, height: H, values: grey((i) => 255 - i) },
        },
      },
    ],
  }))
  return result.project
}

/** Save the project file alone as version `n`. */
async function saveVersion(store: StoreHost, n: number, files?: ProjectFiles): Promise<void> {
  await saveStoredProject(files ? { ...store, files } : store, ({ project }) => ({
    project: { ...project, name: `v${n}` },
    rooms: [],
  }))
}

/**
 * The store's files, failing every operation from the moment `dies` says so, as if the
 * process or the tab had been killed there (nothing after it runs).
 */
export function killedFiles(
  real: ProjectFiles,
  dies: (op: string, args: unknown[]) => boolean,
): ProjectFiles {
  let dead = false
  const files = {} as Record<string, unknown>
  for (const key of Object.keys(real) as (keyof ProjectFiles)[]) {
    files[key] = async (...args: unknown[]) => {
      if (!dead && dies(key, args)) dead = true
      if (dead) throw new Error('killed')
      return (real[key] as (...a: unknown[]) => Promise<unknown>)(...args)
    }
  }
  return files as unknown as ProjectFiles
}

/** The project's name and the top-level names in its folder, after opening it again. */
async function reopened(store: StoreHost) {
  const opened = await openStoredProject(store)
  const top = (await store.files.list('')).map((e) => e.name).sort()
  return { name: opened.project.name, warnings: opened.warnings, top }
}

export const CONTRACT_CASES: Record<string, ContractCase> = {
  async 'create, save, reopen and load a room: the same project and pixels'(env) {
    const store = await env.fresh('round-trip')
    const saved = await projectWithRoom(store)
    const opened = await openStoredProject(store)
    const loaded = await loadStoredRoom(store, 'hall')
    return {
      saved: saved.name,
      opened: opened.project.name,
      rooms: opened.rooms,
      warnings: opened.warnings,
      room: {
        id: loaded.room.id,
        name: loaded.room.name,
        background: loaded.room.background,
        mask: loaded.room.mask,
      },
      background: loaded.background && {
        width: loaded.background.width,
        height: loaded.background.height,
        reds: Array.from(loaded.background.data.filter((_, i) => i % 4 === 0)),
      },
      mask: loaded.mask && Array.from(loaded.mask.cells),
      scaleMap: loaded.scaleMap && Array.from(loaded.scaleMap.values),
      problems: loaded.problems,
      files: (await ownStoredFiles(store.files)).map((f) => f.path).sort(),
    }
  },

  async 'a room.json whose id differs from its entry is refused'(env) {
    const store = await env.fresh('wrong-id')
    await projectWithRoom(store)
    const path = 'rooms/hall/room.json'
    const text = decoder.decode((await store.files.read(path))!)
    await store.files.write(path, encoder.encode(text.replace('"id": "hall"', '"id": "cellar"')))
    return { error: await refusal(() => loadStoredRoom(store, 'hall')) }
  },

  async 'loading a room reads its own files only: recovery and backup pruning are left to the open'(env) {
    const store = await env.fresh('load-reads')
    await projectWithRoom(store)
    await saveVersion(store, 2)
    await openStoredProject(store)
    // Every file operation the load makes, as 'op path' (killedFiles with a death that never comes).
    const seen: string[] = []
    const files = killedFiles(store.files, (op, args) => {
      seen.push(`${op} ${String(args[0])}`)
      return false
    })
    const loaded = await loadStoredRoom({ ...store, files }, 'hall')
    const own = (line: string) => line.endsWith(` ${PROJECT_FILE_NAME}`) || line.includes(' rooms/hall/')
    return {
      room: loaded.room.id,
      changes: seen.filter((line) => !/^(read|size|kind|list) /.test(line)),
      elsewhere: seen.filter((line) => !own(line)),
    }
  },

  async 'project warnings: unknown flags and a missing image are reported, the room opens'(env) {
    const store = await env.fresh('warnings')
    await projectWithRoom(store)
    const { project } = await openStoredProject(store)
    const room = (await loadStoredRoom(store, 'hall')).room
    room.areas[0].enabledBy = 'door_open'
    await saveStoredProject(store, { project, rooms: [{ room }] })
    await store.files.remove('rooms/hall/scale.png')
    const loaded = await loadStoredRoom(store, 'hall')
    return { warnings: loaded.warnings, problems: loaded.problems, scaleMap: loaded.scaleMap ?? null }
  },

  async 'a save killed before its commit leaves the old version, and nothing of it'(env) {
    const store = await env.fresh('killed-before')
    await projectWithRoom(store)
    const files = killedFiles(store.files, (op, args) => op === 'rename' && args[1] === JOURNAL_FILE)
    const error = await refusal(() => saveVersion(store, 2, files))
    return { error, after: await reopened(store) }
  },

  async 'a save killed after its commit is finished when the project opens'(env) {
    const store = await env.fresh('killed-after')
    await projectWithRoom(store)
    let committed = false
    const files = killedFiles(store.files, (op, args) => {
      if (op === 'rename' && args[1] === JOURNAL_FILE) committed = true
      else if (committed && op === 'rename') return true
      return false
    })
    const error = await refusal(() => saveVersion(store, 2, files))
    const journalLeft = (await store.files.kind(JOURNAL_FILE)) !== null
    return { error, journalLeft, after: await reopened(store) }
  },

  async 'backups are listed newest first and restored as one unit'(env) {
    const store = await env.fresh('backups')
    await projectWithRoom(store)
    for (let n = 2; n <= 4; n++) await saveVersion(store, n)
    const listed = await listStoredBackups(store)
    const oldest = listed.at(-1)!
    const before = await restoreStoredBackup(store, oldest.id)
    const after = await listStoredBackups(store)
    return {
      listed: listed.map((b) => ({ projectName: b.projectName, rooms: b.rooms, files: b.files })),
      restoredFrom: oldest.projectName,
      backedUpFirst: before?.projectName ?? null,
      now: (await openStoredProject(store)).project.name,
      room: await refusal(() => loadStoredRoom(store, 'hall')),
      after: after.map((b) => b.projectName),
      unknown: await refusal(() => restoreStoredBackup(store, '20000101-000000')),
    }
  },

  async 'limits: an oversized project file, an oversized image and too big a save are refused'(env) {
    const store = await env.fresh('limits')
    const project = await projectWithRoom(store)
    // An image header that claims 20000 px: refused on its header, before any decoder runs.
    const huge = await store.codec.encodeGreyPng(
      W,
      H,
      grey(() => 0),
    )
    new DataView(huge.buffer, huge.byteOffset).setUint32(16, 20000)
    const room = (await loadStoredRoom(store, 'hall')).room
    const image = await refusal(() =>
      saveStoredProject(store, { project, rooms: [{ room, images: { background: huge } }] }),
    )
    const wrongSize = await refusal(() =>
      saveStoredProject(store, {
        project,
        rooms: [{ room, images: { mask: { width: 2, height: 2, cells: new Uint8Array(4) } } }],
      }),
    )
    const tooMany = await refusal(() =>
      saveStoredProject(store, {
        project: {
          ...project,
          rooms: Array.from({ length: 1001 }, (_, i) => ({
            id: `r${i}`,
            name: `R${i}`,
            folder: `rooms/r${i}`,
          })),
        },
        rooms: [],
      }),
    )
    const name = (await openStoredProject(store)).project.name
    // A project file over its limit is refused on its size before it is read.
    const big = serialiseProject(emptyProject({ name: 'big' })).replace(
      '{',
      `{"pad": "${'x'.repeat(MAX_PROJECT_FILE_BYTES)}",`,
    )
    await store.files.write(PROJECT_FILE_NAME, encoder.encode(big))
    const projectFile = await refusal(() => openStoredProject(store))
    return { image, wrongSize, tooMany, nameAfterRefusals: name, projectFile }
  },

  async 'a journal that fails its checks is set aside, never run, and reported'(env) {
    const store = await env.fresh('rejected')
    await projectWithRoom(store)
    const journal = {
      files: [{ target: '../outside.txt', staged: 'x.walkbox-new' }],
      removeFiles: [],
      removeFolders: [],
    }
    await store.files.write(JOURNAL_FILE, encoder.encode(JSON.stringify(journal)))
    const listing = await openStoredProject(store, { listing: true })
    const listingLeft = (await store.files.kind(JOURNAL_FILE)) !== null
    const opened = await reopened(store)
    const again = await reopened(store)
    return { listingWarnings: listing.warnings, listingLeft, opened, againWarnings: again.warnings }
  },

  async 'Save As: a copy with a new name, the original as it was'(env) {
    const from = await env.fresh('original')
    const project = await projectWithRoom(from)
    const to = await env.fresh('copy')
    await placeStoredProject(to, await ownStoredFiles(from.files), 'original')
    const room = (await loadStoredRoom(from, 'hall')).room
    await saveStoredProject(to, {
      project: { ...project, name: 'copy' },
      rooms: [{ room: { ...room, name: 'Copied hall' } }],
    })
    const copy = await openStoredProject(to)
    return {
      original: (await openStoredProject(from)).project.name,
      originalRoom: (await loadStoredRoom(from, 'hall')).room.name,
      copy: copy.project.name,
      copyRoom: (await loadStoredRoom(to, 'hall')).room.name,
      copyBackups: (await listStoredBackups(to)).map((b) => b.projectName),
      notAProject: await refusal(async () => placeStoredProject(await env.fresh('empty'), [], 'somewhere')),
    }
  },

  async 'background frames: saved with the room as one unit, loaded, copied, zipped; a wrong size or a missing file refused'(
    env,
  ) {
    const store = await env.fresh('frames')
    const project = await projectWithRoom(store)
    const room = (await loadStoredRoom(store, 'hall')).room
    room.backgroundFrames = [{ file: 'background1.png' }, { file: 'background2.png', name: 'Night' }]
    room.backgroundAnimationDelay = 4
    room.backgroundAnimationEnabled = false
    const png = (value: (i: number) => number) => store.codec.encodeGreyPng(W, H, grey(value))
    const frames = [await png((i) => 100 + i), await png((i) => 200 - i)]
    const reds = (image: { data: Uint8Array } | null) =>
      image && Array.from(image.data.filter((_, i) => i % 4 === 0))
    const listing = async (s: StoreHost) =>
      (await ownStoredFiles(s.files)).map((f) => f.path).filter((p) => p.includes('background'))
    // A frame of another size, or a frame named but not written, refuses the save: nothing changes.
    const small = await store.codec.encodeGreyPng(2, 2, new Uint8Array(4))
    const wrongSize = await refusal(() =>
      saveStoredProject(store, {
        project,
        rooms: [{ room, images: { backgroundFrames: [frames[0], small] } }],
      }),
    )
    const notWritten = await refusal(() =>
      saveStoredProject(store, { project, rooms: [{ room, images: { backgroundFrames: [frames[0]] } }] }),
    )
    const afterRefusals = await listing(store)
    await saveStoredProject(store, {
      project: { ...project, name: 'v2' },
      rooms: [{ room, images: { backgroundFrames: frames } }],
    })
    const loaded = await loadStoredRoom(store, 'hall')
    // Save As: the copy loads the same frames; the backup of the next save holds them.
    const to = await env.fresh('frames-copy')
    await placeStoredProject(to, await ownStoredFiles(store.files), 'frames')
    const copied = await loadStoredRoom(to, 'hall')
    // A project zip (as both hosts export and import it) carries them too.
    const zip = writeZip(await ownStoredFiles(store.files))
    const unzipped = await env.fresh('frames-zip')
    const noInflate: ZipInflater = () => {
      throw new Error('stored entries need no inflating')
    }
    await placeStoredProject(unzipped, await readProjectZip(zip, 'frames.zip', noInflate), 'frames.zip')
    const fromZip = await loadStoredRoom(unzipped, 'hall')
    await saveStoredProject(store, ({ project: p }) => ({ project: { ...p, name: 'v3' }, rooms: [] }))
    const backup = (await listStoredBackups(store))[0]
    const files = await listing(store)
    await store.files.remove('rooms/hall/background2.png')
    const missing = await loadStoredRoom(store, 'hall')
    return {
      wrongSize,
      notWritten,
      afterRefusals,
      room: {
        backgroundFrames: loaded.room.backgroundFrames,
        delay: loaded.room.backgroundAnimationDelay,
        animates: loaded.room.backgroundAnimationEnabled,
      },
      frames: loaded.backgroundFrames?.map(reds),
      problems: loaded.problems,
      files,
      copied: copied.backgroundFrames?.map(reds),
      fromZip: fromZip.backgroundFrames?.map(reds),
      backup: { projectName: backup.projectName, files: backup.files },
      missing: { frames: missing.backgroundFrames?.map((f) => f !== null), problems: missing.problems },
    }
  },
}

const ROW = [0, 10, 20, 30, 40, 50]
const HALL = { id: 'hall', name: 'Hall', folder: 'rooms/hall', exists: true }

/** What every host's adapter must give back, case by case. */
export const CONTRACT_EXPECTED: Record<keyof typeof CONTRACT_CASES, unknown> = {
  'create, save, reopen and load a room: the same project and pixels': {
    saved: 'v1',
    opened: 'v1',
    rooms: [HALL],
    warnings: [],
    room: { id: 'hall', name: 'Hall', background: 'background.png', mask: 'walkmask.png' },
    background: { width: W, height: H, reds: [0, 1, 2, 3].flatMap((y) => ROW.map((v) => v + y * 60)) },
    mask: Array.from({ length: W * H }, (_, i) => (i % W < 3 ? 1 : 0)),
    scaleMap: Array.from({ length: W * H }, (_, i) => 255 - i),
    problems: [],
    files: [
      'project.walkbox.json',
      'rooms/hall/background.png',
      'rooms/hall/room.json',
      'rooms/hall/scale.png',
      'rooms/hall/walkmask.png',
    ],
  },
  'a room.json whose id differs from its entry is refused': {
    error: "rooms/hall/room.json: id: expected 'hall' (its id in project.walkbox.json), found 'cellar'",
  },
  'loading a room reads its own files only: recovery and backup pruning are left to the open': {
    room: 'hall',
    changes: [],
    elsewhere: [],
  },
  'project warnings: unknown flags and a missing image are reported, the room opens': {
    warnings: [
      {
        path: 'areas[0].enabledBy',
        message: "names the flag 'door_open' that the project does not define",
      },
    ],
    problems: [
      { layer: 'scaleMap', message: "rooms/hall/room.json: scaling.map.file 'scale.png': file not found" },
    ],
    scaleMap: null,
  },
  'a save killed before its commit leaves the old version, and nothing of it': {
    error: 'Could not save v2: nothing was changed on disk (killed)',
    after: { name: 'v1', warnings: [], top: ['backups', 'project.walkbox.json', 'rooms'] },
  },
  'a save killed after its commit is finished when the project opens': {
    error:
      'Could not save v2: the save was committed but not finished (killed); reopening the project finishes it',
    journalLeft: true,
    after: { name: 'v2', warnings: [], top: ['backups', 'project.walkbox.json', 'rooms'] },
  },
  'backups are listed newest first and restored as one unit': {
    listed: [
      { projectName: 'v3', rooms: 1, files: 5 },
      { projectName: 'v2', rooms: 1, files: 5 },
      { projectName: 'v1', rooms: 1, files: 5 },
      { projectName: 'v0', rooms: 0, files: 1 },
    ],
    restoredFrom: 'v0',
    backedUpFirst: 'v4',
    now: 'v0',
    room: "project.walkbox.json: no room 'hall'; rooms are none",
    after: ['v4', 'v3', 'v2', 'v1', 'v0'],
    unknown:
      'Could not restore backup 20000101-000000: backup 20000101-000000 is not complete (a save was stopped while making it); it cannot be restored',
  },
  'limits: an oversized project file, an oversized image and too big a save are refused': {
    image:
      "rooms/hall/room.json: background 'background.png': is 20000 x 4 px; expected at most 16384 px a side (images are checked before decoding)",
    wrongSize: "rooms/hall/room.json: mask 'walkmask.png' is 2 x 2 px; expected the room size 6 x 4 px",
    tooMany: "project.walkbox.json: rooms: expected at most 1000 rooms, found 1001 (Walkbox's limit)",
    nameAfterRefusals: 'v1',
    projectFile: "project.walkbox.json: is 4 MB; expected at most 4 MB (Walkbox's limit for this file)",
  },
  'a journal that fails its checks is set aside, never run, and reported': {
    listingWarnings: [],
    listingLeft: true,
    opened: {
      name: 'v1',
      warnings: [
        `.walkbox-save.json: a save journal that Walkbox did not run (files[0].target: "../outside.txt" goes up with '..'); it was kept as .walkbox-save.rejected-1.json`,
      ],
      top: ['.walkbox-save.rejected-1.json', 'backups', 'project.walkbox.json', 'rooms'],
    },
    againWarnings: [],
  },
  'Save As: a copy with a new name, the original as it was': {
    original: 'v1',
    originalRoom: 'Hall',
    copy: 'copy',
    copyRoom: 'Copied hall',
    copyBackups: ['v1'],
    notAProject: 'somewhere: expected a Walkbox project (no project.walkbox.json at its top)',
  },
  'background frames: saved with the room as one unit, loaded, copied, zipped; a wrong size or a missing file refused':
    {
      wrongSize:
        "rooms/hall/room.json: backgroundFrames[1] 'background2.png' is 2 x 2 px; expected the room size 6 x 4 px",
      notWritten:
        "rooms/hall/room.json: backgroundFrames[1].file: 'background2.png' does not exist; save the image with the room",
      afterRefusals: ['rooms/hall/background.png'],
      room: {
        backgroundFrames: [{ file: 'background1.png' }, { file: 'background2.png', name: 'Night' }],
        delay: 4,
        animates: false,
      },
      frames: [
        Array.from({ length: W * H }, (_, i) => 100 + i),
        Array.from({ length: W * H }, (_, i) => 200 - i),
      ],
      problems: [],
      files: ['rooms/hall/background.png', 'rooms/hall/background1.png', 'rooms/hall/background2.png'],
      copied: [
        Array.from({ length: W * H }, (_, i) => 100 + i),
        Array.from({ length: W * H }, (_, i) => 200 - i),
      ],
      fromZip: [
        Array.from({ length: W * H }, (_, i) => 100 + i),
        Array.from({ length: W * H }, (_, i) => 200 - i),
      ],
      backup: { projectName: 'v2', files: 7 },
      missing: {
        frames: [true, false],
        problems: [
          {
            layer: 'background',
            message: "rooms/hall/room.json: backgroundFrames[1] 'background2.png': file not found",
          },
        ],
      },
    },
}
