/**
 * The editor's undo history and change events, kept apart from the rooms and the files:
 * one undo stack per room (held by its session) and one for the project, each undone on its
 * own: Undo takes back the open room's edits only (a room's Undo never deletes a room it
 * did not make), Undo Project Change the project's (rooms added, duplicated, deleted,
 * renamed; flags; characters), one memory cap for the whole history, and the change event
 * every edit, undo and redo sends.
 * The editor store makes one with `createEditHistory` and runs every edit through `edit`.
 *
 * Glossary
 * - stack: an UndoStack (editing/commands/undo-stack.ts); `seq` orders entries across stacks.
 * - change event: { roomId, kinds, rect? }, so that a view redraws only what changed.
 * - live change: a tool's feedback while it works (a brush stroke's dabs, before its command
 *   exists): it reaches the listeners and bumps `maskRevision` (the mask panels' counts), but
 *   not `revision`, so that nothing else recomputes per pointer move; the command that ends
 *   the gesture bumps both.
 */
import { computed, markRaw, ref } from 'vue'
import type { Rect } from '../../../shared/geometry/types'
import { ALL_ROOM_KINDS, type ChangeKind, type Command } from '../commands/command'
import { HISTORY_CAP_BYTES, trimHistories, UndoStack, type StackEntry } from '../commands/undo-stack'
import type { StatusKind } from './status'

export interface ChangeEvent {
  /** The room that changed; null for project-only changes. */
  roomId: string | null
  kinds: ReadonlySet<ChangeKind>
  /** Mask edits: the rectangle that changed (absent: the whole mask, if 'walk-mask' is in kinds). */
  rect?: Rect
  /** A tool's live feedback before its command (see "live change"). */
  live?: boolean
}
export type ChangeListener = (event: ChangeEvent) => void

export interface EditOptions {
  /** Do not put the command's label on the status line. */
  quiet?: boolean
  /** Hear why an edit was refused (it is on the status line too). */
  onRefused?: (message: string) => void
}

/** What the history needs from the editor: the open room's stack, every room's, and the status line. */
export interface EditHistoryHost {
  /** The open room's id and undo stack; null when no room is open. */
  openRoom(): { id: string; history: UndoStack } | null
  /** The undo stacks of every room with a session. */
  roomStacks(): UndoStack[]
  report(kind: StatusKind, text: string): void
}

