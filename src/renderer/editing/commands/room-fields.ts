/**
 * Room field commands: an edit of the room model, kept as the deltas of the top-level
 * fields it changed (json-delta.ts): what changed in each item, not copies of whole
 * fields, so that the undo history grows with the edit, not with the room. Every vector
 * edit (polygons, holes, vertices, gates, zones, nodes, scaling, areas, room settings) is
 * one of these, under a name that says what the author did.
 *
 * Glossary
 * - fields: top-level keys of the Room (e.g. 'polygons', 'gates'); an absent optional
 *   field is kept as undefined and removed again on undo.
 * - gesture: a key shared by the commands of one continuous gesture of the author (the
 *   steps of a drag sent as they happen, a held arrow key); consecutive commands of one
 *   gesture become one undo step (`merge`).
 * - write: a field is replaced by a new value (copy on write), so the views see the change.
 *
 * Units: whatever the fields hold (room px for geometry); bytes for `bytes`.
 */
import { toRaw } from 'vue'
import type { Room } from '../../../shared/room/schema'
import { kindsOfFields, type Changes, type Command } from './command'
import type { EditTarget } from './edit-target'
import { deltaBytes, diffJson, patchJson, type Delta } from './json-delta'

export { CompoundCommand } from './command'

export type RoomField = keyof Room

export class RoomFieldsCommand implements Command {
  private deltas: (readonly [RoomField, Delta])[]
  private fields: RoomField[]
  changes: Changes
  /** An estimate of the heap the command keeps (its deltas). */
  bytes: number

  /**
   * `change` is the new value of each field; what differs from the current values is kept
   * for undo and redo. `created` names what the edit made (a new polygon's id …); `gesture`
   * joins it with the command before it when that has the same gesture.
   */
  constructor(
    readonly label: string,
    private readonly target: EditTarget,
    change: Partial<Room>,
    readonly created?: string | number,
    readonly gesture?: string,
  ) {
    this.fields = Object.keys(change) as RoomField[]
    this.changes = { kinds: kindsOfFields(this.fields) }
    const room = toRaw(target.room)
    this.deltas = []
    for (const key of this.fields) {
      const d = diffJson(room[key], change[key])
      if (d) this.deltas.push([key, d])
    }
    this.bytes = this.measure()
  }

  private measure(): number {
    // The command itself (its label, changes and lists): about 600 B on V8.
    return this.deltas.reduce((n, [, d]) => n + 32 + deltaBytes(d), 600)
  }

  private write(direction: 'forward' | 'back'): void {
    const raw = toRaw(this.target.room) as unknown as Record<string, unknown>
    const room = this.target.room as unknown as Record<string, unknown>
    for (const [key, delta] of this.deltas) {
      const next = patchJson(raw[key], delta, direction)
      if (next === undefined) delete room[key]
      else room[key] = next
    }
  }

  apply(): void {
    this.write('forward')
  }

  invert(): void {
    this.write('back')
  }

  /**
   * Take in `next`, the command of the same gesture done just after this one (both are
   * applied): this command then goes from the state before itself to the state after
   * `next`. False when `next` is not a room field edit of the same gesture and target.
   */
  merge(next: Command): boolean {
    if (!(next instanceof RoomFieldsCommand) || !this.gesture || next.gesture !== this.gesture) return false
    if (next.target.room !== this.target.room) return false
    const room = toRaw(this.target.room) as unknown as Record<string, unknown>
    const fields = [...new Set([...this.fields, ...next.fields])]
    const deltas: (readonly [RoomField, Delta])[] = []
    for (const key of fields) {
      const now = room[key]
      // Walk back through `next`, then this command, to the value before both (copy on write).
      let before = now
      const mine = this.deltas.find(([k]) => k === key)?.[1]
      const theirs = next.deltas.find(([k]) => k === key)?.[1]
      if (theirs) before = patchJson(before, theirs, 'back')
      if (mine) before = patchJson(before, mine, 'back')
      const d = diffJson(before, now)
      if (d) deltas.push([key, d])
    }
    this.deltas = deltas
    this.fields = fields
    this.changes = { kinds: kindsOfFields(fields) }
    this.bytes = this.measure()
    return true
  }
}
