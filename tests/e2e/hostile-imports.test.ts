/**
 * The browser edition refuses hostile projects with the same limits and the same lines as
 * the desktop (src/shared/limits.ts through the shared loader): a .zip whose project
 * or room breaks a limit is refused in one line on the Open dialog, within seconds, and
 * leaves no project behind. Each case runs in a fresh browser profile (its own OPFS).
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchChromium, type LaunchedBrowser } from '../support/chromium'
import { emptyRoom, type Room } from '../../src/shared/room/schema'
import { writeZip } from '../../src/shared/room/zip'
import { saveScreenshot, statusText } from './helpers'

let browser: LaunchedBrowser
let page: Page
beforeEach(async () => {
  browser = await launchChromium()
  page = await browser.context.newPage()
  await page.goto(inject('webUrl'))
  await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
})
afterEach(async () => browser?.close())

const encode = (text: string) => new TextEncoder().encode(text)

function project(rooms: { id: string; name: string; folder: string }[]) {
  return { formatVersion: 1, appVersion: '0.1.0', name: 'Hostile', rooms, flags: [], characters: [] }
}

function room(): Room {
  const r = emptyRoom({ id: 'porch', name: 'Porch', width: 64, height: 48 })
  r.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [2, 2],
        [62, 2],
        [62, 46],
        [2, 46],
      ],
      holes: [],
    },
  ]
  return r
}

/** A zip of a one-room project, the room file's text given. */
function zipWithRoom(roomText: string): Uint8Array {
  return writeZip([
    {
      path: 'project.walkbox.json',
      bytes: encode(JSON.stringify(project([{ id: 'porch', name: 'Porch', folder: 'rooms/porch' }]))),
    },
    { path: 'rooms/porch/room.json', bytes: encode(roomText) },
  ])
}

/** Import `zip` through the Open dialog; the line it is refused with. Only the sample is left. */
async function refusedImport(zip: Uint8Array): Promise<string> {
  await page.getByRole('button', { name: 'Open Project…' }).click()
  const list = page.getByTestId('project-list')
  await expect.poll(() => list.locator('li[data-project]').count()).toBe(1)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('dialog').getByRole('button', { name: 'Import .zip…' }).click()
  await (
    await chooser
  ).setFiles({ name: 'hostile.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) })
  const problem = page.getByTestId('open-problem')
  await expect.poll(() => problem.count(), { timeout: 5000 }).toBe(1)
  await expect.poll(() => list.locator('li[data-project]').count()).toBe(1)
  return (await problem.textContent()) ?? ''
}

describe('hostile projects in the browser', () => {
  it('a project listing 1,001 rooms', async () => {
    const rooms = Array.from({ length: 1001 }, (_, i) => ({ id: `r${i}`, name: '', folder: `rooms/r${i}` }))
    const zip = writeZip([{ path: 'project.walkbox.json', bytes: encode(JSON.stringify(project(rooms))) }])
    expect(await refusedImport(zip)).toBe(
      "hostile.zip: project.walkbox.json: rooms: expected at most 1000 rooms, found 1001 (Walkbox's limit)",
    )
  })

  it('a room file of 200,000 unclosed brackets', async () => {
    expect(await refusedImport(zipWithRoom('['.repeat(200_000)))).toBe(
      'hostile.zip: rooms/porch/room.json line 1 column 65: nested more than 64 levels deep; expected at most 64 nested arrays and objects',
    )
  })

  it('a room whose area is enabled by 5,000 nested brackets', async () => {
    const r = room()
    r.areas[0].enabledBy = `${'('.repeat(5000)}open${')'.repeat(5000)}`
    expect(await refusedImport(zipWithRoom(JSON.stringify(r)))).toBe(
      "hostile.zip: rooms/porch/room.json: areas[0].enabledBy: expected at most 1000 characters (Walkbox's limit for a flag expression), found 10004",
    )
  })

  it('a room with a vertex at x = 1e307', async () => {
    const r = room()
    r.polygons[0].outer[1] = [1e307, 2]
    expect(await refusedImport(zipWithRoom(JSON.stringify(r)))).toBe(
      'hostile.zip: rooms/porch/room.json: polygons[0].outer[1][0]: expected a number from -1000000 to 1000000',
    )
    await saveScreenshot(page, 'hostile-import-refused.png')
  })
})
