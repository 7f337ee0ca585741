/**
 * The common shape of every authoring tool: pointer and key input in room px, an
 * explicit mode, a preview the canvas draws, and a cursor. One class per tool
 * lives beside this file, registered by one line in registry.ts (label, layers,
 * shortcut, glyph); the tools store picks the active one and the canvas forwards
 * input to it (unless view navigation has the pointer).
 *
 * Glossary
 * - mode: what the tool is doing now ('idle', 'painting', 'drawing', 'dragging' …);
 *   each tool names its own modes, and input is read according to the mode.
 * - context: what a tool may use — the edit target, the history (execute), the tool
 *   options, the selection, and the status line. Tools never import stores.
 * - preview: shapes in room px drawn over the room while a tool works (not saved).
 *
 * Units: room px (float; pixel (c, r) covers [c, c+1) x [r, r+1)).
 */
import type { Point } from '../../../shared/geometry/types'
import type { EditTarget } from '../commands/edit-target'
import type { Command } from '../commands/command'
import type { LayerId } from '../stores/layers'
import type { SnapSkip, SnapTarget, Snapped } from './snapping'
import type { ObjectRef } from './object-ref'

export type { ToolId } from '../../../shared/tools'
import type { ToolId } from '../../../shared/tools'

export interface ToolPointer {
  /** Room px under the pointer. */
  point: Point
  /** 0 = primary, 2 = secondary. */
  button: number
  shift: boolean
  alt: boolean
  /** Ctrl, or Cmd on macOS. */
  primaryModifier: boolean
  /** Screen px per room px, for hit tolerances that feel the same at every zoom. */
  zoom: number
}

/** Tool settings shared by the tools (view state, never in the undo history). */
export interface ToolOptions {
  /** Brush and eraser diameter, room px (1 = one pixel). */
  brushSize: number
  brushShape: 'round' | 'square'
  /** Area id the mask tools paint and new polygons belong to. */
  areaId: number
  /** Walk-behind id the mask tools paint while the walk-behind layer is active. */
  walkBehindId: number
  /** Mask id of the painted hotspot the mask tools paint while the hotspot layer is active (0 or absent: none). */
  hotspotMaskId?: number
  /** Area whose linear scale stops the scaling tool edits; 0 = the default stops for every area. */
  scaleAreaId: number
  /** Round polygon points to whole room px. */
  snapToPixels: boolean
  /** Snap placed points to the grid, to vertices and to edges (toggled with a key). */
  snap: boolean
  /** Grid step, room px. */
  gridStep: number
  /** Draw the grid over the room. */
  showGrid: boolean
}

/** What is selected (not an edit; never recorded). */
export type Selection =
  | { kind: 'polygon'; polygonId: string; hole?: number; vertex?: number }
  | { kind: 'gate'; gateId: string; vertex?: number }
  | { kind: 'zone'; zoneId: string; vertex?: number }
  | { kind: 'hotspot'; hotspotId: string; vertex?: number }
  | { kind: 'point'; pointId: string }
  | { kind: 'node'; nodeId: string }
  | { kind: 'join'; index: number }
  | { kind: 'scale-stop'; areaId: number; index: number }

export interface ToolContext {
  target(): EditTarget | null
  /** Run a command through the editor's one edit path; the command as recorded, or null when refused. */
  execute(command: Command): Command | null
  readonly options: ToolOptions
  /** The layer the author is working on. */
  activeLayer(): LayerId
  selection(): Selection | null
  select(selection: Selection | null): void
  /** Every selected object, across layers (multi-select); absent: the single selection only. */
  objects?(): readonly ObjectRef[]
  /** Select these objects (a marquee, a shift-click). */
  setObjects?(refs: readonly ObjectRef[]): void
  /** May the canvas pick this object (false while it is hidden or locked in the outliner)? */
  pickable?(ref: ObjectRef): boolean
  report(kind: 'info' | 'error', text: string): void
  /** The character scale at a room point, percent (from the room's scaling). */
  scaleAt(p: Point): number
  /** The test character's height at 100 %, room px. */
  characterHeight(): number
  /** The tool's preview changed: the canvas asks `preview()` again. */
  previewChanged(): void
  /**
   * Where a placed point goes (grid, vertex, edge or whole px; see snapping.ts); `extra` also
   * catch it, `skip` never does.
   */
  snap(p: Point, zoom: number, extra?: readonly Point[], skip?: SnapSkip): Snapped
  /**
   * May a mask tool paint the walk mask now? False when the press became a question (the
   * room's walkable area is its polygons: editing/actions/paint-switch.ts); absent: always.
   */
  mayPaintMask?(): boolean
  /** Ask for the selected thing's name to be edited (F2, double-click); absent: not offered. */
  rename?(selection: Selection): void
}

