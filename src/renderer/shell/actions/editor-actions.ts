/**
 * What each shared action does in the editor: the handlers bound into the
 * registry once, used by the toolbar, the keyboard and the native menus.
 */
import { exportRoom, importRoom } from '../../project/actions/room-formats'
import { ActionRegistry, type Action, type Edition } from '../../editing/actions/registry'
import { useEditorStore } from '../../editing/stores/editor'
import { useProjectIoStore } from '../../project/stores/project-io'
import { backgroundFrameLabel } from '../../editing/stores/room-session'
import { useStatusStore } from '../../editing/stores/status'
import { useViewportStore } from '../../editing/stores/viewport'
import { useSelectionStore } from '../../editing/stores/selection'
import { useToolsStore } from '../../editing/stores/tools'
import { useWorkspaceStore } from '../../editing/stores/workspace'
import { useDialogsStore } from '../../editing/stores/dialogs'
import type { Command } from '../../editing/commands/command'
import type { EditTarget } from '../../editing/commands/edit-target'
import type { Selection } from '../../editing/tools/tool'
import type { ObjectRef } from '../../editing/tools/object-refs'
import { TOOLS, toolActionId } from '../../editing/tools/registry'
import { toolActionLabel } from '../../../shared/tools'
import { useClipboardStore } from '../../editing/stores/clipboard'
import {
  clipName,
  copySelection,
  pasteCommand,
  renamed,
  type Clip,
  type Pasted,
} from '../../editing/actions/clipboard'
import {
  copyObjects,
  deleteObjectsCommand,
  duplicateObjectsCommand,
} from '../../editing/commands/objects-clip-commands'
import {
  deleteRoom,
  duplicateRoom,
  newBlankRoom,
  newRoomFromBackground,
  renameRoom,
  replaceBackground,
} from '../../project/actions/project-actions'
import {
  deleteSelectionCommand,
  duplicateSelectionCommand,
  multiSelectHandlers,
  nudgeObjects,
  nudgesObjects,
  nudgeSelectionCommand,
} from '../../editing/actions/selection-actions'

