/**
 * The room view's frame (the room's rectangle in a flat colour, under the background) is
 * drawn only where it can be seen: not while an opaque background at full opacity covers
 * the whole room, and again as soon as the background is hidden, faded, smaller than the
 * room, gone, or has a pixel that is not opaque. A frame drawn under an opaque background
 * (a room-sized fill every frame under software GL) fails the first case; a frame hidden
 * where the background lets it show fails the others.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import { RoomView } from '../../../src/renderer/editing/canvas/room-view'
import { isOpaque } from '../../../src/renderer/editing/canvas/textures'
import type { RgbaImage } from '../../../src/shared/host'

function image(width: number, height: number, alpha = 255): RgbaImage {
  const data = new Uint8Array(width * height * 4).fill(90)
  for (let i = 3; i < data.length; i += 4) data[i] = 255
  data[data.length - 1] = alpha
  return { width, height, data }
}

describe('the room frame under the background', () => {
  it('is not drawn while an opaque background at full opacity covers the room', () => {
    const view = new RoomView()
    view.setRoomSize(40, 30)
    expect(view.frameShown).toBe(true)
    view.setBackground(image(40, 30))
    view.setBackgroundStyle(true, 1)
    expect(view.frameShown).toBe(false)
  })

  it('is drawn when the background is hidden, faded, gone, or lets the frame show', () => {
    const view = new RoomView()
    view.setRoomSize(40, 30)
    view.setBackground(image(40, 30))
    view.setBackgroundStyle(false, 1)
    expect(view.frameShown).toBe(true)
    view.setBackgroundStyle(true, 0.5)
    expect(view.frameShown).toBe(true)
    view.setBackgroundStyle(true, 1)
    expect(view.frameShown).toBe(false)
    view.setBackground(null)
    expect(view.frameShown).toBe(true)
    view.setBackground(image(40, 30, 254))
    expect(view.frameShown).toBe(true)
    view.setBackground(image(39, 30))
    expect(view.frameShown).toBe(true)
    view.setBackground(image(40, 30))
    view.setRoomSize(40, 31)
    expect(view.frameShown).toBe(true)
  })

  it('reads an image as opaque only when every alpha is 255', () => {
    expect(isOpaque(image(3, 2))).toBe(true)
    expect(isOpaque(image(3, 2, 0))).toBe(false)
    const first = image(3, 2)
    first.data[3] = 128
    expect(isOpaque(first)).toBe(false)
  })
})
