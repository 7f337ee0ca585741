/**
 * Editor store: the open project, a session for every room opened in it (model, images,
 * own undo history), which room is on screen, and the entry points every edit takes. The
 * rest is split by responsibility: the undo history and change events in
 * editing/stores/edit-history.ts, opening/saving and the unsaved-work prompt in
 * project/stores/project-io.ts, the status line in editing/stores/status.ts. This store keeps thin facades
 * for the history and the status line (`edit`, `undo`, `report`…); opening and saving are
 * called on the project-io store itself, which imports this one (never the reverse: no
 * import circle). The host does all file work; this store never touches files.
 *
 * Glossary
 * - host: the WalkboxHost (Electron or browser) this editor runs in.
 * - session: a room as the editor holds it (editing/stores/room-session.ts).
 * - edit: `edit(command)` runs a command, records it in the open room's history (or the
 *   project's, for project-level commands), reports it on the status line and tells the
 *   views what changed. Undo takes back the latest edit of the open room and the project
 *   together, in the order they were made.
 * - change event: { roomId, kinds, rect? } after every edit, undo and redo, so that a view
 *   redraws only the layers (and the mask rectangle) that changed.
 */
import { defineStore, storeToRefs } from 'pinia'
import { computed, ref, shallowReactive, shallowRef } from 'vue'
import type { GameFolderInfo, OpenedProject, ProjectRef } from '../../../shared/host'
import type { WalkboxHost } from '../../../shared/host-methods'
import type { Project, Room } from '../../../shared/room/schema'
import type { Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import type { ScaleMapHolder } from '../commands/scale-map'
import type { ProjectTarget } from '../commands/project-commands'
import { createEditHistory, type EditOptions } from './edit-history'
import { useStatusStore } from './status'
import {
  createSession,
  sessionBackground,
  sessionDirty,
  sessionScaleMap,
  sessionTarget,
  walkBehindTarget,
  type LayerProblem,
  type RoomSession,
} from './room-session'

export { engineName, type StatusKind } from './status'

export type { ChangeEvent, ChangeListener, EditOptions } from './edit-history'

/** A room of the project as the room list shows it. */
export interface RoomListing {
  id: string
  name: string
  /** Has unsaved edits (false for rooms never opened). */
  dirty: boolean
  /** Opened in this editor (has a session). */
  open: boolean
  size: { width: number; height: number } | null
  problems: number
}

export const useEditorStore = defineStore('editor', () => {
  const host = shallowRef<WalkboxHost | null>(null)
  const projectRef = ref<ProjectRef | null>(null)
  const project = ref<Project | null>(null)
  const sessions = shallowReactive(new Map<string, RoomSession>())
  const activeRoomId = ref<string | null>(null)
  // The status line lives in editing/stores/status.ts; the editor reports there.
  const statusStore = useStatusStore()
  const { status, busy } = storeToRefs(statusStore)
  const { report, reportError, guarded } = statusStore
  /** The game the open project belongs to (a game folder opened in place), else null. */
  const game = ref<GameFolderInfo | null>(null)
  /** Bumped when the room on screen is replaced wholesale (open, switch, load). */
  const roomRevision = ref(0)
  /** Bumped whenever a project is opened (even the same one again). */
  const projectOpened = ref(0)
  // The undo history and change events live in editing/stores/edit-history.ts; every edit runs there.
  const history = createEditHistory({
    openRoom: () => session.value,
    roomStacks: () => [...sessions.values()].map((s) => s.history),
    report,
  })
  const { projectHistory, historyCapBytes, revision, maskRevision, canUndo, canRedo, historyEntries } =
    history
  const { onChange, emit, edit, undo, redo, undoProject, redoProject } = history
  const { canUndoProject, canRedoProject, stepLabels, projectEntries } = history

  const session = computed<RoomSession | null>(() =>
    activeRoomId.value ? (sessions.get(activeRoomId.value) ?? null) : null,
  )
  const room = computed<Room | null>(() => session.value?.room ?? null)
  const background = computed(() => session.value?.background ?? null)
  /** How many backgrounds the open room has (1 + its frames; 0 without a room). */
  const backgroundCount = computed(() => (session.value ? 1 + session.value.backgroundFrames.length : 0))
  /** The background shown in Edit and Compare: 0 = the room's, i = frame i + 1 (View › Next Background Frame). */
  const backgroundFrame = computed(() => Math.min(session.value?.frame ?? 0, backgroundCount.value - 1))
  /** The image of the background shown (null when that frame could not be read, or none). */
  const shownBackground = computed(() => {
    const s = session.value
    if (!s) return null
    return backgroundFrame.value > 0 ? (s.backgroundFrames[backgroundFrame.value - 1] ?? null) : s.background
  })
  /** Show background `index` of the open room (a view setting: no undo step, not saved). */
  function showBackgroundFrame(index: number): void {
    const s = session.value
    if (!s) return
    s.frame = Math.max(0, Math.min(Math.trunc(index), s.backgroundFrames.length))
  }
  const mask = computed(() => session.value?.mask ?? null)
  const scaleMap = computed(() => session.value?.scaleMap ?? null)
  const scaleMapBytes = computed(() => session.value?.scaleMapBytes ?? null)
  const scaleMapSource = computed(() => session.value?.scaleMapSource ?? null)
  const problems = computed<LayerProblem[]>(() => session.value?.problems ?? [])
  /** What the open room names that the project lacks, as it was loaded (the host's one-line warnings). */
  const roomWarnings = computed<string[]>(() => session.value?.warnings ?? [])
  /**
   * Why the open room of a game came without a background, one line (GameFolderInfo's
   * noBackground), or null: it has one now, or it is no game's room.
   */
  const roomNoBackground = computed<string | null>(() => {
    const r = room.value
    if (!r || r.background || !game.value) return null
    return game.value.noBackground?.[r.id] ?? null
  })
  /** The author has read the open room's load warnings: they are not shown for it again. */
  function dismissRoomWarnings(): void {
    if (session.value) session.value.warnings = []
  }

  const dirtyRooms = computed<string[]>(() => {
    void revision.value
    return [...sessions.values()].filter(sessionDirty).map((s) => s.id)
  })
  const projectDirty = computed(() => {
    void revision.value
    return projectHistory.dirty
  })
  const dirty = computed(() => projectDirty.value || dirtyRooms.value.length > 0)
  const title = computed(() => {
    const name = project.value?.name ?? 'Walkbox'
    const roomName = room.value ? ` — ${room.value.name}` : ''
    return `${dirty.value ? '• ' : ''}${name}${roomName}`
  })
  const rooms = computed<RoomListing[]>(() => {
    void revision.value
    return (project.value?.rooms ?? []).map((r) => {
      const s = sessions.get(r.id)
      return {
        id: r.id,
        name: r.name,
        dirty: s ? sessionDirty(s) : false,
        open: !!s,
        size: s ? { ...s.room.size } : null,
        problems: s?.problems.length ?? 0,
      }
    })
  })

  /** What commands edit: the open room and its mask. Null when no room is open. */
  function editTarget(): EditTarget | null {
    const s = session.value
    if (!s) return null
    return sessionTarget(s, (rect, live) => emit(s.id, ['walk-mask'], rect ?? undefined, live))
  }

  /** The open room's walk-behind layer as a mask-tool target; null when it has no walk-behind area. */
  function walkBehindEditTarget(): EditTarget | null {
    const s = session.value
    if (!s) return null
    return walkBehindTarget(s, (rect, live) => emit(s.id, ['walk-behinds'], rect ?? undefined, live))
  }

  /**
   * Run an edit of the open room: `make` builds the command from the room's edit target
   * (and may throw to refuse it with a message). See `edit`.
   */
  function editRoom(make: (target: EditTarget) => Command | null, options: EditOptions = {}): Command | null {
    const target = editTarget()
    if (!target) {
      report('error', 'Open a room first.')
      return null
    }
    return edit(() => make(target), options)
  }

  /** Where scale-map commands read and write the open room's decoded map and its pending bytes. */
  function scaleMapHolder(): ScaleMapHolder {
    const s = session.value
    if (!s) throw new Error('Open a room first.')
    return sessionScaleMap(s)
  }

  /** Where background commands read and write the open room's decoded art and its pending file. */
  function backgroundHolder(): ReturnType<typeof sessionBackground> {
    const s = session.value
    if (!s) throw new Error('Open a room first.')
    return sessionBackground(s)
  }

  // --- host work ---------------------------------------------------------------------

  function requireHost(): WalkboxHost {
    if (!host.value) throw new Error('The editor has no host yet.')
    return host.value
  }

  /** Close the open project (no questions: callers ask first). */
  function closeProject(): void {
    sessions.clear()
    projectHistory.clear()
    activeRoomId.value = null
    project.value = null
    projectRef.value = null
    game.value = null
    roomRevision.value++
    revision.value++
  }

  async function adoptProject(opened: OpenedProject | null): Promise<boolean> {
    if (!opened) return false
    closeProject()
    projectRef.value = opened.ref
    project.value = opened.project
    game.value = opened.game ?? null
    projectOpened.value++
    const first = opened.project.rooms[0]
    if (first) await switchRoom(first.id)
    else report('info', `Opened ${opened.project.name} (no rooms yet).`)
    // What opening set aside (a save journal that was not safe to run) is said, not hidden.
    if (opened.warnings?.length) report('error', `Opened ${opened.project.name}, but ${opened.warnings[0]}`)
    return true
  }

  /** A session for a room of the project, loading it from the host when not open yet. */
  async function ensureSession(roomId: string): Promise<RoomSession> {
    const open = sessions.get(roomId)
    if (open) return open
    const ref_ = projectRef.value
    if (!ref_) throw new Error('No project is open.')
    const loaded = await requireHost().loadRoom({ ref: ref_, roomId })
    // The project may have been closed or the room opened meanwhile.
    const again = sessions.get(roomId)
    if (again) return again
    if (projectRef.value !== ref_) throw new Error('The project was closed while the room was loading.')
    const made = createSession(loaded)
    sessions.set(roomId, made)
    revision.value++
    return made
  }

  /** Put a room on screen; its session (edits, history, view) is kept when leaving it. */
  async function switchRoom(roomId: string): Promise<boolean> {
    if (activeRoomId.value === roomId && session.value) return true
    const ok = await guarded('Could not open the room', async () => {
      const s = await ensureSession(roomId)
      leaveRoom(roomId)
      activeRoomId.value = roomId
      roomRevision.value++
      const problemText = s.problems.length ? ` — ${s.problems.map((p) => p.message).join('; ')}` : ''
      const n = s.warnings.length
      const warningText = n
        ? ` — ${n} warning${n === 1 ? '' : 's'}: ${s.warnings[0]}${n > 1 ? ' …' : ''}`
        : ''
      report(
        s.problems.length || n ? 'error' : 'info',
        `Opened room ${s.room.name} (${s.room.size.width}×${s.room.size.height})${problemText}${warningText}.`,
      )
      return true
    })
    return ok === true
  }

  /** Add a session made in the editor (a new room); project commands use it. */
  function putSession(s: RoomSession): void {
    sessions.set(s.id, s)
    revision.value++
  }
  function dropSession(roomId: string): void {
    sessions.delete(roomId)
    if (activeRoomId.value === roomId) {
      activeRoomId.value = null
      roomRevision.value++
    }
    revision.value++
  }
  /** Put a room on screen that has a session already (no host work). */
  /** Before another room goes on screen: the room left stops showing its load warnings (said once). */
  function leaveRoom(next: string | null): void {
    const left = activeRoomId.value
    if (left !== null && left !== next) {
      const s = sessions.get(left)
      if (s && s.warnings.length) s.warnings = []
    }
  }

  function showSession(roomId: string | null): void {
    if (roomId !== null && !sessions.has(roomId)) return
    leaveRoom(roomId)
    activeRoomId.value = roomId
    roomRevision.value++
  }

  /** What project commands edit: the project model and the room sessions. */
  function projectTarget(): ProjectTarget {
    const p = project.value
    if (!p) throw new Error('No project is open.')
    return {
      project: p,
      session: (id) => sessions.get(id),
      sessions: () => sessions.values(),
      putSession,
      dropSession,
      show: showSession,
      shownRoomId: () => activeRoomId.value,
    }
  }

  /**
   * Run a project-level edit. The rooms it reaches into (`needs`: ids, or 'all') are
   * opened first, so that the command can change them and undo can bring them back.
   */
  async function editProject(
    make: (target: ProjectTarget) => Command | null,
    needs: readonly string[] | 'all' = [],
    options: EditOptions = {},
  ): Promise<Command | null> {
    const p = project.value
    if (!p) {
      report('error', 'Open a project first.')
      return null
    }
    const ids = needs === 'all' ? p.rooms.map((r) => r.id) : needs
    const opened = await guarded('Could not open the rooms this edit changes', async () => {
      for (const id of ids) await ensureSession(id)
      return true
    })
    if (!opened || project.value !== p) return null
    return edit(() => make(projectTarget()), options)
  }

  return {
    host,
    projectRef,
    project,
    sessions,
    activeRoomId,
    session,
    rooms,
    room,
    background,
    backgroundCount,
    backgroundFrame,
    shownBackground,
    showBackgroundFrame,
    mask,
    scaleMap,
    scaleMapBytes,
    scaleMapSource,
    scaleMapHolder,
    backgroundHolder,
    problems,
    roomWarnings,
    roomNoBackground,
    dismissRoomWarnings,
    busy,
    status,
    roomRevision,
    revision,
    maskRevision,
    projectOpened,
    dirty,
    dirtyRooms,
    projectDirty,
    title,
    canUndo,
    canRedo,
    canUndoProject,
    canRedoProject,
    stepLabels,
    historyEntries,
    projectEntries,
    historyCapBytes,
    report,
    reportError,
    onChange,
    emit,
    edit,
    editRoom,
    editProject,
    projectTarget,
    undo,
    redo,
    undoProject,
    redoProject,
    editTarget,
    walkBehindEditTarget,
    game,
    adoptProject,
    closeProject,
    ensureSession,
    switchRoom,
    putSession,
    dropSession,
    showSession,
    requireHost,
    projectHistory,
  }
})
