/**
 * Editor store: the open project, a session for every room opened in it (model, images,
 * own undo history), which room is on screen, the one path every edit takes, and the
 * status line. The host does all file work; this store never touches files.
 *
 * Glossary
 * - host: the WalkboxHost (Electron or browser) this editor runs in.
 * - session: a room as the editor holds it (stores/room-session.ts).
 * - edit: `edit(command)` runs a command, records it in the open room's history (or the
 *   project's, for project-level commands), reports it on the status line and tells the
 *   views what changed. Undo takes back the latest edit of the open room and the project
 *   together, in the order they were made.
 * - change event: { roomId, kinds, rect? } after every edit, undo and redo, so that a view
 *   redraws only the layers (and the mask rectangle) that changed.
 */
import { defineStore, storeToRefs } from 'pinia'
import { computed, markRaw, ref, shallowReactive, shallowRef } from 'vue'
import type {
  GameFolderInfo,
  OpenedProject,
  ProjectRef,
  SaveProjectRequest,
  WalkboxHost,
} from '../../shared/host'
import type { Project, Room } from '../../shared/room/schema'
import type { Command } from '../commands/command'
import type { EditTarget } from '../commands/edit-target'
import type { ScaleMapHolder } from '../commands/scale-map'
import type { ProjectTarget } from '../commands/project-commands'
import { encodeGreyPng, isPng } from '../host/png'
import { createEditHistory, type EditOptions } from './edit-history'
import { useDialogsStore, type OpenProjectAnswer } from './dialogs'
import { useRecoveryStore } from './recovery'
import { engineName, useStatusStore } from './status'
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

/** What every room-level save sends: the room and the files that changed. */
export interface RoomToSave {
  room: Room
  background?: Uint8Array
  mask?: Uint8Array
  scaleMap?: Uint8Array
}

