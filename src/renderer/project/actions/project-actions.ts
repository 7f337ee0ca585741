/**
 * What the project-level actions do: new rooms from the artist's background (picked or
 * dropped) or blank, renaming, duplicating, deleting and reordering rooms, replacing a
 * room's background, and the flags and characters of the project. Each asks what it
 * needs through a dialog, then makes one command through the editor's edit path.
 *
 * Glossary
 * - dropped image: a file dragged onto the window; its bytes are decoded by the host
 *   like a picked file (same limits and messages).
 *
 * Units: room px.
 */
import type { ImportedImage } from '../../../shared/host'
import { emptyRoom, type Room } from '../../../shared/room/schema'
import { idFromName } from '../../../shared/room/names'
import { useDialogsStore } from '../../editing/stores/dialogs'
import { useEditorStore } from '../../editing/stores/editor'
import { useStatusStore } from '../../editing/stores/status'
import { createSession } from '../../editing/stores/room-session'
import {
  addCharacterCommand,
  addFlagCommand,
  addRoomCommand,
  deleteRoomCommand,
  moveRoomCommand,
  renameRoomCommand,
} from '../../editing/commands/project-commands'
import {
  backgroundFileName,
  outsideAfterResize,
  replaceBackgroundCommand,
} from '../../editing/commands/background'
import { encodeRgbaPng, resampleRgba } from '../../platform/host/png'
import { cloneJson } from '../../editing/commands/edit-target'

/** New room from a background the author picks (or has dropped), through the New Room dialog. */
export async function newRoomFromBackground(dropped?: {
  fileName: string
  bytes: Uint8Array
}): Promise<void> {
  await newRoom('background', dropped)
}

export async function newBlankRoom(): Promise<void> {
  await newRoom('blank')
}

async function newRoom(
  mode: 'background' | 'blank',
  dropped?: { fileName: string; bytes: Uint8Array },
): Promise<void> {
  const editor = useEditorStore()
  const dialogs = useDialogsStore()
  if (!editor.project) {
    useStatusStore().report('error', 'Open or create a project first.')
    return
  }
  const answer = await dialogs.ask('new-room', { mode, dropped })
  if (!answer) return
  const project = editor.project
  if (!project) return
  const id = idFromName(
    answer.name,
    project.rooms.map((r) => r.id),
  )
  const room: Room = emptyRoom({ id, name: answer.name.trim(), width: answer.width, height: answer.height })
  let background: ImportedImage['image'] | null = null
  let file: { name: string; bytes: Uint8Array } | null = null
  if (answer.background) {
    const picked = answer.background
    if (picked.image.width === answer.width && picked.image.height === answer.height) {
      background = picked.image
      file = { name: backgroundFileName(picked.fileName, picked.bytes), bytes: picked.bytes }
    } else {
      // The author chose another size: the art is redrawn at it and stored as a PNG.
      background = resampleRgba(picked.image, answer.width, answer.height, answer.resample)
      file = { name: 'background.png', bytes: await encodeRgbaPng(background) }
    }
    room.background = file.name
  }
  const session = createSession(
    { room, background, mask: null, scaleMap: null },
    { fresh: true, backgroundFile: file },
  )
  const done = editor.edit(addRoomCommand(editor.projectTarget(), session, 'New room'))
  if (done)
    useStatusStore().report(
      'info',
      `New room ${room.name} (${room.size.width}×${room.size.height})${answer.background ? ` from ${answer.background.fileName}` : ''}.`,
    )
}

/** Ask for a new name and rename the room (project list and room file). */
export async function renameRoom(roomId: string): Promise<void> {
  const editor = useEditorStore()
  const entry = editor.project?.rooms.find((r) => r.id === roomId)
  if (!entry) return
  const name = await useDialogsStore().ask('text', {
    title: 'Rename room',
    label: 'Room name',
    value: entry.name,
    confirm: 'Rename',
    check: (v) => (v.trim() ? null : 'A room needs a name.'),
  })
  if (name === null || name.trim() === entry.name) return
  await editor.editProject((t) => renameRoomCommand(t, roomId, name), [roomId])
}

