/**
 * Background commands: a room's art replaced by another image, keeping every shape
 * where it is in room px (the top-left corner stays put). When the new image has another
 * size the room takes it: the walk mask and the scale map are cut or extended to match
 * (new mask pixels are not walkable; new scale-map pixels repeat the nearest edge), and
 * the author is told first what would lie outside.
 *
 * Glossary
 * - background state: the decoded image, and the file to write on the next save.
 * - outside: a shape with a point beyond the new size (x < 0, y < 0, x > width, y > height).
 *
 * Units: room px.
 */
import type { RgbaImage } from '../../../shared/host'
import type { Room } from '../../../shared/room/schema'
import type { BackgroundState, PendingFile } from '../stores/room-session'
import { CompoundCommand, HolderCommand, type Command, type StateHolder } from './command'
import type { EditTarget } from './edit-target'
import { ReplaceMaskCommand } from './mask-patch'
import { RoomFieldsCommand } from './room-fields'
import type { ScaleMapHolder } from './scale-map'

export type BackgroundHolder = StateHolder<BackgroundState>

/** What would lie outside a room of `width` x `height`, as short phrases ("polygon 'floor'"). */
export function outsideAfterResize(room: Room, width: number, height: number): string[] {
  const out = (x: number, y: number) => x < 0 || y < 0 || x > width || y > height
  const ringOut = (ring: readonly (readonly [number, number])[]) => ring.some(([x, y]) => out(x, y))
  const found: string[] = []
  for (const p of room.polygons)
    if (ringOut(p.outer) || p.holes.some(ringOut)) found.push(`walk polygon '${p.id}'`)
  for (const g of room.gates) if (g.polygon && ringOut(g.polygon)) found.push(`gate '${g.name}'`)
  for (const z of room.zones)
    if (z.shape.kind === 'polygon' && ringOut(z.shape.outer)) found.push(`zone '${z.name}'`)
  const nodes = room.nodeGraph.nodes.filter((n) => out(n.x, n.y))
  if (nodes.length) found.push(`${nodes.length} graph node${nodes.length > 1 ? 's' : ''}`)
  const stops = room.scaling.linear.flatMap((l) => l.stops).filter((s) => s.y > height)
  if (stops.length) found.push(`${stops.length} scale stop${stops.length > 1 ? 's' : ''}`)
  if (out(room.testWalk.start.x, room.testWalk.start.y)) found.push('the test-walk start')
  return found
}

/** An area-id mask cut or extended to a new size, top-left anchored; new pixels are 0. */
export function resizeMask(
  mask: Uint8Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Uint8Array {
  const out = new Uint8Array(toWidth * toHeight)
  const w = Math.min(width, toWidth)
  for (let y = 0; y < Math.min(height, toHeight); y++)
    out.set(mask.subarray(y * width, y * width + w), y * toWidth)
  return out
}

/** An RGBA image cut or extended to a new size, top-left anchored; new pixels repeat the nearest edge. */
export function resizeByEdges(image: RgbaImage, toWidth: number, toHeight: number): RgbaImage {
  const data = new Uint8Array(toWidth * toHeight * 4)
  for (let y = 0; y < toHeight; y++) {
    const sy = Math.min(y, image.height - 1)
    for (let x = 0; x < toWidth; x++) {
      const sx = Math.min(x, image.width - 1)
      const from = (sy * image.width + sx) * 4
      data.set(image.data.subarray(from, from + 4), (y * toWidth + x) * 4)
    }
  }
  return { width: toWidth, height: toHeight, data }
}

/** The file name a background of this image file is stored under: 'background' with its own extension. */
export function backgroundFileName(sourceName: string, bytes: Uint8Array): string {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8
  const webp = bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50
  if (png) return 'background.png'
  if (jpeg) return 'background.jpg'
  if (webp) return 'background.webp'
  const ext = /\.(png|jpe?g|webp)$/i.exec(sourceName)?.[1]?.toLowerCase()
  return `background.${ext === 'jpeg' ? 'jpg' : (ext ?? 'png')}`
}

/**
 * Replace the room's background by `image` (its file `file` written on save). The room
 * takes the image's size; the mask and scale map follow (see the module note).
 */
export function replaceBackgroundCommand(
  target: EditTarget,
  background: BackgroundHolder,
  scaleMap: ScaleMapHolder,
  image: RgbaImage,
  file: PendingFile,
  sourceName: string,
): Command {
  const room = target.room
  const { width, height } = room.size
  const parts: Command[] = [
    new HolderCommand('Background image', background, { image, file }, ['background']),
    new RoomFieldsCommand('Background file', target, { background: file.name }),
  ]
  if (image.width !== width || image.height !== height) {
    parts.push(
      new RoomFieldsCommand('Room size', target, { size: { width: image.width, height: image.height } }),
    )
    if (target.mask)
      parts.push(
        new ReplaceMaskCommand(
          'Resize mask',
          target,
          resizeMask(target.mask, width, height, image.width, image.height),
        ),
      )
    const map = scaleMap.get()
    if (map.image)
      parts.push(
        new HolderCommand(
          'Resize scale map',
          scaleMap,
          {
            image: resizeByEdges(map.image, image.width, image.height),
            // Not a PNG: the next save encodes the resized map's grey (editor.scaleMapToSave).
            bytes: new Uint8Array(0),
            sourceName: map.sourceName,
          },
          ['scaling'],
        ),
      )
  }
  return new CompoundCommand(`Replace background with ${sourceName}`, parts)
}

/** AGS's defaults for a room's frames: the engine switches them, every 5 game loops. */
export const BACKGROUND_ANIMATION_DEFAULTS = { enabled: true, delay: 5 } as const

/**
 * How the engine animates a room's background frames (AGS BackgroundAnimationEnabled and
 * BackgroundAnimationDelay): whether it switches them by itself, and every how many game
 * loops (0..255). Refused, with the reason, for a room with one background or a delay
 * out of range.
 */
export function setBackgroundAnimationCommand(
  target: EditTarget,
  change: { enabled?: boolean; delay?: number },
): RoomFieldsCommand {
  const room = target.room
  if (!room.backgroundFrames?.length)
    throw new Error('The room has one background: there are no frames to animate.')
  const fields: Partial<Room> = {}
  if (change.delay !== undefined) {
    if (!Number.isInteger(change.delay) || change.delay < 0 || change.delay > 255)
      throw new Error('The frame delay is a whole number of game loops from 0 to 255.')
    fields.backgroundAnimationDelay = change.delay
  }
  if (change.enabled !== undefined) fields.backgroundAnimationEnabled = change.enabled
  const label =
    change.enabled === undefined
      ? `Background frames every ${change.delay} game loops`
      : change.enabled
        ? 'Animate the background frames'
        : 'Stop animating the background frames'
  return new RoomFieldsCommand(label, target, fields)
}
