/**
 * Crash recovery: while a room has unsaved edits, a copy of it (room JSON and mask)
 * is written to a recovery slot every minute; a successful save clears the slot.
 * When the editor opens a room and finds a slot for it, it offers to restore it.
 * The slot lives in localStorage (both hosts are Chromium), so nothing on disk is
 * touched: a recovery copy can never damage the project files.
 *
 * Glossary
 * - slot: one recovery copy per project ref and room id (key RECOVERY_PREFIX + ref + room).
 * - run-length mask: the mask as [value, count] pairs, as text; walk masks are large
 *   flat regions, so this is small.
 *
 * Units: px for masks; ISO time for savedAt.
 */
import { parseRoom, type Room } from '../../shared/room/schema'

export const RECOVERY_PREFIX = 'walkbox.recovery:'
/** Autosave period while there are unsaved edits, ms. */
export const AUTOSAVE_INTERVAL_MS = 60_000

export interface RecoveryCopy {
  projectRef: string
  roomId: string
  savedAt: string
  room: Room
  mask: Uint8Array | null
}

/** Minimal storage the slots need (localStorage, or a Map-backed fake in tests). */
export interface SlotStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export function encodeRuns(mask: Uint8Array): string {
  const parts: string[] = []
  let i = 0
  while (i < mask.length) {
    const v = mask[i]
    let j = i + 1
    while (j < mask.length && mask[j] === v) j++
    parts.push(`${v.toString(36)}.${(j - i).toString(36)}`)
    i = j
  }
  return parts.join(',')
}

export function decodeRuns(text: string, length: number): Uint8Array {
  const out = new Uint8Array(length)
  let at = 0
  if (text === '') return out
  for (const part of text.split(',')) {
    const [v, n] = part.split('.').map((s) => parseInt(s, 36))
    if (!(v >= 0 && v <= 255 && n > 0) || at + n > length)
      throw new Error('The recovery copy of the mask is damaged.')
    out.fill(v, at, at + n)
    at += n
  }
  if (at !== length) throw new Error('The recovery copy of the mask has the wrong size.')
  return out
}

function key(projectRef: string, roomId: string): string {
  return `${RECOVERY_PREFIX}${projectRef}\u0000${roomId}`
}

/** Write the slot; false (and the reason) when storage refused it (quota). */
export function writeRecovery(
  storage: SlotStorage,
  copy: RecoveryCopy,
): { ok: true } | { ok: false; reason: string } {
  const text = JSON.stringify({
    projectRef: copy.projectRef,
    roomId: copy.roomId,
    savedAt: copy.savedAt,
    room: copy.room,
    mask: copy.mask ? encodeRuns(copy.mask) : null,
  })
  try {
    storage.setItem(key(copy.projectRef, copy.roomId), text)
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** The slot for a room, or null when there is none or it is unreadable (then it is dropped). */
export function readRecovery(storage: SlotStorage, projectRef: string, roomId: string): RecoveryCopy | null {
  const text = storage.getItem(key(projectRef, roomId))
  if (!text) return null
  try {
    const data = JSON.parse(text) as { savedAt: string; room: unknown; mask: string | null }
    const room = parseRoom(data.room, 'recovery copy')
    const mask = data.mask === null ? null : decodeRuns(data.mask, room.size.width * room.size.height)
    return { projectRef, roomId, savedAt: data.savedAt, room, mask }
  } catch {
    storage.removeItem(key(projectRef, roomId))
    return null
  }
}

export function clearRecovery(storage: SlotStorage, projectRef: string, roomId: string): void {
  storage.removeItem(key(projectRef, roomId))
}
