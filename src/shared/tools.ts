/**
 * The authoring tools as every surface lists them: id, label, the layers each edits, its
 * one-key shortcut and its palette glyph. The native Tools menu (Electron main) and the
 * renderer (palette, actions, browser menu bar, shortcut sheet) both read this list; the
 * renderer adds how each tool is made (src/renderer/editing/tools/registry.ts).
 *
 * Glossary
 * - layer: one of the room's editable layers; the palette shows the tools of the active
 *   layer in this list's order, and choosing a tool of another layer makes its first
 *   layer active. A tool on every layer (Measure) never switches layer.
 * - shortcut: one plain key (an accelerator string, see actions.ts): shown in the native
 *   menu, taken by the renderer so that text fields keep it.
 */

export type LayerId =
  | 'background'
  | 'walk-mask'
  | 'walk-behinds'
  | 'walk-polygons'
  | 'gates'
  | 'node-graph'
  | 'scaling'
  | 'zones'
  | 'hotspots'
  | 'points'

/** Every layer a tool can edit (the background is locked), for a tool that works on all of them. */
export const EDIT_LAYERS: readonly LayerId[] = [
  'walk-mask',
  'walk-behinds',
  'walk-polygons',
  'gates',
  'node-graph',
  'scaling',
  'zones',
  'hotspots',
  'points',
]

export interface ToolInfo {
  readonly id: string
  readonly label: string
  readonly layers: readonly LayerId[]
  readonly shortcut: string
  /** A short glyph for the palette button (the tooltip has the label). */
  readonly glyph: string
}

export const TOOL_LIST = [
  {
    id: 'select',
    label: 'Select and edit',
    layers: ['walk-polygons', 'gates', 'zones', 'hotspots'],
    shortcut: 'V',
    glyph: '↖',
  },
  {
    id: 'brush',
    label: 'Brush',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'B',
    glyph: '●',
  },
  {
    id: 'eraser',
    label: 'Eraser',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'E',
    glyph: '⌫',
  },
  {
    id: 'rectangle',
    label: 'Rectangle',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'R',
    glyph: '▭',
  },
  {
    id: 'ellipse',
    label: 'Ellipse',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'O',
    glyph: '◯',
  },
  {
    id: 'polygon-fill',
    label: 'Polygon fill',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'L',
    glyph: '⬠',
  },
  {
    id: 'bucket-fill',
    label: 'Bucket fill',
    layers: ['walk-mask', 'walk-behinds', 'hotspots'],
    shortcut: 'G',
    glyph: '▨',
  },
  {
    id: 'baseline',
    label: 'Walk-behind baseline',
    layers: ['walk-behinds'],
    shortcut: 'Y',
    glyph: '⤓',
  },
  { id: 'polygon', label: 'Walk polygon', layers: ['walk-polygons'], shortcut: 'P', glyph: '⬡' },
  { id: 'hole', label: 'Hole', layers: ['walk-polygons'], shortcut: 'H', glyph: '◌' },
  {
    id: 'floor',
    label: 'Floor from picture…',
    layers: ['walk-mask', 'walk-polygons'],
    shortcut: 'F',
    glyph: '✦',
  },
  { id: 'gate', label: 'Gate polygon', layers: ['gates'], shortcut: 'T', glyph: '⊠' },
  { id: 'zone', label: 'Trigger zone', layers: ['zones'], shortcut: 'Z', glyph: '◇' },
  { id: 'hotspot', label: 'Hotspot polygon', layers: ['hotspots'], shortcut: 'K', glyph: '☝' },
  { id: 'walk-to', label: 'Hotspot walk-to point', layers: ['hotspots'], shortcut: 'W', glyph: '⚑' },
  { id: 'point', label: 'Named point', layers: ['points'], shortcut: 'J', glyph: '◆' },
  { id: 'node', label: 'Node graph', layers: ['node-graph'], shortcut: 'N', glyph: '⋯' },
  { id: 'scale', label: 'Scale stops', layers: ['scaling'], shortcut: 'S', glyph: '↕' },
  { id: 'measure', label: 'Measure', layers: EDIT_LAYERS, shortcut: 'M', glyph: '⟷' },
] as const satisfies readonly ToolInfo[]

export type ToolId = (typeof TOOL_LIST)[number]['id']

/** The action id that activates a tool ('tool.brush'). */
export type ToolActionId = `tool.${ToolId}`

export function toolActionId(id: ToolId): ToolActionId {
  return `tool.${id}`
}

/** The label of a tool's action and menu item ("Brush tool"; "Floor from picture tool…" for a tool with a panel). */
export function toolActionLabel(tool: ToolInfo): string {
  return tool.label.endsWith('…') ? `${tool.label.slice(0, -1)} tool…` : `${tool.label} tool`
}
