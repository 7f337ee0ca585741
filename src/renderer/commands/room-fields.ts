/**
 * Room field commands: an edit of the room model kept as deep copies of the
 * top-level fields it changed, before and after. Every vector edit (polygons,
 * holes, vertices, gates, zones, nodes, scaling, areas, room settings) is one of
 * these, under a name that says what the author did.
 *
 * Glossary
 * - fields: top-level keys of the Room (e.g. 'polygons', 'gates'); an absent
 *   optional field is kept as undefined and removed again on undo.
 *
 * Units: whatever the fields hold (room px for geometry).
 */
import type { Room } from '../../shared/room/schema'
import { kindsOfFields, type Changes, type Command } from './command'
import { cloneJson, type EditTarget } from './edit-target'

export { CompoundCommand } from './command'

export type RoomField = keyof Room

export class RoomFieldsCommand implements Command {
  private readonly before: Partial<Room>
  private readonly after: Partial<Room>
  readonly changes: Changes

  /**
   * `change` is the new value of each field; the current values are remembered for undo.
   * `created` names what the edit made (a new polygon's id …).
   */
  constructor(
    readonly label: string,
    private readonly target: EditTarget,
    change: Partial<Room>,
    readonly created?: string | number,
  ) {
    this.changes = { kinds: kindsOfFields(Object.keys(change) as RoomField[]) }
    this.before = {}
    this.after = {}
    for (const key of Object.keys(change) as RoomField[]) {
      ;(this.before as Record<string, unknown>)[key] = cloneJson(target.room[key])
      ;(this.after as Record<string, unknown>)[key] = cloneJson(change[key])
    }
  }

  private write(values: Partial<Room>): void {
    const room = this.target.room as unknown as Record<string, unknown>
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete room[key]
      else room[key] = cloneJson(value)
    }
  }

  apply(): void {
    this.write(this.after)
  }

  invert(): void {
    this.write(this.before)
  }
}
