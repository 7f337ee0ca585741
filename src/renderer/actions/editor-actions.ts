/**
 * What each shared action does in the editor: the handlers bound into the
 * registry once, used by the toolbar, the keyboard and the native menus.
 */
import type { InjectionKey } from 'vue'
import { ActionRegistry } from './registry'
import { useEditorStore } from '../stores/editor'
import { useHistoryStore } from '../stores/history'
import { useViewportStore } from '../stores/viewport'

export const ACTIONS_INJECTION: InjectionKey<ActionRegistry> = Symbol('walkbox-actions')

export function createEditorActions(): ActionRegistry {
  const editor = useEditorStore()
  const history = useHistoryStore()
  const view = useViewportStore()
  const hasProject = () => editor.project !== null
  const hasRoom = () => editor.room !== null
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
