/**
 * The Pixi view of the comparison workspace: one canvas holding one pane (the overlay,
 * every path at once) or a grid of panes (side by side, one algorithm and its debug layer
 * each). Every pane shows the room through the same viewport. Like the editor's RoomView
 * it renders on demand (no ticker) and never changes a store.
 *
 * Glossary
 * - clipping: each pane is rendered on its own with the GL scissor set to its rect (a
 *   stencil mask per pane was seconds a frame under software GL); pane roots are not in
 *   the stage, the stage is only cleared.
 * - pane: a clipped region of the canvas with its own copy of the room (background
 *   sprite sharing one texture, walk polygons sharing one graphics context), a debug
 *   sprite, a path layer and the start/goal handles.
 * - frame hold: no frame while the newest query's answers come in (frame-hold.ts);
 *   `holdFrames` / `releaseFrames` bracket them, at most `holdFor` ms.
 * - before draw: a hook run as each frame is drawn, where the canvas component paints the
 *   newest answers (so answers replaced before a frame are never painted).
 * - path draw: one algorithm's path with its colour; reached paths are solid, unreached
 *   ones dashed with a cross where they stopped; snapped ends get a hollow diamond and a
 *   thin line from the requested point.
 *
 * Units: room px inside a pane's world container; CSS px for pane rects and stroke widths
 * (divided by the zoom so that lines keep their screen width).
 */
import { Container, Graphics, GraphicsContext, Sprite, Texture } from 'pixi.js'
import { OnDemandApp } from '../editing/canvas/on-demand-app'
import { backgroundTexture, nearestTexture, textureFromPixels } from '../editing/canvas/textures'
import type { Point } from '../../shared/geometry/types'
import type { DebugLayer } from '../../shared/nav/types'
import type { RgbaImage } from '../../shared/host'
import type { DrawPolygon } from '../editing/canvas/room-view'
import type { Viewport } from '../editing/canvas/viewport'
import { colourNumber } from './colours'
import { FrameHold, holdFor } from './frame-hold'
import { livePerf } from './live-perf'
import { paintDebugLayers } from './debug-paint'
import type { PaneRect } from './pane-layout'
import { dashSegments, wasSnapped } from './path-geometry'
import { drawCompareHotspots, hotspotTintPixels } from './hotspot-draw'
import { PointLayer } from '../editing/canvas/point-view'
import type { Room } from '../../shared/room/schema'

export interface PathDraw {
  colour: string
  points: readonly Point[]
  reached: boolean
  from: Point
  to: Point
  start: Point
  goal: Point
}

/** Longest side of a pane's debug canvas, px. */
const DEBUG_CANVAS_MAX = 1024

/** The walkable tint: the polygon fill's green, a little stronger since a mask has no outline. */
const MASK_TINT = [0x4f, 0xd1, 0x8b, 0x40] as const

/** RGBA pixels of a mask's tint: walkable pixels green, the rest transparent. */
export function maskTintPixels(mask: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4)
  for (let i = 0, q = 0; i < mask.length; i++, q += 4) {
    if (mask[i] === 0) continue
    out[q] = MASK_TINT[0]
    out[q + 1] = MASK_TINT[1]
    out[q + 2] = MASK_TINT[2]
    out[q + 3] = MASK_TINT[3]
  }
  return out
}

function maskTintTexture(mask: Uint8Array, width: number, height: number): Texture {
  return textureFromPixels(maskTintPixels(mask, width, height), width, height)
}

/** A gate or zone drawn in Compare: its outline, and what it is in the current state. */
export interface MarkDraw {
  outer: readonly (readonly [number, number])[]
  kind: 'open-gate' | 'closed-area' | 'zone'
}

class Pane {
  readonly root = new Container({ label: 'pane' })
  readonly world = new Container({ label: 'pane-world' })
  readonly background = new Sprite({ label: 'background' })
  /** A mask-authored room's walkable pixels, tinted (polygon rooms draw `walk` instead). */
  readonly mask = new Sprite({ label: 'walk-mask' })
  readonly walk: Graphics
  /** The room's hotspots (hotspot-draw.ts): painted ones as a tint, polygons and walk-to points drawn. */
  readonly hotspotPixels = new Sprite({ label: 'hotspot-pixels' })
  readonly hotspots: Graphics
  /** The room's named points, drawn as the Edit canvas draws them (editing/canvas/point-view.ts), never selected. */
  readonly points = new PointLayer()
  readonly gates = new Graphics({ label: 'closed-gates' })
  /** Open gates, closed areas and trigger zones (setMarks). */
  readonly marks = new Graphics({ label: 'gates-and-zones' })
  readonly debugSprite = new Sprite({ label: 'debug' })
  readonly paths = new Graphics({ label: 'paths' })
  readonly handles = new Graphics({ label: 'handles' })
  readonly walker = new Graphics({ label: 'test-walker' })
  /** The background where a walk-behind hides the walker (baseline below its feet), over it. */
  readonly walkerCover = new Sprite({ label: 'test-walker-cover' })
  rect: PaneRect = { x: 0, y: 0, width: 1, height: 1 }
  drawn: PathDraw[] = []
  debugCanvas: HTMLCanvasElement | null = null
  debugTexture: Texture | null = null

