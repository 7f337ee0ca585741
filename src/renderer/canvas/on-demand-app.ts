/**
 * A Pixi application that draws only when asked: the ticker never runs (software GL
 * in tests and on weak machines cannot afford 60 frames a second of a room-sized
 * scene), a resize schedules one frame, and many requests in one animation frame
 * draw once. The room view and the comparison view both draw through it.
 *
 * Units: CSS px for the canvas.
 */
import { Application } from 'pixi.js'

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
    // resizeTo re-renders on resize only while the ticker runs; schedule a frame ourselves.
    this.resizeObserver = new ResizeObserver(() => this.requestRender())
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
      this.app.resize()
      this.draw()
    })
  }

  destroy(): void {
    this.resizeObserver?.disconnect()
    this.live = false
    this.app.destroy(true, { children: true })
  }
}
