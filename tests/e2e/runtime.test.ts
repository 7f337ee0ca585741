/**
 * The Walkbox runtime in real Chromium, as a game would load it: the package built and
 * packed (`npm pack`) into a temporary folder, installed from the tarball into a game
 * folder, and served from the game's own origin with the room file; a plain page maps the
 * package name to its module (an import map), walks the room and switches a gate like in
 * Node.
 *
 * Units: room px.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { exportRuntimeRoom } from '../../src/shared/formats/runtime'
import { runtimeTestRoom } from '../unit/runtime/runtime-room'
import { sampleAgreement } from '../support/runtime-agreement'
import { installRuntime, packRuntime } from '../support/runtime-package'
import { saveScreenshot } from './helpers'

let out = ''
/** The installed package (node_modules/walkbox-runtime in the game folder). */
let installed = ''
let browser: LaunchedBrowser

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'walkbox-runtime-e2e-'))
  const packed = await packRuntime(out)
  installed = await installRuntime(packed.tarball, join(out, 'game'))
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  if (out) await rm(out, { recursive: true, force: true })
})

describe('the Walkbox runtime in Chromium', () => {
  it('loads the installed package by name and a runtime room from the game origin, and walks it, gate open and shut', async () => {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 680, height: 440 })
    const roomFile = exportRuntimeRoom(runtimeTestRoom(), null, null, [
      { id: 'gateOpen', default: true },
    ]).text
    await page.route('http://game.test/**', async (route) => {
      const url = new URL(route.request().url())
      if (url.pathname.startsWith('/node_modules/walkbox-runtime/dist/')) {
        const body = await readFile(
          join(installed, url.pathname.slice('/node_modules/walkbox-runtime/'.length)),
        )
        return route.fulfill({ body, contentType: 'text/javascript' })
      }
      if (url.pathname === '/porch.walkbox.json')
        return route.fulfill({ body: roomFile, contentType: 'application/json' })
      // A plain page, no framework and no bundler: the import map names the package's module.
      return route.fulfill({
        body: `<!doctype html><title>game</title>
          <script type="importmap">{ "imports": { "walkbox-runtime": "/node_modules/walkbox-runtime/dist/walkbox-runtime.js" } }</script>
          <style>body { margin: 0; font: 14px sans-serif; background: #222; color: #eee } canvas { display: block; margin: 10px; background: #111 }</style>
          <canvas id="room" width="640" height="400"></canvas><p id="say" style="margin: 0 10px"></p>
          <script type="module">
            import { loadRoom } from 'walkbox-runtime'
            const room = loadRoom(await (await fetch('/porch.walkbox.json')).json())
            const from = { x: 30, y: 150 }
            const to = { x: 290, y: 170 }
            const open = room.findPath(from, to)
            room.setFlag('gateOpen', false)
            const shut = room.findPath(from, to)
            // Draw the room's walkable pixels, then both paths (2x).
            const g = document.getElementById('room').getContext('2d')
            g.scale(2, 2)
            room.setFlag('gateOpen', true)
            for (let y = 0; y < 200; y += 2) for (let x = 0; x < 320; x += 2) {
              g.fillStyle = room.isWalkable({ x: x + 1, y: y + 1 }) ? '#3a5a3a' : '#111'
              g.fillRect(x, y, 2, 2)
            }
            const line = (path, colour) => {
              g.strokeStyle = colour; g.lineWidth = 2; g.beginPath()
              path.points.forEach((p, i) => (i ? g.lineTo(p.x, p.y) : g.moveTo(p.x, p.y)))
              g.stroke()
            }
            line(open, '#ffd84a')
            line(shut, '#ff5a5a')
            // The gate (shut for the red path), dashed.
            g.setLineDash([4, 3]); g.strokeStyle = '#ff5a5a'; g.lineWidth = 1
            for (const gate of room.room.gates) {
              g.beginPath()
              gate.polygon.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)))
              g.closePath(); g.stroke()
            }
            document.getElementById('say').textContent =
              'gate open: ' + open.length.toFixed(1) + ' px, reached; gate shut: stops at x = ' + shut.points.at(-1).x.toFixed(1)
            window.answers = { open, shut, zones: room.zonesAt({ x: 60, y: 150 }).map((z) => z.name) }
            document.title = 'ready'
          </script>`,
        contentType: 'text/html',
      })
    })
    await page.goto('http://game.test/')
    await page.waitForFunction(() => document.title === 'ready')
    const answers = (await page.evaluate('window.answers')) as {
      open: { reached: boolean; length: number }
      shut: { reached: boolean; points: { x: number; y: number }[] }
      zones: string[]
    }
    expect(answers.open.reached).toBe(true)
    expect(answers.open.length).toBeGreaterThan(260)
    expect(answers.shut.reached).toBe(false)
    expect(answers.shut.points.at(-1)!.x).toBeLessThanOrEqual(220.5)
    expect(answers.zones).toEqual(['Entrance'])
    await saveScreenshot(page, 'runtime-package-page.png')
  }, 60_000)

  it('gives the same paths as the app core for 1000 seeded pairs on the exported sample courtyard', async () => {
    const agreement = sampleAgreement()
    const page = await browser.context.newPage()
    const bundle = await readFile(join(installed, 'dist/walkbox-runtime.js'), 'utf8')
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