  constructor(walkContext: GraphicsContext, hotspotContext: GraphicsContext) {
    this.walk = new Graphics(walkContext)
    this.hotspots = new Graphics(hotspotContext)
    this.world.addChild(
      this.background,
      this.mask,
      this.walk,
      this.hotspotPixels,
      this.hotspots,
      this.marks,
      this.gates,
      this.points.container,
      this.debugSprite,
      this.paths,
      this.handles,
      this.walker,
      this.walkerCover,
    )
    this.root.addChild(this.world)
  }

  setRect(r: PaneRect): void {
    this.rect = r
    this.root.position.set(r.x, r.y)
  }

  destroy(): void {
    this.debugTexture?.destroy(true)
    this.root.destroy({ children: true })
  }
}

export class CompareView {
  private readonly surface = new OnDemandApp(() => {
    if (this.hold.active) {
      // Asked for before the hold began: draw when it ends, with the newest answers.
      livePerf.skippedFrames++
      this.hold.request()
      return
    }
    const t0 = performance.now()
    this.drawing = true
    try {
      this.beforeDraw?.()
    } finally {
      this.drawing = false
    }
    this.renderPanes()
    this.frames++
    const presented = livePerf.frame(t0, this.showsQuery)
    requestAnimationFrame(() => {
      const now = performance.now()
      presented(now)
      const ms = now - t0
      this.frameMs = this.frameMs === null ? ms : 0.7 * this.frameMs + 0.3 * ms
    })
  })
  /** The newest query whose answers the panes show (for the frame marks, live-perf.ts). */
  showsQuery = 0
  /** Running mean of the frames' time to the next animation frame, ms (null: none yet). */
  private frameMs: number | null = null
  private readonly hold = new FrameHold(
    () => this.surface.requestRender(),
    () => holdFor(this.frameMs),
  )
  private drawing = false
  /**
   * Called at the start of every frame, before it is drawn: work that only the frame needs,
   * such as painting the newest answers, so that answers replaced before the frame cost nothing.
   */
  beforeDraw: (() => void) | null = null
  /** The Pixi application (drawn on demand only). */
  get app() {
    return this.surface.app
  }
  private readonly walkContext = new GraphicsContext()
  private readonly hotspotContext = new GraphicsContext()
  private hotspotTexture: Texture | null = null
  private hotspotsShown = true
  private pointsRoom: Room | null = null
  private pointsShown = true
  private panes: Pane[] = []
  private backgroundTexture: Texture | null = null
  private maskTexture: Texture | null = null
  private roomSize = { width: 1, height: 1 }
  private viewport: Viewport = { zoom: 1, offsetX: 0, offsetY: 0 }
  private start: Point | null = null
  private goal: Point | null = null
  private gatePolygons: DrawPolygon[] = []
  private markDraws: MarkDraw[] = []
  private walkerAt: { x: number; y: number; heightPx: number } | null = null
  private walkerCoverTexture: Texture | null = null
  private walkerCoverAt = { x: 0, y: 0 }
  /** Frames drawn so far (tests and the status line read it). */
  frames = 0

  async init(parent: HTMLElement): Promise<void> {
    await this.surface.init(parent, { background: '#1e1f24', testId: 'compare-canvas' })
  }

  get ready(): boolean {
    return this.surface.ready
  }

  requestRender(): void {
    // Changes made by `beforeDraw` are drawn by the frame being drawn.
    if (this.drawing) return
    this.hold.request()
  }

  /** Draw nothing until `releaseFrames` (the newest answers are in) or `holdFor`; see frame-hold.ts. */
  holdFrames(): void {
    this.hold.hold()
  }

  releaseFrames(): void {
    this.hold.release()
  }

