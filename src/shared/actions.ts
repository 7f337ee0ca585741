/**
 * The user actions every surface shares: the native menus (Electron main), the
 * toolbar and the keyboard shortcuts (renderer) all read this one list. The
 * renderer attaches what each action does (see src/renderer/editing/actions), and adds one
 * action per authoring tool from the shared tool list (src/shared/tools.ts), which the
 * native Tools menu reads too.
 *
 * Glossary
 * - shortcut: an Electron accelerator string ("CmdOrCtrl+S"); the renderer maps
 *   CmdOrCtrl to Meta on macOS and Ctrl elsewhere.
 * - web shortcut: the shortcut in the browser edition where browsers keep the desktop
 *   one for themselves (Ctrl+N, Ctrl+Shift+N, Ctrl+PageUp/PageDown switch windows and tabs).
 * - also: a second key for the same action, handled by the renderer only (never a native
 *   accelerator).
 * - plain key: a shortcut without a modifier; the native menu shows it but does not take it,
 *   so that typing in a text field still works (the renderer skips text fields).
 * - text key: a shortcut text fields use too (Ctrl+C, Ctrl+X, Ctrl+V): like a plain key,
 *   the native menu shows it but leaves it to the renderer, which skips text fields.
 * - menu: which menu the action sits in (the native menus and the browser edition's menu bar).
 */

export type MenuId = 'file' | 'edit' | 'view' | 'tools' | 'room' | 'compare' | 'help'

/** The menus in the order both menu bars show them. */
export const MENUS: readonly { id: MenuId; label: string }[] = [
  { id: 'file', label: 'File' },
  { id: 'edit', label: 'Edit' },
  { id: 'view', label: 'View' },
  { id: 'tools', label: 'Tools' },
  { id: 'room', label: 'Room' },
  { id: 'compare', label: 'Compare' },
  { id: 'help', label: 'Help' },
]

export interface ActionDescriptor {
  id: string
  label: string
  shortcut?: string
  webShortcut?: string
  also?: string
  menu?: MenuId
  /** Text fields use this shortcut too: the native menu leaves it to the renderer (see text key). */
  textKey?: boolean
  /** Draw a separator in the menu before this item. */
  separatorBefore?: boolean
  /** An on/off setting: a checkbox item whose check follows the editor (see MENU_CHECK_IDS). */
  checkbox?: boolean
}

/** A shortcut without Ctrl, Cmd or Alt: the native menu must not take it from text fields (nor a text key). */
export function isPlainKey(shortcut: string): boolean {
  const mods = shortcut.split('+').slice(0, -1)
  return !mods.some((m) => m === 'CmdOrCtrl' || m === 'Ctrl' || m === 'Alt')
}

