/**
 * Node graph tool: click empty space to place a node (joined to the selected node,
 * so that a path can be laid down click by click; Escape lets go of the selection),
 * drag a node to move it, Shift+click another node to join it to the selected one,
 * click a join to select it (one-way and cost are set in the properties panel).
 *
 * Modes: 'idle', 'dragging-node'.
 * Units: room px; hit tolerances in screen px.
 */
import { distanceToSegment } from '../../../shared/geometry/predicates'
import type { Point } from '../../../shared/geometry/types'
import { addNodeCommand, joinNodesCommand, moveNodeCommand } from '../commands/room-commands'
import {
  snapPoint,
  tryExecute,
  type Tool,
  type ToolContext,
  type ToolPointer,
  type ToolPreview,
} from './tool'

const NODE_HIT_SCREEN_PX = 8
const JOIN_HIT_SCREEN_PX = 5

export class NodeTool implements Tool {
  readonly id = 'node'
  readonly cursor = 'crosshair'
  mode: 'idle' | 'dragging-node' = 'idle'
  private dragging: { id: string; start: Point } | null = null
  private now: Point | null = null

  constructor(private readonly ctx: ToolContext) {}

  pointerDown(e: ToolPointer): void {
    if (e.button !== 0) return
    const target = this.ctx.target()
    if (!target) return
    const graph = target.room.nodeGraph
    const p = e.point
    const hit = graph.nodes.find((n) => Math.hypot(n.x - p.x, n.y - p.y) * e.zoom <= NODE_HIT_SCREEN_PX)
    const selected = this.ctx.selection()
    if (hit) {
      if (e.shift && selected?.kind === 'node' && selected.nodeId !== hit.id) {
        tryExecute(this.ctx, () => joinNodesCommand(target, selected.nodeId, hit.id))
      }
      this.ctx.select({ kind: 'node', nodeId: hit.id })
      this.mode = 'dragging-node'
      this.dragging = { id: hit.id, start: p }
      this.now = p
      return
    }
    const byId = new Map(graph.nodes.map((n) => [n.id, n]))
    const joinIndex = graph.joins.findIndex((j) => {
      const a = byId.get(j.a)
      const b = byId.get(j.b)
      return a && b && distanceToSegment(a, b, p) * e.zoom <= JOIN_HIT_SCREEN_PX
    })
    if (joinIndex >= 0) {
      this.ctx.select({ kind: 'join', index: joinIndex })
      return
    }
    const at = this.ctx.snap(p, e.zoom).point
    const from = selected?.kind === 'node' ? selected.nodeId : undefined
    const made = tryExecute(this.ctx, () => addNodeCommand(target, at.x, at.y, from))?.created
    if (typeof made === 'string') this.ctx.select({ kind: 'node', nodeId: made })
  }

  pointerMove(e: ToolPointer): void {
    if (!this.dragging) return
    this.now = e.point
    this.ctx.previewChanged()
  }

  pointerUp(e: ToolPointer): void {
    const d = this.dragging
    this.dragging = null
    this.mode = 'idle'
    const target = this.ctx.target()
    if (!d || !target) return
    if (Math.hypot(e.point.x - d.start.x, e.point.y - d.start.y) * e.zoom < 2) return
    const node = target.room.nodeGraph.nodes.find((n) => n.id === d.id)
    if (!node) return
    const at = snapPoint(
      { x: node.x + e.point.x - d.start.x, y: node.y + e.point.y - d.start.y },
      this.ctx.options.snapToPixels,
    )
    tryExecute(this.ctx, () => moveNodeCommand(target, d.id, at.x, at.y))
    this.now = null
    this.ctx.previewChanged()
  }

  keyDown(key: string): boolean {
    if (key === 'Escape') {
      this.cancel()
      this.ctx.select(null)
      return true
    }
    return false
  }

  cancel(): void {
    this.dragging = null
    this.now = null
    this.mode = 'idle'
    this.ctx.previewChanged()
  }

  preview(): ToolPreview | null {
    const target = this.ctx.target()
    if (!target || !this.dragging || !this.now) return null
    const node = target.room.nodeGraph.nodes.find((n) => n.id === this.dragging?.id)
    if (!node) return null
    const point = {
      x: node.x + this.now.x - this.dragging.start.x,
      y: node.y + this.now.y - this.dragging.start.y,
    }
    return { markers: [{ point, colour: 0xffe066, size: 6 }] }
  }
}
