/**
 * View navigation: the wheel zooms towards the cursor; space-drag or middle-drag
 * pans. It reads pointer and wheel events on the canvas element and moves the
 * viewport store; it never edits the room. (The "hand" of an image editor.)
 *
 * Units: CSS px relative to the canvas element.
 */
import { ElementBox } from './element-box'
import type { ScreenPoint } from './viewport'
import { isTextEntry } from '../../platform/browser/text-entry'

export interface NavigationTarget {
  zoomAtPoint(anchor: ScreenPoint, factor: number): void
  pan(dsx: number, dsy: number): void
  /** The cursor moved to this screen point (null = left the canvas). */
  hover(p: ScreenPoint | null): void
}

/** Zoom factor per wheel notch (100 deltaY px). */
const WHEEL_ZOOM_PER_100PX = 1.25

export class ViewNavigation {
  private spaceHeld = false
  private panning: { pointerId: number; last: ScreenPoint } | null = null
  private readonly abort = new AbortController()

  constructor(
    private readonly element: HTMLElement,
    private readonly target: NavigationTarget,
    /** Where the element is (shared with the tool input; read again only when it can have moved). */
    private readonly box: ElementBox = new ElementBox(element),
  ) {
    const opts = { signal: this.abort.signal }
    element.addEventListener('wheel', (e) => this.onWheel(e), { ...opts, passive: false })
    element.addEventListener('pointerdown', (e) => this.onPointerDown(e), opts)
    element.addEventListener('pointermove', (e) => this.onPointerMove(e), opts)
    element.addEventListener('pointerup', (e) => this.onPointerUp(e), opts)
    element.addEventListener('pointercancel', (e) => this.onPointerUp(e), opts)
    element.addEventListener('pointerleave', () => this.target.hover(null), opts)
    element.addEventListener('auxclick', (e) => e.preventDefault(), opts)
    window.addEventListener('keydown', (e) => this.onKey(e, true), opts)
    window.addEventListener('keyup', (e) => this.onKey(e, false), opts)
    window.addEventListener('blur', () => (this.spaceHeld = false), opts)
  }

  /** True while the space bar is held or a pan drag is going on (tools should stand back). */
  get active(): boolean {
    return this.spaceHeld || this.panning !== null
  }

  private local(e: MouseEvent): ScreenPoint {
    return this.box.local(e)
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault()
    const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1
    const delta = e.deltaY * unit
    if (e.ctrlKey || !e.shiftKey) {
      this.target.zoomAtPoint(this.local(e), Math.pow(WHEEL_ZOOM_PER_100PX, -delta / 100))
    } else {
      this.target.pan(-delta, 0)
    }
  }

  private onKey(e: KeyboardEvent, down: boolean): void {
    if (e.code !== 'Space') return
    if (down && isTextEntry(e.target)) return
    this.spaceHeld = down
    this.element.style.cursor = down ? 'grab' : ''
    if (down) e.preventDefault()
  }

  private onPointerDown(e: PointerEvent): void {
    // Clicking the canvas takes keyboard focus from whatever panel control had it.
    if (document.activeElement !== this.element) this.element.focus({ preventScroll: true })
    const wantsPan = e.button === 1 || (e.button === 0 && this.spaceHeld)
    if (!wantsPan) return
    e.preventDefault()
    this.element.setPointerCapture?.(e.pointerId)
    this.panning = { pointerId: e.pointerId, last: this.local(e) }
    this.element.style.cursor = 'grabbing'
  }

  private onPointerMove(e: PointerEvent): void {
    const p = this.local(e)
    this.target.hover(p)
    if (!this.panning || this.panning.pointerId !== e.pointerId) return
    this.target.pan(p.sx - this.panning.last.sx, p.sy - this.panning.last.sy)
    this.panning.last = p
  }

  private onPointerUp(e: PointerEvent): void {
    if (!this.panning || this.panning.pointerId !== e.pointerId) return
    this.panning = null
    this.element.style.cursor = this.spaceHeld ? 'grab' : ''
  }

  destroy(): void {
    this.abort.abort()
  }
}
