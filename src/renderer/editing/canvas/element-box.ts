/**
 * Where an element is on the page, read once and kept until it can have changed, so that a
 * pointer move does not ask the browser for it (getBoundingClientRect forces a layout when
 * anything on the page changed since the last frame: a panel's count, the status line).
 *
 * Glossary
 * - stale: the element was resized (ResizeObserver), the window resized or scrolled, or the
 *   pointer entered or pressed it (the cheap moments to read it again).
 *
 * Units: CSS px.
 */
import type { ScreenPoint } from './viewport'

export class ElementBox {
  private box: { left: number; top: number } | null = null
  private readonly abort = new AbortController()
  private readonly observer: ResizeObserver | null

  constructor(private readonly element: HTMLElement) {
    const stale = () => (this.box = null)
    const opts = { signal: this.abort.signal, capture: true, passive: true }
    element.addEventListener('pointerenter', stale, opts)
    element.addEventListener('pointerdown', stale, opts)
    element.addEventListener('wheel', stale, opts)
    window.addEventListener('resize', stale, opts)
    window.addEventListener('scroll', stale, opts)
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(stale)
    this.observer?.observe(element)
  }

  /** A pointer event's point relative to the element's top-left corner. */
  local(e: { clientX: number; clientY: number }): ScreenPoint {
    if (!this.box) {
      const r = this.element.getBoundingClientRect()
      this.box = { left: r.left, top: r.top }
    }
    return { sx: e.clientX - this.box.left, sy: e.clientY - this.box.top }
  }

  destroy(): void {
    this.abort.abort()
    this.observer?.disconnect()
  }
}
