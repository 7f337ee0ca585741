/**
 * AGS room properties in the editor, on both editions (tests/e2e/editions/edition.ts): a copy
 * of the bench AGS game whose Game.agf defines two room properties (IsDark, Boolean; Music,
 * Text) and whose room 1 sets them in data.xml's `<Properties>` is opened with File › Open
 * Game Folder…; the room's Properties panel lists them (IsDark as a checkbox, from the
 * schema's type); one value edited is one undo step; Save writes data.xml alone into the
 * game, with only the room's `<Properties>` changed and IsDark stored as AGS stores it ("0").
 *
 * Units: none.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { saveScreenshot, statusText, waitUntil } from '../helpers'
import { benchPath } from '../../support/bench-data'
import { filesBelow } from '../../support/folder-listing'
import { EDITION, startEdition, type Edition } from './edition'

let edition: Edition

beforeEach(async () => {
  edition = await startEdition()
})

afterEach(async () => {
  await edition?.close()
})

const SCHEMA_ITEM = (name: string, type: string) => `
      <CustomPropertySchemaItem>
        <Name>${name}</Name>
        <Description />
        <DefaultValue />
        <AppliesToCharacters>False</AppliesToCharacters>
        <AppliesToHotspots>False</AppliesToHotspots>
        <AppliesToInvItems>False</AppliesToInvItems>
        <AppliesToObjects>False</AppliesToObjects>
        <AppliesToRooms>True</AppliesToRooms>
        <Type>${type}</Type>
      </CustomPropertySchemaItem>`

const ROOM_PROPERTIES = `<Properties>
    <CustomProperty>
      <Name>IsDark</Name>
      <Value>1</Value>
    </CustomProperty>
    <CustomProperty>
      <Name>Music</Name>
      <Value>theme3</Value>
    </CustomProperty>
  </Properties>`

/** The bench game with the schema in Game.agf and room 1's properties set. */
async function gameFiles(): Promise<Record<string, Uint8Array>> {
  const source = benchPath('engines', 'ags-tumbleweed')
  const files: Record<string, Uint8Array> = {}
  for (const path of await filesBelow(source)) {
    let text = null as string | null
    const bytes = new Uint8Array(await readFile(join(source, path)))
    if (path === 'Game.agf')
      text = new TextDecoder()
        .decode(bytes)
        .replace(
          '<PropertyDefinitions />',
          `<PropertyDefinitions>${SCHEMA_ITEM('IsDark', 'Boolean')}${SCHEMA_ITEM('Music', 'Text')}\n    </PropertyDefinitions>`,
        )
    if (path === 'Rooms/1/data.xml')
      text = new TextDecoder().decode(bytes).replace('\n  <Properties />', `\n  ${ROOM_PROPERTIES}`)
    files[path] = text === null ? bytes : new TextEncoder().encode(text)
  }
  return files
}

describe(`AGS room properties (${EDITION} edition)`, () => {
  it("lists the room's properties from the game, edits one as one undo step, and writes it into data.xml", async () => {
    const files = await gameFiles()
    expect(new TextDecoder().decode(files['Rooms/1/data.xml'])).toContain('<Value>theme3</Value>')
    const game = await edition.putFolder('ags-props', files)
    await edition.pickFolder(game)
    await edition.menu('File', 'file.openGame')
    const page = edition.page
    const dialog = page.getByRole('dialog', { name: 'Read the game' })
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true)
    expect((await dialog.getByTestId('game-read-notes').textContent()) ?? '').toContain(
      'room properties: IsDark, Music',
    )
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect.poll(() => page.getByTestId('room-name').textContent()).toBe('Room 1')

    // The room's Properties panel: IsDark a checkbox (Boolean in the schema), Music text.
    const props = page.getByRole('region', { name: 'Properties' }).getByTestId('properties-editor')
    const dark = props.getByLabel('Value of property IsDark')
    await expect.poll(() => dark.isChecked()).toBe(true)
    expect(await props.getByLabel('Type of property IsDark').inputValue()).toBe('bool')
    expect(await props.getByLabel('Value of property Music').inputValue()).toBe('theme3')
    await props.scrollIntoViewIfNeeded()
    await saveScreenshot(page, `ags-room-properties-${EDITION}.png`)

    // One edit, one undo step: undone and done again.
    await dark.uncheck()
    await expect.poll(() => page.getByTestId('title').textContent()).toMatch(/^•/)
    await page.keyboard.press('Control+z')
    await expect.poll(() => dark.isChecked()).toBe(true)
    await page.keyboard.press('Control+Shift+z')
    await expect.poll(() => dark.isChecked()).toBe(false)

    const before = new TextDecoder().decode(await edition.readFile(game, 'Rooms/1/data.xml'))
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const write = page.getByRole('dialog', { name: 'Write into the game' })
    await expect.poll(() => write.isVisible(), { timeout: 30_000 }).toBe(true)
    expect(
      await write.getByRole('list', { name: 'Files to write' }).getByRole('listitem').allTextContents(),
    ).toEqual([expect.stringContaining('Rooms/1/data.xml')])
    await write.getByRole('button', { name: 'Write' }).click()
    await waitUntil(
      () => statusText(page),
      (t) => /Wrote Rooms\/1\/data\.xml into ags-props/.test(t),
      'the write of data.xml to be reported',
    )
    const after = new TextDecoder().decode(await edition.readFile(game, 'Rooms/1/data.xml'))
    expect(after).toBe(before.replace('<Value>1</Value>', '<Value>0</Value>'))
  }, 180_000)
})