export interface PreviewRing {
  points: Point[]
  closed: boolean
  /** 0xrrggbb */
  colour: number
  fill?: number
  /** Rings cut out of the fill (a proposed floor's holes). */
  holes?: Point[][]
  dashed?: boolean
}

export interface ToolPreview {
  rings?: PreviewRing[]
  /** Points marked on the canvas (vertices, invalid crossings). */
  markers?: { point: Point; colour: number; size?: number; cross?: boolean }[]
  /** Brush outline: a square or circle of `size` room px centred on a pixel grid position. */
  brush?: { x: number; y: number; size: number; shape: 'round' | 'square' }
  /** The ghost character: feet at `feet`, `height` room px tall. */
  ghost?: { feet: Point; height: number; label: string }
  /** What the point under the pointer snaps to, highlighted on the canvas. */
  snap?: SnapTarget | null
  /** Text shown beside a room point (the measure tool's distance and angle). */
  labels?: { at: Point; text: string }[]
}

export interface Tool {
  readonly id: ToolId
  /** CSS cursor over the canvas. */
  readonly cursor: string
  readonly mode: string
  pointerDown(e: ToolPointer): void
  pointerMove(e: ToolPointer): void
  pointerUp(e: ToolPointer): void
  /** The pointer left the canvas (hover previews such as the brush outline disappear). */
  pointerLeave?(): void
  /** A key while the canvas is active; true when the tool used it (Enter, Escape, Backspace …). */
  keyDown(key: string): boolean
  /** Abandon whatever is in progress (tool switch, room change); nothing is recorded. */
  cancel(): void
  preview(): ToolPreview | null
}

/** The id the mask tools write: the walk-behind id, the painted hotspot's mask id, else the walk area. */
export function paintValue(ctx: ToolContext): number {
  const layer = ctx.activeLayer()
  if (layer === 'walk-behinds') return ctx.options.walkBehindId
  if (layer === 'hotspots') return ctx.options.hotspotMaskId ?? 0
  return ctx.options.areaId
}

/** How the mask tools name what they paint in their command labels ('area 2', 'walk-behind 1', 'hotspot hExit'). */
export function paintName(ctx: ToolContext): string {
  const layer = ctx.activeLayer()
  if (layer === 'walk-behinds') return `walk-behind ${ctx.options.walkBehindId}`
  if (layer === 'hotspots') {
    const id = ctx.options.hotspotMaskId
    const h = ctx.target()?.room.hotspots?.find((x) => x.shape.kind === 'mask' && x.shape.maskId === id)
    return `hotspot ${h?.name || id}`
  }
  return `area ${ctx.options.areaId}`
}

/** Round to whole room px when snapping is on (pixel corners, as masks trace). */
export function snapPoint(p: Point, snap: boolean): Point {
  return snap
    ? { x: Math.round(p.x), y: Math.round(p.y) }
    : { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 }
}

/** Run `make` and execute its command; a refused edit is reported, not thrown. The command done, or null. */
export function tryExecute(ctx: ToolContext, make: () => Command | null): Command | null {
  try {
    const command = make()
    return command ? ctx.execute(command) : null
  } catch (error) {
    ctx.report('error', error instanceof Error ? error.message : String(error))
    return null
  }
}

/** Escape while a drag is under way: `cancel` it and say the key was used (a tool's keyDown). */
export function escapeCancelsDrag(key: string, dragging: boolean, cancel: () => void): boolean {
  if (key !== 'Escape' || !dragging) return false
  cancel()
  return true
}
