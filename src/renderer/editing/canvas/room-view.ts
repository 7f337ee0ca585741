/**
 * The Pixi view of a room: a background sprite at true pixels, the walk-mask
 * areas as a tinted overlay, and vector layers (walk polygons, gates, zones, node
 * graph) drawn above. Pixi is only a view: this class never changes the stores;
 * the canvas component tells it what changed and it redraws that.
 *
 * Glossary
 * - world: the container in room px; the viewport's zoom and offset are its transform.
 * - overlay tiles: the mask tinted with each area's colour (indexed-overlay.ts); the
 *   walk-behind layer is a second such overlay, with its baselines dashed and labelled.
 * - cover: the background's pixels where a walk-behind hides the ghost (baseline below
 *   its feet), drawn above it, so the ghost looks cut out as in the game.
 * - room frame: the room's rectangle in a flat colour, under the background; not drawn while
 *   an opaque background at full opacity covers it (under software GL a room-sized fill is
 *   tens of ms of every frame, for pixels the background paints over).
 *
 * Units: room px inside `world`; CSS px for the canvas.
 */
import { Container, Graphics, Sprite, Text, Texture } from 'pixi.js'
import { HotspotLayer } from './hotspot-view'
import { PointLayer } from './point-view'
import { IndexedOverlay } from './indexed-overlay'
import { OnDemandApp } from './on-demand-app'
import type { RgbaImage } from '../../../shared/host'
import type { Rect } from '../../../shared/geometry/types'
import type { Viewport } from './viewport'
import { backgroundTexture, isOpaque, nearestTexture, textureFromGrey } from './textures'

export { MASK_TILE_PX } from './indexed-overlay'

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

/** The walkable layer that is not the room's truth: grey, at this share of its layer's opacity. */
const UNUSED_GREY = 0x8a8f99
const UNUSED_GREY_RGB = [0x8a, 0x8f, 0x99]
const UNUSED_LAYER_ALPHA = 0.35

export class RoomView {
  private readonly surface = new OnDemandApp(() => this.surface.app.render())
  /** The Pixi application (drawn on demand only). */
  get app() {
    return this.surface.app
  }
  private readonly world = new Container({ label: 'world' })
  private readonly backgroundSprite = new Sprite({ label: 'background' })
  private readonly maskOverlay = new IndexedOverlay('walk-mask')
  private readonly walkBehindOverlay = new IndexedOverlay('walk-behinds')
  /** Baselines (dashed) and labels of the walk-behinds. */
  readonly walkBehindLines = new Graphics({ label: 'walk-behind-baselines' })
  private readonly walkBehindLabels = new Container({ label: 'walk-behind-labels' })
  /** The background where a walk-behind hides the ghost or walker: drawn above it. */
  private readonly cover = new Sprite({ label: 'walk-behind-cover' })
  private coverTexture: Texture | null = null
  private readonly polygonLayer = new Graphics({ label: 'walk-polygons' })
  private readonly frameLayer = new Graphics({ label: 'room-frame' })
  /** Gates, zones, node graph and scaling handles (redrawn together when the room changes). */
  readonly gatesLayer = new Graphics({ label: 'gates' })
  readonly zonesLayer = new Graphics({ label: 'zones' })
  /** Hotspots: painted pixels, outlines, names and walk-to points (hotspot-view.ts). */
  private readonly hotspots = new HotspotLayer()
  /** Named points: a marker of each one's kind and its name (point-view.ts). */
  private readonly points = new PointLayer()
  readonly graphLayer = new Graphics({ label: 'node-graph' })
  readonly scalingLayer = new Graphics({ label: 'scaling' })
  /** The greyscale scale map, faint over the background (under the overlays) while the scaling layer is shown. */
  private readonly scaleMapSprite = new Sprite({ label: 'scale-map' })
  private scaleMapTexture: Texture | null = null
  /** The active tool's preview, above everything. */
  readonly previewLayer = new Graphics({ label: 'tool-preview' })

