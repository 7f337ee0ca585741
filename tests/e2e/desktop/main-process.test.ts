/**
 * The desktop edition's own machinery, run for real (tests/support/desktop-app.ts): Walkbox's
 * built main process under the electron double, its window a Chromium page.
 * - The editor page and every file it loads come through main's app:// handler with the
 *   production policy and the isolation headers: the page is cross-origin isolated.
 * - The preload exposes exactly the method table, frozen, and main handles exactly its
 *   channels (appInfo answers with the app's version); calls cross as Electron carries
 *   them: a class instance arrives as its own fields (its prototype's getters are gone), a
 *   function cannot be sent, main's refusals come back as Electron words them, bytes come
 *   back as Uint8Arrays.
 * - The native menu is main's, from the shared action list: a checkbox item runs the
 *   editor's action and shows the editor's state once it answers (setMenuChecks).
 * - The page cannot leave the app's origin nor open windows; File › Quit with nothing
 *   unsaved ends the app.
 *
 * Units: none.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { startDesktop, type DesktopApp } from '../../support/desktop-app'
import { recordCalls } from '../../support/desktop-calls'
import {
  HOST_EVENT_NAMES,
  HOST_METHOD_NAMES,
  hostChannel,
  hostEventListenerName,
} from '../../../src/shared/host-methods'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/csp'
import { saveScreenshot } from '../helpers'
import { editorUp } from '../editions/edition'

let app: DesktopApp
const PACKAGE = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }

beforeEach(async () => {
  app = await startDesktop({ resources: inject('desktopResources') })
  await editorUp(app.page, true)
})

afterEach(async () => {
  if (!app) return
  await recordCalls(inject('desktopCalls'), expect.getState().testPath ?? 'unknown', app.world.invoked)
  await app.stop()
})

describe('the desktop edition, main process and all', () => {
  it("loads the editor through main's app:// handler, cross-origin isolated and under the production policy", async () => {
    const answered = app.world.protocols.answered
    expect(answered.length).toBeGreaterThan(3)
    expect(answered.every((a) => a.url.startsWith('app://walkbox/') && a.status === 200)).toBe(true)
    expect(answered.some((a) => /\/assets\/index-.*\.js$/.test(a.url))).toBe(true)
    expect(app.world.windows[0].webContents.getURL()).toBe('app://walkbox/index.html')
    const response = await app.page.request.get(app.page.url())
    expect(response.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(await app.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true)
    // No file:// and no menu bar in the page: the native menu is main's.
    expect(await app.page.getByRole('menubar', { name: 'Menu bar' }).count()).toBe(0)
    expect(app.menuItem('File').submenu!.items.map((i) => i.label)).toContain('Open Game Folder Read-Only…')
    await saveScreenshot(app.page, 'desktop-edition.png')
  })

  it('exposes exactly the method table, frozen, and carries calls as Electron does', async () => {
    const seen = await app.page.evaluate(() => {
      const host = (window as unknown as { walkboxHost: Record<string, unknown> }).walkboxHost
      return { keys: Object.keys(host).sort(), frozen: Object.isFrozen(host), kind: host.kind }
    })
    expect(seen).toEqual({
      keys: ['kind', ...HOST_METHOD_NAMES, ...HOST_EVENT_NAMES.map(hostEventListenerName)].sort(),
      frozen: true,
      kind: 'electron',
    })
    // Main handles exactly the table's channels, no more.
    expect(app.world.ipcMain.channels().sort()).toEqual(HOST_METHOD_NAMES.map(hostChannel).sort())
    const info = await app.page.evaluate(() =>
      (window as unknown as { walkboxHost: { appInfo(): Promise<unknown> } }).walkboxHost.appInfo(),
    )
    expect(info).toEqual({ name: 'Walkbox', version: PACKAGE.version, host: 'electron', platform: 'linux' })
    const outcome = await app.page.evaluate(async () => {
      const host = (window as unknown as { walkboxHost: Record<string, (r?: unknown) => Promise<unknown>> })
        .walkboxHost
      const failure = async (call: () => Promise<unknown>) => {
        try {
          await call()
          return 'resolved'
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`
        }
      }
      // A class instance crosses as its own fields: the prototype's getter is gone, so main finds no name.
      class Renaming {
        ref = '/nowhere'
        get name() {
          return 'New name'
        }
      }
      const recent = (await host.recentProjects()) as { ref: string }[]
      const room = (await host.loadRoom({ ref: recent[0].ref, roomId: 'courtyard' })) as {
        mask: Uint8Array
        background: { data: Uint8Array }
      }
      return {
        classInstance: await failure(() => host.renameProject(new Renaming())),
        notOpened: await failure(() => host.loadRoom({ ref: '/nowhere', roomId: 'courtyard' })),
        aFunction: await failure(() => host.loadRoom({ ref: recent[0].ref, roomId: () => 'courtyard' })),
        maskType: Object.prototype.toString.call(room.mask),
        maskLength: room.mask.length,
        backgroundType: room.background.data.constructor.name,
      }
    })
    expect(outcome.classInstance).toMatch(
      /^Error: Error invoking remote method 'walkbox:rename-project': Error: renameProject: refused a malformed request at name: /,
    )
    expect(outcome.notOpened).toBe(
      "Error: Error invoking remote method 'walkbox:load-room': Error: The project at /nowhere was not opened here; open it with File › Open Project.",
    )
    expect(outcome.aFunction).toBe('Error: An object could not be cloned.')
    expect(outcome).toMatchObject({
      maskType: '[object Uint8Array]',
      maskLength: 1920 * 1080,
      backgroundType: 'Uint8Array',
    })
    // Only the two calls that reached main are refusals there; the function never left the page.
    expect(app.world.invoked.filter((c) => c === 'walkbox:load-room')).toHaveLength(3)
  })

  it("runs a checkbox item of the native menu through the editor, and shows the editor's state", async () => {
    expect(app.menuItem('View', 'Show Grid').checked).toBe(false)
    app.clickMenu('View', 'Show Grid')
    await expect.poll(() => app.page.getByLabel('Show grid').isChecked()).toBe(true)
    // The menu is rebuilt with the editor's checks.
    await expect.poll(() => app.menuItem('View', 'Show Grid').checked).toBe(true)
    await app.page.getByLabel('Show grid').uncheck()
    await expect.poll(() => app.menuItem('View', 'Show Grid').checked).toBe(false)
  })

  it('keeps the page on its origin, opens no window, and quits from File › Quit with nothing unsaved', async () => {
    const page = app.page
    await page.evaluate(() => {
      location.href = 'https://example.com/elsewhere'
    })
    await page.waitForTimeout(500)
    expect(app.world.windows[0].webContents.getURL()).toBe('app://walkbox/index.html')
    expect(await page.getByTestId('title').textContent()).toContain('Walkbox sample')
    const popups: unknown[] = []
    page.context().on('page', (p) => popups.push(p))
    await page.evaluate(() => void window.open('https://example.com/popup'))
    await expect.poll(() => page.context().pages().length).toBe(1)
    expect(app.world.openedExternally).toEqual([])

    app.clickMenu('File', 'Quit')
    await app.waitForQuit()
    expect(app.world.windows).toHaveLength(0)
  })
})
