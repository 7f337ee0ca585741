/**
 * The shared part of the mask tools: take a snapshot of the mask when an edit
 * starts, tell the view about each dirty rectangle while it runs, and turn the
 * whole edit into one MaskPatchCommand when it ends.
 *
 * Glossary
 * - session: one edit from pointer down to pointer up (a stroke, a drag, a click).
 * - area colour: the hex colour of the area being painted, for previews.
 *
 * Units: room px = mask px.
 */
import type { Rect } from '../../shared/geometry/types'
import type { EditTarget } from '../commands/edit-target'
import { maskPatchFromSnapshot } from '../commands/mask-patch'
import { unionRect, type MaskBuffer } from './mask-paint'
import type { ToolContext } from './tool'

export class MaskEditSession {
  private dirty: Rect | null = null
  private constructor(
    private readonly target: EditTarget,
    private readonly snapshot: Uint8Array,
    readonly buffer: MaskBuffer,
  ) {}

  /** Start an edit; null (with a message) when the room has no mask or no area to paint. */
  static begin(ctx: ToolContext): MaskEditSession | null {
    const target = ctx.target()
    if (!target) return null
    if (!target.mask) {
      const { width, height } = target.room.size
      target.setMask(new Uint8Array(width * height))
      target.room.mask = target.room.mask ?? 'walkmask.png'
    }
    const mask = target.mask!
    const { width, height } = target.room.size
    return new MaskEditSession(target, mask.slice(), { data: mask, width, height })
  }

  /** Record that `rect` changed and redraw it now. */
  touched(rect: Rect | null): void {
    if (!rect) return
    this.dirty = unionRect(this.dirty, rect)
    this.target.maskChanged(rect)
  }

  /** Put the pixels back as they were (a cancelled edit). */
  rollback(): void {
    if (!this.dirty) return
    const d = this.dirty
    for (let y = d.y; y < d.y + d.height; y++) {
      const start = y * this.buffer.width + d.x
      this.buffer.data.set(this.snapshot.subarray(start, start + d.width), start)
    }
    this.target.maskChanged(d)
  }

  /** End the edit as one undo step named `label` (nothing is recorded when no pixel changed). */
  commit(ctx: ToolContext, label: string): void {
    if (!this.dirty) return
    const command = maskPatchFromSnapshot(label, this.target, this.snapshot, this.dirty)
    if (command) ctx.execute(command)
  }
}

export function areaLabel(ctx: ToolContext, verb: string): string {
  return `${verb} area ${ctx.options.areaId}`
}
