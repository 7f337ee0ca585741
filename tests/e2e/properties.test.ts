/**
 * Custom properties in the editor, in real Chromium on the sample room: the one properties
 * editor adds a property to the walk polygon (selected with Select on the canvas) and one to
 * the doorway gate (both selected with Select on the canvas), each change one named undo step; Undo
 * takes the last one back; saved, the room.json holds them; reloaded, the editor shows them
 * again. docs/images/walkbox-properties.png is the gate's properties (npm run docs:images).
 *
 * Units: room px.
 */
import { expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readOpfs, saveDocsImage, saveScreenshot, statusText } from './helpers'
import { clickRoom, saveAndWait, sampleForEachTest, SAMPLE_ROOM_DIR } from './authoring-helpers'

let page: Page
sampleForEachTest((p) => (page = p), { width: 1400, height: 900 })

const panel = () => page.getByTestId('selection-panel')
const editor = () => panel().getByTestId('properties-editor')

/** Select what is at (x, y) on `layer` with the Select tool. */
async function selectAt(layer: string, x: number, y: number): Promise<void> {
  await page.locator(`[data-layer="${layer}"]`).click()
  await page.getByTestId('canvas-host').focus()
  await page.keyboard.press('v')
  await clickRoom(page, x, y)
}

async function addProperty(key: string, value: string, type?: string): Promise<void> {
  await editor().getByLabel('New property name').fill(key)
  await editor().getByLabel('New property name').press('Enter')
  await expect.poll(() => statusText(page)).toMatch(new RegExp(`Add property '${key}' to`))
  if (type) {
    await editor().getByLabel(`Type of property ${key}`).selectOption(type)
    await expect.poll(() => statusText(page)).toMatch(new RegExp(`Make property '${key}' ${type}`))
  }
  const field = editor().getByLabel(`Value of property ${key}`)
  if (type === 'bool') await field.setChecked(value === 'true')
  else {
    await field.fill(value)
    await field.press('Enter')
  }
  await expect.poll(() => statusText(page)).toMatch(new RegExp(`Set property '${key}' of`))
}

async function savedRoom(): Promise<{
  polygons: { properties?: Record<string, string>; propertyTypes?: Record<string, string> }[]
  gates: { properties?: Record<string, string>; propertyTypes?: Record<string, string> }[]
}> {
  return JSON.parse(new TextDecoder().decode(await readOpfs(page, `${SAMPLE_ROOM_DIR}/room.json`)))
}

it('adds properties to a polygon and a gate, undoes one, saves and reopens them', async () => {
  // The walk polygon: Select on the walk-polygons layer, click inside the floor.
  await selectAt('walk-polygons', 500, 900)
  await expect.poll(() => panel().textContent()).toContain('Walk polygon')
  await addProperty('surface', 'gravel')

  // The doorway gate: Select on the gates layer, click inside it.
  await selectAt('gates', 1030, 776)
  await expect.poll(() => panel().locator('#sel-gate-name').inputValue()).toBe('Doorway gate')
  await addProperty('locked', 'true', 'bool')
  await addProperty('weight', '3', 'int')
  // A duplicate key is refused, saying why.
  await editor().getByLabel('New property name').fill('weight')
  await editor().getByLabel('New property name').press('Enter')
  await expect
    .poll(() => editor().getByRole('alert').textContent())
    .toBe("Cannot add the property: there is already a property 'weight'.")
  await saveDocsImage(panel(), 'walkbox-properties.png')

  // Undo takes the last step back (the value 3 of weight, one step), then the add of weight itself.
  await page.getByTestId('canvas-host').focus()
  await page.keyboard.press('Control+z')
  await expect.poll(() => editor().getByLabel('Value of property weight').inputValue()).toBe('0')
  await page.keyboard.press('Control+z')
  await page.keyboard.press('Control+z')
  await expect.poll(() => editor().locator('[data-property="weight"]').count()).toBe(0)
  await expect.poll(() => editor().locator('[data-property="locked"]').count()).toBe(1)

  await saveAndWait(page)
  const saved = await savedRoom()
  expect(saved.polygons[0].properties).toEqual({ surface: 'gravel' })
  expect(saved.gates[0]).toMatchObject({ properties: { locked: 'true' }, propertyTypes: { locked: 'bool' } })

  // Reopened: the editor shows them again.
  await page.reload()
  await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/Opened room Courtyard/)
  await selectAt('gates', 1030, 776)
  await expect.poll(() => editor().locator('[data-property="locked"]').count()).toBe(1)
  expect(await editor().getByLabel('Value of property locked').isChecked()).toBe(true)
  expect(await editor().getByLabel('Type of property locked').inputValue()).toBe('bool')
  await selectAt('walk-polygons', 500, 900)
  await expect.poll(() => editor().getByLabel('Value of property surface').inputValue()).toBe('gravel')
  await saveScreenshot(page, 'properties-reopened.png')
})
