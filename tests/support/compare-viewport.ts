/**
 * Where the compare canvas shows a room point on the page: its viewport (zoom and offset,
 * from the canvas host's data attributes), or one side-by-side pane's. Shared by the e2e
 * helpers and `npm run bench:ui` (no test runner needed).
 *
 * Units: room px in, CSS px out.
 */
import type { Page } from 'playwright-core'

export interface CompareViewport {
  zoom: number
  offsetX: number
  offsetY: number
  left: number
  top: number
}

/** The compare canvas's viewport; with `pane`, the page position of that side-by-side pane's origin. */
export async function compareViewport(page: Page, pane?: string): Promise<CompareViewport> {
  const host = page.getByTestId('compare-canvas-host')
  const box = await host.boundingBox()
  if (!box) throw new Error('The compare canvas is not on the page.')
  const num = async (name: string) => Number(await host.getAttribute(name))
  let left = box.x
  let top = box.y
  if (pane) {
    const label = page.locator(`[data-pane="${pane}"]`)
    left += Number(await label.getAttribute('data-pane-x'))
    top += Number(await label.getAttribute('data-pane-y'))
  }
  return {
    zoom: await num('data-zoom'),
    offsetX: await num('data-offset-x'),
    offsetY: await num('data-offset-y'),
    left,
    top,
  }
}

export function roomToPage(v: CompareViewport, x: number, y: number): { x: number; y: number } {
  return { x: v.left + v.offsetX + x * v.zoom, y: v.top + v.offsetY + y * v.zoom }
}

/** Click a room point: the goal, or the start with shift. */
