/**
 * The drawing surfaces of the room view and the comparison view, on one Pixi application
 * (one WebGL context) for the page, which draws only when asked.
 *
 * - One context: the Edit and Compare workspaces take turns (one is shown at a time), and a
 *   surface that mounts takes the canvas over, so opening Compare or going back to Edit
 *   neither makes a new context nor compiles the shaders again (under software GL that was
 *   over a second), and textures made once (canvas/texture-cache.ts) serve both views.
 * - On demand: no ticker runs (software GL in tests and on weak machines cannot afford 60
 *   frames a second of a room-sized scene, and an idle editor should cost nothing), a resize
 *   schedules one frame, and many requests in one animation frame draw once.
 * - No Pixi events: the views take input from the DOM (tool-input.ts), so no hit test runs
 *   per pointer move and no system ticker polls the pointer every frame.
 * - One texture a batch: Pixi's batch shaders pick each pixel's texture through a chain of
 *   ifs over every batchable texture (16 here); a software rasteriser (SwiftShader) runs every
 *   branch for every pixel, so a sprite or a filled shape cost 16 texture reads a pixel (the
 *   background alone was 90-170 ms of a frame). With one texture a batch the shaders read one;
 *   objects with different textures take a draw call each (a room has a handful).
 *
 * Glossary
 * - surface: one view's use of the application: its own scene root (`stage`), its draw
 *   function, the element it fills. The surface that mounted last holds the canvas.
 *
 * Units: CSS px for the canvas.
 */
import { Application, Container, DefaultBatcher, Ticker, type Renderer } from 'pixi.js'

export interface OnDemandOptions {
  /** Canvas clear colour, '#rrggbb'. */
  background: string
  /** data-testid of the canvas element. */
  testId: string
}

/** Textures a batch may sample (see "One texture a batch"). */
export const BATCH_TEXTURES = 1

/**
 * Let batches sample at most BATCH_TEXTURES textures. Pixi reads the limit when it makes a
 * batcher or a batch shader, but some were made during init with the old one: the graphics
 * pipe's shader is made again, and the sprites' batch shader (one for the page, made by the
 * first batcher) replaced through a batcher of our own.
 */
function limitBatchTextures(renderer: Renderer): void {
  renderer.limits.maxBatchableTextures = BATCH_TEXTURES
  const graphics = (renderer.renderPipes as { graphics?: { contextChange?: () => void } }).graphics
  graphics?.contextChange?.()
  const batcher = new DefaultBatcher({ maxTextures: BATCH_TEXTURES })
  batcher._updateMaxTextures(BATCH_TEXTURES)
  batcher.destroy()
}

/** The page's one application, made by the first surface that mounts. */
let shared: Promise<Application> | null = null
/** The surface holding the canvas now (at most one). */
const holders = new Set<OnDemandApp>()

async function makeApplication(options: OnDemandOptions): Promise<Application> {
  const app = new Application()
  // No resizeTo yet: it would draw a first frame, making a batcher before the limit below.
  await app.init({
    background: options.background,
    antialias: true,
    preference: 'webgl',
    autoDensity: true,
    resolution: window.devicePixelRatio || 1,
    autoStart: false,
  })
  app.ticker.stop()
  limitBatchTextures(app.renderer)
  // A lost and restored context reads the limits again: limit them again after it.
  app.renderer.runners.contextChange.add({ contextChange: () => limitBatchTextures(app.renderer) })
  // The system ticker would run an animation frame forever (pointer polling, the texture
  // collector's timer): the views destroy their own textures and take no Pixi events.
  Ticker.system.autoStart = false
  Ticker.system.stop()
  app.renderer.events?.setTargetElement(null as unknown as HTMLElement)
  // One-byte textures (indexed-overlay.ts: mask ids) have rows of any length: no padding.
  const gl = (app.renderer as { gl?: WebGL2RenderingContext }).gl
  gl?.pixelStorei(gl.UNPACK_ALIGNMENT, 1)
  return app
}

export class OnDemandApp {
  private application: Application | null = null
  /** This surface's scene: what the application draws while this surface holds the canvas. */
  readonly stage = new Container({ label: 'surface' })
  private live = false
  private queued = false
  /** The parent was resized since the last frame: the next frame resizes the canvas first. */
  private resized = true
  private resizeObserver: ResizeObserver | null = null

  /** `draw` paints one frame (after the canvas has been resized to its parent). */
  constructor(private readonly draw: () => void) {}

  /** The page's application (after `init`). */
  get app(): Application {
    if (!this.application) throw new Error('The drawing surface is not ready yet.')
    return this.application
  }

  /** Take the canvas over: it moves into `parent` and shows this surface's stage. */
  async init(parent: HTMLElement, options: OnDemandOptions): Promise<void> {
    shared ??= makeApplication(options)
    const app = await shared
    this.application = app
    for (const other of holders) if (other !== this) other.release()
    holders.clear()
    holders.add(this)
    app.resizeTo = parent
    app.renderer.background.color = options.background
    app.canvas.setAttribute('data-testid', options.testId)
    parent.appendChild(app.canvas)
    app.stage.removeChildren()
    app.stage.addChild(this.stage)
    // resizeTo re-renders on resize only while the ticker runs; schedule a frame ourselves.
    this.resizeObserver = new ResizeObserver(() => {
      this.resized = true
      this.requestRender()
    })
    this.resizeObserver.observe(parent)
    this.resized = true
    this.live = true
    this.requestRender()
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
      if (!this.live || !holders.has(this)) return
      // Measuring the parent forces a layout: only after it changed.
      if (this.resized) {
        this.resized = false
        this.app.resize()
      }
      this.draw()
    })
  }

  /** Another surface took the canvas: stop drawing. */
  private release(): void {
    this.live = false
    this.resizeObserver?.disconnect()
    this.resizeObserver = null
    this.application?.stage.removeChild(this.stage)
  }

  /** The view is gone: its scene goes (its own textures are its to destroy); the application stays. */
  destroy(): void {
    if (holders.delete(this)) this.application?.canvas.remove()
    this.release()
    this.stage.destroy({ children: true })
  }
}