export function createEditHistory(host: EditHistoryHost) {
  const projectHistory = markRaw(new UndoStack())
  /** The memory cap of the project's undo history (all rooms and the project), bytes. */
  const historyCapBytes = ref(HISTORY_CAP_BYTES)
  /** Bumped on every edit, undo and redo (anything a view may need to redraw). */
  const revision = ref(0)
  /** Bumped on every change of a mask's pixels, live ones included (the panels' pixel counts). */
  const maskRevision = ref(0)
  const listeners = new Set<ChangeListener>()

  /** Hear about every change (edits, undo, redo); returns an unsubscribe. */
  function onChange(listener: ChangeListener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  function emit(roomId: string | null, kinds: Iterable<ChangeKind>, rect?: Rect, live = false): void {
    const event: ChangeEvent = { roomId, kinds: new Set(kinds), rect, live: live || undefined }
    if (!live) revision.value++
    if (event.kinds.has('walk-mask') || event.kinds.has('walk-behinds')) maskRevision.value++
    for (const listener of listeners) listener(event)
  }
  function emitCommand(command: Command): void {
    const kinds = command.changes?.kinds ?? ALL_ROOM_KINDS
    emit(command.scope === 'project' ? null : (host.openRoom()?.id ?? null), kinds, command.changes?.rect)
  }
  function refuse(error: unknown, options: EditOptions): null {
    const message = error instanceof Error ? error.message : String(error)
    host.report('error', message)
    options.onRefused?.(message)
    return null
  }

  /**
   * Run an edit: `work` is a command or makes one (it may throw to refuse the edit with a
   * message). The command is applied, recorded and reported. Returns it (with `created`),
   * or null when nothing was done.
   */
  function edit(work: Command | (() => Command | null), options: EditOptions = {}): Command | null {
    let command: Command | null
    try {
      command = typeof work === 'function' ? work() : work
    } catch (error) {
      return refuse(error, options)
    }
    if (!command) return null
    const roomStack = host.openRoom()?.history
    const stack = command.scope === 'project' ? projectHistory : roomStack
    if (!stack) {
      host.report('error', 'Open a room first.')
      return null
    }
    try {
      command.apply()
    } catch (error) {
      return refuse(error, options)
    }
    stack.record(command)
    // One memory cap for the project's whole history; the oldest steps go first, and it says so.
    const dropped = trimHistories([projectHistory, ...host.roomStacks()], historyCapBytes.value)
    if (dropped > 0) {
      const steps = dropped === 1 ? 'step was' : `${dropped} steps were`
      host.report('info', `${command.label} (the undo history is full: its oldest ${steps} dropped)`)
    } else if (!options.quiet) host.report('info', command.label)
    emitCommand(command)
    return command
  }

  /** The open room's stack (Undo and Redo), or null without a room. */
  function roomStack(): UndoStack | null {
    return host.openRoom()?.history ?? null
  }

  const canUndo = computed(() => {
    void revision.value
    return (roomStack()?.done.length ?? 0) > 0
  })
  const canRedo = computed(() => {
    void revision.value
    return (roomStack()?.undone.length ?? 0) > 0
  })
  const canUndoProject = computed(() => {
    void revision.value
    return projectHistory.done.length > 0
  })
  const canRedoProject = computed(() => {
    void revision.value
    return projectHistory.undone.length > 0
  })
  /** What each of the four would take back or do again (the Edit menu names it), or null. */
  const stepLabels = computed(() => {
    void revision.value
    const room = roomStack()
    return {
      undo: room?.done.at(-1)?.command.label ?? null,
      redo: room?.undone.at(-1)?.command.label ?? null,
      undoProject: projectHistory.done.at(-1)?.command.label ?? null,
      redoProject: projectHistory.undone.at(-1)?.command.label ?? null,
    }
  })

  function step(stack: UndoStack | null, way: 'undo' | 'redo', what: string): Command | null {
    const command = stack ? (way === 'undo' ? stack.undo() : stack.redo()) : null
    if (command) {
      host.report('info', `${way === 'undo' ? 'Undid' : 'Redid'} ${what}${command.label}`)
      emitCommand(command)
    }
    return command
  }
  /**
   * The project change that replaced the open room's content after its step `entry` was done
   * (see Command.rewritesRooms), while that change stands; null when there is none.
   */
  function replacedSince(entry: StackEntry | undefined): Command | null {
    const id = host.openRoom()?.id
    if (!entry || !id) return null
    const later = projectHistory.done.filter(
      (e) => e.seq > entry.seq && e.command.rewritesRooms?.includes(id),
    )
    return later.at(-1)?.command ?? null
  }
  function roomStep(way: 'undo' | 'redo'): Command | null {
    const stack = roomStack()
    const entry = way === 'undo' ? stack?.done.at(-1) : stack?.undone.at(-1)
    const blocker = replacedSince(entry)
    if (blocker) {
      host.report(
        'error',
        `Cannot ${way} ${entry!.command.label}: ${blocker.label} replaced this room after it; Undo Project Change first.`,
      )
      return null
    }
    return step(stack, way, '')
  }
  /** Take back the open room's last edit (never a project change: see Undo Project Change). */
  const undo = (): Command | null => roomStep('undo')
  const redo = (): Command | null => roomStep('redo')
  /** Take back the project's last change (a room added, duplicated or deleted; a flag; a character). */
  const undoProject = (): Command | null => step(projectHistory, 'undo', 'project change: ')
  const redoProject = (): Command | null => step(projectHistory, 'redo', 'project change: ')

  /** The history the panel shows: the open room's steps, and apart from them the project's. */
  const historyEntries = computed(() => {
    void revision.value
    const room = roomStack()
    return {
      done: (room?.done ?? []).map((e) => e.command),
      // The most recently undone last (as the stack keeps them).
      undone: (room?.undone ?? []).map((e) => e.command),
    }
  })
  const projectEntries = computed(() => {
    void revision.value
    return {
      done: projectHistory.done.map((e) => e.command),
      undone: projectHistory.undone.map((e) => e.command),
    }
  })

  return {
    projectHistory,
    historyCapBytes,
    revision,
    maskRevision,
    onChange,
    emit,
    edit,
    undo,
    redo,
    undoProject,
    redoProject,
    canUndoProject,
    canRedoProject,
    stepLabels,
    projectEntries,
    canUndo,
    canRedo,
    historyEntries,
  }
}
