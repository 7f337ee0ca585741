/**
 * An indexed mask shown as a tinted overlay: each id its colour, 0 transparent, cut into
 * square tiles of MASK_TILE_PX (one canvas, texture and sprite each). `updateRect` redraws
 * and uploads only the tiles a dirty rectangle touches, so painting on a 4K room does not
 * send the whole overlay to the GPU per brush dab. The walk mask and the walk-behind layer
 * each have one.
 *
 * Units: room px (= mask px).
 */
import { Container, Sprite, type Texture } from 'pixi.js'
import type { Rect } from '../../shared/geometry/types'
import { nearestTexture } from './textures'

/** Side of an overlay tile, room px. */
export const MASK_TILE_PX = 256

interface MaskTile {
  x: number
  y: number
  canvas: HTMLCanvasElement
  texture: Texture
  sprite: Sprite
}

function makeCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return canvas
}

export class IndexedOverlay {
  readonly container: Container
  private tiles: MaskTile[] = []
  private columns = 0
  private palette: Uint8Array = new Uint8Array(256 * 3)

  constructor(label: string) {
    this.container = new Container({ label })
  }

  /** Replace the overlay; `palette` is 256 * 3 bytes (r, g, b per id). */
  setMask(mask: Uint8Array | null, width: number, height: number, palette: Uint8Array): void {
    this.destroyTiles()
    if (!mask) return
    this.palette = palette
    this.columns = Math.ceil(width / MASK_TILE_PX)
    for (let y = 0; y < height; y += MASK_TILE_PX) {
      for (let x = 0; x < width; x += MASK_TILE_PX) {
        const canvas = makeCanvas(Math.min(MASK_TILE_PX, width - x), Math.min(MASK_TILE_PX, height - y))
        const texture = nearestTexture(canvas)
        const sprite = new Sprite({ texture })
        sprite.position.set(x, y)
        this.container.addChild(sprite)
        this.tiles.push({ x, y, canvas, texture, sprite })
      }
    }
    this.updateRect(mask, width, { x: 0, y: 0, width, height })
  }

  /** Redraw only `rect` (mask px): only the tiles it touches. */
  updateRect(mask: Uint8Array, maskWidth: number, rect: Rect): void {
    if (this.tiles.length === 0 || rect.width <= 0 || rect.height <= 0) return
    const pal = this.palette
    const c0 = Math.floor(rect.x / MASK_TILE_PX)
    const c1 = Math.floor((rect.x + rect.width - 1) / MASK_TILE_PX)
    const r0 = Math.floor(rect.y / MASK_TILE_PX)
    const r1 = Math.floor((rect.y + rect.height - 1) / MASK_TILE_PX)
    for (let tr = r0; tr <= r1; tr++) {
      for (let tc = c0; tc <= c1; tc++) {
        const tile = this.tiles[tr * this.columns + tc]
        const ctx = tile?.canvas.getContext('2d')
        if (!tile || !ctx) continue
        // The part of rect inside this tile, in mask px.
        const x0 = Math.max(rect.x, tile.x)
        const y0 = Math.max(rect.y, tile.y)
        const x1 = Math.min(rect.x + rect.width, tile.x + tile.canvas.width)
        const y1 = Math.min(rect.y + rect.height, tile.y + tile.canvas.height)
        if (x1 <= x0 || y1 <= y0) continue
        const w = x1 - x0
        const out = ctx.createImageData(w, y1 - y0)
        const px = out.data
        for (let y = y0; y < y1; y++) {
          let src = y * maskWidth + x0
          let dst = (y - y0) * w * 4
          for (let c = 0; c < w; c++, src++, dst += 4) {
            const id = mask[src]
            if (id === 0) continue
            px[dst] = pal[id * 3]
            px[dst + 1] = pal[id * 3 + 1]
            px[dst + 2] = pal[id * 3 + 2]
            px[dst + 3] = 255
          }
        }
        ctx.putImageData(out, x0 - tile.x, y0 - tile.y)
        tile.texture.source.update()
      }
    }
  }

  get hasTiles(): boolean {
    return this.tiles.length > 0
  }

  setStyle(visible: boolean, opacity: number): void {
    this.container.visible = visible
    this.container.alpha = opacity
  }

  destroyTiles(): void {
    for (const tile of this.tiles) {
      tile.sprite.destroy()
      tile.texture.destroy(true)
    }
    this.tiles = []
    this.container.removeChildren()
  }
}
