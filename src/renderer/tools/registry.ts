/**
 * The tool list: one line per authoring tool (id, label, the layers it edits, its
 * shortcut, its palette glyph, and how to make it). The palette, the layer-to-tools
 * map, the tool actions and their shortcuts are all derived from this list, so a new
 * tool is its class file plus one line here.
 *
 * Glossary
 * - layers: the layers a tool edits; the palette shows the tools of the active layer in
 *   this list's order, and choosing a tool of another layer makes its first layer active.
 * - shortcut: one key (an accelerator string, see actions/registry.ts).
 */
import type { LayerId } from '../stores/layers'
import { BrushTool, EraserTool } from './brush-tool'
import { BucketFillTool } from './bucket-fill-tool'
import { NodeTool } from './node-tool'
import { GateTool, HoleTool, PolygonFillTool, WalkPolygonTool, ZoneTool } from './polygon-tools'
import { ScaleTool } from './scale-tool'
import { SelectTool } from './select-tool'
import { EllipseTool, RectangleTool } from './shape-fill-tool'
import type { Tool, ToolContext } from './tool'

export interface ToolDescriptor {
  readonly id: string
  readonly label: string
  readonly layers: readonly LayerId[]
  readonly shortcut: string
  /** A short glyph for the palette button (the tooltip has the label). */
  readonly glyph: string
  make(ctx: ToolContext): Tool
}

export const TOOLS = [
  {
    id: 'select',
    label: 'Select and edit',
    layers: ['walk-polygons', 'gates', 'zones'],
    shortcut: 'V',
    glyph: '↖',
    make: (c): Tool => new SelectTool(c),
  },
  {
    id: 'brush',
    label: 'Brush',
    layers: ['walk-mask'],
    shortcut: 'B',
    glyph: '●',
    make: (c): Tool => new BrushTool(c),
  },
  {
    id: 'eraser',
    label: 'Eraser',
    layers: ['walk-mask'],
    shortcut: 'E',
    glyph: '⌫',
    make: (c): Tool => new EraserTool(c),
  },
  {
    id: 'rectangle',
    label: 'Rectangle',
    layers: ['walk-mask'],
    shortcut: 'R',
    glyph: '▭',
    make: (c): Tool => new RectangleTool(c),
  },
  {
    id: 'ellipse',
    label: 'Ellipse',
    layers: ['walk-mask'],
    shortcut: 'O',
    glyph: '◯',
    make: (c): Tool => new EllipseTool(c),
  },
  {
    id: 'polygon-fill',
    label: 'Polygon fill',
    layers: ['walk-mask'],
    shortcut: 'L',
    glyph: '⬠',
    make: (c): Tool => new PolygonFillTool(c),
  },
  {
    id: 'bucket-fill',
    label: 'Bucket fill',
    layers: ['walk-mask'],
    shortcut: 'G',
    glyph: '▨',
    make: (c): Tool => new BucketFillTool(c),
  },
  {
    id: 'polygon',
    label: 'Walk polygon',
    layers: ['walk-polygons'],
    shortcut: 'P',
    glyph: '⬡',
    make: (c): Tool => new WalkPolygonTool(c),
  },
  {
    id: 'hole',
    label: 'Hole',
    layers: ['walk-polygons'],
    shortcut: 'H',
    glyph: '◌',
    make: (c): Tool => new HoleTool(c),
  },
  {
    id: 'gate',
    label: 'Gate polygon',
    layers: ['gates'],
    shortcut: 'T',
    glyph: '⊠',
    make: (c): Tool => new GateTool(c),
  },
  {
    id: 'zone',
    label: 'Trigger zone',
    layers: ['zones'],
    shortcut: 'Z',
    glyph: '◇',
    make: (c): Tool => new ZoneTool(c),
  },
  {
    id: 'node',
    label: 'Node graph',
    layers: ['node-graph'],
    shortcut: 'N',
    glyph: '⋯',
    make: (c): Tool => new NodeTool(c),
  },
  {
    id: 'scale',
    label: 'Scale stops',
    layers: ['scaling'],
    shortcut: 'S',
    glyph: '↕',
    make: (c): Tool => new ScaleTool(c),
  },
] as const satisfies readonly ToolDescriptor[]

/** One entry of the tool list (its id typed as a ToolId). */
export type ToolEntry = (typeof TOOLS)[number]
export type ToolId = ToolEntry['id']

/** The action id that activates a tool ('tool.brush'). */
export type ToolActionId = `tool.${ToolId}`

export function toolActionId(id: ToolId): ToolActionId {
  return `tool.${id}`
}

export function toolDescriptor(id: ToolId): ToolEntry {
  const found = TOOLS.find((t) => t.id === id)
  if (!found) throw new Error(`Unknown tool '${id}'.`)
  return found
}

/** The tools of a layer, in palette order. */
export function toolsOfLayer(layer: LayerId): ToolId[] {
  return TOOLS.filter((t) => (t.layers as readonly LayerId[]).includes(layer)).map((t) => t.id)
}
