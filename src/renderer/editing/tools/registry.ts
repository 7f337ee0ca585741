/**
 * The tool list of the renderer: the shared list (src/shared/tools.ts: id, label, the
 * layers it edits, its shortcut and palette glyph, which the native Tools menu reads too)
 * plus how each tool is made. The palette, the layer-to-tools map, the tool actions and
 * their shortcuts are all derived from it, so a new tool is its class file, one line in
 * the shared list and one maker here.
 *
 * Glossary
 * - layers: the layers a tool edits; the palette shows the tools of the active layer in
 *   the list's order, and choosing a tool of another layer makes its first layer active.
 * - shortcut: one key (an accelerator string, see editing/actions/registry.ts).
 */
import { TOOL_LIST, type ToolId, type ToolInfo } from '../../../shared/tools'
import type { LayerId } from '../stores/layers'
import { BaselineTool } from './baseline-tool'
import { BrushTool, EraserTool } from './brush-tool'
import { BucketFillTool } from './bucket-fill-tool'
import { MeasureTool } from './measure-tool'
import { NodeTool } from './node-tool'
import { PointTool } from './point-tool'
import { GateTool, HoleTool, PolygonFillTool, WalkPolygonTool, ZoneTool } from './polygon-tools'
import { HotspotTool } from './hotspot-tool'
import { ScaleTool } from './scale-tool'
import { SelectTool } from './select-tool'
import { EllipseTool, RectangleTool } from './shape-fill-tool'
import { FloorTool } from './floor-tool'
import type { Tool, ToolContext } from './tool'
import { WalkToTool } from './walk-to-tool'

export { toolActionId, type ToolActionId, type ToolId } from '../../../shared/tools'

export interface ToolDescriptor extends ToolInfo {
  make(ctx: ToolContext): Tool
}

/** How each tool of the shared list is made. */
const MAKERS: Record<ToolId, (c: ToolContext) => Tool> = {
  select: (c) => new SelectTool(c),
  brush: (c) => new BrushTool(c),
  eraser: (c) => new EraserTool(c),
  rectangle: (c) => new RectangleTool(c),
  ellipse: (c) => new EllipseTool(c),
  'polygon-fill': (c) => new PolygonFillTool(c),
  'bucket-fill': (c) => new BucketFillTool(c),
  baseline: (c) => new BaselineTool(c),
  polygon: (c) => new WalkPolygonTool(c),
  hole: (c) => new HoleTool(c),
  floor: (c) => new FloorTool(c),
  gate: (c) => new GateTool(c),
  zone: (c) => new ZoneTool(c),
  hotspot: (c) => new HotspotTool(c),
  'walk-to': (c) => new WalkToTool(c),
  point: (c) => new PointTool(c),
  node: (c) => new NodeTool(c),
  scale: (c) => new ScaleTool(c),
  measure: (c) => new MeasureTool(c),
}

/** One entry of the tool list (its id typed as a ToolId). */
export type ToolEntry = (typeof TOOL_LIST)[number] & { make(ctx: ToolContext): Tool }

export const TOOLS: readonly ToolEntry[] = TOOL_LIST.map((t) => ({ ...t, make: MAKERS[t.id] }))

export function toolDescriptor(id: ToolId): ToolEntry {
  const found = TOOLS.find((t) => t.id === id)
  if (!found) throw new Error(`Unknown tool '${id}'.`)
  return found
}

/** The tools of a layer, in palette order. */
export function toolsOfLayer(layer: LayerId): ToolId[] {
  return TOOLS.filter((t) => (t.layers as readonly LayerId[]).includes(layer)).map((t) => t.id)
}
