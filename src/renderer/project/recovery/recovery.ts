/**
 * Crash recovery: a copy of the unsaved work of the open project (the project file and
 * every room with unsaved edits: model, mask, new backgrounds and scale maps), written to
 * a slot shortly after every change (debounced) and removed once the work is saved or
 * discarded. Opening a project that has a copy offers to restore it as one undo step.
 *
 * Glossary
 * - copy: see slots.ts.
 * - restore: one project command that puts the copied project file back and, per room,
 *   its fields, mask, background and scale map; rooms made since the last save come back
 *   as new rooms, rooms deleted since leave again.
 *
 * Units: room px; ISO time.
 */
import type { Project, Room } from '../../../shared/room/schema'
import { ALL_ROOM_KINDS, CompoundCommand, HolderCommand, type Command } from '../../editing/commands/command'
import { cloneJson } from '../../editing/commands/edit-target'
import { ReplaceMaskCommand } from '../../editing/commands/mask-patch'
import { ProjectEditCommand, type ProjectTarget } from '../../editing/commands/project-commands'
import {
  createSession,
  sessionBackground,
  sessionDirty,
  sessionScaleMap,
  sessionTarget,
  type RoomSession,
} from '../../editing/stores/room-session'
import type { RecoveredRoom, RecoveryCopy } from './slots'

/** Debounce of recovery writes after the last change, ms. */
export const RECOVERY_DELAY_MS = 1500

/** A copy of the unsaved work: the project and every room with unsaved edits. */
export function recoveryCopy(
  projectRef: string,
  project: Project,
  sessions: Iterable<RoomSession>,
  now = new Date(),
): RecoveryCopy {
  const rooms: RecoveredRoom[] = []
  for (const s of sessions) {
    if (!sessionDirty(s)) continue
    rooms.push({
      room: cloneJson(s.room),
      mask: s.mask ? s.mask.slice() : null,
      fresh: s.fresh,
      background:
        s.backgroundFile && s.background
          ? { name: s.backgroundFile.name, bytes: s.backgroundFile.bytes, image: s.background }
          : null,
      scaleMap:
        s.scaleMapBytes && s.scaleMap
          ? { bytes: s.scaleMapBytes, image: s.scaleMap, sourceName: s.scaleMapSource }
          : null,
      backgroundFrames: s.backgroundFrameFiles
        ? { files: s.backgroundFrameFiles.map((f) => ({ ...f })), images: [...s.backgroundFrames] }
        : null,
    })
  }
  return { projectRef, savedAt: now.toISOString(), project: cloneJson(project), rooms }
}

/** Room ids the restore must open first (rooms of the copy that are on disk, and rooms to leave). */
export function roomsToOpen(copy: RecoveryCopy, current: Project): string[] {
  const kept = new Set(copy.project.rooms.map((r) => r.id))
  const ids = new Set<string>()
  for (const r of copy.rooms)
    if (!r.fresh && current.rooms.some((c) => c.id === r.room.id)) ids.add(r.room.id)
  for (const r of current.rooms) if (!kept.has(r.id)) ids.add(r.id)
  return [...ids]
}

/** One undo step that puts the copy back (rooms it names must be open: `roomsToOpen`). */
export function restoreCommand(target: ProjectTarget, copy: RecoveryCopy, changed: () => void): Command {
  const current = target.project
  const kept = new Set(copy.project.rooms.map((r) => r.id))
  const add: RoomSession[] = []
  const fields = new Map<string, Partial<Room>>()
  const parts: Command[] = []
  for (const r of copy.rooms) {
    const open = target.session(r.room.id)
    if (r.fresh || !open) {
      const made = createSession(
        {
          room: cloneJson(r.room),
          background: r.background?.image ?? null,
          backgroundFrames: r.backgroundFrames?.images ?? [],
          mask: r.mask,
          scaleMap: r.scaleMap?.image ?? null,
        },
        {
          fresh: true,
          backgroundFile: r.background ? { name: r.background.name, bytes: r.background.bytes } : null,
          backgroundFrameFiles: r.backgroundFrames?.files ?? null,
        },
      )
      if (r.scaleMap) {
        made.scaleMapBytes = r.scaleMap.bytes
        made.scaleMapSource = r.scaleMap.sourceName
      }
      if (open) {
        // The room is open already (made in this session too): replace it by the copy's.
        fields.set(r.room.id, roomFields(r.room))
        parts.push(...sessionParts(open, r, changed))
      } else add.push(made)
      continue
    }
    fields.set(r.room.id, roomFields(r.room))
    parts.push(...sessionParts(open, r, changed))
  }
  const remove = current.rooms.filter((r) => !kept.has(r.id) && target.session(r.id)).map((r) => r.id)
  const projectPart = new ProjectEditCommand(
    'Restore project',
    target,
    {
      project: {
        name: copy.project.name,
        rooms: copy.project.rooms,
        flags: copy.project.flags,
        characters: copy.project.characters,
      },
      rooms: fields,
      add,
      remove,
      show:
        target.shownRoomId() && kept.has(target.shownRoomId()!)
          ? undefined
          : (copy.project.rooms[0]?.id ?? null),
    },
    undefined,
    [...ALL_ROOM_KINDS],
  )
  return new CompoundCommand('Restore recovered work', [projectPart, ...parts], [...fields.keys()])
}

function roomFields(room: Room): Partial<Room> {
  const { formatVersion: _v, id: _id, ...rest } = cloneJson(room)
  void _v
  void _id
  // Optional fields absent in the copy must go from the open room too.
  return {
    background: undefined,
    mask: undefined,
    walkBehinds: undefined,
    hotspots: undefined,
    hotspotMask: undefined,
    ...rest,
  }
}

/** Mask, background and scale map of an open room set to the copy's. */
function sessionParts(session: RoomSession, r: RecoveredRoom, changed: () => void): Command[] {
  const target = sessionTarget(session, changed)
  const parts: Command[] = [
    new ReplaceMaskCommand('Restore mask', target, r.mask, r.room.mask ?? 'walkmask.png'),
  ]
  if (r.background) {
    const file = { name: r.background.name, bytes: r.background.bytes }
    parts.push(
      new HolderCommand(
        'Restore background',
        sessionBackground(session),
        { image: r.background.image, file },
        ['background'],
      ),
    )
  }
  if (r.scaleMap) {
    const { image, bytes, sourceName } = r.scaleMap
    parts.push(
      new HolderCommand('Restore scale map', sessionScaleMap(session), { image, bytes, sourceName }, [
        'scaling',
      ]),
    )
  }
  return parts
}
