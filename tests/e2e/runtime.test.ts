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
import { sampleAgreement } from '../support/runtime-agreement'

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
      // A plain page, no framework: the module is loaded as a game would load it.
      return route.fulfill({
        body: `<!doctype html><title>game</title><script type="module">
          import * as runtime from '/walkbox-runtime.js'
          window.walkbox = runtime
          document.title = 'ready'
        </script>`,
        contentType: 'text/html',
      })
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

  it('gives the same paths as the app core for 1000 seeded pairs on the exported sample courtyard', async () => {
    const agreement = sampleAgreement()
    const page = await browser.context.newPage()
    const bundle = await readFile(join(out, 'walkbox-runtime.js'), 'utf8')
    await page.route('http://game.test/**', (route) =>
      new URL(route.request().url()).pathname === '/walkbox-runtime.js'
        ? route.fulfill({ body: bundle, contentType: 'text/javascript' })
        : route.fulfill({
            body: `<!doctype html><script type="module">import * as r from '/walkbox-runtime.js'; window.walkbox = r; document.title = 'ready'</script>`,
            contentType: 'text/html',
          }),
    )
    await page.goto('http://game.test/')
    await page.waitForFunction(() => document.title === 'ready')
    const got = await page.evaluate(
      ({ file, pairs }) => {
        type P = { x: number; y: number }
        const runtime = (
          window as unknown as {
            walkbox: { loadRoom(f: string): { findPath(a: P, b: P): { points: P[]; reached: boolean } } }
          }
        ).walkbox
        const room = runtime.loadRoom(file)
        return pairs.map(([ax, ay, bx, by]) => {
          const r = room.findPath({ x: ax, y: ay }, { x: bx, y: by })
          return { points: r.points.map((p) => [p.x, p.y]), reached: r.reached }
        })
      },
      { file: agreement.file, pairs: agreement.pairs },
    )
    expect(got).toHaveLength(1000)
    const differ = got.filter((g, i) => JSON.stringify(g) !== JSON.stringify(agreement.expected[i])).length
    expect(differ).toBe(0)
  }, 120_000)
})
