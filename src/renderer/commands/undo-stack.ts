/**
 * An undo stack: the commands done and undone on one document (a room, or the project
 * itself), and the position that matches the files on disk.
 *
 * Each room keeps its own stack, so that switching rooms keeps each room's history; the
 * project has one more for project-level edits (rooms, flags, characters). Entries carry
 * a sequence number from one clock shared by all stacks, so that Undo can take back the
 * most recent edit of the open room and the project together, in the order they were made.
 *
 * Glossary
 * - saved index: the number of done commands when the document was last saved or loaded;
 *   the stack is dirty whenever it differs (-1: the saved state cannot be reached again).
 * - seq: when an entry was done (or redone), from the shared clock.
 */
import type { Command } from './command'

export interface StackEntry {
  readonly command: Command
  readonly seq: number
}

let clock = 0
/** The next number of the shared clock. */
export function nextSeq(): number {
  return ++clock
}

export class UndoStack {
  private doneEntries: StackEntry[] = []
  private undoneEntries: StackEntry[] = []
  private savedAt = 0

  get done(): readonly StackEntry[] {
    return this.doneEntries
  }
  /** Undone entries, the most recently undone last. */
  get undone(): readonly StackEntry[] {
    return this.undoneEntries
  }
  get dirty(): boolean {
    return this.doneEntries.length !== this.savedAt
  }

  /** Record a command that has just been applied; the redo list is dropped. */
  record(command: Command): StackEntry {
    const entry = { command, seq: nextSeq() }
    this.doneEntries.push(entry)
    this.undoneEntries = []
    // Redo of the saved state is no longer possible: the file can only match if it was behind us.
    if (this.savedAt > this.doneEntries.length - 1) this.savedAt = -1
    return entry
  }

  /** Undo the last done command; null when there is none. */
  undo(): Command | null {
    const entry = this.doneEntries.pop()
    if (!entry) return null
    entry.command.invert()
    this.undoneEntries.push(entry)
    return entry.command
  }

  /** Redo the last undone command; null when there is none. */
  redo(): Command | null {
    const entry = this.undoneEntries.pop()
    if (!entry) return null
    entry.command.apply()
    this.doneEntries.push({ command: entry.command, seq: nextSeq() })
    return entry.command
  }

  /** Forget what could be redone (a new edit elsewhere in the project made it stale). */
  dropRedo(): void {
    this.undoneEntries = []
    if (this.savedAt > this.doneEntries.length) this.savedAt = -1
  }

  markSaved(): void {
    this.savedAt = this.doneEntries.length
  }

  /** The files match the state after `count` done commands (a save that began then). */
  markSavedAt(count: number): void {
    this.savedAt = count <= this.doneEntries.length ? count : -1
  }

  clear(): void {
    this.doneEntries = []
    this.undoneEntries = []
    this.savedAt = 0
  }
}
