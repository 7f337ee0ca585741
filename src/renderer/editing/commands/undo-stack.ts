/**
 * An undo stack: the commands done and undone on one document (a room, or the project
 * itself), and which state matches the files on disk.
 *
 * Each room keeps its own stack, so that switching rooms keeps each room's history; the
 * project has one more for project-level edits (rooms, flags, characters). Entries carry
 * a sequence number from one clock shared by all stacks, so that Undo can take back the
 * most recent edit of the open room and the project together, in the order they were made.
 * The stacks of a project share one memory cap (`trimHistories`): past it, the oldest steps
 * of any of them are dropped.
 *
 * Glossary
 * - version: a number for each state of the document a stack can reach, from the shared
 *   clock: the state after an entry is that entry's version, the state before the oldest
 *   entry is the stack's base version. A merge gives the entry a new version.
 * - saved version: the version the files on disk hold; the stack is dirty whenever the
 *   current version differs (a saved state that can no longer be reached stays dirty).
 * - seq: when an entry was done (or redone), from the shared clock.
 * - gesture: see Command.gesture; a command of the same gesture as the newest entry is
 *   merged into it (one undo step) unless that entry is the saved state.
 *
 * Units: bytes for `bytes` (the commands' own estimates).
 */
import { commandBytes, type Command } from './command'

export interface StackEntry {
  readonly command: Command
  readonly seq: number
  readonly version: number
}

let clock = 0
/** The next number of the shared clock. */
export function nextSeq(): number {
  return ++clock
}

export class UndoStack {
  private doneEntries: StackEntry[] = []
  private undoneEntries: StackEntry[] = []
  private baseVersion = 0
  private savedVersion = 0
  private heldBytes = 0

  get done(): readonly StackEntry[] {
    return this.doneEntries
  }
  /** Undone entries, the most recently undone last. */
  get undone(): readonly StackEntry[] {
    return this.undoneEntries
  }
  /** The version of the current state. */
  get version(): number {
    return this.doneEntries.at(-1)?.version ?? this.baseVersion
  }
  get dirty(): boolean {
    return this.version !== this.savedVersion
  }
  /** What the commands done and undone keep, bytes. */
  get bytes(): number {
    return this.heldBytes
  }

  /**
   * Record a command that has just been applied; the redo list is dropped. A command of
   * the newest entry's gesture is merged into that entry (when it takes it). Returns the entry.
   */
  record(command: Command): StackEntry {
    this.dropRedo()
    const top = this.doneEntries.at(-1)
    if (
      top &&
      command.gesture !== undefined &&
      top.command.gesture === command.gesture &&
      top.version !== this.savedVersion
    ) {
      const was = commandBytes(top.command)
      if (top.command.merge?.(command)) {
        const merged = { command: top.command, seq: nextSeq(), version: nextSeq() }
        this.doneEntries[this.doneEntries.length - 1] = merged
        this.heldBytes += commandBytes(top.command) - was
        return merged
      }
    }
    const entry = { command, seq: nextSeq(), version: nextSeq() }
    this.doneEntries.push(entry)
    this.heldBytes += commandBytes(command)
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
    this.doneEntries.push({ command: entry.command, seq: nextSeq(), version: entry.version })
    return entry.command
  }

  /** Forget what could be redone (a new edit elsewhere in the project made it stale). */
  dropRedo(): void {
    for (const e of this.undoneEntries) this.heldBytes -= commandBytes(e.command)
    this.undoneEntries = []
  }

  /** Forget the oldest done entry (the state before it can no longer be reached); false when there is none. */
  dropOldest(): boolean {
    const entry = this.doneEntries.shift()
    if (!entry) return false
    this.baseVersion = entry.version
    this.heldBytes -= commandBytes(entry.command)
    return true
  }

  markSaved(): void {
    this.savedVersion = this.version
  }

  /** The files match the state of `version` (a save that began then). */
  markSavedAt(version: number): void {
    this.savedVersion = version
  }

  clear(): void {
    this.doneEntries = []
    this.undoneEntries = []
    this.baseVersion = 0
    this.savedVersion = 0
    this.heldBytes = 0
  }
}

/** The memory cap of one project's undo history (all its rooms' stacks and its own), bytes. */
export const HISTORY_CAP_BYTES = 64 * 1024 * 1024

/**
 * Keep the stacks of one project under `cap` bytes together: drop their oldest done steps
 * (oldest first across all stacks; redo lists first of all) until they fit or only the
 * newest step is left. Returns how many steps were dropped.
 */
export function trimHistories(stacks: Iterable<UndoStack>, cap = HISTORY_CAP_BYTES): number {
  const all = [...stacks]
  const total = () => all.reduce((n, s) => n + s.bytes, 0)
  let dropped = 0
  if (total() <= cap) return 0
  for (const s of all) {
    dropped += s.undone.length
    s.dropRedo()
  }
  while (total() > cap) {
    let oldest: UndoStack | null = null
    for (const s of all) {
      const first = s.done[0]
      if (first && (!oldest || first.seq < oldest.done[0].seq)) oldest = s
    }
    const steps = all.reduce((n, s) => n + s.done.length, 0)
    if (!oldest || steps <= 1) break
    oldest.dropOldest()
    dropped++
  }
  return dropped
}
