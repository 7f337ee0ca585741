/**
 * Helpers for driving the web edition in Chromium: map room px to page px through
 * the canvas's viewport, grab screenshot pixels, save screenshots outside the checkout,
 * read the Origin Private File System.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import sharp from 'sharp'
import type { Locator, Page } from 'playwright-core'
import { screenshotPath } from '../support/screenshots'

export interface PageViewport {
  zoom: number
  offsetX: number
  offsetY: number
  /** The canvas host's top-left corner in page px. */
  left: number
  top: number
  width: number
  height: number
}

export async function viewportOf(page: Page): Promise<PageViewport> {
  const host = page.getByTestId('canvas-host')
  const box = await host.boundingBox()
  if (!box) throw new Error('The canvas is not on the page.')
  const num = async (name: string) => Number(await host.getAttribute(name))
  return {
    zoom: await num('data-zoom'),
    offsetX: await num('data-offset-x'),
    offsetY: await num('data-offset-y'),
    left: box.x,
    top: box.y,
    width: box.width,
    height: box.height,
  }
}

/** Page px of a room point. */
export function toPage(v: PageViewport, x: number, y: number): { x: number; y: number } {
  return { x: v.left + v.offsetX + x * v.zoom, y: v.top + v.offsetY + y * v.zoom }
}

export interface Pixels {
  width: number
  height: number
  data: Buffer
  at(x: number, y: number): [number, number, number]
}

export async function screenshotPixels(page: Page): Promise<Pixels> {
  const png = await page.screenshot()
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    width: info.width,
    height: info.height,
    data,
    at(x, y) {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3
      return [data[i], data[i + 1], data[i + 2]]
    },
  }
}

/** Wait until the Pixi canvas has drawn something other than its clear colour (Pixi draws after init resolves). */
export async function waitForCanvasDrawn(page: Page, timeoutMs = 20_000): Promise<void> {
  const start = Date.now()
  for (;;) {
    const v = await viewportOf(page)
    const pixels = await screenshotPixels(page)
    const centre = pixels.at(v.left + v.width / 2, v.top + v.height / 2)
    const corner = pixels.at(v.left + 3, v.top + 3)
    if (
      Math.abs(centre[0] - corner[0]) + Math.abs(centre[1] - corner[1]) + Math.abs(centre[2] - corner[2]) >
      30
    )
      return
    if (Date.now() - start > timeoutMs) throw new Error('The canvas drew nothing within the time allowed.')
    await page.waitForTimeout(200)
  }
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]))
}

/** Read a file from the page's Origin Private File System (path like 'projects/x/project.walkbox.json'). */
export async function readOpfs(page: Page, path: string): Promise<Uint8Array> {
  const bytes = await page.evaluate(async (p) => {
    let dir = await navigator.storage.getDirectory()
    const parts = p.split('/')
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part)
    const file = await (await dir.getFileHandle(parts.at(-1)!)).getFile()
    return Array.from(new Uint8Array(await file.arrayBuffer()))
  }, path)
  return new Uint8Array(bytes)
}

/** Write a file (text, or bytes) into the page's Origin Private File System, folders made as needed. */
export async function writeOpfs(page: Page, path: string, content: string | Uint8Array): Promise<void> {
  await page.evaluate(
    async ([p, t]) => {
      let dir = await navigator.storage.getDirectory()
      const parts = p.split('/')
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
      const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
      await w.write(typeof t === 'string' ? t : new Uint8Array(t))
      await w.close()
    },
    [path, typeof content === 'string' ? content : Array.from(content)] as const,
  )
}

/** Every file under an OPFS folder, relative paths, sorted. */
export async function opfsFiles(page: Page, folder: string): Promise<string[]> {
  return page.evaluate(async (path) => {
    let dir = await navigator.storage.getDirectory()
    for (const part of path.split('/')) dir = await dir.getDirectoryHandle(part)
    const out: string[] = []
    const visit = async (d: FileSystemDirectoryHandle, at: string) => {
      for await (const [name, h] of (
        d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
      ).entries()) {
        if (h.kind === 'directory') await visit(h as FileSystemDirectoryHandle, `${at}${name}/`)
        else out.push(`${at}${name}`)
      }
    }
    await visit(dir, '')
    return out.sort()
  }, folder)
}

/** A page or an element of it: what can take a screenshot. */
type Shootable = Pick<Page, 'screenshot'> | Pick<Locator, 'screenshot'>

/**
 * Take a screenshot into the screenshot folder (WALKBOX_SCREENSHOTS, else a temporary
 * folder; never the checkout: tests/support/screenshots.ts). Returns the file.
 */
export async function saveScreenshot(target: Shootable, name: string): Promise<string> {
  const file = screenshotPath(name)
  await mkdir(dirname(file), { recursive: true })
  await target.screenshot({ path: file })
  return file
}

/**
 * A README image (docs/images/<name>): written there only by `npm run docs:images`; in
 * `npm test` it goes to the screenshot folder like any other screenshot.
 */
export async function saveDocsImage(target: Shootable, name: string): Promise<string> {
  const file = screenshotPath(name, { docs: true })
  await mkdir(dirname(file), { recursive: true })
  await target.screenshot({ path: file })
  return file
}

export async function statusText(page: Page): Promise<string> {
  return (await page.getByTestId('status').textContent()) ?? ''
}

/** Poll `read` until `ok` holds (usable outside a test, e.g. in beforeAll). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const start = Date.now()
  let last: T | undefined
  while (Date.now() - start < timeoutMs) {
    last = await read()
    if (ok(last)) return last
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`Timed out waiting for ${what}; last seen: ${JSON.stringify(last)}`)
}
