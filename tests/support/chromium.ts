/**
 * Launches Debian's Chromium (or WALKBOX_CHROMIUM) headless through playwright-core,
 * with a fresh profile, for end-to-end tests and screenshots.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = process.env.WALKBOX_CHROMIUM ?? '/usr/bin/chromium'

/** How every test Chromium runs: headless, no sandbox, no GPU (SwiftShader's software GL), no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]

/** The Chromium binary, or one line saying how to get it. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (Debian: apt-get install -y chromium) or set WALKBOX_CHROMIUM to a Chromium binary.`,
    )
  }
  return CHROMIUM_PATH
}

export interface LaunchedBrowser {
  context: BrowserContext
  close: () => Promise<void>
}

export async function launchChromium(viewport = { width: 1440, height: 900 }): Promise<LaunchedBrowser> {
  requireChromium()
  const profile = await mkdtemp(join(tmpdir(), 'walkbox-e2e-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: CHROMIUM_ARGS,
  })
  return {
    context,
    close: async () => {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}