  async init(parent: HTMLElement): Promise<void> {
    await this.surface.init(parent, { background: '#23252b', testId: 'room-canvas' })
    this.world.addChild(
      this.frameLayer,
      this.backgroundSprite,
      this.scaleMapSprite,
      this.maskOverlay.container,
      this.walkBehindOverlay.container,
      this.walkBehindLines,
      this.walkBehindLabels,
      this.polygonLayer,
      this.zonesLayer,
      this.hotspots.container,
      this.gatesLayer,
      this.graphLayer,
      this.scalingLayer,
      this.points.container,
      this.previewLayer,
      this.cover,
    )
    this.surface.stage.addChild(this.world)
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
    this.roomSize = { width, height }
    this.showFrameIfSeen()
  }

  private roomSize = { width: 0, height: 0 }
  private backgroundOpaque = false

  /** Show a background (its texture is kept for both views by editing/canvas/textures.ts). */
  setBackground(image: RgbaImage | null): void {
    this.requestRender()
    this.backgroundSprite.texture = image ? backgroundTexture(image) : Texture.EMPTY
    this.backgroundOpaque = image !== null && isOpaque(image)
    this.showFrameIfSeen()
  }

  setBackgroundStyle(visible: boolean, opacity: number): void {
    this.requestRender()
    this.backgroundSprite.visible = visible
    this.backgroundSprite.alpha = opacity
    this.showFrameIfSeen()
  }

  /** The room frame is drawn unless the background hides all of it (see "room frame"). */
  private showFrameIfSeen(): void {
    const bg = this.backgroundSprite
    const hidden =
      this.backgroundOpaque &&
      bg.visible &&
      bg.alpha >= 1 &&
      bg.texture.width >= this.roomSize.width &&
      bg.texture.height >= this.roomSize.height
    this.frameLayer.visible = !hidden
  }

  /** Whether the room frame is drawn (for tests). */
  get frameShown(): boolean {
    return this.frameLayer.visible
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
    unused = false,
  ): void {
    this.requestRender()
    const palette = new Uint8Array(256 * 3)
    for (let id = 1; id < 256; id++) palette.set([90, 200, 255], id * 3)
    for (const area of areas)
      palette.set(disabled.has(area.id) ? [70, 70, 78] : parseHex(area.colour), area.id * 3)
    // Not the walkable area (the room's truth is its polygons): one grey, faint.
    if (unused) for (let id = 1; id < 256; id++) palette.set(UNUSED_GREY_RGB, id * 3)
    this.maskUnused = unused
    this.maskOverlay.setMask(mask, width, height, palette)
    this.maskOverlay.setStyle(this.maskStyle.visible, this.maskAlpha())
  }

  private maskUnused = false
  private maskStyle = { visible: true, opacity: 1 }
  private maskAlpha(): number {
    return this.maskStyle.opacity * (this.maskUnused ? UNUSED_LAYER_ALPHA : 1)
  }

  /** Redraw only `rect` (mask px) of the overlay, e.g. the dirty rectangle of a brush dab: only the tiles it touches. */
  updateMaskRect(mask: Uint8Array, maskWidth: number, rect: Rect): void {
    this.maskOverlay.updateRect(mask, maskWidth, rect)
    this.requestRender()
  }

  setMaskStyle(visible: boolean, opacity: number): void {
    this.requestRender()
    this.maskStyle = { visible, opacity }
    this.maskOverlay.setStyle(visible, this.maskAlpha())
  }

  /** Replace the walk-behind overlay (cells of walk-behind ids, each tinted with `colourOf(id)`). */
  setWalkBehinds(
    cells: Uint8Array | null,
    width: number,
    height: number,
    colourOf: (id: number) => string,
  ): void {
    this.requestRender()
    const palette = new Uint8Array(256 * 3)
    for (let id = 1; id < 256; id++) palette.set(parseHex(colourOf(id)), id * 3)
    this.walkBehindOverlay.setMask(cells, width, height, palette)
  }

  updateWalkBehindRect(cells: Uint8Array, width: number, rect: Rect): void {
    this.walkBehindOverlay.updateRect(cells, width, rect)
    this.requestRender()
  }

