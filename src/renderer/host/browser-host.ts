/**
 * The browser host: the host contract over the Origin Private File System (OPFS),
 * with createImageBitmap + OffscreenCanvas for decoding and PNG encoding. Projects
 * persist across reloads in the page's origin.
 *
 * Glossary
 * - OPFS layout: `projects/<ref>/project.walkbox.json` and the project's room folders,
 *   exactly as on disk in the desktop app.
 * - ref: the project's folder name under `projects/`.
 * - atomic save: OPFS writable streams write to a swap file and replace the file only
 *   when closed; the previous content is first kept as `<name>.bak`.
 */
import type {
  AppInfo,
  ImportedImage,
  LayerProblem,
  LoadedRoom,
  OpenedProject,
  RecentProject,
  RgbaImage,
  RoomSummary,
  WalkboxHost,
} from '../../shared/host'
import { projectFromText, roomFromText } from '../../shared/room/load'
import {
  emptyProject,
  parseProject,
  parseRoom,
  PROJECT_FILE_NAME,
  ROOM_FILE_NAME,
  type Project,
  type Room,
} from '../../shared/room/schema'
import { serialiseProject, serialiseRoom } from '../../shared/room/serialise'
import { checkImageLimits, readImageHeader } from './image-header'
import { chooseFromList } from './browser-dialogs'

const PROJECTS_DIR = 'projects'
const RECENT_KEY = 'walkbox.recentProjects'
const SAMPLE_REF = 'walkbox-sample'
/** Where the web build serves the sample project from (resources/sample-project). */
const SAMPLE_URL = 'sample-project/'
const APP_VERSION = '0.1.0'

type Dir = FileSystemDirectoryHandle

async function projectsRoot(): Promise<Dir> {
  if (!navigator.storage?.getDirectory) {
    throw new Error(
      'This browser has no Origin Private File System; use a current Chromium, Firefox or Safari.',
    )
  }
  const root = await navigator.storage.getDirectory()
  return root.getDirectoryHandle(PROJECTS_DIR, { create: true })
}

/** Split a project-relative path and refuse anything that could leave the project folder. */
function pathParts(relative: string, file: string, field: string): string[] {
  const parts = relative
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
  if (
    relative.startsWith('/') ||
    /^[A-Za-z]:/.test(relative) ||
    parts.some((p) => p === '..') ||
    parts.length === 0
  ) {
    throw new Error(`${file}: ${field}: '${relative}' leaves the project folder; paths must stay inside it`)
  }
  return parts
}

async function dirAt(base: Dir, parts: string[], create: boolean): Promise<Dir> {
  let dir = base
  for (const part of parts) dir = await dir.getDirectoryHandle(part, { create })
  return dir
}

async function readBytes(base: Dir, relative: string, file: string, field: string): Promise<Uint8Array> {
  const parts = pathParts(relative, file, field)
  try {
    const dir = await dirAt(base, parts.slice(0, -1), false)
    const handle = await dir.getFileHandle(parts.at(-1)!)
    return new Uint8Array(await (await handle.getFile()).arrayBuffer())
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotFoundError') {
      throw new Error(`${file}: ${field}: '${relative}' does not exist in the project`)
    }
    throw err
  }
}

async function readText(base: Dir, relative: string, file: string, field: string): Promise<string> {
  return new TextDecoder().decode(await readBytes(base, relative, file, field))
}

async function exists(dir: Dir, name: string): Promise<boolean> {
  try {
    await dir.getFileHandle(name)
    return true
  } catch {
    return false
  }
}

/** Write a file atomically, keeping the previous content as `<name>.bak`. */
async function writeFile(base: Dir, relative: string, data: Uint8Array | string): Promise<void> {
  const parts = pathParts(relative, relative, 'path')
  const dir = await dirAt(base, parts.slice(0, -1), true)
  const name = parts.at(-1)!
  if (await exists(dir, name)) {
    const previous = await (await (await dir.getFileHandle(name)).getFile()).arrayBuffer()
    const bak = await (await dir.getFileHandle(`${name}.bak`, { create: true })).createWritable()
    await bak.write(previous)
    await bak.close()
  }
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable()
  try {
    await writable.write(typeof data === 'string' ? data : new Blob([data as BlobPart]))
    await writable.close()
  } catch (err) {
    await writable.abort().catch(() => undefined)
    throw err
  }
}

