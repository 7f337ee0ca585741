/**
 * The command contract: every edit is a named, invertible command that says what it
 * changes. The editor store runs it (`editor.edit`), records it in the right undo
 * history, reports it, and tells the views which layers to redraw.
 *
 * Glossary
 * - change kind: what part of the project a command touches, so that the views redraw
 *   only that: one of the room's drawn layers, 'room' (name, size, settings that no
 *   layer draws), or 'project' (rooms list, flags, characters).
 * - dirty rect: the part of the mask a mask edit touched, mask px (= room px).
 * - created: the id of what the command made (a polygon, a gate, a room …), so that
 *   callers never guess it from the end of a list.
 * - scope: 'room' commands edit the open room and go into its own history; 'project'
 *   commands edit the project (and maybe several rooms) and go into the project history.
 *
 * Units: room px.
 */
import type { Rect } from '../../../shared/geometry/types'
import type { Room } from '../../../shared/room/schema'

export type ChangeKind =
  | 'background'
  | 'walk-mask'
  | 'walk-behinds'
  | 'walk-polygons'
  | 'gates'
  | 'zones'
  | 'hotspots'
  | 'points'
  | 'node-graph'
  | 'scaling'
  | 'room'
  | 'project'

export interface Changes {
  readonly kinds: readonly ChangeKind[]
  /** Mask edits: the rectangle they touched; absent = the whole mask (or no mask change). */
  readonly rect?: Rect
}

export interface Command {
  /** Shown in the history list and the status line ("Paint area 2"). */
  readonly label: string
  apply(): void
  invert(): void
  /** What the command changes; absent = everything of the room (views redraw all). */
  readonly changes?: Changes
  /** Id of the thing the command created, if any. */
  readonly created?: string | number
  /** 'project' for project-level edits (rooms, flags, characters); default 'room'. */
  readonly scope?: 'room' | 'project'
  /** An estimate of the heap the command keeps for undo and redo, bytes; absent: UNKNOWN_COMMAND_BYTES. */
  readonly bytes?: number
  /** Shared by the commands of one continuous gesture (a drag sent step by step); see `merge`. */
  readonly gesture?: string
  /**
   * A project change that replaces whole rooms' content (Restore recovered work): those rooms'
   * own steps from before it are not undone or redone past it (Undo Project Change first).
   */
  readonly rewritesRooms?: readonly string[]
  /**
   * Take in `next`, the command of the same gesture done right after this one (both applied),
   * so that the two are one undo step; true when it did, false to keep them apart.
   */
  merge?(next: Command): boolean
}

/** What the history counts for a command that does not say its size (bytes). */
export const UNKNOWN_COMMAND_BYTES = 1024

/** The heap a command keeps, bytes (its own estimate, or UNKNOWN_COMMAND_BYTES). */
export function commandBytes(command: Command): number {
  return command.bytes ?? UNKNOWN_COMMAND_BYTES
}

/** The heap a held state keeps: its typed arrays and decoded images (an object with `data`), bytes. */
export function heldBytes(state: object): number {
  let n = 64
  for (const value of Object.values(state)) {
    if (ArrayBuffer.isView(value)) n += value.byteLength
    else if (value && typeof value === 'object' && ArrayBuffer.isView((value as { data?: unknown }).data))
      n += (value as { data: ArrayBufferView }).data.byteLength
    else if (typeof value === 'string') n += value.length
  }
  return n
}

/** Every drawn kind: what a command without `changes` is taken to touch. */
export const ALL_ROOM_KINDS: readonly ChangeKind[] = [
  'background',
  'walk-mask',
  'walk-behinds',
  'walk-polygons',
  'gates',
  'zones',
  'hotspots',
  'points',
  'node-graph',
  'scaling',
  'room',
]

/** Which kinds an edit of these top-level room fields touches. */
export function kindsOfFields(fields: Iterable<keyof Room>): ChangeKind[] {
  const kinds = new Set<ChangeKind>()
  for (const field of fields) {
    switch (field) {
      case 'polygons':
        kinds.add('walk-polygons')
        break
      case 'gates':
        kinds.add('gates')
        break
      case 'zones':
        kinds.add('zones')
        break
      case 'nodeGraph':
        kinds.add('node-graph')
        break
      case 'scaling':
        kinds.add('scaling')
        break
      case 'areas':
        // Area colours tint the mask; enabled areas change gates, zones and polygons drawn by area.
        kinds.add('walk-mask').add('walk-polygons').add('gates').add('zones').add('room')
        break
      case 'mask':
        kinds.add('walk-mask')
        break
      case 'walkBehinds':
        kinds.add('walk-behinds')
        break
      case 'hotspots':
      case 'hotspotMask':
        kinds.add('hotspots')
        break
      case 'points':
        kinds.add('points')
        break
      case 'authoritative':
        kinds.add('walk-mask').add('walk-polygons').add('room')
        break
      case 'background':
        kinds.add('background').add('room')
        break
      case 'size':
        for (const k of ALL_ROOM_KINDS) kinds.add(k)
        break
      default:
        kinds.add('room')
    }
  }
  return [...kinds]
}

/** Something that holds a piece of editor state beside the room model (a decoded image and its pending file). */
export interface StateHolder<T> {
  get(): T
  set(state: T): void
}

/** Put a new state into a holder; undo puts the one it held back. */
export class HolderCommand<T extends object> implements Command {
  private readonly before: T
  readonly changes: Changes
  constructor(
    readonly label: string,
    private readonly holder: StateHolder<T>,
    private readonly after: T,
    kinds: readonly ChangeKind[],
  ) {
    this.before = { ...holder.get() }
    this.changes = { kinds }
  }
  get bytes(): number {
    return heldBytes(this.before) + heldBytes(this.after)
  }
  apply(): void {
    this.holder.set({ ...this.after })
  }
  invert(): void {
    this.holder.set({ ...this.before })
  }
}

/** A command that runs several commands as one undo step (undone in reverse order). */
export class CompoundCommand implements Command {
  readonly changes: Changes
  readonly created?: string | number
  readonly scope: 'room' | 'project'
  constructor(
    readonly label: string,
    private readonly parts: readonly Command[],
    readonly rewritesRooms?: readonly string[],
  ) {
    const kinds = new Set<ChangeKind>()
    let whole = false
    for (const part of parts) {
      for (const k of part.changes?.kinds ?? ALL_ROOM_KINDS) kinds.add(k)
      if (!part.changes || (part.changes.kinds.includes('walk-mask') && !part.changes.rect)) whole = true
    }
    const rects = parts.map((p) => p.changes?.rect).filter((r): r is Rect => !!r)
    this.changes = { kinds: [...kinds], rect: whole || rects.length === 0 ? undefined : unionRects(rects) }
    this.created = parts.find((p) => p.created !== undefined)?.created
    this.scope = parts.some((p) => p.scope === 'project') ? 'project' : 'room'
  }
  get bytes(): number {
    return this.parts.reduce((n, p) => n + commandBytes(p), 64)
  }
  apply(): void {
    for (const part of this.parts) part.apply()
  }
  invert(): void {
    for (const part of [...this.parts].reverse()) part.invert()
  }
}

function unionRects(rects: Rect[]): Rect {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const r of rects) {
    x0 = Math.min(x0, r.x)
    y0 = Math.min(y0, r.y)
    x1 = Math.max(x1, r.x + r.width)
    y1 = Math.max(y1, r.y + r.height)
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}
