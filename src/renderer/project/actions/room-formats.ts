/**
 * The editor's side of engine formats (src/shared/formats/registry.ts): files the author
 * picks (a Godot project folder, a Tiled map with its images, AGS masks, a runtime room)
 * as an import source, the import added as a new room (one undo step, with the flags it
 * needs), and the open room exported as a .zip of the format's files.
 *
 * Glossary
 * - picked file: a File from a file or folder input, with its path inside what was picked
 *   ('game/rooms/house/room_house.tscn'; the picked folder's own name left out).
 * - candidates: the picked files an import can start from, with the format that reads each.
 *
 * Units: room px.
 */
import {
  formatForFile,
  roomFormat,
  ROOM_FORMATS,
  type ExportFile,
  type ExportInput,
  type ImportResult,
  type ImportSource,
  type RoomFormat,
} from '../../../shared/formats/registry'
import { encodeIndexedPng } from '../../../shared/codecs/indexed-png'
import { GAME_ENGINES } from '../../../shared/formats/engines'
import type { LayerMapping } from '../../../shared/formats/tiled/layer-kinds'
import { readImageHeader } from '../../../shared/room/image-header'
import { idFromName, uniqueName } from '../../../shared/room/names'
import { settleDefaultStart } from '../../../shared/analysis/goal-snap'
import { flagValues } from '../../../shared/analysis/room-world'
import { writeZip } from '../../../shared/room/zip'
import { addRoomCommand } from '../../editing/commands/project-commands'
import { backgroundFileName } from '../../editing/commands/background'
import { encodeRgbaPng } from '../../platform/host/png'
import { useDialogsStore } from '../../editing/stores/dialogs'
import { useEditorStore } from '../../editing/stores/editor'
import { useStatusStore } from '../../editing/stores/status'
import { createSession } from '../../editing/stores/room-session'

export interface PickedFile {
  path: string
  file: File
}

/** Files from an <input type="file"> (with or without webkitdirectory), paths without the picked folder's name. */
export function pickedFiles(list: FileList | readonly File[]): PickedFile[] {
  const files = Array.from(list)
  return files.map((file) => {
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name
    const parts = rel.split('/')
    return { path: parts.length > 1 ? parts.slice(1).join('/') : rel, file }
  })
}

/** The picked files an import can start from (by name): scenes, maps, AGS walkable masks, AGS rooms, runtime rooms. */
export function importCandidates(files: readonly PickedFile[]): { path: string; format: RoomFormat }[] {
  const out: { path: string; format: RoomFormat }[] = []
  for (const f of files) {
    const format = formatForFile(f.path)
    // Beyond its extension, a format may name its main file (an AGS walkable mask, an AGS 4 data.xml).
    if (!format || (format.mainFile && !format.mainFile(f.path))) continue
    out.push({ path: f.path, format })
  }
  return out.sort((a, b) => a.path.localeCompare(b.path))
}

export interface ImportCandidate {
  path: string
  format: RoomFormat
  /** A main file that is one of a game's rooms (an engine's `roomsAmong`: Godot's find-rooms.ts), listed first. */
  room?: boolean
}

/**
 * The candidates with a game's rooms first (each engine's `roomsAmong`: Popochiu room folders,
 * Escoria ESCRoom scenes, else scenes with a NavigationRegion2D), then the rest in path order.
 */
export async function rankedImportCandidates(files: readonly PickedFile[]): Promise<ImportCandidate[]> {
  const byName = new Map(files.map((f) => [f.path, f.file]))
  const all: ImportCandidate[] = []
  for (const c of importCandidates(files)) {
    // A file told by its content (a .json is a Tiled map only when it says so; a game keeps other JSON beside its maps).
    const probe = c.format.mainFileContent
    if (probe?.probes(c.path)) {
      const f = byName.get(c.path)
      if (!f || f.size > probe.maxBytes || !probe.test(await f.text())) continue
    }
    all.push(c)
  }
  const rooms = new Set<string>()
  for (const engine of GAME_ENGINES) {
    if (!engine.roomsAmong) continue
    const ids = new Set(engine.formats.map((f) => f.id))
    const paths = all.filter((c) => ids.has(c.format.id)).map((c) => c.path)
    if (paths.length === 0) continue
    const found = await engine.roomsAmong(paths, async (path, maxChars) => {
      const f = byName.get(path)
      return f && f.size <= maxChars ? f.text() : null
    })
    for (const p of found) rooms.add(p)
  }
  if (rooms.size === 0) return all
  return [
    ...all.filter((c) => rooms.has(c.path)).map((c) => ({ ...c, room: true })),
    ...all.filter((c) => !rooms.has(c.path)),
  ]
}

