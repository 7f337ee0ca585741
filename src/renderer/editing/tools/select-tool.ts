/**
 * Select and edit outlines on the walk-polygon, gate, zone and hotspot layers: press a
 * vertex and drag it; press an edge and drag to insert a vertex there (a click on an edge
 * without a drag only selects its outline: no edit); press
 * inside a shape to select it and drag to move it. A dragged vertex (moved or new) snaps
 * like any placed point when snapping is on (grid, vertices, edges; see snapping.ts), never
 * to where it was nor to its own edges, and what caught it is highlighted. Each drag is one undo step; an
 * edit that would make an outline cross itself is refused and the crossings are
 * marked. Delete, Duplicate and the arrow keys act on the selection (see
 * editing/actions/selection-actions.ts). On the hotspot layer a press on a walk-to marker drags it
 * (walk-to-drag.ts) and a press on a painted hotspot's pixels selects it.
 *
 * Multi-select: Shift + click adds a shape to the selection or takes it out; a drag from
 * empty room draws a marquee that selects every object wholly inside it, on every visible,
 * unlocked layer (Shift + drag adds to the selection); pressing a shape of a multi-selection
 * and dragging moves them all, as one undo step. Objects hidden or locked in the outliner
 * are never picked (`ctx.pickable`).
 *
 * Modes: 'idle', 'dragging-vertex', 'dragging-new-vertex', 'dragging-shape',
 * 'dragging-objects', 'marquee'.
 * Units: room px; hit tolerances in screen px.
 */