  private renderPanes(): void {
    const renderer = this.app.renderer
    const gl = (renderer as unknown as { gl?: WebGLRenderingContext }).gl
    renderer.render({ container: this.surface.stage, clear: true })
    if (!gl) return
    const res = renderer.resolution
    const height = gl.drawingBufferHeight
    gl.enable(gl.SCISSOR_TEST)
    try {
      for (const pane of this.panes) {
        const r = pane.rect
        gl.scissor(
          Math.round(r.x * res),
          Math.round(height - (r.y + r.height) * res),
          Math.round(r.width * res),
          Math.round(r.height * res),
        )
        renderer.render({ container: pane.root, clear: false })
      }
    } finally {
      gl.disable(gl.SCISSOR_TEST)
    }
  }

  /**
   * The room's background and walkable area, shared by every pane: its walk polygons, or
   * for a mask-authored room its area-id mask (row-major, 0 = not walkable) as a tint.
   */
  setRoom(
    width: number,
    height: number,
    background: RgbaImage | null,
    polygons: DrawPolygon[],
    mask: Uint8Array | null = null,
  ): void {
    this.roomSize = { width, height }
    this.maskTexture?.destroy(true)
    this.maskTexture = mask && mask.length === width * height ? maskTintTexture(mask, width, height) : null
    // Shared with the edit view and kept by editing/canvas/textures.ts: never destroyed here.
    this.backgroundTexture = background ? backgroundTexture(background) : null
    const c = this.walkContext
    c.clear()
    c.rect(0, 0, width, height).fill({ color: 0x30333b, alpha: background ? 0 : 1 })
    for (const p of polygons) {
      if (p.outer.length < 3) continue
      c.poly(p.outer.flat()).fill({ color: 0x4fd18b, alpha: 0.12 })
      for (const hole of p.holes) if (hole.length >= 3) c.poly(hole.flat()).cut()
      c.poly(p.outer.flat()).stroke({ color: 0x4fd18b, width: 2, alpha: 0.7 })
      for (const hole of p.holes)
        if (hole.length >= 3) c.poly(hole.flat()).stroke({ color: 0xff7a59, width: 2, alpha: 0.7 })
    }
    for (const pane of this.panes) {
      pane.background.texture = this.backgroundTexture ?? Texture.EMPTY
      pane.mask.texture = this.maskTexture ?? Texture.EMPTY
    }
    this.requestRender()
  }

  /**
   * The room's hotspots (null: none), its painted ones from `cells` (the hotspot mask, room
   * size); `visible` follows the Hotspots layer.
   */
  setHotspots(room: Room | null, cells: Uint8Array | null, visible: boolean): void {
    this.hotspotTexture?.destroy(true)
    this.hotspotTexture = null
    const { width, height } = this.roomSize
    if (room && cells && cells.length === width * height)
      this.hotspotTexture = textureFromPixels(hotspotTintPixels(room, cells), width, height)
    drawCompareHotspots(this.hotspotContext, room)
    this.hotspotsShown = visible
    for (const pane of this.panes) {
      pane.hotspotPixels.texture = this.hotspotTexture ?? Texture.EMPTY
      pane.hotspotPixels.visible = pane.hotspots.visible = visible
    }
    this.requestRender()
  }

  /** The room's named points (null: none); `visible` follows the Points layer. Read-only: none is selected. */
  setPoints(room: Room | null, visible: boolean): void {
    this.pointsRoom = room
    this.pointsShown = visible
    for (const pane of this.panes) this.drawPoints(pane)
    this.requestRender()
  }

  private drawPoints(pane: Pane): void {
    pane.points.draw(this.pointsRoom, this.viewport.zoom, null, this.pointsShown, 1)
  }

  /** Polygons of gates that are closed in the current state (drawn as blocks). */
  setClosedGates(polygons: DrawPolygon[]): void {
    this.gatePolygons = polygons
    for (const pane of this.panes) this.drawGates(pane)
    this.requestRender()
  }

  private drawGates(pane: Pane): void {
    const g = pane.gates
    g.clear()
    for (const p of this.gatePolygons) {
      if (p.outer.length < 3) continue
      g.poly(p.outer.flat())
        .fill({ color: 0xff3b3b, alpha: 0.55 })
        .stroke({ color: 0xff3b3b, width: 3 / this.viewport.zoom })
    }
  }

  /**
   * What else decides where one walks and what happens on the way: open gates (a green
   * outline), areas closed by their gate (red, faint) and the trigger zones that hold (amber).
   */
  setMarks(marks: MarkDraw[]): void {
    this.markDraws = marks
    for (const pane of this.panes) this.drawMarks(pane)
    this.requestRender()
  }