/** Picked files as an import source; images decoded by the host (same limits as backgrounds). */
export function pickedSource(files: readonly PickedFile[]): ImportSource {
  const editor = useEditorStore()
  const byPath = new Map(files.map((f) => [f.path.toLowerCase(), f.file]))
  const find = (path: string) => byPath.get(path.replace(/^\.\//, '').toLowerCase()) ?? null
  return {
    readText: async (path) => (await find(path)?.text()) ?? null,
    readBytes: async (path) => {
      const f = find(path)
      return f ? new Uint8Array(await f.arrayBuffer()) : null
    },
    decodeImage: async (bytes, name) => {
      const host = editor.host
      if (!host) throw new Error('No host to decode images.')
      const { image } = await host.decodeImage({
        fileName: name.slice(name.lastIndexOf('/') + 1) || 'image.png',
        bytes,
        purpose: 'mask',
      })
      return image
    },
    imageSize: (bytes) => {
      try {
        return readImageHeader(bytes, 'image')
      } catch {
        return null
      }
    },
    inflate: inflateCapped,
  }
}

/** zlib or gzip data decompressed by the browser, stopped as soon as it passes `maxBytes` (zstd: tile-data.ts). */
async function inflateCapped(
  data: Uint8Array,
  compression: 'zlib' | 'gzip',
  maxBytes: number,
): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream(compression === 'zlib' ? 'deflate' : 'gzip'))
  const reader = stream.getReader()
  const out = new Uint8Array(maxBytes)
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (length + value.length > maxBytes) {
      await reader.cancel()
      throw new Error(`inflates to more than the ${maxBytes} bytes the layer holds`)
    }
    out.set(value, length)
    length += value.length
  }
  return out.subarray(0, length)
}

export async function runImport(
  files: readonly PickedFile[],
  path: string,
  formatId: string,
  options: { layers?: LayerMapping } = {},
): Promise<ImportResult> {
  const format = roomFormat(formatId)
  if (!format.importRoom) throw new Error(`${format.label}: Walkbox does not read this format.`)
  return format.importRoom(pickedSource(files), path, options.layers ? { layers: options.layers } : {})
}

/** Adds an import's room to the open project (one undo step with the flags it needs) and shows it. */
export async function addImportedRoom(result: ImportResult, name?: string): Promise<boolean> {
  const editor = useEditorStore()
  const project = editor.project
  const host = editor.host
  if (!project || !host) {
    useStatusStore().report('error', 'Open or create a project first.')
    return false
  }
  const room = result.room
  // A name the author gave is kept; else the file's, made unique among the project's rooms
  // (three imports are not all "Room 1").
  room.name =
    name?.trim() ||
    uniqueName(
      room.name,
      project.rooms.map((r) => r.name),
    )
  room.id = idFromName(
    room.id,
    project.rooms.map((r) => r.id),
  )
  let background = null
  let backgroundFile = null
  if (result.background) {
    const decoded = await host.decodeImage({
      fileName: result.background.name,
      bytes: result.background.bytes,
      purpose: 'background',
    })
    background = decoded.image
    backgroundFile = {
      name: backgroundFileName(result.background.name, result.background.bytes),
      bytes: result.background.bytes,
    }
    room.background = backgroundFile.name
  }
  const backgroundFrames = []
  for (const f of result.backgroundFrames ?? []) {
    const decoded = await host.decodeImage({ fileName: f.name, bytes: f.bytes, purpose: 'background' })
    backgroundFrames.push(decoded.image)
  }
  const backgroundFrameFiles = result.backgroundFrames?.map((f) => ({ name: f.name, bytes: f.bytes })) ?? null
  const mask = result.mask ?? null
  let scaleMap = null
  if (result.scaleMap && room.scaling.map) {
    const decoded = await host.decodeImage({
      fileName: 'scalemap.png',
      bytes: result.scaleMap.bytes,
      purpose: 'scale-map',
    })
    const values = new Uint8Array(decoded.image.width * decoded.image.height)
    for (let i = 0; i < values.length; i++) values[i] = decoded.image.data[i * 4]
    scaleMap = { width: decoded.image.width, height: decoded.image.height, data: values }
  }
  const session = createSession(
    { room, background, backgroundFrames, mask, scaleMap },
    { fresh: true, backgroundFile, backgroundFrameFiles },
  )
  const newFlags = result.flags.filter((f) => !project.flags.some((g) => g.id === f.id))
  // A start the format did not give (the default) goes onto the walkable area.
  settleDefaultStart(room, mask, flagValues({ flags: [...project.flags, ...newFlags] }))
  return editor.edit(addRoomCommand(editor.projectTarget(), session, 'Import room', newFlags)) !== null
}

