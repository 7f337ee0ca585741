/**
 * A Pixi application that draws only when asked: no ticker runs (software GL in tests and
 * on weak machines cannot afford 60 frames a second of a room-sized scene, and an idle
 * editor should cost nothing), a resize schedules one frame, and many requests in one
 * animation frame draw once. Pixi's own pointer events are detached: the views take input
 * from the DOM (tool-input.ts), so no hit test runs per pointer move and no system ticker
 * polls the pointer every frame. The room view and the comparison view both draw through it.
 *
 * Units: CSS px for the canvas.
 */
import { Application, Ticker } from 'pixi.js'

export interface OnDemandOptions {
  /** Canvas clear colour, '#rrggbb'. */
  background: string
  /** data-testid of the canvas element. */
  testId: string
}

export class OnDemandApp {
  readonly app = new Application()
  private live = false
  private queued = false
  /** The parent was resized since the last frame: the next frame resizes the canvas first. */
  private resized = true
  private resizeObserver: ResizeObserver | null = null

  /** `draw` paints one frame (after the canvas has been resized to its parent). */
  constructor(private readonly draw: () => void) {}

  async init(parent: HTMLElement, options: OnDemandOptions): Promise<void> {
    await this.app.init({
      resizeTo: parent,
      background: options.background,
      antialias: true,
      preference: 'webgl',
      autoDensity: true,
      resolution: window.devicePixelRatio || 1,
      autoStart: false,
    })
    this.app.ticker.stop()
    // The system ticker would run an animation frame forever (pointer polling, the texture
    // collector's timer): the views destroy their own textures and take no Pixi events.
    Ticker.system.autoStart = false
    Ticker.system.stop()
    this.app.renderer.events?.setTargetElement(null as unknown as HTMLElement)
    // One-byte textures (indexed-overlay.ts: mask ids) have rows of any length: no padding.
    const gl = (this.app.renderer as { gl?: WebGL2RenderingContext }).gl
    gl?.pixelStorei(gl.UNPACK_ALIGNMENT, 1)
    // resizeTo re-renders on resize only while the ticker runs; schedule a frame ourselves.
    this.resizeObserver = new ResizeObserver(() => {
      this.resized = true
      this.requestRender()
    })
    this.resizeObserver.observe(parent)
    this.app.canvas.setAttribute('data-testid', options.testId)
    parent.appendChild(this.app.canvas)
    this.live = true
  }

  get ready(): boolean {
    return this.live
  }

  /** Draw once on the next animation frame; many requests in one frame draw once. */
  requestRender(): void {
    if (this.queued || !this.live) return
    this.queued = true
    requestAnimationFrame(() => {
      this.queued = false
      if (!this.live) return
      // Measuring the parent forces a layout: only after it changed.
      if (this.resized) {
        this.resized = false
        this.app.resize()
      }
      this.draw()
    })
  }

  destroy(): void {
    this.resizeObserver?.disconnect()
    this.live = false
    this.app.destroy(true, { children: true })
  }
}
