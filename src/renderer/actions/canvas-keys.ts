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
  id: 'canvas' | 'tools' | 'compare' | 'menus'
  label: string
  keys: readonly CanvasKey[]
}

export const CANVAS_KEYS: readonly CanvasKeyGroup[] = [
  {
    id: 'canvas',
    label: 'Room canvas',
    keys: [
      { keys: 'Wheel', what: 'Zoom at the pointer' },
      { keys: 'Shift + wheel', what: 'Pan left and right' },
      { keys: 'Space + drag', what: 'Pan' },
      { keys: 'Middle drag', what: 'Pan' },
      { keys: 'Escape', what: 'Cancel the drag, stroke or outline under way' },
    ],
  },
  {
    id: 'tools',
    label: 'Tools on the canvas',
    keys: [
      { keys: '[  ]', what: 'Brush and eraser: smaller, larger' },
      { keys: 'Shift + drag', what: 'Rectangle and ellipse fill: a square, a circle' },
      { keys: 'Enter', what: 'Polygon, hole, gate, zone, fill: close the outline' },
      { keys: 'Backspace', what: 'Polygon, hole, gate, zone, fill: take back the last vertex' },
      { keys: 'Shift + click', what: 'Node graph: join the selected node to the one clicked' },
      { keys: 'Shift + drag', what: 'Scaling: a stop changes its scale, not its height' },
    ],
  },
  {
    id: 'compare',
    label: 'Compare canvas',
    keys: [
      { keys: 'Click', what: 'Set the goal' },
      { keys: 'Shift + click', what: 'Set the start' },
      { keys: 'Drag a handle', what: 'Move the start or the goal' },
      { keys: 'Wheel', what: 'Zoom at the pointer' },
      { keys: 'Space + drag', what: 'Pan' },
    ],
  },
  {
    id: 'menus',
    label: 'Menus and dialogs',
    keys: [
      { keys: 'F10  or  Alt', what: 'Go to the menu bar (and back)' },
      { keys: '←  →  ↑  ↓', what: 'Between menus and items' },
      { keys: 'Enter', what: "A dialog's default button (the one that keeps your work)" },
      { keys: 'Escape', what: 'Close a menu or cancel a dialog' },
      { keys: 'Tab', what: "Round a dialog's fields and buttons" },
    ],
  },
]