function readProjectText(text: string, file = PROJECT_FILE_NAME): Project {
  return projectFromText(text, file).value
}

function readRoomText(text: string, file = ROOM_FILE_NAME): Room {
  return roomFromText(text, file).value
}

async function decodeImage(bytes: Uint8Array, fileName: string): Promise<RgbaImage> {
  checkImageLimits(readImageHeader(bytes, fileName), fileName)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart]), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    })
  } catch {
    throw new Error(`${fileName}: the image could not be decoded; expected a valid PNG, JPEG or WebP file`)
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('This browser cannot decode images (no 2D canvas).')
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
  return {
    width: canvas.width,
    height: canvas.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  }
}

/** Area ids from a mask image: the red (grey) channel, 0 = not walkable. */
function maskFromImage(image: RgbaImage, room: Room, fileName: string): Uint8Array {
  if (image.width !== room.size.width || image.height !== room.size.height) {
    throw new Error(
      `${fileName}: the mask is ${image.width}×${image.height} px; expected the room's size ${room.size.width}×${room.size.height}`,
    )
  }
  const ids = new Uint8Array(image.width * image.height)
  for (let i = 0; i < ids.length; i++) ids[i] = image.data[i * 4]
  return ids
}

/** An 8-bit area-id mask as a PNG whose grey value is the id. */
async function encodeMaskPng(mask: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(width, height)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('This browser cannot encode images (no 2D canvas).')
  const img = ctx.createImageData(width, height)
  for (let i = 0; i < mask.length; i++) {
    const v = mask[i]
    img.data[i * 4] = v
    img.data[i * 4 + 1] = v
    img.data[i * 4 + 2] = v
    img.data[i * 4 + 3] = 255
  }
  ctx.putImageData(img, 0, 0)
  const blob = await canvas.convertToBlob({ type: 'image/png' })
  return new Uint8Array(await blob.arrayBuffer())
}

function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s || 'project'
}

function readRecent(): RecentProject[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as RecentProject[]
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

function rememberRecent(ref: string, name: string): void {
  const list = readRecent().filter((r) => r.ref !== ref)
  list.unshift({ ref, name, openedAt: new Date().toISOString() })
  localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, 10)))
}

async function projectDir(ref: string): Promise<Dir> {
  const root = await projectsRoot()
  try {
    return await root.getDirectoryHandle(pathParts(ref, 'project', 'ref')[0])
  } catch {
    throw new Error(`There is no project '${ref}' in this browser's storage.`)
  }
}

async function openRef(ref: string): Promise<OpenedProject> {
  const dir = await projectDir(ref)
  const project = readProjectText(await readText(dir, PROJECT_FILE_NAME, PROJECT_FILE_NAME, 'file'))
  const rooms: RoomSummary[] = project.rooms.map((r) => ({ id: r.id, name: r.name }))
  rememberRecent(ref, project.name)
  return { ref, project, rooms }
}

function roomFolder(project: Project, roomId: string): string {
  const entry = project.rooms.find((r) => r.id === roomId)
  if (!entry) throw new Error(`${PROJECT_FILE_NAME}: there is no room '${roomId}'`)
  return entry.folder
}