  /**
   * Each walk-behind's baseline as a dashed line across the room in its colour, with its
   * label at the left end; `zoom` keeps strokes and labels the same size on screen.
   */
  setWalkBehindBaselines(
    lines: { id: number; label: string; baseline: number; colour: string }[],
    width: number,
    zoom: number,
    visible: boolean,
    opacity: number,
  ): void {
    this.requestRender()
    this.walkBehindOverlay.setStyle(visible, opacity)
    const g = this.walkBehindLines
    g.clear()
    g.visible = visible
    for (const label of this.walkBehindLabels.removeChildren()) label.destroy()
    this.walkBehindLabels.visible = visible
    if (!visible) return
    const dash = 8 / zoom
    for (const line of lines) {
      const [r, gr, b] = parseHex(line.colour)
      const colour = (r << 16) | (gr << 8) | b
      const y = line.baseline
      for (let x = 0; x < width; x += dash * 2) g.moveTo(x, y).lineTo(Math.min(width, x + dash), y)
      g.stroke({ color: 0x000000, width: 3.5 / zoom, alpha: 0.7 })
      for (let x = 0; x < width; x += dash * 2) g.moveTo(x, y).lineTo(Math.min(width, x + dash), y)
      g.stroke({ color: colour, width: 2 / zoom })
      const text = new Text({
        text: `${line.label} · baseline y=${line.baseline}`,
        style: {
          fontFamily: 'sans-serif',
          fontSize: 12,
          fill: 0xffffff,
          stroke: { color: colour, width: 3 },
        },
      })
      text.scale.set(1 / zoom)
      text.position.set(4 / zoom, y - 16 / zoom)
      this.walkBehindLabels.addChild(text)
    }
  }

  /** Cover the ghost where a walk-behind hides it: `canvas` drawn at `rect` (room px); null removes it. */
  setCover(cover: { rect: Rect; canvas: HTMLCanvasElement } | null): void {
    this.requestRender()
    this.coverTexture?.destroy(true)
    this.coverTexture = null
    this.cover.texture = Texture.EMPTY
    if (!cover) return
    this.coverTexture = nearestTexture(cover.canvas)
    this.cover.texture = this.coverTexture
    this.cover.position.set(cover.rect.x, cover.rect.y)
  }

  /** Replace the painted hotspots' pixels (hotspot-view.ts). */
  setHotspotCells(cells: Uint8Array | null, width: number, height: number): void {
    this.requestRender()
    this.hotspots.setCells(cells, width, height)
  }

  updateHotspotRect(cells: Uint8Array, width: number, rect: Rect): void {
    this.hotspots.updateRect(cells, width, rect)
    this.requestRender()
  }

  /** Draw the hotspots' outlines, names and walk-to points (hotspot-view.ts). */
  drawHotspots(...args: Parameters<HotspotLayer['draw']>): void {
    this.requestRender()
    this.hotspots.draw(...args)
  }

  /** Draw the named points (point-view.ts). */
  drawPoints(...args: Parameters<PointLayer['draw']>): void {
    this.requestRender()
    this.points.draw(...args)
  }

  /** Draw walkable polygons: outline + light fill, holes cut out. `zoom` keeps strokes 1.5 screen px wide. */
  /**
   * The walk polygons; `unused` (the room's walkable area is its mask) draws them grey and
   * faint, outlines only, so that one walkable picture shows at a time.
   */
  setPolygons(
    polygons: DrawPolygon[],
    zoom: number,
    visible: boolean,
    opacity: number,
    unused = false,
  ): void {
    const g = this.polygonLayer
    this.requestRender()
    g.clear()
    g.visible = visible
    g.alpha = unused ? opacity * UNUSED_LAYER_ALPHA : opacity
    const width = 1.5 / zoom
    const edge = unused ? UNUSED_GREY : 0x4fd18b
    const holeEdge = unused ? UNUSED_GREY : 0xff7a59
    for (const polygon of polygons) {
      if (polygon.outer.length < 3) continue
      if (!unused) {
        g.poly(polygon.outer.flat()).fill({ color: 0x4fd18b, alpha: 0.18 })
        for (const hole of polygon.holes) if (hole.length >= 3) g.poly(hole.flat()).cut()
      }
      g.poly(polygon.outer.flat()).stroke({ color: edge, width, alpha: 0.95 })
      for (const hole of polygon.holes) {
        if (hole.length >= 3) g.poly(hole.flat()).stroke({ color: holeEdge, width, alpha: 0.95 })
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
    this.scaleMapTexture?.destroy(true)
    this.maskOverlay.destroyTiles()
    this.walkBehindOverlay.destroyTiles()
    this.hotspots.destroy()
    this.coverTexture?.destroy(true)
    this.surface.destroy()
  }
}