/** What the exporters get from the open room: its model, mask, scale map, background file and further frames (PNG). */
export async function exportInputOfOpenRoom(
  resDir?: string,
  options: { pngBackground?: boolean } = {},
): Promise<{ input: ExportInput; notes: string[] }> {
  const editor = useEditorStore()
  const room = editor.room
  if (!room) throw new Error('Open a room first.')
  const notes: string[] = []
  const session = editor.session
  let background: ExportInput['background'] = null
  if (session?.backgroundFile)
    background = { name: session.backgroundFile.name, bytes: session.backgroundFile.bytes }
  else if (editor.background) {
    background = { name: 'background.png', bytes: await encodeRgbaPng(editor.background) }
    if (room.background && room.background !== 'background.png')
      notes.push(`background: ${room.background} is written as background.png (PNG)`)
  }
  // AGS 4 reads PNG backgrounds only: a JPEG or WebP goes as its decoded pixels in a PNG.
  if (options.pngBackground && background && editor.background && !isPng(background.bytes)) {
    notes.push(`background: ${background.name} is written as a PNG (AGS 4 reads PNG backgrounds)`)
    background = { name: 'background.png', bytes: await encodeRgbaPng(editor.background) }
  }
  const roomForExport =
    background && room.background !== background.name ? { ...room, background: background.name } : room
  const scaleMap = editor.scaleMap
    ? { width: editor.scaleMap.width, height: editor.scaleMap.height, values: editor.scaleMap.data }
    : null
  // Frames 2..N as PNGs (AGS 4 writes them as background1.png..), up to the first unreadable one.
  const backgroundFrames: NonNullable<ExportInput['backgroundFrames']> = []
  for (const [i, frame] of (session?.backgroundFrames ?? []).entries()) {
    if (!frame) {
      notes.push(
        `background frame ${i + 2}: could not be read when the room opened; frames ${i + 2}.. are not exported`,
      )
      break
    }
    backgroundFrames.push({ name: `background${i + 1}.png`, bytes: await encodeRgbaPng(frame) })
  }
  return {
    input: {
      room: roomForExport,
      mask: editor.mask,
      background,
      ...(backgroundFrames.length > 0 ? { backgroundFrames } : {}),
      scaleMap,
      resDir,
      flags: editor.project?.flags ?? [],
    },
    notes,
  }
}

function isPng(bytes: Uint8Array): boolean {
  try {
    return readImageHeader(bytes, 'background').format === 'png'
  } catch {
    return false
  }
}

/** Deflate (zlib) in the page: CompressionStream('deflate'). */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export async function exportFileBytes(f: ExportFile): Promise<Uint8Array> {
  if ('text' in f) return new TextEncoder().encode(f.text)
  if ('bytes' in f) return f.bytes
  return encodeIndexedPng(f.indexed, deflate)
}

/** The export's files in one .zip, and its name. */
export async function exportZip(
  formatId: string,
  files: readonly ExportFile[],
  roomId: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const entries = await Promise.all(
    files.map(async (f) => ({ path: f.path, bytes: await exportFileBytes(f) })),
  )
  // Dated now: the files are made now (a zip says when its files were last changed).
  return { bytes: writeZip(entries, { modified: new Date() }), fileName: `${roomId}-${formatId}.zip` }
}

export const EXPORT_FORMATS = ROOM_FORMATS.filter((f) => f.exportRoom)
export const IMPORT_FORMATS = ROOM_FORMATS.filter((f) => f.importRoom)

/** File > Import Room…: the Import dialog, then the room it read added to the project. */
export async function importRoom(): Promise<void> {
  const editor = useEditorStore()
  if (!editor.project) {
    useStatusStore().report('error', 'Open or create a project first.')
    return
  }
  const answer = await useDialogsStore().ask('import-room', {})
  if (!answer) return
  try {
    if (await addImportedRoom(answer.result, answer.name)) {
      const notes = answer.result.notes
      const first = notes[0]
        ? `; note: ${notes[0]}${notes.length > 1 ? ` (and ${notes.length - 1} more)` : ''}`
        : ''
      useStatusStore().report('info', `Imported room ${answer.result.room.name}${first}`)
    }
  } catch (error) {
    useStatusStore().reportError(error)
  }
}

/** File > Export Room…: the Export dialog for the open room. */
export async function exportRoom(): Promise<void> {
  const editor = useEditorStore()
  const room = editor.room
  if (!room) return
  const done = await useDialogsStore().ask('export-room', { roomId: room.id, roomName: room.name })
  if (done) useStatusStore().report('info', `Exported room ${room.name}.`)
}
