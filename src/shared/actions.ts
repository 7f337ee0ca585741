/**
 * The user actions every surface shares: the native menus (Electron main), the
 * toolbar and the keyboard shortcuts (renderer) all read this one list. The
 * renderer attaches what each action does (see src/renderer/actions), and adds one
 * action per authoring tool from its tool list (src/renderer/tools/registry.ts).
 *
 * Glossary
 * - shortcut: an Electron accelerator string ("CmdOrCtrl+S"); the renderer maps
 *   CmdOrCtrl to Meta on macOS and Ctrl elsewhere.
 * - menu: which native menu the action sits in; absent = toolbar/shortcut only.
 */

export type MenuId = 'file' | 'edit' | 'room' | 'view'

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
  { id: 'file.importRoom', label: 'Import Room…', menu: 'file', separatorBefore: true },
  { id: 'file.exportRoom', label: 'Export Room…', shortcut: 'CmdOrCtrl+E', menu: 'file' },
  {
    id: 'room.newFromBackground',
    label: 'New Room from Background…',
    shortcut: 'CmdOrCtrl+Shift+N',
    menu: 'room',
  },
  { id: 'room.newBlank', label: 'New Blank Room…', menu: 'room' },
  { id: 'room.replaceBackground', label: 'Replace Background…', menu: 'room', separatorBefore: true },
  { id: 'room.rename', label: 'Rename Room…', menu: 'room', separatorBefore: true },
  { id: 'room.duplicate', label: 'Duplicate Room', menu: 'room' },
  { id: 'room.delete', label: 'Delete Room…', menu: 'room' },
  {
    id: 'room.previous',
    label: 'Previous Room',
    shortcut: 'CmdOrCtrl+PageUp',
    menu: 'room',
    separatorBefore: true,
  },
  { id: 'room.next', label: 'Next Room', shortcut: 'CmdOrCtrl+PageDown', menu: 'room' },
  { id: 'edit.undo', label: 'Undo', shortcut: 'CmdOrCtrl+Z', menu: 'edit' },
  { id: 'edit.redo', label: 'Redo', shortcut: 'CmdOrCtrl+Shift+Z', menu: 'edit' },
  { id: 'view.zoomIn', label: 'Zoom In', shortcut: 'CmdOrCtrl+=', menu: 'view' },
  { id: 'view.zoomOut', label: 'Zoom Out', shortcut: 'CmdOrCtrl+-', menu: 'view' },
  { id: 'view.actualSize', label: 'Actual Size (100%)', shortcut: 'CmdOrCtrl+1', menu: 'view' },
  { id: 'view.fit', label: 'Fit to Window', shortcut: 'CmdOrCtrl+0', menu: 'view' },
  // Selection edits. Plain keys stay out of the native menus: a menu accelerator would
  // take the key from text fields too.
  { id: 'edit.delete', label: 'Delete Selection', shortcut: 'Delete' },
  {
    id: 'edit.duplicate',
    label: 'Duplicate Selection',
    shortcut: 'CmdOrCtrl+D',
    menu: 'edit',
    separatorBefore: true,
  },
  { id: 'edit.nudgeLeft', label: 'Nudge Left', shortcut: 'ArrowLeft' },
  { id: 'edit.nudgeRight', label: 'Nudge Right', shortcut: 'ArrowRight' },
  { id: 'edit.nudgeUp', label: 'Nudge Up', shortcut: 'ArrowUp' },
  { id: 'edit.nudgeDown', label: 'Nudge Down', shortcut: 'ArrowDown' },
  { id: 'edit.nudgeLeft10', label: 'Nudge Left 10 px', shortcut: 'Shift+ArrowLeft' },
  { id: 'edit.nudgeRight10', label: 'Nudge Right 10 px', shortcut: 'Shift+ArrowRight' },
  { id: 'edit.nudgeUp10', label: 'Nudge Up 10 px', shortcut: 'Shift+ArrowUp' },
  { id: 'edit.nudgeDown10', label: 'Nudge Down 10 px', shortcut: 'Shift+ArrowDown' },
] as const satisfies readonly ActionDescriptor[]

export type ActionId = (typeof ACTIONS)[number]['id']