export const ACTIONS = [
  { id: 'file.new', label: 'New Project…', shortcut: 'CmdOrCtrl+N', webShortcut: 'Alt+N', menu: 'file' },
  { id: 'file.open', label: 'Open Project…', shortcut: 'CmdOrCtrl+O', menu: 'file' },
  { id: 'file.openGame', label: 'Open Game Folder…', menu: 'file' },
  { id: 'file.openGameReadOnly', label: 'Open Game Folder Read-Only…', menu: 'file' },
  { id: 'file.openSample', label: 'Open Sample Project', menu: 'file' },
  { id: 'file.save', label: 'Save', shortcut: 'CmdOrCtrl+S', menu: 'file', separatorBefore: true },
  { id: 'file.saveAs', label: 'Save As…', shortcut: 'CmdOrCtrl+Shift+S', menu: 'file' },
  { id: 'file.importRoom', label: 'Import Room…', menu: 'file', separatorBefore: true },
  { id: 'file.exportRoom', label: 'Export Room…', shortcut: 'CmdOrCtrl+E', menu: 'file' },
  {
    id: 'room.newFromBackground',
    label: 'New Room from Background…',
    shortcut: 'CmdOrCtrl+Shift+N',
    webShortcut: 'Alt+Shift+N',
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
    webShortcut: 'Alt+PageUp',
    menu: 'room',
    separatorBefore: true,
  },
  {
    id: 'room.next',
    label: 'Next Room',
    shortcut: 'CmdOrCtrl+PageDown',
    webShortcut: 'Alt+PageDown',
    menu: 'room',
  },
  // Undo and Redo take back the open room's edits only; the project's changes (rooms added,
  // duplicated, deleted, renamed; flags; characters) have their own pair.
  { id: 'edit.undo', label: 'Undo', shortcut: 'CmdOrCtrl+Z', menu: 'edit' },
  { id: 'edit.redo', label: 'Redo', shortcut: 'CmdOrCtrl+Shift+Z', menu: 'edit' },
  { id: 'edit.undoProject', label: 'Undo Project Change', shortcut: 'CmdOrCtrl+Alt+Z', menu: 'edit' },
  { id: 'edit.redoProject', label: 'Redo Project Change', shortcut: 'CmdOrCtrl+Alt+Shift+Z', menu: 'edit' },
  { id: 'view.zoomIn', label: 'Zoom In', shortcut: 'CmdOrCtrl+=', menu: 'view' },
  { id: 'view.zoomOut', label: 'Zoom Out', shortcut: 'CmdOrCtrl+-', menu: 'view' },
  { id: 'view.actualSize', label: 'Actual Size (100%)', shortcut: 'CmdOrCtrl+1', menu: 'view' },
  { id: 'view.fit', label: 'Fit to Window', shortcut: 'CmdOrCtrl+0', menu: 'view' },
  {
    id: 'view.grid',
    label: 'Show Grid',
    shortcut: "CmdOrCtrl+'",
    menu: 'view',
    separatorBefore: true,
    checkbox: true,
  },
  {
    id: 'view.snap',
    label: 'Snap to Grid, Vertices and Edges',
    shortcut: 'CmdOrCtrl+;',
    menu: 'view',
    checkbox: true,
  },
  { id: 'view.rulers', label: 'Show Rulers', shortcut: 'Alt+R', menu: 'view', checkbox: true },
  // A room with several backgrounds (AGS frames): show the next one, in Edit and Compare.
  {
    id: 'view.nextBackground',
    label: 'Next Background Frame',
    shortcut: 'Alt+B',
    menu: 'view',
    separatorBefore: true,
  },
  // Selection edits: text keys and plain keys, shown in the menus but left to the renderer.
  {
    id: 'edit.cut',
    label: 'Cut',
    shortcut: 'CmdOrCtrl+X',
    textKey: true,
    menu: 'edit',
    separatorBefore: true,
  },
  { id: 'edit.copy', label: 'Copy', shortcut: 'CmdOrCtrl+C', textKey: true, menu: 'edit' },
  { id: 'edit.paste', label: 'Paste', shortcut: 'CmdOrCtrl+V', textKey: true, menu: 'edit' },
  { id: 'edit.delete', label: 'Delete Selection', shortcut: 'Delete', menu: 'edit' },
  { id: 'edit.duplicate', label: 'Duplicate Selection', shortcut: 'CmdOrCtrl+D', menu: 'edit' },
  { id: 'edit.nudgeLeft', label: 'Nudge Left', shortcut: 'ArrowLeft', menu: 'edit', separatorBefore: true },
  { id: 'edit.nudgeRight', label: 'Nudge Right', shortcut: 'ArrowRight', menu: 'edit' },
  { id: 'edit.nudgeUp', label: 'Nudge Up', shortcut: 'ArrowUp', menu: 'edit' },
  { id: 'edit.nudgeDown', label: 'Nudge Down', shortcut: 'ArrowDown', menu: 'edit' },
  { id: 'edit.nudgeLeft10', label: 'Nudge Left 10 px', shortcut: 'Shift+ArrowLeft', menu: 'edit' },
  { id: 'edit.nudgeRight10', label: 'Nudge Right 10 px', shortcut: 'Shift+ArrowRight', menu: 'edit' },
  { id: 'edit.nudgeUp10', label: 'Nudge Up 10 px', shortcut: 'Shift+ArrowUp', menu: 'edit' },
  { id: 'edit.nudgeDown10', label: 'Nudge Down 10 px', shortcut: 'Shift+ArrowDown', menu: 'edit' },
  // Multi-select (the outliner, shift-click, marquee): each edit is one undo step over every selected object.
  {
    id: 'edit.selectAll',
    label: 'Select All Objects',
    shortcut: 'CmdOrCtrl+A',
    textKey: true,
    menu: 'edit',
    separatorBefore: true,
  },
  { id: 'edit.rename', label: 'Rename Object…', shortcut: 'F2', menu: 'edit' },
  {
    id: 'edit.rotateCW',
    label: 'Rotate 90° Clockwise',
    shortcut: 'Shift+R',
    menu: 'edit',
    separatorBefore: true,
  },
  { id: 'edit.rotateCCW', label: 'Rotate 90° Anticlockwise', shortcut: 'Shift+E', menu: 'edit' },
  { id: 'edit.scaleUp', label: 'Scale Up 10%', shortcut: 'Shift+=', menu: 'edit' },
  { id: 'edit.scaleDown', label: 'Scale Down 10%', shortcut: 'Shift+-', menu: 'edit' },
  { id: 'edit.flipH', label: 'Flip Horizontally', shortcut: 'Shift+H', menu: 'edit' },
  { id: 'edit.flipV', label: 'Flip Vertically', shortcut: 'Shift+V', menu: 'edit' },
  { id: 'edit.alignLeft', label: 'Align Left', shortcut: 'Alt+Shift+L', menu: 'edit', separatorBefore: true },
  { id: 'edit.alignCentre', label: 'Align Centre', shortcut: 'Alt+Shift+C', menu: 'edit' },
  { id: 'edit.alignRight', label: 'Align Right', shortcut: 'Alt+Shift+R', menu: 'edit' },
  { id: 'edit.alignTop', label: 'Align Top', shortcut: 'Alt+Shift+T', menu: 'edit' },
  { id: 'edit.alignMiddle', label: 'Align Middle', shortcut: 'Alt+Shift+M', menu: 'edit' },
  { id: 'edit.alignBottom', label: 'Align Bottom', shortcut: 'Alt+Shift+B', menu: 'edit' },
  { id: 'edit.distributeH', label: 'Distribute Horizontally', shortcut: 'Alt+Shift+H', menu: 'edit' },
  { id: 'edit.distributeV', label: 'Distribute Vertically', shortcut: 'Alt+Shift+V', menu: 'edit' },
  { id: 'compare.edit', label: 'Edit the Room', menu: 'compare' },
  { id: 'compare.show', label: 'Compare Algorithms', menu: 'compare' },
  { id: 'help.shortcuts', label: 'Keyboard Shortcuts', shortcut: 'F1', also: '?', menu: 'help' },
] as const satisfies readonly ActionDescriptor[]

export type ActionId = (typeof ACTIONS)[number]['id']

/** The checkbox actions: the editor tells the host whether each is on (WalkboxHost.setMenuChecks). */
export const MENU_CHECK_IDS = ['view.grid', 'view.snap', 'view.rulers'] as const
export type MenuCheckId = (typeof MENU_CHECK_IDS)[number]
/** Which checkbox actions are on; an id not given is off. */
export type MenuChecks = Partial<Record<MenuCheckId, boolean>>
