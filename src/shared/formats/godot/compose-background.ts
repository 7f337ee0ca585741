/**
 * The picture Godot draws behind the characters of a room, flattened into one background:
 * the background sprite, then every other visible Sprite2D of the room (Popochiu props,
 * Escoria items, decorations) in Godot's draw order: by z_index (added up the tree while
 * `z_as_relative` holds), then tree order. Characters are left out (they move). A sprite
 * whose z puts it behind the background is hidden by it in Godot too, and is named.
 *
 * Each sprite is drawn as Sprite2D draws it: its texture (or the `frame` of its
 * `hframes` x `vframes` grid, or its `region_rect`), `centered` (default true), `offset`,
 * `flip_h` / `flip_v`, through its full transform to the room (nearest pixel, alpha over).
 *
 * Glossary
 * - canvas: RGBA pixels of room size, rows top-down, 4 bytes a pixel.
 * - toRoom: the affine transform from a node's local px to room px (the node's global
 *   transform followed by the room offset).
 *
 * Limits: at most MAX_DRAWN_SPRITES sprites are drawn; each costs at most its bounding box
 * clipped to the canvas.
 *
 * Units: px.
 */
import { vector2, type TscnValue } from './tscn'
import type { SceneNode, Transform } from './scene-tree'

export interface Rgba {
  width: number
  height: number
  data: Uint8Array | Uint8ClampedArray
}

export interface SpriteToDraw {
  node: SceneNode
  image: Rgba
  toRoom: Transform
}

function num(v: TscnValue | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback
}

/** Godot's draw order key of every node: z_index summed up the tree while z_as_relative holds. */
export function drawOrder(root: SceneNode): Map<SceneNode, { z: number; order: number; visible: boolean }> {
  const out = new Map<SceneNode, { z: number; order: number; visible: boolean }>()
  let order = 0
  const visit = (n: SceneNode, parentZ: number, parentVisible: boolean) => {
    const own = Math.trunc(num(n.props.get('z_index')?.value, 0))
    const relative = n.props.get('z_as_relative')?.value !== false
    const z = (relative ? parentZ : 0) + own
    const visible = parentVisible && n.props.get('visible')?.value !== false
    out.set(n, { z, order: order++, visible })
    for (const c of n.children) visit(c, z, visible)
  }
  visit(root, 0, true)
  return out
}

/** The source rectangle of a Sprite2D's texture it draws (frame of the grid, or region). */
export function spriteRect(node: SceneNode, image: Rgba): { x: number; y: number; w: number; h: number } {
  const region = node.props.get('region_rect')?.value
  if (
    node.props.get('region_enabled')?.value === true &&
    region &&
    typeof region === 'object' &&
    'kind' in region
  ) {
    const a = region.kind === 'call' ? region.args.map((v) => num(v, 0)) : []
    if (a.length === 4 && a[2] > 0 && a[3] > 0) return { x: a[0], y: a[1], w: a[2], h: a[3] }
  }
  const hframes = Math.max(1, Math.trunc(num(node.props.get('hframes')?.value, 1)))
  const vframes = Math.max(1, Math.trunc(num(node.props.get('vframes')?.value, 1)))
  const w = Math.floor(image.width / hframes)
  const h = Math.floor(image.height / vframes)
  const frame = Math.max(0, Math.trunc(num(node.props.get('frame')?.value, 0))) % (hframes * vframes)
  return { x: (frame % hframes) * w, y: Math.floor(frame / hframes) * h, w, h }
}

function invert(t: Transform): Transform | null {
  const det = t[0] * t[3] - t[2] * t[1]
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null
  const a = t[3] / det
  const b = -t[1] / det
  const c = -t[2] / det
  const d = t[0] / det
  return [a, b, c, d, -(a * t[4] + c * t[5]), -(b * t[4] + d * t[5])]
}

/** Draws one sprite onto the canvas (alpha over); returns how many canvas pixels it touched. */
export function drawSprite(canvas: Rgba, sprite: SpriteToDraw): number {
  const { node, image, toRoom } = sprite
  const rect = spriteRect(node, image)
  const centered = node.props.get('centered')?.value !== false
  const own = vector2(node.props.get('offset')?.value) ?? { x: 0, y: 0 }
  const left = own.x - (centered ? rect.w / 2 : 0)
  const top = own.y - (centered ? rect.h / 2 : 0)
  const flipH = node.props.get('flip_h')?.value === true
  const flipV = node.props.get('flip_v')?.value === true
  const back = invert(toRoom)
  if (!back) return 0
  // Bounding box of the drawn rectangle in room px, clipped to the canvas.
  const corners = [
    [left, top],
    [left + rect.w, top],
    [left, top + rect.h],
    [left + rect.w, top + rect.h],
  ].map(([x, y]) => [toRoom[0] * x + toRoom[2] * y + toRoom[4], toRoom[1] * x + toRoom[3] * y + toRoom[5]])
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]))))
  const x1 = Math.min(canvas.width, Math.ceil(Math.max(...corners.map((p) => p[0]))))
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]))))
  const y1 = Math.min(canvas.height, Math.ceil(Math.max(...corners.map((p) => p[1]))))
  let touched = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const px = x + 0.5
      const py = y + 0.5
      let u = back[0] * px + back[2] * py + back[4] - left
      let v = back[1] * px + back[3] * py + back[5] - top
      if (u < 0 || v < 0 || u >= rect.w || v >= rect.h) continue
      if (flipH) u = rect.w - u
      if (flipV) v = rect.h - v
      const sx = rect.x + Math.min(rect.w - 1, Math.floor(u))
      const sy = rect.y + Math.min(rect.h - 1, Math.floor(v))
      if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue
      const s = (sy * image.width + sx) * 4
      const alpha = image.data[s + 3] / 255
      if (alpha === 0) continue
      const d = (y * canvas.width + x) * 4
      const under = canvas.data[d + 3] / 255
      const outA = alpha + under * (1 - alpha)
      for (let k = 0; k < 3; k++) {
        canvas.data[d + k] = Math.round(
          (image.data[s + k] * alpha + canvas.data[d + k] * under * (1 - alpha)) / (outA || 1),
        )
      }
      canvas.data[d + 3] = Math.round(outA * 255)
      touched++
    }
  }
  return touched
}
