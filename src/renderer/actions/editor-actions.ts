/**
 * What each shared action does in the editor: the handlers bound into the
 * registry once, used by the toolbar, the keyboard and the native menus.
 */
import type { InjectionKey } from 'vue'
import { ActionRegistry } from './registry'
import { useEditorStore } from '../stores/editor'
import { useHistoryStore } from '../stores/history'
import { useViewportStore } from '../stores/viewport'
import { useSelectionStore } from '../stores/selection'
import { useToolsStore } from '../stores/tools'
import type { Command } from '../stores/history'
import type { EditTarget } from '../commands/edit-target'
import type { Selection, ToolId } from '../tools/tool'
import { deleteSelectionCommand, duplicateSelectionCommand, nudgeSelectionCommand } from './selection-actions'

export const ACTIONS_INJECTION: InjectionKey<ActionRegistry> = Symbol('walkbox-actions')

export function createEditorActions(): ActionRegistry {
  const editor = useEditorStore()
  const history = useHistoryStore()
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
      try {
        const command = make(target, s)
        if (!command) return
        history.execute(command)
        after?.()
      } catch (error) {
        editor.report('error', error instanceof Error ? error.message : String(error))
      }
    },
    enabled: hasSelection,
  })
  const nudge = (dx: number, dy: number) => onSelection((t, s) => nudgeSelectionCommand(t, s, dx, dy))
  const tool = (id: ToolId) => ({ run: () => tools.activate(id), enabled: hasRoom })
  return new ActionRegistry(
    {
      'file.new': { run: () => editor.newProject() },
      'file.open': { run: () => editor.openProject() },
      'file.openSample': { run: () => editor.openSample() },
      'file.save': { run: async () => void (await editor.save()), enabled: hasProject },
      'file.saveAs': { run: () => editor.saveAs(), enabled: hasProject },
      'edit.undo': { run: () => history.undo(), enabled: () => history.canUndo },
      'edit.redo': { run: () => history.redo(), enabled: () => history.canRedo },
      'view.zoomIn': { run: () => view.zoomIn(), enabled: hasRoom },
      'view.zoomOut': { run: () => view.zoomOut(), enabled: hasRoom },
      'view.actualSize': { run: () => view.toActualSize(), enabled: hasRoom },
      'edit.delete': onSelection(deleteSelectionCommand, () => selection.select(null)),
      'edit.duplicate': onSelection(duplicateSelectionCommand),
      'edit.nudgeLeft': nudge(-1, 0),
      'edit.nudgeRight': nudge(1, 0),
      'edit.nudgeUp': nudge(0, -1),
      'edit.nudgeDown': nudge(0, 1),
      'edit.nudgeLeft10': nudge(-10, 0),
      'edit.nudgeRight10': nudge(10, 0),
      'edit.nudgeUp10': nudge(0, -10),
      'edit.nudgeDown10': nudge(0, 10),
      'tool.select': tool('select'),
      'tool.brush': tool('brush'),
      'tool.eraser': tool('eraser'),
      'tool.rectangle': tool('rectangle'),
      'tool.ellipse': tool('ellipse'),
      'tool.polygonFill': tool('polygon-fill'),
      'tool.floodFill': tool('flood-fill'),
      'tool.polygon': tool('polygon'),
      'tool.hole': tool('hole'),
      'tool.gate': tool('gate'),
      'tool.zone': tool('zone'),
      'tool.node': tool('node'),
      'tool.scale': tool('scale'),
      'view.fit': {
        run: () => {
          if (editor.room) view.fit(editor.room.size.width, editor.room.size.height)
        },
        enabled: hasRoom,
      },
    },
    (action, error) => {
      console.error(`Action ${action.id} failed`, error)
      editor.report(
        'error',
        `${action.label.replace('…', '')} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    },
  )
}

export function isMacPlatform(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}
