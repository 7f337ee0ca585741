/**
 * The user actions every surface shares: the native menus (Electron main), the
 * toolbar and the keyboard shortcuts (renderer) all read this one list. The
 * renderer attaches what each action does (see src/renderer/actions).
 *
 * Glossary
 * - shortcut: an Electron accelerator string ("CmdOrCtrl+S"); the renderer maps
 *   CmdOrCtrl to Meta on macOS and Ctrl elsewhere.
 * - menu: which native menu the action sits in; absent = toolbar/shortcut only.
 */

export type MenuId = 'file' | 'edit' | 'view'

export interface ActionDescriptor {
  id: string
  label: string
  shortcut?: string
  menu?: MenuId
  /** Draw a separator in the menu before this item. */
  separatorBefore?: boolean
}

export const ACTIONS = [
  { id: 'file.new', label: 'New Project…', shortcut: 'CmdOrCtrl+N', menu: 'file' },
  { id: 'file.open', label: 'Open Project…', shortcut: 'CmdOrCtrl+O', menu: 'file' },
  { id: 'file.openSample', label: 'Open Sample Project', menu: 'file' },
  { id: 'file.save', label: 'Save', shortcut: 'CmdOrCtrl+S', menu: 'file', separatorBefore: true },
  { id: 'file.saveAs', label: 'Save As…', shortcut: 'CmdOrCtrl+Shift+S', menu: 'file' },
  { id: 'edit.undo', label: 'Undo', shortcut: 'CmdOrCtrl+Z', menu: 'edit' },
  { id: 'edit.redo', label: 'Redo', shortcut: 'CmdOrCtrl+Shift+Z', menu: 'edit' },
  { id: 'view.zoomIn', label: 'Zoom In', shortcut: 'CmdOrCtrl+=', menu: 'view' },
  { id: 'view.zoomOut', label: 'Zoom Out', shortcut: 'CmdOrCtrl+-', menu: 'view' },
  { id: 'view.actualSize', label: 'Actual Size (100%)', shortcut: 'CmdOrCtrl+1', menu: 'view' },
  { id: 'view.fit', label: 'Fit to Window', shortcut: 'CmdOrCtrl+0', menu: 'view' },
] as const satisfies readonly ActionDescriptor[]

export type ActionId = (typeof ACTIONS)[number]['id']

export function isActionId(id: string): id is ActionId {
  return ACTIONS.some((a) => a.id === id)
}