async function copySampleInto(root: Dir): Promise<void> {
  const fetchBytes = async (path: string) => {
    const res = await fetch(SAMPLE_URL + path)
    if (!res.ok) throw new Error(`The sample project file '${path}' could not be fetched (${res.status}).`)
    return new Uint8Array(await res.arrayBuffer())
  }
  const projectText = new TextDecoder().decode(await fetchBytes(PROJECT_FILE_NAME))
  const project = readProjectText(projectText)
  const dir = await root.getDirectoryHandle(SAMPLE_REF, { create: true })
  for (const entry of project.rooms) {
    const roomText = new TextDecoder().decode(await fetchBytes(`${entry.folder}/${ROOM_FILE_NAME}`))
    const room = readRoomText(roomText)
    for (const file of [room.background, room.mask, room.scaling.map?.file]) {
      if (file) await writeFile(dir, `${entry.folder}/${file}`, await fetchBytes(`${entry.folder}/${file}`))
    }
    await writeFile(dir, `${entry.folder}/${ROOM_FILE_NAME}`, roomText)
  }
  // The project file last: a half-copied sample has no project file and is copied again.
  await writeFile(dir, PROJECT_FILE_NAME, projectText)
}

async function uniqueRef(root: Dir, name: string): Promise<string> {
  const base = slug(name)
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}-${i + 1}`
    try {
      await root.getDirectoryHandle(candidate)
    } catch {
      return candidate
    }
  }
}

async function listProjects(root: Dir): Promise<{ ref: string; name: string }[]> {
  const found: { ref: string; name: string }[] = []
  for await (const [name, handle] of root.entries()) {
    if (handle.kind !== 'directory') continue
    try {
      const p = readProjectText(await readText(handle as Dir, PROJECT_FILE_NAME, PROJECT_FILE_NAME, 'file'))
      found.push({ ref: name, name: p.name })
    } catch {
      // Not a project (or a damaged one): not offered.
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name))
}

async function copyDir(from: Dir, to: Dir): Promise<void> {
  for await (const [name, handle] of from.entries()) {
    if (handle.kind === 'directory') {
      await copyDir(handle as Dir, await to.getDirectoryHandle(name, { create: true }))
    } else {
      const data = await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer()
      const w = await (await to.getFileHandle(name, { create: true })).createWritable()
      await w.write(data)
      await w.close()
    }
  }
}

function pickImageFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/png,image/jpeg,image/webp'
    input.style.display = 'none'
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null)
      input.remove()
    })
    input.addEventListener('cancel', () => {
      resolve(null)
      input.remove()
    })
    document.body.appendChild(input)
    input.click()
  })
}

export function createBrowserHost(): WalkboxHost {
  const menuListeners = new Set<(id: string) => void>()
  const host: WalkboxHost = {
    kind: 'browser',
    async appInfo(): Promise<AppInfo> {
      return { name: 'Walkbox', version: APP_VERSION, host: 'browser', platform: navigator.userAgent }
    },
    async recentProjects() {
      return readRecent()
    },
    async openSampleProject() {
      const root = await projectsRoot()
      let present = false
      try {
        present = await exists(await root.getDirectoryHandle(SAMPLE_REF), PROJECT_FILE_NAME)
      } catch {
        present = false
      }
      if (!present) await copySampleInto(root)
      return openRef(SAMPLE_REF)
    },
    async createProject({ name }) {
      const root = await projectsRoot()
      const ref = await uniqueRef(root, name)
      const dir = await root.getDirectoryHandle(ref, { create: true })
      // An empty project: its rooms are made from their backgrounds in the editor.
      const project = emptyProject({ name, appVersion: APP_VERSION })
      await writeFile(dir, PROJECT_FILE_NAME, serialiseProject(project))
      return openRef(ref)
    },
    async openProject({ ref }) {
      if (ref) return openRef(ref)
      const root = await projectsRoot()
      const choice = await chooseFromList(
        'Open project',
        (await listProjects(root)).map((p) => ({ value: p.ref, label: p.name })),
      )
      return choice ? openRef(choice) : null
    },
    async saveProject({ ref, project }) {
      const dir = await projectDir(ref)
      const clean = parseProject({ ...project, appVersion: APP_VERSION })
      await writeFile(dir, PROJECT_FILE_NAME, serialiseProject(clean))
    },
    async saveProjectAs({ ref, project }) {
      const name = window.prompt('Save the project as', `${project.name} copy`)
      if (!name) return null
      const root = await projectsRoot()
      const newRef = await uniqueRef(root, name)
      const target = await root.getDirectoryHandle(newRef, { create: true })
      await copyDir(await projectDir(ref), target)
      await host.saveProject({ ref: newRef, project: { ...project, name } })
      return openRef(newRef)
    },
    async loadRoom({ ref, roomId }): Promise<LoadedRoom> {
      const dir = await projectDir(ref)
      const project = readProjectText(await readText(dir, PROJECT_FILE_NAME, PROJECT_FILE_NAME, 'file'))
      const folder = roomFolder(project, roomId)
      const roomFile = `${folder}/${ROOM_FILE_NAME}`
      const room = readRoomText(await readText(dir, roomFile, roomFile, 'file'), roomFile)
      const problems: LayerProblem[] = []
      /** One layer's image; an unreadable one is left out with its reason (the rest of the room opens). */
      const layer = async <T>(
        which: LayerProblem['layer'],
        file: string | undefined,
        field: string,
        use: (image: RgbaImage) => T,
      ) => {
        if (!file) return null
        try {
          return use(
            await decodeImage(
              await readBytes(dir, `${folder}/${file}`, roomFile, field),
              `${roomFile}: ${field} '${file}'`,
            ),
          )
        } catch (error) {
          problems.push({ layer: which, message: error instanceof Error ? error.message : String(error) })
          return null
        }
      }
      const background = await layer('background', room.background, 'background', (image) => image)
      const mask = await layer('mask', room.mask, 'mask', (image) =>
        maskFromImage(image, room, `${roomFile}: mask '${room.mask}'`),
      )
      const scaleMap = await layer('scaleMap', room.scaling.map?.file, 'scaling.map.file', (image) => {
        if (image.width !== room.size.width || image.height !== room.size.height)
          throw new Error(
            `${roomFile}: scaling.map.file '${room.scaling.map?.file}' is ${image.width}×${image.height} px; expected the room's size ${room.size.width}×${room.size.height}`,
          )
        return image
      })
      return { room, background, mask, scaleMap, problems }
    },
    async saveRoom({ ref, room, background, mask, scaleMap }) {
      const dir = await projectDir(ref)
      const project = readProjectText(await readText(dir, PROJECT_FILE_NAME, PROJECT_FILE_NAME, 'file'))
      const folder = roomFolder(project, room.id)
      const clean = parseRoom(room)
      // Images first, the room file last: a failure leaves the old room.json pointing at valid files.
      if (background && clean.background) await writeFile(dir, `${folder}/${clean.background}`, background)
      if (mask) {
        const maskFile = clean.mask ?? 'walkmask.png'
        if (mask.length !== clean.size.width * clean.size.height) {
          throw new Error(
            `the mask holds ${mask.length} px; expected ${clean.size.width}×${clean.size.height}`,
          )
        }
        await writeFile(
          dir,
          `${folder}/${maskFile}`,
          await encodeMaskPng(mask, clean.size.width, clean.size.height),
        )
        clean.mask = maskFile
      }
      if (scaleMap && clean.scaling.map) await writeFile(dir, `${folder}/${clean.scaling.map.file}`, scaleMap)
      await writeFile(dir, `${folder}/${ROOM_FILE_NAME}`, serialiseRoom(clean))
    },
    async importImage(): Promise<ImportedImage | null> {
      const file = await pickImageFile()
      if (!file) return null
      const bytes = new Uint8Array(await file.arrayBuffer())
      return { fileName: file.name, bytes, image: await decodeImage(bytes, file.name) }
    },
    onMenuAction(listener) {
      menuListeners.add(listener)
      return () => menuListeners.delete(listener)
    },
    onOpenRequest() {
      // The browser edition has no OS file associations or native menus.
      return () => undefined
    },
    onCloseRequest() {
      // A tab asks through 'beforeunload' (App.vue); there is no close request to hear.
      return () => undefined
    },
    async closeWindow() {
      // A page cannot close the tab the author opened; leaving it is the author's move.
    },
  }
  return host
}