export const useEditorStore = defineStore('editor', () => {
  const host = shallowRef<WalkboxHost | null>(null)
  const projectRef = ref<ProjectRef | null>(null)
  const project = ref<Project | null>(null)
  const sessions = shallowReactive(new Map<string, RoomSession>())
  const activeRoomId = ref<string | null>(null)
  // The status line lives in stores/status.ts; the editor reports there.
  const statusStore = useStatusStore()
  const { status, busy } = storeToRefs(statusStore)
  const { report, reportError, guarded } = statusStore
  /** The game the open project belongs to (a game folder opened in place), else null. */
  const game = ref<GameFolderInfo | null>(null)
  /** Bumped when the room on screen is replaced wholesale (open, switch, load). */
  const roomRevision = ref(0)
  /** Bumped whenever a project is opened (even the same one again). */
  const projectOpened = ref(0)
  // The undo history and change events live in stores/edit-history.ts; every edit runs there.
  const history = createEditHistory({
    openRoom: () => session.value,
    roomStacks: () => [...sessions.values()].map((s) => s.history),
    report,
  })
  const { projectHistory, historyCapBytes, revision, canUndo, canRedo, historyEntries } = history
  const { onChange, emit, edit, undo, redo } = history

  const session = computed<RoomSession | null>(() =>
    activeRoomId.value ? (sessions.get(activeRoomId.value) ?? null) : null,
  )
  const room = computed<Room | null>(() => session.value?.room ?? null)
  const background = computed(() => session.value?.background ?? null)
  const mask = computed(() => session.value?.mask ?? null)
  const scaleMap = computed(() => session.value?.scaleMap ?? null)
  const scaleMapBytes = computed(() => session.value?.scaleMapBytes ?? null)
  const scaleMapSource = computed(() => session.value?.scaleMapSource ?? null)
  const problems = computed<LayerProblem[]>(() => session.value?.problems ?? [])

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
    return sessionTarget(s, (rect) => emit(s.id, ['walk-mask'], rect ?? undefined))
  }

  /** The open room's walk-behind layer as a mask-tool target; null when it has no walk-behind area. */
  function walkBehindEditTarget(): EditTarget | null {
    const s = session.value
    if (!s) return null
    return walkBehindTarget(s, (rect) => emit(s.id, ['walk-behinds'], rect ?? undefined))
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
      activeRoomId.value = roomId
      roomRevision.value++
      const problemText = s.problems.length ? ` — ${s.problems.map((p) => p.message).join('; ')}` : ''
      report(
        s.problems.length ? 'error' : 'info',
        `Opened room ${s.room.name} (${s.room.size.width}×${s.room.size.height})${problemText}.`,
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
  function showSession(roomId: string | null): void {
    if (roomId !== null && !sessions.has(roomId)) return
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

  // --- unsaved changes -------------------------------------------------------------

  /**
   * Before `action` drops the open project: with unsaved changes, ask Save / Discard /
   * Cancel. True when it may go on (saved, discarded, or nothing to lose).
   */
  async function confirmLeave(action: string): Promise<boolean> {
    if (!dirty.value || !project.value) return true
    const dialogs = useDialogsStore()
    const names = dirtyRooms.value.map((id) => sessions.get(id)?.room.name ?? id)
    const choice = await dialogs.ask('unsaved', { action, rooms: names, project: projectDirty.value })
    if (choice === 'cancel') return false
    if (choice === 'discard') {
      if (projectRef.value) await useRecoveryStore().forget(projectRef.value)
      return true
    }
    return save()
  }

  /** First start opens the sample project; later starts reopen the most recent project. */
  async function start(h: WalkboxHost): Promise<void> {
    host.value = markRaw(h)
    const recent = (await h.recentProjects().catch(() => []))[0]
    if (recent) {
      const opened = await guarded(`Could not reopen ${recent.name}`, async () =>
        adoptProject(await h.openProject({ ref: recent.ref })),
      )
      if (opened) return
      const reason = status.value.text
      await guarded('Could not open the sample project', async () =>
        adoptProject(await h.openSampleProject()),
      )
      report('error', `${reason} — opened the sample project instead.`)
      return
    }
    await guarded('Could not open the sample project', async () => adoptProject(await h.openSampleProject()))
  }

  async function openSample(): Promise<void> {
    if (!(await confirmLeave('open the sample project'))) return
    await guarded('Could not open the sample project', async () =>
      adoptProject(await requireHost().openSampleProject()),
    )
  }

  /**
   * Open a project: by ref (the recent list, the OS), or through the Open dialog (every
   * project, damaged ones with their backups). Unsaved work is asked about first.
   */
  async function openProject(ref_?: ProjectRef): Promise<void> {
    let choice: OpenProjectAnswer | null = ref_ ? { action: 'open', ref: ref_ } : null
    if (!choice) choice = await useDialogsStore().ask('open-project', {})
    if (!choice) return
    if (!(await confirmLeave('open another project'))) return
    const h = requireHost()
    const picked = choice
    await guarded(
      picked.action === 'restore' ? 'Could not restore the backup' : 'Could not open the project',
      async () => {
        if (picked.action === 'open') await adoptProject(await h.openProject({ ref: picked.ref }))
        else if (picked.action === 'browse') await adoptProject(await h.openProject({}))
        else {
          const opened = await h.restoreBackup({ ref: picked.ref, backupId: picked.backupId })
          await adoptProject(opened)
          report(
            'info',
            `Restored ${opened.project.name} from its backup ${picked.backupId}; the version before is a backup too.`,
          )
        }
      },
    )
  }

  /** Open a game's own folder (AGS, Godot, Tiled): its rooms, edited in place (docs/engines.md). */
  async function openGameFolder(): Promise<void> {
    if (!(await confirmLeave('open a game folder'))) return
    await guarded('Could not open the game folder', async () => {
      const opened = await requireHost().openGameFolder()
      if (!(await adoptProject(opened)) || !opened?.game) return
      const g = opened.game
      if (!opened.warnings?.length)
        report(
          'info',
          `Opened the ${engineName(g.engine)} game ${g.name} in place (${g.rooms} room${g.rooms === 1 ? '' : 's'}). ${g.readOnly ? 'Its rooms are read-only here.' : 'Save shows what it will write into the game first.'}`,
        )
    })
  }

  /**
   * After the project is saved (its Walkbox part, in the game's .walkbox folder): list what
   * the game's own files would get, and write them when the author says so.
   */
  async function writeIntoGame(ref_: ProjectRef, g: GameFolderInfo, name: string): Promise<void> {
    if (g.readOnly) {
      report('error', `Saved ${name} in the game's .walkbox folder; ${g.readOnly}.`)
      return
    }
    const h = requireHost()
    const plan = await h.planGameSave({ ref: ref_ })
    if (plan.changes.length === 0) {
      report('info', `Saved ${name}; the game's files already hold every edit (nothing to write).`)
      return
    }
    const write = await useDialogsStore().ask('game-write', {
      game: g.name,
      changes: plan.changes,
      notes: plan.notes,
    })
    if (!write) {
      report(
        'info',
        `Saved ${name} in the game's .walkbox folder; nothing was written into the game (Save again to write ${plan.changes.length} file${plan.changes.length === 1 ? '' : 's'}).`,
      )
      return
    }
    const done = await h.writeGameSave({ ref: ref_, fingerprint: plan.fingerprint })
    report(
      'info',
      `Wrote ${done.written.join(', ')} into ${g.name}; the files it replaced are in ${done.backup}.`,
    )
  }

  /** A new, empty project: asks for its name (Electron then asks where), after dealing with unsaved work. */
  async function newProject(name?: string): Promise<void> {
    if (!(await confirmLeave('start a new project'))) return
    const chosen =
      name ??
      (await useDialogsStore().ask('text', {
        title: 'New project',
        label: 'Project name',
        value: 'Untitled project',
        confirm: 'Create project',
        check: (v) => (v.trim() ? null : 'A project needs a name.'),
      }))
    if (!chosen) return
    await guarded('Could not create the project', async () =>
      adoptProject(await requireHost().createProject({ name: chosen })),
    )
  }

  // --- saving ------------------------------------------------------------------------

  /** The scale-map bytes to send with a save: the imported PNG as it is, else a PNG of its grey. */
  async function scaleMapToSave(s: RoomSession): Promise<Uint8Array | undefined> {
    const bytes = s.scaleMapBytes
    const image = s.scaleMap
    if (!s.room.scaling.map || !bytes || !image) return undefined
    return isPng(bytes) ? bytes : encodeGreyPng(image)
  }

  /** What a save sends for a room: the model and every file that is new or changed. */
  async function roomToSave(s: RoomSession): Promise<RoomToSave> {
    return {
      room: JSON.parse(JSON.stringify(s.room)) as Room,
      background: s.backgroundFile?.bytes,
      mask: s.mask ?? undefined,
      scaleMap: await scaleMapToSave(s),
    }
  }

  /** What a save wrote: each room's and the project's history version, and the pending files it sent. */
  interface SavePoint {
    project: number
    rooms: Map<string, { history: number; background: unknown; scaleMap: unknown }>
  }
  function savePoint(): SavePoint {
    const rooms = new Map<string, { history: number; background: unknown; scaleMap: unknown }>()
    for (const s of sessions.values())
      rooms.set(s.id, {
        history: s.history.version,
        background: s.backgroundFile,
        scaleMap: s.scaleMapBytes,
      })
    return { project: projectHistory.version, rooms }
  }

  /**
   * The files now hold what `point` describes: histories are saved at that point (edits made
   * while the save ran stay unsaved), and pending files that were written are cleared.
   */
  function markSaved(point: SavePoint): void {
    projectHistory.markSavedAt(point.project)
    for (const s of sessions.values()) {
      const at = point.rooms.get(s.id)
      if (!at) continue
      s.history.markSavedAt(at.history)
      s.touched = false
      s.fresh = false
      if (s.backgroundFile === at.background) s.backgroundFile = null
      if (s.scaleMapBytes === at.scaleMap) s.scaleMapBytes = null
    }
    revision.value++
  }

  /** Mark everything saved now (after a restore, or in tests). */
  function markAllSaved(): void {
    markSaved(savePoint())
  }

  /** The save request for the project and every room with unsaved edits. */
  async function saveRequest(ref_: ProjectRef, p: Project): Promise<SaveProjectRequest> {
    const rooms = await Promise.all(dirtyRooms.value.map((id) => roomToSave(sessions.get(id)!)))
    return { ref: ref_, project: JSON.parse(JSON.stringify(p)) as Project, rooms }
  }

  /** Save the project and every room with unsaved edits as one unit (a backup of the version it replaces is kept). */
  async function save(): Promise<boolean> {
    const ref_ = projectRef.value
    const p = project.value
    if (!ref_ || !p) return false
    const ok = await guarded('Could not save', async () => {
      const point = savePoint()
      const result = await requireHost().saveProject(await saveRequest(ref_, p))
      markSaved(point)
      // Saved: the recovery copy is not needed any more (removed now, not after the debounce).
      await useRecoveryStore().flush()
      const g = game.value
      if (g) await writeIntoGame(ref_, g, p.name)
      else
        report('info', `Saved ${p.name}${result.backup ? ' (the version before is kept in backups)' : ''}.`)
      return true
    })
    return ok === true
  }

  /** Save a copy of the project with the unsaved edits elsewhere, and go on editing the copy. */
  async function saveAs(): Promise<void> {
    const p = project.value
    const ref_ = projectRef.value
    if (!p || !ref_) return
    await guarded('Could not save a copy', async () => {
      const point = savePoint()
      const opened = await requireHost().saveProjectAs(await saveRequest(ref_, p))
      if (!opened) return
      projectRef.value = opened.ref
      project.value = opened.project
      game.value = opened.game ?? null
      markSaved(point)
      report('info', `Saved as ${opened.project.name}.`)
    })
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
    mask,
    scaleMap,
    scaleMapBytes,
    scaleMapSource,
    scaleMapHolder,
    backgroundHolder,
    problems,
    busy,
    status,
    roomRevision,
    revision,
    projectOpened,
    dirty,
    dirtyRooms,
    projectDirty,
    title,
    canUndo,
    canRedo,
    historyEntries,
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
    editTarget,
    walkBehindEditTarget,
    start,
    openSample,
    openProject,
    openGameFolder,
    game,
    newProject,
    adoptProject,
    closeProject,
    confirmLeave,
    ensureSession,
    switchRoom,
    putSession,
    dropSession,
    showSession,
    save,
    saveAs,
    markAllSaved,
  }
})