/** A copy of a room (model, mask, scale map, background) under a new id, after the others. */
export async function duplicateRoom(roomId: string): Promise<void> {
  const editor = useEditorStore()
  const p = editor.project
  if (!p) return
  let source
  try {
    source = await editor.ensureSession(roomId)
  } catch (error) {
    useStatusStore().reportError(error)
    return
  }
  const name = `${source.room.name} copy`
  const id = idFromName(
    name,
    p.rooms.map((r) => r.id),
  )
  const room: Room = { ...cloneJson(source.room), id, name }
  let file = source.backgroundFile
  if (!file && source.background && room.background) {
    // The copy needs its own background file: the decoded art, as a PNG.
    file = { name: 'background.png', bytes: await encodeRgbaPng(source.background) }
    room.background = file.name
  }
  const session = createSession(
    {
      room,
      background: source.background,
      mask: source.mask ? source.mask.slice() : null,
      scaleMap: source.scaleMap,
    },
    { fresh: true, backgroundFile: file },
  )
  if (source.scaleMap && room.scaling.map) {
    session.scaleMapBytes = source.scaleMapBytes ?? new Uint8Array(0)
    session.scaleMapSource = source.scaleMapSource
  }
  editor.edit(addRoomCommand(editor.projectTarget(), session, 'Duplicate room'))
}

/** Delete a room after asking; undo brings it back. */
export async function deleteRoom(roomId: string): Promise<void> {
  const editor = useEditorStore()
  const entry = editor.project?.rooms.find((r) => r.id === roomId)
  if (!entry) return
  const sure = await useDialogsStore().ask('confirm', {
    title: 'Delete room',
    message: `Delete the room '${entry.name}'? Its folder is removed from the project when you save; Undo brings it back.`,
    confirm: 'Delete room',
    danger: true,
  })
  if (!sure) return
  await editor.editProject((t) => deleteRoomCommand(t, roomId), [roomId])
}

/** Move a room up (-1) or down (+1) in the list. */
export async function moveRoom(roomId: string, delta: number): Promise<void> {
  const editor = useEditorStore()
  const index = editor.project?.rooms.findIndex((r) => r.id === roomId) ?? -1
  if (index < 0) return
  await editor.editProject((t) => moveRoomCommand(t, roomId, index + delta))
}

/** Replace the open room's background by a picked (or dropped, already decoded) image. */
export async function replaceBackground(imported?: ImportedImage): Promise<void> {
  const editor = useEditorStore()
  const host = editor.host
  const room = editor.room
  if (!host || !room) return
  let picked = imported ?? null
  if (!picked) {
    try {
      picked = await host.importImage({ purpose: 'background' })
    } catch (error) {
      useStatusStore().report(
        'error',
        `Could not read the background: ${error instanceof Error ? error.message : String(error)}`,
      )
      return
    }
  }
  if (!picked) return
  const { width, height } = picked.image
  const frames = room.backgroundFrames?.length ?? 0
  if (frames > 0 && (width !== room.size.width || height !== room.size.height)) {
    useStatusStore().report(
      'error',
      `${picked.fileName} is ${width}×${height} px; this room's ${frames} further background frame(s) are ${room.size.width}×${room.size.height}, and every frame must be the room's size. Nothing changed.`,
    )
    return
  }
  if (width !== room.size.width || height !== room.size.height) {
    const outside = outsideAfterResize(room, width, height)
    const sure = await useDialogsStore().ask('confirm', {
      title: 'Replace background',
      message: `${picked.fileName} is ${width}×${height} px; the room is ${room.size.width}×${room.size.height}. The room takes the new size (the top-left corner stays put; the walk mask and scale map are cut or extended).`,
      details: outside.length
        ? outside.map((o) => `${o} would lie outside the new size`)
        : ['Every shape stays inside the new size.'],
      confirm: 'Replace and resize',
      // Shapes would be cut: the default keeps them.
      defaultButton: outside.length ? 'cancel' : 'confirm',
    })
    if (!sure) return
  }
  const file = { name: backgroundFileName(picked.fileName, picked.bytes), bytes: picked.bytes }
  const chosen = picked
  editor.editRoom((t) =>
    replaceBackgroundCommand(
      t,
      editor.backgroundHolder(),
      editor.scaleMapHolder(),
      chosen.image,
      file,
      chosen.fileName,
    ),
  )
}

/** Add a flag by name (its id made from the name, unique). */
export async function addFlag(): Promise<void> {
  const editor = useEditorStore()
  const name = await useDialogsStore().ask('text', {
    title: 'New flag',
    label: 'Flag name (e.g. Door open)',
    value: '',
    confirm: 'Add flag',
    check: (v) => (v.trim() ? null : 'A flag needs a name.'),
  })
  if (name === null) return
  await editor.editProject((t) => addFlagCommand(t, name))
}

export async function addCharacter(): Promise<void> {
  const editor = useEditorStore()
  const name = await useDialogsStore().ask('text', {
    title: 'New character',
    label: 'Character name',
    value: '',
    confirm: 'Add character',
    check: (v) => (v.trim() ? null : 'A character needs a name.'),
  })
  if (name === null) return
  await editor.editProject((t) => addCharacterCommand(t, name))
}
