/**
 * The game store's contract (tests/support/game-store-contract.ts) on the browser host's
 * adapter, in real Chromium over the real OPFS: every case runs in the page
 * (tests/e2e/harness/game-store-contract.ts) on OPFS folders handed in as picked game
 * folders, and gives exactly what the contract expects, and exactly what the desktop's
 * adapter (files on disk, sharp, the game's lock file) gives for the same case here.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { GAME_CONTRACT_CASES, GAME_CONTRACT_EXPECTED } from '../support/game-store-contract'
import { contractGames, type GameFileList } from '../support/game-contract-games'
import { diskGameHost } from '../../src/main/services/game-folder-store'

let browser: LaunchedBrowser
let page: Page
let dir: string
let games: Record<string, GameFileList>
let games64: Record<string, { path: string; base64: string }[]>

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-game-contract-e2e-'))
  games = await contractGames()
  games64 = Object.fromEntries(
    Object.entries(games).map(([name, files]) => [
      name,
      files.map((f) => ({ path: f.path, base64: Buffer.from(f.bytes).toString('base64') })),
    ]),
  )
  browser = await launchChromium()
  page = await browser.context.newPage()
})
afterAll(async () => {
  await browser?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Run a contract case in the page on the browser's adapter (a fresh harness page each time). */
async function inPage(name: string, folder: string): Promise<unknown> {
  await page.goto(inject('harnessUrl'))
  await expect.poll(() => page.title()).toBe('harness ready')
  return page.evaluate(
    ([n, f, g]) =>
      (
        window as unknown as {
          walkboxGameContract: { run(n: string, f: string, g: unknown): Promise<unknown> }
        }
      ).walkboxGameContract.run(n, f, g),
    [name, folder, games64] as const,
  )
}

/** Run a contract case here on the desktop's adapter, in a temporary folder. */
function onDisk(name: string, folder: string): Promise<unknown> {
  let n = 0
  return GAME_CONTRACT_CASES[name]({
    async game(kind, options = {}) {
      const game = join(dir, folder, `${kind}-${n++}`, 'game')
      for (const f of games[kind]) {
        await mkdir(dirname(join(game, f.path)), { recursive: true })
        await writeFile(join(game, f.path), f.bytes, { mode: 0o644 })
      }
      return diskGameHost(game, {
        appVersion: '0.1.0',
        scratch: join(dir, folder, `scratch-${n}`),
        keepBackups: options.keepBackups,
      })
    },
  })
}

describe('the game store on the browser adapter', () => {
  for (const [index, name] of Object.keys(GAME_CONTRACT_CASES).entries()) {
    it(name, async () => {
      const browserResult = await inPage(name, `case-${index}`)
      expect(browserResult).toEqual(GAME_CONTRACT_EXPECTED[name])
      expect(browserResult).toEqual(await onDisk(name, `case-${index}`))
    })
  }
})