  private drawMarks(pane: Pane): void {
    const g = pane.marks
    g.clear()
    const width = 2 / this.viewport.zoom
    for (const m of this.markDraws) {
      if (m.outer.length < 3) continue
      const ring = m.outer.flat()
      if (m.kind === 'zone')
        g.poly(ring).fill({ color: 0xf0b43c, alpha: 0.08 }).stroke({ color: 0xf0b43c, width, alpha: 0.85 })
      else if (m.kind === 'closed-area')
        g.poly(ring).fill({ color: 0xff3b3b, alpha: 0.22 }).stroke({ color: 0xff3b3b, width, alpha: 0.7 })
      else g.poly(ring).stroke({ color: 0x4fd18b, width, alpha: 0.9 })
    }
  }

  /** One pane per rect; panes beyond the count are destroyed. */
  setPanes(rects: PaneRect[]): void {
    while (this.panes.length > rects.length) this.panes.pop()!.destroy()
    while (this.panes.length < rects.length) {
      const pane = new Pane(this.walkContext, this.hotspotContext)
      pane.background.texture = this.backgroundTexture ?? Texture.EMPTY
      pane.hotspotPixels.texture = this.hotspotTexture ?? Texture.EMPTY
      pane.hotspotPixels.visible = pane.hotspots.visible = this.hotspotsShown
      pane.mask.texture = this.maskTexture ?? Texture.EMPTY
      this.panes.push(pane)
      this.applyViewport(pane)
      this.drawGates(pane)
      this.drawMarks(pane)
      this.drawPoints(pane)
      this.drawHandles(pane)
      this.drawWalker(pane)
      pane.walkerCover.texture = this.walkerCoverTexture ?? Texture.EMPTY
      pane.walkerCover.position.set(this.walkerCoverAt.x, this.walkerCoverAt.y)
    }
    rects.forEach((r, i) => this.panes[i].setRect(r))
    this.requestRender()
  }

  get paneCount(): number {
    return this.panes.length
  }

  setViewport(v: Viewport): void {
    const zoomChanged = v.zoom !== this.viewport.zoom
    this.viewport = v
    for (const pane of this.panes) {
      this.applyViewport(pane)
      if (zoomChanged) {
        this.drawPaths(pane)
        this.drawHandles(pane)
        this.drawGates(pane)
        this.drawMarks(pane)
        this.drawPoints(pane)
        this.drawWalker(pane)
      }
    }
    this.requestRender()
  }

  private applyViewport(pane: Pane): void {
    pane.world.scale.set(this.viewport.zoom)
    pane.world.position.set(this.viewport.offsetX, this.viewport.offsetY)
  }

  setPaths(index: number, paths: PathDraw[]): void {
    const pane = this.panes[index]
    if (!pane) return
    pane.drawn = paths
    this.drawPaths(pane)
    this.requestRender()
  }

  setHandles(start: Point | null, goal: Point | null): void {
    this.start = start
    this.goal = goal
    for (const pane of this.panes) this.drawHandles(pane)
    this.requestRender()
  }

  /** Paint debug layers into pane `index` (null clears them). */
  setDebug(index: number, layers: readonly DebugLayer[] | null, accent: string): void {
    const pane = this.panes[index]
    if (!pane) return
    if (!layers || layers.length === 0) {
      pane.debugSprite.visible = false
      this.requestRender()
      return
    }
    const { width, height } = this.roomSize
    const scale = Math.min(1, DEBUG_CANVAS_MAX / Math.max(width, height))
    const w = Math.max(1, Math.round(width * scale))
    const h = Math.max(1, Math.round(height * scale))
    if (!pane.debugCanvas || pane.debugCanvas.width !== w || pane.debugCanvas.height !== h) {
      pane.debugTexture?.destroy(true)
      pane.debugCanvas = document.createElement('canvas')
      pane.debugCanvas.width = w
      pane.debugCanvas.height = h
      pane.debugTexture = Texture.from(pane.debugCanvas)
      pane.debugSprite.texture = pane.debugTexture
      pane.debugSprite.scale.set(width / w, height / h)
    }
    const ctx = pane.debugCanvas.getContext('2d', { willReadFrequently: true })
    if (!ctx) return
    paintDebugLayers(ctx, layers, w / width, accent)
    pane.debugTexture?.source.update()
    pane.debugSprite.visible = true
    this.requestRender()
  }

