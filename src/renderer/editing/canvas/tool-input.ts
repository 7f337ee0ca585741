/**
 * Tool input: reads pointer and key events on the canvas element and hands them, in
 * room px, to the active tool — unless view navigation (space or middle drag) has
 * them. The pointer is captured during a press so that a stroke continues outside
 * the canvas.
 *
 * Units: CSS px from the element, converted to room px through viewport.ts.
 */
import type { Tool, ToolPointer } from '../tools/tool'
import { isTextEntry } from '../../platform/browser/text-entry'
import { screenToRoom, type Viewport } from './viewport'
import { ElementBox } from './element-box'

export interface ToolInputSource {
  /** The active tool, or null (no room, locked layer, a layer without tools). */
  tool(): Tool | null
  viewport(): Viewport
  /** True while view navigation owns the pointer. */
  navigating(): boolean
}

export class ToolInput {
  private readonly abort = new AbortController()
  private pressed: { pointerId: number; tool: Tool } | null = null

  constructor(
    private readonly element: HTMLElement,
    private readonly source: ToolInputSource,
    /** Where the element is (read again only when it can have moved). */
    private readonly box: ElementBox = new ElementBox(element),
  ) {
    const opts = { signal: this.abort.signal }
    element.addEventListener('pointerdown', (e) => this.onDown(e), opts)
    element.addEventListener('pointermove', (e) => this.onMove(e), opts)
    element.addEventListener('pointerup', (e) => this.onUp(e), opts)
    element.addEventListener('pointercancel', () => this.onCancel(), opts)
    element.addEventListener(
      'pointerleave',
      () => {
        if (!this.pressed) this.source.tool()?.pointerLeave?.()
      },
      opts,
    )
    element.addEventListener('contextmenu', (e) => e.preventDefault(), opts)
    // Registered before the app's shortcut handler (children mount first): a tool that
    // uses a key (Enter, Escape, Backspace, [ ]) keeps it from the shortcuts.
    window.addEventListener('keydown', (e) => this.onKey(e), opts)
  }

  private pointer(e: PointerEvent): ToolPointer {
    const v = this.source.viewport()
    return {
      point: screenToRoom(v, this.box.local(e)),
      button: e.button,
      shift: e.shiftKey,
      alt: e.altKey,
      primaryModifier: e.ctrlKey || e.metaKey,
      zoom: v.zoom,
    }
  }

  private onDown(e: PointerEvent): void {
    if (this.source.navigating() || e.button !== 0) return
    const tool = this.source.tool()
    if (!tool) return
    e.preventDefault()
    this.element.setPointerCapture?.(e.pointerId)
    this.pressed = { pointerId: e.pointerId, tool }
    tool.pointerDown(this.pointer(e))
  }

  private onMove(e: PointerEvent): void {
    if (this.pressed) {
      if (this.pressed.pointerId === e.pointerId) this.pressed.tool.pointerMove(this.pointer(e))
      return
    }
    if (this.source.navigating()) return
    this.source.tool()?.pointerMove(this.pointer(e))
  }

  private onUp(e: PointerEvent): void {
    if (!this.pressed || this.pressed.pointerId !== e.pointerId) return
    const { tool } = this.pressed
    this.pressed = null
    tool.pointerUp(this.pointer(e))
  }

  private onCancel(): void {
    this.pressed?.tool.cancel()
    this.pressed = null
  }

  private onKey(e: KeyboardEvent): void {
    if (isTextEntry(e.target) || e.ctrlKey || e.metaKey || e.altKey) return
    const tool = this.source.tool()
    if (tool?.keyDown(e.key)) {
      e.preventDefault()
      e.stopImmediatePropagation()
    }
  }

  destroy(): void {
    this.abort.abort()
  }
}
