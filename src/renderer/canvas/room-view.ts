/**
 * The Pixi view of a room: a background sprite at true pixels, the walk-mask
 * areas as a tinted overlay, and vector layers (walk polygons, gates, zones, node
 * graph) drawn above. Pixi is only a view: this class never changes the stores;
 * the canvas component tells it what changed and it redraws that.
 *
 * Glossary
 * - world: the container in room px; the viewport's zoom and offset are its transform.
 * - overlay tiles: the mask tinted with each area's colour, cut into square tiles of
 *   MASK_TILE_PX (one canvas, texture and sprite each); `updateMaskRect` redraws and
 *   uploads only the tiles a dirty rectangle touches, so painting on a 4K room does not
 *   send the whole overlay to the GPU per brush dab.
 *
 * Units: room px inside `world`; CSS px for the canvas.
 */
import { Container, Graphics, Sprite, Texture } from 'pixi.js'
import { OnDemandApp } from './on-demand-app'
import type { RgbaImage } from '../../shared/host'
import type { Rect } from '../../shared/geometry/types'
import type { Viewport } from './viewport'
import { nearestTexture, textureFromGrey, textureFromRgba } from './textures'

/** Side of an overlay tile, room px. */
export const MASK_TILE_PX = 256

interface MaskTile {
  x: number
  y: number
  canvas: HTMLCanvasElement
  texture: Texture
  sprite: Sprite
}

export interface AreaColour {
  id: number
  /** '#rrggbb' */
  colour: string
}

/** A ring to draw, in room px, as [x, y] pairs. */
export type DrawRing = ReadonlyArray<readonly [number, number]>

export interface DrawPolygon {
  outer: DrawRing
  holes: DrawRing[]
}

function parseHex(colour: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(colour)
  const n = m ? parseInt(m[1], 16) : 0x44aaff
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function makeCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return canvas
}

export class RoomView {
  private readonly surface = new OnDemandApp(() => this.surface.app.render())
  /** The Pixi application (drawn on demand only). */
  get app() {
    return this.surface.app
  }
  private readonly world = new Container({ label: 'world' })
  private readonly backgroundSprite = new Sprite({ label: 'background' })
  private readonly maskLayer = new Container({ label: 'walk-mask' })
  private readonly polygonLayer = new Graphics({ label: 'walk-polygons' })
  private readonly frameLayer = new Graphics({ label: 'room-frame' })
  /** Gates, zones, node graph and scaling handles (redrawn together when the room changes). */
  readonly gatesLayer = new Graphics({ label: 'gates' })
  readonly zonesLayer = new Graphics({ label: 'zones' })
  readonly graphLayer = new Graphics({ label: 'node-graph' })
  readonly scalingLayer = new Graphics({ label: 'scaling' })
  /** The greyscale scale map, faint over the background (under the overlays) while the scaling layer is shown. */
  private readonly scaleMapSprite = new Sprite({ label: 'scale-map' })
  private scaleMapTexture: Texture | null = null
  /** The active tool's preview, above everything. */
  readonly previewLayer = new Graphics({ label: 'tool-preview' })
  private maskTiles: MaskTile[] = []
  private maskTileColumns = 0
  private backgroundTexture: Texture | null = null
  private palette = new Uint8Array(256 * 3)

  async init(parent: HTMLElement): Promise<void> {
    await this.surface.init(parent, { background: '#23252b', testId: 'room-canvas' })
    this.world.addChild(
      this.frameLayer,
      this.backgroundSprite,
      this.scaleMapSprite,
      this.maskLayer,
      this.polygonLayer,
      this.zonesLayer,
      this.gatesLayer,
      this.graphLayer,
      this.scalingLayer,
      this.previewLayer,
    )
    this.app.stage.addChild(this.world)
  }

  get ready(): boolean {
    return this.surface.ready
  }

  /** Draw once on the next animation frame; many changes in one frame draw once. */
  requestRender(): void {
    this.surface.requestRender()
  }

  setViewport(v: Viewport): void {
    this.requestRender()
    this.world.scale.set(v.zoom)
    this.world.position.set(v.offsetX, v.offsetY)
  }

  /** Show the room's size as a frame even when it has no background. */
  setRoomSize(width: number, height: number): void {
    this.requestRender()
    this.frameLayer.clear()
    this.frameLayer.rect(0, 0, width, height).fill({ color: 0x30333b })
  }

  setBackground(image: RgbaImage | null): void {
    this.requestRender()
    this.backgroundTexture?.destroy(true)
    this.backgroundTexture = null
    if (!image) {
      this.backgroundSprite.texture = Texture.EMPTY
      return
    }
    const texture = textureFromRgba(image)
    this.backgroundTexture = texture
    this.backgroundSprite.texture = texture
  }

  setBackgroundStyle(visible: boolean, opacity: number): void {
    this.requestRender()
    this.backgroundSprite.visible = visible
    this.backgroundSprite.alpha = opacity
  }

