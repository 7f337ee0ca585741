/**
 * Mask patch: a change to a rectangle of the area-id mask, kept as the bytes
 * before and after. A whole brush stroke, a rectangle, an ellipse, a polygon fill
 * or a flood fill is one patch, so it is one undo step.
 *
 * Glossary
 * - patch rect: the bounding rectangle of every pixel the edit touched, mask px.
 * - before/after: rect.width * rect.height bytes each, row-major inside the rect.
 *
 * Units: mask px (= room px).
 */
import type { Rect } from '../../../shared/geometry/types'
import type { Changes, Command } from './command'
import type { EditTarget } from './edit-target'
import { writeRectCounted } from './mask-counts'

/** Copy the bytes of `rect` out of a mask `width` px wide. */
export function readMaskRect(mask: Uint8Array, width: number, rect: Rect): Uint8Array {
  const out = new Uint8Array(rect.width * rect.height)
  for (let r = 0; r < rect.height; r++) {
    const start = (rect.y + r) * width + rect.x
    out.set(mask.subarray(start, start + rect.width), r * rect.width)
  }
  return out
}

/** Write `bytes` (rect-sized) into `rect` of a mask `width` px wide (its kept pixel counts follow). */
export function writeMaskRect(mask: Uint8Array, width: number, rect: Rect, bytes: Uint8Array): void {
  writeRectCounted(mask, width, rect, bytes)
}

export class MaskPatchCommand implements Command {
  readonly changes: Changes
  constructor(
    readonly label: string,
    private readonly target: EditTarget,
    readonly rect: Rect,
    private readonly before: Uint8Array,
    private readonly after: Uint8Array,
  ) {
    const n = rect.width * rect.height
    if (before.length !== n || after.length !== n)
      throw new Error(`A mask patch of ${rect.width}×${rect.height} px needs ${n} bytes before and after.`)
    this.changes = { kinds: [target.maskKind ?? 'walk-mask'], rect }
  }

  get bytes(): number {
    return 128 + this.before.byteLength + this.after.byteLength
  }

  private write(bytes: Uint8Array): void {
    const mask = this.target.mask
    if (!mask) throw new Error('The room has no mask to change.')
    writeMaskRect(mask, this.target.room.size.width, this.rect, bytes)
    this.target.maskWritten?.(this.rect)
  }

  apply(): void {
    this.write(this.after)
  }

  invert(): void {
    this.write(this.before)
  }

  /** How many pixels differ between before and after (0 = the edit changed nothing). */
  changedPixels(): number {
    let n = 0
    for (let i = 0; i < this.before.length; i++) if (this.before[i] !== this.after[i]) n++
    return n
  }
}

/**
 * A patch from a full copy of the mask taken before the edit and the mask now, limited to
 * `rect` (clipped to the mask). Null when nothing changed.
 */
export function maskPatchFromSnapshot(
  label: string,
  target: EditTarget,
  snapshot: Uint8Array,
  rect: Rect,
): MaskPatchCommand | null {
  const mask = target.mask
  if (!mask) return null
  const { width, height } = target.room.size
  const x0 = Math.max(0, rect.x)
  const y0 = Math.max(0, rect.y)
  const x1 = Math.min(width, rect.x + rect.width)
  const y1 = Math.min(height, rect.y + rect.height)
  if (x1 <= x0 || y1 <= y0) return null
  const clipped = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
  const command = new MaskPatchCommand(
    label,
    target,
    clipped,
    readMaskRect(snapshot, width, clipped),
    readMaskRect(mask, width, clipped),
  )
  return command.changedPixels() > 0 ? command : null
}

/** Replace the whole mask (import, polygons to mask); `next` null removes it. */
export class ReplaceMaskCommand implements Command {
  readonly changes: Changes = { kinds: ['walk-mask', 'room'] }
  private readonly before: Uint8Array | null
  private readonly beforeFile: string | undefined
  constructor(
    readonly label: string,
    private readonly target: EditTarget,
    private readonly next: Uint8Array | null,
    private readonly nextFile = 'walkmask.png',
  ) {
    this.before = target.mask ? target.mask.slice() : null
    this.beforeFile = target.room.mask
  }
  get bytes(): number {
    return 128 + (this.before?.byteLength ?? 0) + (this.next?.byteLength ?? 0)
  }
  apply(): void {
    this.target.room.mask = this.next ? (this.target.room.mask ?? this.nextFile) : undefined
    this.target.setMask(this.next ? this.next.slice() : null)
  }
  invert(): void {
    this.target.room.mask = this.beforeFile
    this.target.setMask(this.before ? this.before.slice() : null)
  }
}