  private drawPaths(pane: Pane): void {
    const g = pane.paths
    g.clear()
    const z = this.viewport.zoom
    const width = 3 / z
    for (const p of pane.drawn) {
      const colour = colourNumber(p.colour)
      const pts = p.points
      if (pts.length >= 2) {
        if (p.reached) {
          g.moveTo(pts[0].x, pts[0].y)
          for (let i = 1; i < pts.length; i++) g.lineTo(pts[i].x, pts[i].y)
          g.stroke({ color: colour, width, alpha: 0.95, join: 'round', cap: 'round' })
        } else {
          const s = dashSegments(pts, 10 / z, 7 / z)
          for (let i = 0; i + 3 < s.length; i += 4) g.moveTo(s[i], s[i + 1]).lineTo(s[i + 2], s[i + 3])
          g.stroke({ color: colour, width, alpha: 0.95, cap: 'butt' })
        }
      }
      // Vertices, small.
      for (const q of pts) g.circle(q.x, q.y, 2.5 / z)
      g.fill({ color: colour, alpha: 0.9 })
      if (!p.reached && pts.length > 0) {
        const end = pts[pts.length - 1]
        const r = 8 / z
        g.moveTo(end.x - r, end.y - r).lineTo(end.x + r, end.y + r)
        g.moveTo(end.x - r, end.y + r).lineTo(end.x + r, end.y - r)
        g.stroke({ color: colour, width: 3 / z, cap: 'round' })
      }
      for (const [requested, used] of [
        [p.from, p.start],
        [p.to, p.goal],
      ] as const) {
        if (!wasSnapped(requested, used)) continue
        const r = 7 / z
        g.moveTo(requested.x, requested.y).lineTo(used.x, used.y)
        g.stroke({ color: colour, width: 1.5 / z, alpha: 0.8 })
        g.poly([used.x, used.y - r, used.x + r, used.y, used.x, used.y + r, used.x - r, used.y])
        g.stroke({ color: colour, width: 2 / z })
      }
    }
  }

  /**
   * The test-walk character: feet at (x, y), `heightPx` tall in room px; null hides it.
   * `cover` is the picture of the walk-behinds hiding part of it (room px rect), drawn over it.
   */
  setWalker(
    at: { x: number; y: number; heightPx: number } | null,
    cover: { rect: { x: number; y: number }; canvas: HTMLCanvasElement } | null = null,
  ): void {
    this.walkerAt = at
    this.walkerCoverTexture?.destroy(true)
    this.walkerCoverTexture = cover ? nearestTexture(cover.canvas) : null
    if (cover) this.walkerCoverAt = { x: cover.rect.x, y: cover.rect.y }
    for (const pane of this.panes) {
      this.drawWalker(pane)
      pane.walkerCover.texture = this.walkerCoverTexture ?? Texture.EMPTY
      pane.walkerCover.position.set(this.walkerCoverAt.x, this.walkerCoverAt.y)
    }
    this.requestRender()
  }

  private drawWalker(pane: Pane): void {
    const g = pane.walker
    g.clear()
    const w = this.walkerAt
    if (!w) return
    const z = this.viewport.zoom
    const h = Math.max(4, w.heightPx)
    const bodyW = h * 0.28
    const head = h * 0.11
    g.ellipse(w.x, w.y, bodyW * 0.75, bodyW * 0.22).fill({ color: 0x000000, alpha: 0.35 })
    g.roundRect(w.x - bodyW / 2, w.y - h + 2 * head, bodyW, h - 2 * head, bodyW * 0.3)
      .fill({ color: 0xf4d35e })
      .stroke({ color: 0x1b1c20, width: 2 / z })
    g.circle(w.x, w.y - h + head, head)
      .fill({ color: 0xf4d35e })
      .stroke({ color: 0x1b1c20, width: 2 / z })
  }

  private drawHandles(pane: Pane): void {
    const g = pane.handles
    g.clear()
    const z = this.viewport.zoom
    const r = 9 / z
    if (this.start) {
      g.circle(this.start.x, this.start.y, r)
        .fill({ color: 0x22c55e })
        .stroke({ color: 0x0b1a10, width: 2 / z })
    }
    if (this.goal) {
      g.circle(this.goal.x, this.goal.y, r)
        .fill({ color: 0xef4444 })
        .stroke({ color: 0x1a0b0b, width: 2 / z })
      g.circle(this.goal.x, this.goal.y, r * 0.35).fill({ color: 0xffffff })
    }
  }

  destroy(): void {
    this.hold.dispose()
    for (const pane of this.panes) pane.destroy()
    this.panes = []
    this.maskTexture?.destroy(true)
    this.walkerCoverTexture?.destroy(true)
    this.hotspotTexture?.destroy(true)
    this.surface.destroy()
  }
}