  /** Replace the scale-map overlay: its grey (red channel) as an opaque greyscale texture. */
  setScaleMap(image: RgbaImage | null): void {
    this.requestRender()
    this.scaleMapTexture?.destroy(true)
    this.scaleMapTexture = null
    if (!image) {
      this.scaleMapSprite.texture = Texture.EMPTY
      return
    }
    const texture = textureFromGrey(image)
    this.scaleMapTexture = texture
    this.scaleMapSprite.texture = texture
  }

  /** Show the scale map stretched over the room (width x height room px) at `alpha`, or hide it. */
  setScaleMapStyle(visible: boolean, alpha: number, width: number, height: number): void {
    this.requestRender()
    this.scaleMapSprite.visible = visible && this.scaleMapTexture !== null
    this.scaleMapSprite.alpha = alpha
    this.scaleMapSprite.width = width
    this.scaleMapSprite.height = height
  }

  /**
   * Replace the mask overlay. `areas` gives each area id its colour; areas in `disabled`
   * (not walkable in the current state) are drawn dim grey.
   */
  setMask(
    mask: Uint8Array | null,
    width: number,
    height: number,
    areas: AreaColour[],
    disabled: ReadonlySet<number> = new Set(),
  ): void {
    this.requestRender()
    this.destroyMaskTiles()
    if (!mask) return
    this.palette = new Uint8Array(256 * 3)
    for (let id = 1; id < 256; id++) this.palette.set([90, 200, 255], id * 3)
    for (const area of areas)
      this.palette.set(disabled.has(area.id) ? [70, 70, 78] : parseHex(area.colour), area.id * 3)
    this.maskTileColumns = Math.ceil(width / MASK_TILE_PX)
    for (let y = 0; y < height; y += MASK_TILE_PX) {
      for (let x = 0; x < width; x += MASK_TILE_PX) {
        const canvas = makeCanvas(Math.min(MASK_TILE_PX, width - x), Math.min(MASK_TILE_PX, height - y))
        const texture = nearestTexture(canvas)
        const sprite = new Sprite({ texture })
        sprite.position.set(x, y)
        this.maskLayer.addChild(sprite)
        this.maskTiles.push({ x, y, canvas, texture, sprite })
      }
    }
    this.updateMaskRect(mask, width, { x: 0, y: 0, width, height })
  }

  private destroyMaskTiles(): void {
    for (const tile of this.maskTiles) {
      tile.sprite.destroy()
      tile.texture.destroy(true)
    }
    this.maskTiles = []
    this.maskLayer.removeChildren()
  }

  /** Redraw only `rect` (mask px) of the overlay, e.g. the dirty rectangle of a brush dab: only the tiles it touches. */
  updateMaskRect(mask: Uint8Array, maskWidth: number, rect: Rect): void {
    if (this.maskTiles.length === 0 || rect.width <= 0 || rect.height <= 0) return
    const pal = this.palette
    const c0 = Math.floor(rect.x / MASK_TILE_PX)
    const c1 = Math.floor((rect.x + rect.width - 1) / MASK_TILE_PX)
    const r0 = Math.floor(rect.y / MASK_TILE_PX)
    const r1 = Math.floor((rect.y + rect.height - 1) / MASK_TILE_PX)
    for (let tr = r0; tr <= r1; tr++) {
      for (let tc = c0; tc <= c1; tc++) {
        const tile = this.maskTiles[tr * this.maskTileColumns + tc]
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
    this.requestRender()
  }

  setMaskStyle(visible: boolean, opacity: number): void {
    this.requestRender()
    this.maskLayer.visible = visible
    this.maskLayer.alpha = opacity
  }

  /** Draw walkable polygons: outline + light fill, holes cut out. `zoom` keeps strokes 1.5 screen px wide. */
  setPolygons(polygons: DrawPolygon[], zoom: number, visible: boolean, opacity: number): void {
    const g = this.polygonLayer
    this.requestRender()
    g.clear()
    g.visible = visible
    g.alpha = opacity
    const width = 1.5 / zoom
    for (const polygon of polygons) {
      if (polygon.outer.length < 3) continue
      g.poly(polygon.outer.flat()).fill({ color: 0x4fd18b, alpha: 0.18 })
      for (const hole of polygon.holes) if (hole.length >= 3) g.poly(hole.flat()).cut()
      g.poly(polygon.outer.flat()).stroke({ color: 0x4fd18b, width, alpha: 0.95 })
      for (const hole of polygon.holes) {
        if (hole.length >= 3) g.poly(hole.flat()).stroke({ color: 0xff7a59, width, alpha: 0.95 })
      }
    }
  }

  /** Draw into one of the vector layers: clear it, style it, let `draw` fill it. */
  redrawLayer(layer: Graphics, visible: boolean, opacity: number, draw: (g: Graphics) => void): void {
    this.requestRender()
    layer.clear()
    layer.visible = visible
    layer.alpha = opacity
    if (visible) draw(layer)
  }

  setCursor(cursor: string): void {
    this.app.canvas.style.cursor = cursor
  }

  destroy(): void {
    this.backgroundTexture?.destroy(true)
    this.scaleMapTexture?.destroy(true)
    this.destroyMaskTiles()
    this.surface.destroy()
  }
}
