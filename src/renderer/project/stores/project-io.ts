/**
 * Project I/O store: opening, creating and saving projects (and game folders, with the Save
 * change list), and the unsaved-work prompt every path that could drop an edit asks first
 * (New, Open, closing). The host does the file work; the editor store holds what is open.
 *
 * Glossary
 * - save point: each room's and the project's history version (and the pending files) a
 *   save sent; edits made while the save ran stay unsaved.
 */
import { defineStore } from 'pinia'
import { markRaw } from 'vue'
import type { GameFolderInfo, ProjectRef, SaveProjectRequest } from '../../../shared/host'
import type { WalkboxHost } from '../../../shared/host-methods'
import type { LayerKind } from '../../../shared/formats/tiled/layer-kinds'
import type { Project, Room } from '../../../shared/room/schema'
import { encodeGreyPng, isPng } from '../../platform/host/png'
import { uniqueName } from '../../../shared/room/names'
import { useDialogsStore, type OpenProjectAnswer } from '../../editing/stores/dialogs'
import { useEditorStore } from '../../editing/stores/editor'
import { useRecoveryStore } from './recovery'
import type { RoomSession } from '../../editing/stores/room-session'
import { engineName, useStatusStore } from '../../editing/stores/status'

/** What every room-level save sends: the room and the files that changed. */
export interface RoomToSave {
  room: Room
  background?: Uint8Array
  /** Frame files to write (an imported room's), by index into room.backgroundFrames. */
  backgroundFrames?: Uint8Array[]
  mask?: Uint8Array
  scaleMap?: Uint8Array
}

/**
 * Why Save cannot write into the open game, or null when it can: the author opened it
 * read-only, or Walkbox may not write in its folder (a read-only medium, no permission).
 */
export function readOnlyReason(g: GameFolderInfo): 'chosen' | 'folder' | null {
  if (g.readOnlyFolder === undefined) return null
  return g.readOnlyChosen ? 'chosen' : 'folder'
}

/** What a cancelled Save As says about the game, by readOnlyReason. */
const NOT_SAVED = {
  chosen: 'you opened the game read-only',
  folder: 'Walkbox may not write in the game folder',
} as const

