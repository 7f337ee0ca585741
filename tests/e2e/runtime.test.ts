/**
 * The Walkbox runtime bundle (vite.runtime.config.ts, built here into a temporary folder)
 * in real Chromium, as a game would load it: an ES module and a runtime room file fetched
 * from the game's own origin; it walks the room and switches a gate like in Node.
 *
 * Units: room px.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { repoRoot } from '../support/bench-data'
import { exportRuntimeRoom } from '../../src/shared/formats/runtime'
import { runtimeTestRoom } from '../unit/runtime/runtime-room'

let out = ''
let browser: LaunchedBrowser

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'walkbox-runtime-e2e-'))
  await build({
    configFile: join(repoRoot, 'vite.runtime.config.ts'),
    logLevel: 'silent',
    build: { outDir: out },
  })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  if (out) await rm(out, { recursive: true, force: true })
})

describe('the Walkbox runtime in Chromium', () => {
  it('loads a runtime room from the game origin and walks it, gate open and shut', async () => {
    const page = await browser.context.newPage()
    const bundle = await readFile(join(out, 'walkbox-runtime.js'), 'utf8')
    const roomFile = exportRuntimeRoom(runtimeTestRoom(), null, null, [
      { id: 'gateOpen', default: true },
    ]).text
    await page.route('http://game.test/**', (route) => {
      const url = new URL(route.request().url())
      if (url.pathname === '/walkbox-runtime.js')
        return route.fulfill({ body: bundle, contentType: 'text/javascript' })
      if (url.pathname === '/porch.walkbox.json')
        return route.fulfill({ body: roomFile, contentType: 'application/json' })
      return route.fulfill({ body: '<!doctype html><title>game</title>', contentType: 'text/html' })
    })
    await page.goto('http://game.test/')
    // A string, so that the test runner does not rewrite the page's own import().
    const answers = (await page.evaluate(`(async () => {
      const runtime = await import('/walkbox-runtime.js')
      const room = runtime.loadRoom(await (await fetch('/porch.walkbox.json')).json())
      const open = room.findPath({ x: 30, y: 150 }, { x: 290, y: 170 })
      room.setFlag('gateOpen', false)
      const shut = room.findPath({ x: 30, y: 150 }, { x: 290, y: 170 })
      return { open, shut, zones: room.zonesAt({ x: 60, y: 150 }).map((z) => z.name) }
    })()`)) as {
      open: { reached: boolean; length: number }
      shut: { reached: boolean; points: { x: number; y: number }[] }
      zones: string[]
    }
    expect(answers.open.reached).toBe(true)
    expect(answers.open.length).toBeGreaterThan(260)
    expect(answers.shut.reached).toBe(false)
    expect(answers.shut.points.at(-1)!.x).toBeLessThanOrEqual(220.5)
    expect(answers.zones).toEqual(['Entrance'])
  }, 60_000)
})
