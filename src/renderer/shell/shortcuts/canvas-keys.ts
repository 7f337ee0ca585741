/**
 * The keys and pointer gestures the canvases take that are no menu action (a tool's key, a
 * drag with a modifier, navigation), listed once for the shortcut sheet (Help › Keyboard
 * Shortcuts). Each line names where it works. Keep it in step with the tools' keyDown and
 * pointer handlers (tools/*.ts), view-navigation.ts and the Compare canvas.
 *
 * Glossary
 * - keys: what to press, as the sheet shows it ("Space + drag", "[", "Shift + click").
 *
 * Units: none.
 */

export interface CanvasKey {
  keys: string
  what: string
}

export interface CanvasKeyGroup {
  id: 'canvas' | 'tools' | 'select' | 'compare' | 'menus'
  label: string
  keys: readonly CanvasKey[]
}

/** Rows of a group, written as [keys, what] pairs. */
function rows(pairs: readonly (readonly [string, string])[]): CanvasKey[] {
  return pairs.map(([keys, what]) => ({ keys, what }))
}

/** Zoom and pan, the same on the Edit and Compare canvases. */
const NAVIGATION = [
  ['Wheel', 'Zoom at the pointer'],
  ['Space + drag', 'Pan'],
] as const

export const CANVAS_KEYS: readonly CanvasKeyGroup[] = [
  {
    id: 'canvas',
    label: 'Room canvas',
    keys: rows([
      ...NAVIGATION,
      ['Shift + wheel', 'Pan left and right'],
      ['Middle drag', 'Pan'],
      ['Escape', 'Cancel the drag, stroke or outline under way'],
    ]),
  },
  {
    id: 'tools',
    label: 'Tools on the canvas',
    keys: rows([
      ['[  ]', 'Brush and eraser: smaller, larger'],
      ['Shift + drag', 'Rectangle and ellipse fill: a square, a circle'],
      ['Enter', 'Polygon, hole, gate, zone, fill: close the outline'],
      ['Backspace', 'Polygon, hole, gate, zone, fill: take back the last vertex'],
      ['Shift + click', 'Node graph: join the selected node to the one clicked'],
      ['Shift + drag', 'Scaling: a stop changes its scale, not its height'],
    ]),
  },
  {
    id: 'select',
    label: 'Select and the outliner',
    keys: rows([
      ['Shift + click', 'Select: add a shape to the selection, or take it out'],
      [
        'Drag from empty room',
        'Select: a marquee; every object wholly inside, on every shown, unlocked layer',
      ],
      ['Shift + drag', 'Select: a marquee that adds to the selection'],
      ['Drag a selected shape', 'Select: move every selected object (one undo step)'],
      ['Click  ·  Shift + click', 'Outliner: select an object (on its layer)  ·  add it'],
      ['Double-click  or  F2', 'Outliner: rename the object (one undo step)'],
    ]),
  },
  {
    id: 'compare',
    label: 'Compare canvas',
    keys: rows([
      ['Click', 'Set the goal'],
      ['Shift + click', 'Set the start'],
      ['Drag a handle', 'Move the start or the goal'],
      ...NAVIGATION,
    ]),
  },
  {
    id: 'menus',
    label: 'Menus and dialogs',
    keys: rows([
      ['F10  or  Alt', 'Go to the menu bar (and back)'],
      ['←  →  ↑  ↓', 'Between menus and items'],
      ['Enter', "A dialog's default button (the one that keeps your work)"],
      ['Escape', 'Close a menu or cancel a dialog'],
      ['Tab', "Round a dialog's fields and buttons"],
    ]),
  },
]