export const useProjectIoStore = defineStore('project-io', () => {
  const editor = useEditorStore()
  const status = useStatusStore()
  const requireHost = (): WalkboxHost => editor.requireHost()

  // --- unsaved changes -------------------------------------------------------------

  /**
   * Before `action` drops the open project: with unsaved changes, ask Save / Discard /
   * Cancel. True when it may go on (saved, discarded, or nothing to lose).
   */
  async function confirmLeave(action: string): Promise<boolean> {
    if (!editor.dirty || !editor.project) return true
    const dialogs = useDialogsStore()
    const names = editor.dirtyRooms.map((id) => editor.sessions.get(id)?.room.name ?? id)
    const choice = await dialogs.ask('unsaved', { action, rooms: names, project: editor.projectDirty })
    if (choice === 'cancel') return false
    if (choice === 'discard') {
      if (editor.projectRef) await useRecoveryStore().forget(editor.projectRef)
      return true
    }
    return save()
  }

  /** First start opens the sample project; later starts reopen the most recent project. */
  async function start(h: WalkboxHost): Promise<void> {
    editor.host = markRaw(h)
    const recent = (await h.recentProjects().catch(() => []))[0]
    if (recent) {
      const opened = await status.guarded(`Could not reopen ${recent.name}`, async () =>
        editor.adoptProject(await h.openProject({ ref: recent.ref })),
      )
      if (opened) return
      const reason = status.status.text
      await status.guarded('Could not open the sample project', async () =>
        editor.adoptProject(await h.openSampleProject()),
      )
      status.report('error', `${reason} — opened the sample project instead.`)
      return
    }
    await status.guarded('Could not open the sample project', async () =>
      editor.adoptProject(await h.openSampleProject()),
    )
  }

  async function openSample(): Promise<void> {
    if (!(await confirmLeave('open the sample project'))) return
    await status.guarded('Could not open the sample project', async () =>
      editor.adoptProject(await requireHost().openSampleProject()),
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
    await status.guarded(
      picked.action === 'restore' ? 'Could not restore the backup' : 'Could not open the project',
      async () => {
        if (picked.action === 'open' || picked.action === 'browse') {
          const opened = await h.openProject(picked.action === 'open' ? { ref: picked.ref } : {})
          if ((await editor.adoptProject(opened)) && opened?.game?.readOnlyFolder) sayReadOnly(opened.game)
        } else {
          const opened = await h.restoreBackup({ ref: picked.ref, backupId: picked.backupId })
          await editor.adoptProject(opened)
          status.report(
            'info',
            `Restored ${opened.project.name} from its backup ${picked.backupId}; the version before is a backup too.`,
          )
        }
      },
    )
  }

  /**
   * The one line a game folder Walkbox may not write is opened with (why, and where edits go);
   * a game the author chose to open read-only is said as their choice.
   */
  function sayReadOnly(g: GameFolderInfo): void {
    if (g.readOnlyChosen)
      status.report(
        'info',
        `Opened the ${engineName(g.engine)} game ${g.name} read-only, as you asked: nothing is written into it; Save As keeps your edits elsewhere.`,
      )
    else
      status.report(
        'error',
        `Opened the ${engineName(g.engine)} game ${g.name} read-only: nothing is written into it; Save As keeps your edits elsewhere.`,
      )
  }

  /**
   * Open a game's own folder (AGS, Godot, Tiled): its rooms, edited in place (docs/engines.md);
   * `readOnly`: looked at without Walkbox writing anything into it (File › Open Game Folder
   * Read-Only…).
   */
  async function openGameFolder(
    o: { readOnly?: boolean; tiledLayers?: Record<string, LayerKind>; setAside?: boolean } = {},
  ): Promise<void> {
    if (
      !o.setAside &&
      !(await confirmLeave(o.readOnly ? 'open a game folder read-only' : 'open a game folder'))
    )
      return
    await status.guarded('Could not open the game folder', async () => {
      const opened = await requireHost().openGameFolder({
        ...(o.readOnly ? { readOnly: true } : {}),
        ...(o.tiledLayers ? { tiledLayers: o.tiledLayers } : {}),
        ...(o.setAside ? { setAside: true } : {}),
      })
      if (!(await editor.adoptProject(opened)) || !opened?.game) return
      const g = opened.game
      if (g.readOnlyFolder) sayReadOnly(g)
      else if (!opened.warnings?.length)
        status.report(
          'info',
          `Opened the ${engineName(g.engine)} game ${g.name} in place (${g.rooms} room${g.rooms === 1 ? '' : 's'}). ${g.readOnly ? 'Its rooms are read-only here.' : 'Save shows what it will write into the game first.'}`,
        )
      if (opened.readNotes?.length)
        void useDialogsStore()
          .ask('game-read', {
            game: g.name,
            engine: engineName(g.engine),
            rooms: g.rooms,
            notes: opened.readNotes,
          })
          .then((kinds) => {
            // A Tiled game read again with the kinds the author gave its layers (its folder picked again).
            if (kinds && Object.keys(kinds).length > 0)
              return openGameFolder({ tiledLayers: { ...o.tiledLayers, ...kinds }, setAside: true })
          })
    })
  }

  /**
   * After the project is saved (its Walkbox part, in the game's .walkbox folder): list what
   * the game's own files would get, and write them when the author says so.
   */
  async function writeIntoGame(ref_: ProjectRef, g: GameFolderInfo, name: string): Promise<void> {
    if (g.readOnly) {
      status.report('error', `Saved ${name} in the game's .walkbox folder; ${g.readOnly}.`)
      return
    }
    const h = requireHost()
    const plan = await h.planGameSave({ ref: ref_ })
    if (plan.changes.length === 0) {
      status.report('info', `Saved ${name}; the game's files already hold every edit (nothing to write).`)
      return
    }
    const write = await useDialogsStore().ask('game-write', {
      game: g.name,
      changes: plan.changes,
      notes: plan.notes,
    })
    if (!write) {
      status.report(
        'info',
        `Saved ${name} in the game's .walkbox folder; nothing was written into the game (Save again to write ${plan.changes.length} file${plan.changes.length === 1 ? '' : 's'}).`,
      )
      return
    }
    const done = await h.writeGameSave({ ref: ref_, fingerprint: plan.fingerprint })
    status.report(
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
    await status.guarded('Could not create the project', async () =>
      editor.adoptProject(await requireHost().createProject({ name: chosen })),
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
      ...(s.backgroundFrameFiles ? { backgroundFrames: s.backgroundFrameFiles.map((f) => f.bytes) } : {}),
      mask: s.mask ?? undefined,
      scaleMap: await scaleMapToSave(s),
    }
  }

  /** What a save wrote: each room's and the project's history version, and the pending files it sent. */
  interface SavePoint {
    project: number
    rooms: Map<string, { history: number; background: unknown; frames: unknown; scaleMap: unknown }>
  }
  function savePoint(): SavePoint {
    const rooms = new Map<
      string,
      { history: number; background: unknown; frames: unknown; scaleMap: unknown }
    >()
    for (const s of editor.sessions.values())
      rooms.set(s.id, {
        history: s.history.version,
        background: s.backgroundFile,
        frames: s.backgroundFrameFiles,
        scaleMap: s.scaleMapBytes,
      })
    return { project: editor.projectHistory.version, rooms }
  }

  /**
   * The files now hold what `point` describes: histories are saved at that point (edits made
   * while the save ran stay unsaved), and pending files that were written are cleared.
   */
  function markSaved(point: SavePoint): void {
    editor.projectHistory.markSavedAt(point.project)
    for (const s of editor.sessions.values()) {
      const at = point.rooms.get(s.id)
      if (!at) continue
      s.history.markSavedAt(at.history)
      s.touched = false
      s.fresh = false
      if (s.backgroundFile === at.background) s.backgroundFile = null
      if (s.backgroundFrameFiles === at.frames) s.backgroundFrameFiles = null
      if (s.scaleMapBytes === at.scaleMap) s.scaleMapBytes = null
    }
    editor.revision++
  }

  /** Mark everything saved now (after a restore, or in tests). */
  function markAllSaved(): void {
    markSaved(savePoint())
  }

  /** The save request for the project and every room with unsaved edits. */
  async function saveRequest(ref_: ProjectRef, p: Project): Promise<SaveProjectRequest> {
    const rooms = await Promise.all(editor.dirtyRooms.map((id) => roomToSave(editor.sessions.get(id)!)))
    return { ref: ref_, project: JSON.parse(JSON.stringify(p)) as Project, rooms }
  }

  /** Save the project and every room with unsaved edits as one unit (a backup of the version it replaces is kept). */
  async function save(): Promise<boolean> {
    const ref_ = editor.projectRef
    const p = editor.project
    if (!ref_ || !p) return false
    // A game folder Walkbox may not write: Save keeps the edits elsewhere (Save As).
    if (editor.game?.readOnlyFolder) return saveAs()
    const ok = await status.guarded('Could not save', async () => {
      const point = savePoint()
      const result = await requireHost().saveProject(await saveRequest(ref_, p))
      markSaved(point)
      // Saved: the recovery copy is not needed any more (removed now, not after the debounce).
      await useRecoveryStore().flush()
      const g = editor.game
      if (g) await writeIntoGame(ref_, g, p.name)
      else
        status.report(
          'info',
          `Saved ${p.name}${result.backup ? ' (the version before is kept in backups)' : ''}.`,
        )
      return true
    })
    return ok === true
  }

  /**
   * Save a copy of the project with the unsaved edits elsewhere, and go on editing the copy.
   * True when the copy was saved (false when cancelled or refused).
   */
  async function saveAs(): Promise<boolean> {
    const p = editor.project
    const ref_ = editor.projectRef
    if (!p || !ref_) return false
    const why = editor.game ? readOnlyReason(editor.game) : null
    // The browser keeps projects by name: ask for the copy's (the desktop asks for a folder).
    let copyName: string | undefined
    if (requireHost().kind === 'browser') {
      const taken = (
        await requireHost()
          .recentProjects()
          .catch(() => [])
      ).map((r) => r.name)
      const answer = await useDialogsStore().ask('text', {
        title: 'Save As',
        label: 'Name of the copy',
        value: uniqueName(`${p.name} copy`, taken),
        confirm: 'Save copy',
        check: (v) => (v.trim() ? null : 'The copy needs a name.'),
      })
      if (answer === null) return false
      copyName = answer.trim()
    }
    const ok = await status.guarded('Could not save a copy', async () => {
      const point = savePoint()
      const request = await saveRequest(ref_, p)
      const opened = await requireHost().saveProjectAs(copyName ? { ...request, copyName } : request)
      if (!opened) {
        if (why) status.report('info', `Not saved: ${NOT_SAVED[why]}; choose where Save As keeps your edits.`)
        return false
      }
      editor.projectRef = opened.ref
      editor.project = opened.project
      editor.game = opened.game ?? null
      markSaved(point)
      status.report(
        'info',
        why
          ? `Saved as ${opened.project.name}, a Walkbox project of its own (the read-only game is as it was).`
          : `Saved as ${opened.project.name}.`,
      )
      return true
    })
    return ok === true
  }

  return {
    confirmLeave,
    start,
    openSample,
    openProject,
    openGameFolder,
    newProject,
    save,
    saveAs,
    markAllSaved,
  }
})
