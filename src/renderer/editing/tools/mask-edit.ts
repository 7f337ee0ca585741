/**
 * The shared part of the mask tools: take a snapshot of the mask when an edit
 * starts, tell the view about each dirty rectangle while it runs, and turn the
 * whole edit into one command when it ends (a MaskPatchCommand, or a ReplaceMaskCommand
 * when the room had no mask yet: the stroke then makes the room's mask).
 *
 * Glossary
 * - session: one edit from pointer down to pointer up (a stroke, a drag, a click).
 * - area colour: the hex colour of the area being painted, for previews.
 *
 * Units: room px = mask px.
 */
import type { Rect } from '../../../shared/geometry/types'
import type { EditTarget } from '../commands/edit-target'
import { maskPatchFromSnapshot, ReplaceMaskCommand } from '../commands/mask-patch'
import { unionRect, type MaskBuffer } from './mask-paint'
import { countsOf, writeRectCounted } from '../commands/mask-counts'
import { readMaskRect } from '../commands/mask-patch'
import type { ToolContext } from './tool'
import { hotspotPaintProblem } from './hotspot-pick'

export class MaskEditSession {
  private dirty: Rect | null = null
  private constructor(
    private readonly target: EditTarget,
    private readonly snapshot: Uint8Array,
    readonly buffer: MaskBuffer,
    /** True when the room had no mask: the first stroke makes one (part of its command). */
    private readonly madeMask: boolean,
  ) {}

  /**
   * Start an edit; null when no room is open, or when the press asked whether to make the
   * mask the walkable area (ToolContext.mayPaintMask). A room without a mask gets a blank one to
   * paint into, shown at once; it becomes the room's mask only when the edit is committed
   * (its command creates it), and is taken away again when the edit is cancelled.
   */
  static begin(ctx: ToolContext): MaskEditSession | null {
    const target = ctx.target()
    if (!target) {
      if (ctx.activeLayer() === 'walk-behinds')
        ctx.report('error', 'Add a walk-behind first (Walk-behinds panel), then paint it.')
      return null
    }
    if (target.maskKind === 'hotspots') {
      const problem = hotspotPaintProblem(target.room, ctx.options.hotspotMaskId ?? 0)
      if (problem) {
        ctx.report('error', problem)
        return null
      }
    }
    // The walk mask of a polygon room: the first press asks whether to switch (once).
    if ((target.maskKind ?? 'walk-mask') === 'walk-mask' && ctx.mayPaintMask && !ctx.mayPaintMask())
      return null
    const { width, height } = target.room.size
    const madeMask = !target.mask
    if (madeMask) {
      target.setMask(new Uint8Array(width * height))
      target.maskChanged(null)
    }
    const mask = target.mask!
    // The tools keep the mask's pixel counts in step as they write (mask-counts.ts).
    return new MaskEditSession(
      target,
      mask.slice(),
      { data: mask, width, height, counts: countsOf(mask) },
      madeMask,
    )
  }

  /** Record that `rect` changed and redraw it now. */
  touched(rect: Rect | null): void {
    if (!rect) return
    this.dirty = unionRect(this.dirty, rect)
    this.target.maskChanged(rect)
  }

  /** Put the pixels back as they were (a cancelled edit). */
  rollback(): void {
    if (this.madeMask) {
      this.target.setMask(null)
      this.target.maskChanged(null)
      return
    }
    if (!this.dirty) return
    const d = this.dirty
    writeRectCounted(
      this.buffer.data,
      this.buffer.width,
      d,
      readMaskRect(this.snapshot, this.buffer.width, d),
    )
    this.target.maskChanged(d)
  }

  /** End the edit as one undo step named `label` (nothing is recorded when no pixel changed). */
  commit(ctx: ToolContext, label: string): void {
    const patch = this.dirty ? maskPatchFromSnapshot(label, this.target, this.snapshot, this.dirty) : null
    if (!patch) {
      this.rollback()
      return
    }
    if (!this.madeMask) {
      ctx.execute(patch)
      return
    }
    // The painted buffer is the new mask: one command makes it the room's mask (file name
    // included) and undoing it removes the mask again.
    const painted = this.buffer.data
    this.target.setMask(null)
    ctx.execute(new ReplaceMaskCommand(label, this.target, painted))
  }
}