import { findSelfIntersections, pointInRing } from '../../../shared/geometry/polygon'
import { closestParameterOnSegment, distanceToSegment } from '../../../shared/geometry/predicates'
import type { Point } from '../../../shared/geometry/types'
import { ringToCoords } from '../../../shared/room/convert'
import {
  moveRingCommand,
  movePolygonCommand,
  RingError,
  setRingCommand,
  type RingRef,
} from '../commands/room-commands'
import { editableRings, ringOfSelection, sameRing, withVertex, type EditableRing } from './shape-rings'
import {
  escapeCancelsDrag,
  snapPoint,
  tryExecute,
  type Selection,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'
import type { SnapSkip, SnapTarget } from './snapping'
import { paintedHotspotSelection } from './hotspot-pick'
import { boundsOf, outlineOf, refOfSelection, roomObjects, sameRef, type ObjectRef } from './object-refs'
import { moveObjectsCommand } from '../commands/transform-commands'
import { WalkToDrag } from './walk-to-drag'

const VERTEX_HIT_SCREEN_PX = 7
const EDGE_HIT_SCREEN_PX = 5

type Drag =
  | { mode: 'dragging-vertex'; ring: EditableRing; index: number; start: Point }
  | { mode: 'dragging-new-vertex'; ring: EditableRing; index: number; start: Point }
  | { mode: 'dragging-shape'; ring: EditableRing; start: Point }

/** A drag that moves the whole multi-selection, or draws a marquee. */
type GroupDrag =
  | { mode: 'dragging-objects'; start: Point; refs: readonly ObjectRef[] }
  | { mode: 'marquee'; start: Point; add: boolean }

export class SelectTool implements Tool {
  readonly id = 'select'
  readonly cursor = 'default'
  private drag: Drag | null = null
  private now: Point | null = null
  /** Where the dragged vertex goes now (snapped), and what caught it. */
  private placed: { point: Point; target: SnapTarget | null } | null = null
  private refused: Point[] = []
  private readonly walkTo: WalkToDrag
  private group: GroupDrag | null = null

  constructor(private readonly ctx: ToolContext) {
    this.walkTo = new WalkToDrag(ctx)
  }

  get mode(): string {
    return this.walkTo.active ? 'dragging-walk-to' : (this.drag?.mode ?? this.group?.mode ?? 'idle')
  }

  /** May this ring be picked (not hidden or locked in the outliner)? */
  private pickable(ring: EditableRing): boolean {
    const ref = refOfSelection(ring.selection)
    return !ref || !this.ctx.pickable || this.ctx.pickable(ref)
  }

  private rings(): EditableRing[] {
    const target = this.ctx.target()
    return target ? editableRings(target.room, this.ctx.activeLayer()).filter((r) => this.pickable(r)) : []
  }

  private objects(): readonly ObjectRef[] {
    return this.ctx.objects?.() ?? []
  }

  /** Every pickable object with an outline wholly inside the rectangle from a to b, on any layer. */
  private inside(a: Point, b: Point): ObjectRef[] {
    const target = this.ctx.target()
    if (!target) return []
    const box = {
      minX: Math.min(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxX: Math.max(a.x, b.x),
      maxY: Math.max(a.y, b.y),
    }
    const out: ObjectRef[] = []
    for (const group of roomObjects(target.room))
      for (const { ref } of group.objects) {
        if (this.ctx.pickable && !this.ctx.pickable(ref)) continue
        const outline = outlineOf(target.room, ref)
        const bounds = outline ? boundsOf(outline) : null
        if (
          bounds &&
          bounds.minX >= box.minX &&
          bounds.maxX <= box.maxX &&
          bounds.minY >= box.minY &&
          bounds.maxY <= box.maxY
        )
          out.push(ref)
      }
    return out
  }

  /** Shift + press: add the shape under the pointer to the selection, or take it out. */
  private shiftPress(e: ToolPointer): void {
    const hit = this.rings().find((r) => pointInRing(r.points, e.point))
    const ref = hit ? refOfSelection(hit.selection) : null
    if (ref && this.ctx.setObjects) {
      const now = this.objects()
      this.ctx.setObjects(
        now.some((r) => sameRef(r, ref)) ? now.filter((r) => !sameRef(r, ref)) : [...now, ref],
      )
    } else this.group = { mode: 'marquee', start: e.point, add: true }
    this.now = e.point
    this.ctx.previewChanged()
  }

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    this.refused = []
    const hotspots = this.ctx.activeLayer() === 'hotspots'
    if (hotspots && this.walkTo.press(e, false)) return
    if (e.shift && this.ctx.setObjects) return this.shiftPress(e)
    const rings = this.rings()
    const p = e.point
    const selected = ringOfSelection(this.ctx.selection())
    // The selected ring's vertices win over others that overlap them.
    const ordered = selected ? [...rings.filter((r) => sameRing(r.ref, selected)), ...rings] : rings
    for (const ring of ordered) {
      const index = ring.points.findIndex(
        (v) => Math.hypot(v.x - p.x, v.y - p.y) * e.zoom <= VERTEX_HIT_SCREEN_PX,
      )
      if (index >= 0) {
        this.ctx.select(withVertex(ring.selection, index))
        this.drag = { mode: 'dragging-vertex', ring, index, start: p }
        this.now = p
        return
      }
    }
    for (const ring of ordered) {
      const n = ring.points.length
      for (let i = 0; i < n; i++) {
        const a = ring.points[i]
        const b = ring.points[(i + 1) % n]
        if (
          distanceToSegment(a, b, p) * e.zoom <= EDGE_HIT_SCREEN_PX &&
          closestParameterOnSegment(a, b, p) > 0
        ) {
          this.ctx.select(withVertex(ring.selection, i + 1))
          this.drag = { mode: 'dragging-new-vertex', ring, index: i + 1, start: p }
          this.now = p
          this.ctx.previewChanged()
          return
        }
      }
    }
    const inside = rings.find((r) => pointInRing(r.points, p))
    const insideRef = inside ? refOfSelection(inside.selection) : null
    const many = this.objects()
    if (insideRef && many.length > 1 && many.some((r) => sameRef(r, insideRef))) {
      this.group = { mode: 'dragging-objects', start: p, refs: many }
      this.now = p
      return
    }
    if (inside) {
      this.ctx.select(inside.selection)
      this.drag = { mode: 'dragging-shape', ring: inside, start: p }
      this.now = p
      return
    }
    const target = this.ctx.target()
    this.ctx.select(hotspots && target ? paintedHotspotSelection(target.room, p) : null)
    // A drag from here draws a marquee.
    if (this.ctx.setObjects) {
      this.group = { mode: 'marquee', start: p, add: false }
      this.now = p
    }
    this.ctx.previewChanged()
  }

  /** The whole px the multi-selection moves by now. */
  private groupOffset(): Point {
    const g = this.group
    if (!g || !this.now) return { x: 0, y: 0 }
    return {
      x: Math.round(this.now.x - g.start.x),
      y: Math.round(this.now.y - g.start.y),
    }
  }

  private releaseGroup(e: ToolPointer): void {
    const g = this.group!
    this.now = e.point
    const moved = Math.hypot(e.point.x - g.start.x, e.point.y - g.start.y) * e.zoom >= 1
    const target = this.ctx.target()
    if (g.mode === 'marquee') {
      if (moved && this.ctx.setObjects) {
        const picked = this.inside(g.start, e.point)
        const kept = g.add ? this.objects().filter((r) => !picked.some((q) => sameRef(q, r))) : []
        this.ctx.setObjects([...kept, ...picked])
      }
    } else if (moved && target) {
      const d = this.groupOffset()
      if (d.x !== 0 || d.y !== 0) tryExecute(this.ctx, () => moveObjectsCommand(target, g.refs, d.x, d.y))
    } else if (!moved) {
      // A click on a shape of the multi-selection selects that shape alone.
      const hit = this.rings().find((r) => pointInRing(r.points, e.point))
      if (hit) this.ctx.select(hit.selection)
    }
    this.group = null
    this.now = null
    this.ctx.previewChanged()
  }

  pointerMove(e: ToolPointer): void {
    if (this.walkTo.active) return this.walkTo.move(e)
    if (this.group) {
      this.now = e.point
      this.ctx.previewChanged()
      return
    }
    if (!this.drag) return
    this.now = e.point
    this.place(e.zoom)
    this.ctx.previewChanged()
  }

  /** What must not catch the dragged vertex: itself where it was, and its own edges. */
  private skipOf(d: Exclude<Drag, { mode: 'dragging-shape' }>): SnapSkip {
    const pts = d.ring.points
    const n = pts.length
    if (d.mode === 'dragging-vertex') {
      const v = pts[d.index]
      return {
        vertices: [v],
        edges: [
          [pts[(d.index - 1 + n) % n], v],
          [v, pts[(d.index + 1) % n]],
        ],
      }
    }
    // A new vertex splits the edge it was pulled from.
    return { edges: [[pts[d.index - 1], pts[d.index % n]]] }
  }

  /** Snap the dragged vertex at the pointer (a shape drag moves by whole px instead). */
  private place(zoom: number): void {
    const d = this.drag
    if (!d || !this.now || d.mode === 'dragging-shape') {
      this.placed = null
      return
    }
    this.placed = this.ctx.snap(this.now, zoom, [], this.skipOf(d))
  }

  /** The dragged ring as it would be now. */
  private draggedRing(): Point[] | null {
    const d = this.drag
    if (!d || !this.now) return null
    const snap = this.ctx.options.snapToPixels
    if (d.mode === 'dragging-shape') {
      const dx = snapPoint({ x: this.now.x - d.start.x, y: 0 }, snap).x
      const dy = snapPoint({ x: 0, y: this.now.y - d.start.y }, snap).y
      return d.ring.points.map((v) => ({ x: v.x + dx, y: v.y + dy }))
    }
    const at = this.placed?.point ?? snapPoint(this.now, snap)
    const points = d.ring.points.slice()
    if (d.mode === 'dragging-vertex') points[d.index] = at
    else points.splice(d.index, 0, at)
    return points
  }

  pointerUp(e: ToolPointer): void {
    if (this.walkTo.active) return this.walkTo.release(e)
    if (this.group) return this.releaseGroup(e)
    const d = this.drag
    if (!d) return
    this.now = e.point
    this.place(e.zoom)
    const ring = this.draggedRing()
    this.drag = null
    this.now = null
    this.placed = null
    const target = this.ctx.target()
    if (!target || !ring) return
    const moved = Math.hypot(e.point.x - d.start.x, e.point.y - d.start.y) * e.zoom >= 1
    if (!moved) {
      // A click is not an edit: on an edge it selects the ring (a vertex appears only when dragged).
      if (d.mode === 'dragging-new-vertex') this.ctx.select(d.ring.selection)
      this.ctx.previewChanged()
      return
    }
    try {
      if (d.mode === 'dragging-shape') {
        const dx = ring[0].x - d.ring.points[0].x
        const dy = ring[0].y - d.ring.points[0].y
        const ref: RingRef = d.ring.ref
        this.ctx.execute(
          ref.kind === 'outer'
            ? movePolygonCommand(target, ref.polygonId, dx, dy)
            : moveRingCommand(target, ref, dx, dy),
        )
      } else {
        const label = d.mode === 'dragging-vertex' ? 'Move vertex' : 'Insert vertex'
        this.ctx.execute(setRingCommand(target, d.ring.ref, ringToCoords(ring), label))
      }
    } catch (error) {
      if (error instanceof RingError) this.refused = error.at
      this.ctx.report('error', error instanceof Error ? error.message : String(error))
    }
    this.ctx.previewChanged()
  }

  keyDown(key: string): boolean {
    return escapeCancelsDrag(key, this.drag !== null || this.group !== null || this.walkTo.active, () =>
      this.cancel(),
    )
  }

  cancel(): void {
    this.walkTo.cancel()
    this.group = null
    this.drag = null
    this.now = null
    this.placed = null
    this.refused = []
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const markers: NonNullable<ToolPreview['markers']> = []
    const rings: NonNullable<ToolPreview['rings']> = []
    const selection: Selection | null = this.ctx.selection()
    const selectedRef = ringOfSelection(selection)
    if (selectedRef) {
      const ring = this.rings().find((r) => sameRing(r.ref, selectedRef))
      if (ring) {
        const vertex = selection && 'vertex' in selection ? selection.vertex : undefined
        rings.push({ points: ring.points, closed: true, colour: 0xffffff })
        ring.points.forEach((point, i) =>
          markers.push({ point, colour: i === vertex ? 0xffe066 : 0xffffff, size: i === vertex ? 5 : 3 }),
        )
      }
    }
    const target = this.ctx.target()
    const many = this.objects()
    // Several objects, or one no tool selects alone (a point): each outlined.
    if (target && (many.length > 1 || (many.length === 1 && !selection))) {
      const d = this.group?.mode === 'dragging-objects' ? this.groupOffset() : null
      for (const ref of many) {
        const outline = outlineOf(target.room, ref)
        if (!outline) continue
        if (outline.length === 1) markers.push({ point: outline[0], colour: 0xffffff, size: 5 })
        else rings.push({ points: outline, closed: true, colour: 0xffffff })
        if (d && (d.x || d.y)) {
          const moved = outline.map((v) => ({ x: v.x + d.x, y: v.y + d.y }))
          if (moved.length > 1) rings.push({ points: moved, closed: true, colour: 0xffe066, dashed: true })
          else markers.push({ point: moved[0], colour: 0xffe066, size: 5 })
        }
      }
    }
    if (this.group?.mode === 'marquee' && this.now) {
      const a = this.group.start
      const b = this.now
      rings.push({
        points: [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }],
        closed: true,
        colour: 0x5ec8ff,
        dashed: true,
      })
    }
    const dragged = this.draggedRing()
    if (dragged) {
      rings.push({ points: dragged, closed: true, colour: 0xffe066, dashed: true })
      for (const point of findSelfIntersections(dragged))
        markers.push({ point, colour: 0xff3b3b, size: 7, cross: true })
    }
    for (const point of this.refused) markers.push({ point, colour: 0xff3b3b, size: 7, cross: true })
    const walkTo = this.walkTo.preview()
    if (walkTo) {
      rings.push(...(walkTo.rings ?? []))
      markers.push(...(walkTo.markers ?? []))
    }
    const snap = this.drag ? (this.placed?.target ?? null) : (walkTo?.snap ?? null)
    return rings.length || markers.length || snap ? { rings, markers, snap } : null
  }
}