/** The actions of the editor in `edition` (which decides the shortcuts it shows and takes). */
export function createEditorActions(edition: Edition = 'electron'): ActionRegistry {
  const editor = useEditorStore()
  const io = useProjectIoStore()
  const workspace = useWorkspaceStore()
  const dialogs = useDialogsStore()
  const view = useViewportStore()
  const hasProject = () => editor.project !== null
  const hasRoom = () => editor.room !== null
  const selection = useSelectionStore()
  const tools = useToolsStore()
  const hasSelection = () => editor.room !== null && selection.current !== null
  /** Run an edit of the selection; a refused edit is reported on the status line. */
  const onSelection = (make: (target: EditTarget, s: Selection) => Command | null, after?: () => void) => ({
    run: () => {
      const target = editor.editTarget()
      const s = selection.current
      if (!target || !s) return
      if (editor.edit(() => make(target, s))) after?.()
    },
    enabled: hasSelection,
  })
  // One undo step per key press: a held arrow's repeats are presses too (see docs).
  // With several objects selected (multi-select), the arrows move them all as one command.
  const nudge = (dx: number, dy: number) => ({
    run: () =>
      nudgesObjects(selection.current, selection.objects)
        ? void nudgeObjects(dx, dy)
        : onSelection((t, s) => nudgeSelectionCommand(t, s, dx, dy)).run(),
    enabled: () => editor.room !== null && (selection.current !== null || selection.objects.length > 0),
  })
  const clipboard = useClipboardStore()
  /**
   * Do Delete, Copy, Cut and Duplicate act on the multi-selection as a group (several objects,
   * an object no tool selects alone, or a point)? Otherwise on the single selection (a vertex …).
   */
  const onGroup = (): boolean =>
    nudgesObjects(selection.current, selection.objects) || selection.current?.kind === 'point'
  const hasAnySelection = () =>
    editor.room !== null && (selection.current !== null || selection.objects.length > 0)
  /** Copy the selection to the editor's clipboard; false (and a status line) when it cannot be copied. */
  const copy = (): boolean => {
    const target = editor.editTarget()
    const s = selection.current
    let clip: Clip | null = null
    try {
      if (target && onGroup())
        clip = { kind: 'objects', objects: copyObjects(target.room, selection.objects) }
      else clip = target && s ? copySelection(target, s) : null
    } catch (e) {
      useStatusStore().report('error', e instanceof Error ? e.message : String(e))
      return false
    }
    if (!clip) {
      useStatusStore().report(
        'error',
        'Select a polygon, hole, gate, zone, hotspot, walk-behind, point, node or scale stop to copy.',
      )
      return false
    }
    clipboard.put(clip)
    useStatusStore().report('info', `Copied ${clipName(clip)}`)
    return true
  }
  const inRoom = (work: (roomId: string) => Promise<void>) => ({
    run: () => (editor.activeRoomId ? work(editor.activeRoomId) : undefined),
    enabled: hasRoom,
  })
  /** The room `step` places after or before the open one in the list. */
  const stepRoom = (step: number) => ({
    run: async () => {
      const list = editor.rooms
      const at = list.findIndex((r) => r.id === editor.activeRoomId)
      const next = list[(at + step + list.length) % list.length]
      if (next) await editor.switchRoom(next.id)
    },
    enabled: () => editor.rooms.length > 1,
  })
  const toolActions: Action[] = TOOLS.map((t) => ({
    id: toolActionId(t.id),
    label: toolActionLabel(t),
    shortcut: t.shortcut,
    menu: 'tools',
    run: () => tools.activate(t.id),
    enabled: hasRoom,
  }))
  return new ActionRegistry(
    {
      'file.new': { run: () => io.newProject() },
      'file.open': { run: () => io.openProject() },
      'file.openGame': { run: () => io.openGameFolder() },
      'file.openGameReadOnly': { run: () => io.openGameFolder({ readOnly: true }) },
      'file.openSample': { run: () => io.openSample() },
      'file.save': { run: async () => void (await io.save()), enabled: hasProject },
      'file.saveAs': { run: async () => void (await io.saveAs()), enabled: hasProject },
      'room.newFromBackground': { run: () => newRoomFromBackground(), enabled: hasProject },
      'room.newBlank': { run: () => newBlankRoom(), enabled: hasProject },
      'file.importRoom': { run: () => importRoom(), enabled: hasProject },
      'file.exportRoom': { run: () => exportRoom(), enabled: hasRoom },
      'room.replaceBackground': { run: () => replaceBackground(), enabled: hasRoom },
      'room.rename': inRoom(renameRoom),
      'room.duplicate': inRoom(duplicateRoom),
      'room.delete': inRoom(deleteRoom),
      'room.previous': stepRoom(-1),
      'room.next': stepRoom(1),
      'edit.undo': { run: () => void editor.undo(), enabled: () => editor.canUndo },
      'edit.redo': { run: () => void editor.redo(), enabled: () => editor.canRedo },
      'edit.undoProject': { run: () => void editor.undoProject(), enabled: () => editor.canUndoProject },
      'edit.redoProject': { run: () => void editor.redoProject(), enabled: () => editor.canRedoProject },
      'view.zoomIn': { run: () => view.zoomIn(), enabled: hasRoom },
      'view.zoomOut': { run: () => view.zoomOut(), enabled: hasRoom },
      'view.actualSize': { run: () => view.toActualSize(), enabled: hasRoom },
      ...multiSelectHandlers(),
      'edit.delete': {
        run: () => {
          const target = editor.editTarget()
          if (target && onGroup()) {
            if (editor.edit(() => deleteObjectsCommand(target, selection.objects))) selection.setObjects([])
            return
          }
          onSelection(deleteSelectionCommand, () => selection.select(null)).run()
        },
        enabled: hasAnySelection,
      },
      'edit.duplicate': {
        run: () => {
          const target = editor.editTarget()
          const s = selection.current
          if (!target) return
          if (onGroup()) {
            let refs: ObjectRef[] = []
            const done = editor.edit(() => {
              const made = duplicateObjectsCommand(target, selection.objects)
              refs = made.refs
              return made.command
            })
            // The copies become the selection, so Duplicate again makes a row.
            if (done) selection.setObjects(refs)
            return
          }
          if (!s) return
          const done = editor.edit(() => duplicateSelectionCommand(target, s))
          // The copy becomes the selection, so Duplicate again makes a row.
          if (typeof done?.created === 'string') {
            if (s.kind === 'polygon') selection.select({ kind: 'polygon', polygonId: done.created })
            else if (s.kind === 'gate') selection.select({ kind: 'gate', gateId: done.created })
            else if (s.kind === 'zone') selection.select({ kind: 'zone', zoneId: done.created })
          }
        },
        enabled: hasAnySelection,
      },
      'edit.copy': { run: () => void copy(), enabled: hasAnySelection },
      'edit.cut': {
        run: () => {
          const target = editor.editTarget()
          const s = selection.current
          if (!target || !copy()) return
          const name = clipName(clipboard.clip!)
          if (clipboard.clip?.kind === 'objects') {
            const refs = selection.objects
            if (editor.edit(() => deleteObjectsCommand(target, refs, 'Cut'))) selection.setObjects([])
            return
          }
          if (s && editor.edit(() => renamed(deleteSelectionCommand(target, s), `Cut ${name}`)))
            selection.select(null)
        },
        enabled: hasAnySelection,
      },
      'edit.paste': {
        run: () => {
          const target = editor.editTarget()
          const clip = clipboard.clip
          if (!target || !clip) return
          let pasted: Pasted | null = null
          const done = editor.edit(() => {
            pasted = pasteCommand(target, clip, view.cursor)
            return pasted.command
          })
          const made = pasted as Pasted | null
          if (!done || !made) return
          if (made.refs) selection.setObjects(made.refs)
          else if (made.select) selection.select(made.select)
        },
        enabled: () => hasRoom() && clipboard.clip !== null,
      },
      'view.grid': { run: () => void (tools.options.showGrid = !tools.options.showGrid), enabled: hasRoom },
      'view.rulers': { run: () => void (view.showRulers = !view.showRulers), enabled: hasRoom },
      'view.nextBackground': {
        run: () => {
          editor.showBackgroundFrame((editor.backgroundFrame + 1) % editor.backgroundCount)
          useStatusStore().report(
            'info',
            `Showing ${backgroundFrameLabel(editor.backgroundFrame, editor.room)}`,
          )
        },
        enabled: () => editor.backgroundCount > 1,
      },
      'view.snap': {
        run: () => {
          tools.options.snap = !tools.options.snap
          useStatusStore().report(
            'info',
            tools.options.snap ? 'Snapping on: grid, vertices and edges' : 'Snapping off',
          )
        },
        enabled: hasRoom,
      },
      'edit.nudgeLeft': nudge(-1, 0),
      'edit.nudgeRight': nudge(1, 0),
      'edit.nudgeUp': nudge(0, -1),
      'edit.nudgeDown': nudge(0, 1),
      'edit.nudgeLeft10': nudge(-10, 0),
      'edit.nudgeRight10': nudge(10, 0),
      'edit.nudgeUp10': nudge(0, -10),
      'edit.nudgeDown10': nudge(0, 10),
      'compare.edit': { run: () => workspace.setMode('edit') },
      'compare.show': { run: () => workspace.setMode('compare') },
      'help.shortcuts': { run: () => void dialogs.ask('shortcuts', {}) },
      'view.fit': {
        run: () => {
          if (editor.room) view.fit(editor.room.size.width, editor.room.size.height)
        },
        enabled: hasRoom,
      },
    },
    (action, error) => {
      console.error(`Action ${action.id} failed`, error)
      useStatusStore().report(
        'error',
        `${action.label.replace('…', '')} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    },
    toolActions,
    edition,
  )
}
