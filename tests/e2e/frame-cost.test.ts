/**
 * What a frame of the room costs under software GL (issue 31, room switch), in real Chromium
 * on the sample's Courtyard: the batch shaders the frame was drawn with sample one texture
 * (Pixi's default chose each pixel's texture through an `if` over 32 of them, which a
 * software rasteriser runs in full for every pixel), and the room frame is not drawn under
 * the opaque background but is as soon as the background is hidden (its flat colour then
 * shows in the sky). A build with Pixi's default batch shaders, or a frame drawn under the
 * background, or one missing where the background is hidden, fails here.
 *
 * Units: room px.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { colourDistance, saveScreenshot, screenshotPixels, toPage, viewportOf, waitUntil } from './helpers'
import { openSample } from './authoring-helpers'

/** The room frame's flat colour (editing/canvas/room-view.ts). */
const FRAME = [0x30, 0x33, 0x3b]
/** A point of Courtyard's sky, where no layer but the background draws. */
const SKY = { x: 200, y: 60 }

let browser: LaunchedBrowser
let page: Page

beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  // Pixi calls this hook with the application it makes (its devtools hook): the test reads the scene.
  await page.addInitScript(() => {
    ;(globalThis as { __PIXI_APP_INIT__?: (app: unknown) => void }).__PIXI_APP_INIT__ = (app) => {
      ;(globalThis as { __walkboxTestApp?: unknown }).__walkboxTestApp = app
    }
  })
  await openSample(page, inject('webUrl'))
})

afterEach(async () => {
  await browser?.close()
})

/** The sampler arrays declared by the shaders of the batches drawn so far, and the room frame's visibility. */
async function scene(): Promise<{ samplers: string[]; frameShown: boolean }> {
  return page.evaluate(`(() => {
    const r = globalThis.__walkboxTestApp.renderer
    const samplers = []
    const declared = (shader) => (shader.glProgram.fragment.match(/uTextures\\[\\d+\\]/) ?? ['none'])[0]
    for (const set of Object.values(r.renderPipes.batch._batchersByInstructionSet))
      for (const batcher of Object.values(set)) samplers.push(declared(batcher.shader))
    samplers.push(declared(r.renderPipes.graphics._adaptor.shader))
    const find = (c, label) => c.label === label ? c : (c.children ?? []).map((k) => find(k, label)).find(Boolean)
    return { samplers, frameShown: find(globalThis.__walkboxTestApp.stage, "room-frame").visible }
  })()`)
}

describe('a frame of the room', () => {
  it('is drawn by batch shaders that sample one texture, and with no room frame under the background', async () => {
    const s = await scene()
    expect(s.samplers.length).toBeGreaterThan(1)
    for (const declared of s.samplers) expect(declared).toBe('uTextures[1]')
    expect(s.frameShown).toBe(false)
  })

  it('draws the room frame where the hidden background no longer covers it', async () => {
    await page.locator('[data-layer="background"] input[type="checkbox"]').uncheck()
    const v = await viewportOf(page)
    const sky = toPage(v, SKY.x, SKY.y)
    await waitUntil(
      async () => (await screenshotPixels(page)).at(sky.x, sky.y),
      (px) => colourDistance(px, FRAME) < 6,
      'the room frame to show in the sky',
    )
    expect((await scene()).frameShown).toBe(true)
    await saveScreenshot(page, 'frame-cost-background-hidden.png')
    await page.locator('[data-layer="background"] input[type="checkbox"]').check()
    await waitUntil(
      async () => (await screenshotPixels(page)).at(sky.x, sky.y),
      (px) => colourDistance(px, FRAME) > 40,
      'the background to cover the frame again',
    )
    expect((await scene()).frameShown).toBe(false)
  })
})
