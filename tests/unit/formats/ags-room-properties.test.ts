/**
 * AGS room-level custom properties (issue #31): the room's own `<Properties>` of an AGS 4
 * data.xml and the room's map of an AGS 3 .crm properties block (block 8: the room's map,
 * then each hotspot's, then each object's) read into `room.properties`, kept through the
 * project format, and written back in place. The bench's room 1 has no room properties, so
 * each test gives a copy some: the .crm's block 8 rebuilt by test code (its room map in
 * front of the file's hotspot and object maps) and written with the test writer; data.xml's
 * top `<Properties />` replaced in a copy of the room folder under the system temp folder.
 * Every .crm written is read with the test oracle (tests/support/crm-oracle.ts, not
 * Walkbox's reader).
 *
 * Units: bytes; px.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MAX_AGS_PROPERTY_CHARS } from '../../../src/shared/limits'
import { importCrmRoom } from '../../../src/shared/formats/ags/crm-import'
import { planCrmRoom } from '../../../src/shared/formats/ags/crm-in-place'
import { exportOpenRoomInPlace } from '../../../src/shared/formats/ags/open-room-export'
import { exportNewOpenRoom } from '../../../src/shared/formats/ags/open-room-new'
import { readOpenRoom } from '../../../src/shared/formats/ags/open-room'
import type { ExportFile } from '../../../src/shared/formats/format-io'
import { roomFormat, type ImportSource } from '../../../src/shared/formats/registry'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { benchPath } from '../../support/bench-data'
import { oracleReadCrm, oracleView } from '../../support/crm-oracle'
import { writeTestCrm } from '../../support/crm-writer'
import { diskSource } from '../../support/disk-import-source'
import { crmRefusal } from '../../support/crm-refusal'

const GAME = benchPath('engines', 'ags-tumbleweed')
let bench: Uint8Array

beforeAll(async () => {
  bench = new Uint8Array(await readFile(join(GAME, 'room1.crm')))
})

/** Through the project format: serialised, parsed, normalised (what a save and reload gives). */
const reloaded = (room: Room): Room => normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room))))

// ---------------------------------------------------------------- AGS 3 (.crm)

const le32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]
const latin1 = (s: string) => Array.from(s, (c) => c.charCodeAt(0))

/** A property map as customproperties.cpp WriteValues lays it out (version 1: 0-ended texts; 2: each after its length). */
function propertyMap(values: [string, string][], version: 1 | 2): number[] {
  const text = (s: string) => (version === 1 ? [...latin1(s), 0] : [...le32(s.length), ...latin1(s)])
  return [...le32(version), ...le32(values.length), ...values.flatMap(([k, v]) => [...text(k), ...text(v)])]
}

/** The bench room with the room map of block 8 holding `values`, as a .crm of `format`. */
function crmWithRoomProperties(values: [string, string][], version: 1 | 2, format = 33): Uint8Array {
  const room = oracleReadCrm(bench)
  const at = room.blocks.findIndex(([id]) => id === 8)
  const payload = room.blocks[at][1]
  // The bench's block: i32 1, then the room's map (empty: i32 2, i32 0), then the others.
  expect(Array.from(payload.subarray(0, 12))).toEqual([1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
  const rebuilt = Uint8Array.from([...le32(1), ...propertyMap(values, version), ...payload.subarray(12)])
  room.blocks[at] = [8, rebuilt]
  return writeTestCrm(room, format, format >= 33 ? 'whole' : 'rows')
}

function memory(bytes: Uint8Array): ImportSource {
  return {
    readText: async () => null,
    readBytes: async () => bytes,
    decodeImage: async () => {
      throw new Error('no images here')
    },
    imageSize: () => null,
  }
}

/** A `<PropertyDefinitions>` as the AGS editor writes it (CustomPropertySchema.ToXml), with `items` as [name, type, default, applies to rooms]. */
function schemaXml(items: [string, string, string, boolean][]): string {
  const item = ([name, type, value, rooms]: [string, string, string, boolean]) =>
    `      <CustomPropertySchemaItem>
        <Name>${name}</Name>
        <Description />
        <DefaultValue>${value}</DefaultValue>
        <AppliesToCharacters>False</AppliesToCharacters>
        <AppliesToHotspots>True</AppliesToHotspots>
        <AppliesToInvItems>False</AppliesToInvItems>
        <AppliesToObjects>False</AppliesToObjects>
        <AppliesToRooms>${rooms ? 'True' : 'False'}</AppliesToRooms>
        <Type>${type}</Type>
      </CustomPropertySchemaItem>`
  return `<PropertyDefinitions>\n${items.map(item).join('\n')}\n    </PropertyDefinitions>`
}

const SCHEMA = schemaXml([
  ['IsDark', 'Boolean', '0', true],
  ['Visits', 'Number', '0', true],
  ['Music', 'Text', '', true],
  ['Stray', 'Number', '0', false],
])

/** The bench's Game.agf with SCHEMA as its property schema. */
async function gameAgf(): Promise<string> {
  const agf = await readFile(join(GAME, 'Game.agf'), 'utf8')
  expect(agf).toContain('<PropertyDefinitions />')
  return agf.replace('<PropertyDefinitions />', SCHEMA)
}

async function importedCrm(bytes: Uint8Array, agf: string | null = null) {
  const source = { ...memory(bytes), readText: async (p: string) => (p === 'Game.agf' ? agf : null) }
  const result = await importCrmRoom(source, 'room1.crm', {})
  return { room: reloaded(result.room), mask: result.mask!, notes: result.notes }
}

const oracleRoomProperties = (bytes: Uint8Array) => Object.fromEntries(oracleReadCrm(bytes).properties!.room)

describe('AGS 3 room properties (.crm block 8)', () => {
  it('the bench room has none, and reads none', async () => {
    expect(oracleRoomProperties(bench)).toEqual({})
    expect((await importedCrm(bench)).room.properties).toBeUndefined()
  })

  it.each([
    [33, 2],
    [30, 1],
  ] as const)(
    'format %i (maps of version %i): read into room.properties, kept through a save, an unedited room writes the same bytes',
    async (format, version) => {
      const crm = crmWithRoomProperties(
        [
          ['IsDark', '1'],
          ['Music', 'theme 3'],
        ],
        version,
        format,
      )
      const { room, mask, notes } = await importedCrm(crm)
      expect(room.properties).toEqual({ IsDark: '1', Music: 'theme 3' })
      expect(notes.join('\n')).toMatch(/room properties: IsDark, Music/)
      const out = planCrmRoom(crm, 'room1.crm', { room: reloaded(room), mask })
      expect(out.changed).toEqual([])
      expect(Buffer.from(out.after).equals(Buffer.from(crm))).toBe(true)
    },
  )

  it.each([
    [33, 2],
    [30, 1],
  ] as const)(
    'format %i (maps of version %i): an edited property is written where AGS reads it, the rest of the file kept',
    async (format, version) => {
      const crm = crmWithRoomProperties([['Music', 'theme 3']], version, format)
      const { room, mask } = await importedCrm(crm)
      room.properties = { Music: 'théme 4', Weather: 'rain' }
      const out = planCrmRoom(crm, 'room1.crm', { room: reloaded(room), mask })
      expect(out.changed).toEqual(['room properties'])
      const before = oracleReadCrm(crm)
      const after = oracleReadCrm(out.after)
      // The oracle reads bytes one a character; format 33 rooms of this game say UTF-8 (ext_sopts).
      const text = (v: string) => (format >= 33 ? Buffer.from(v, 'latin1').toString('utf8') : v)
      const room2 = [...after.properties!.room].map(([k, v]) => [k, text(v)])
      expect(Object.fromEntries(room2)).toEqual({ Music: 'théme 4', Weather: 'rain' })
      // Each hotspot's and object's map as it was; every other block byte for byte.
      expect(after.properties!.hotspots).toEqual(before.properties!.hotspots)
      expect(after.properties!.objects).toEqual(before.properties!.objects)
      expect(oracleView(after, ['properties'])).toEqual(oracleView(before, ['properties']))
      // Read again: the edit; written again: nothing.
      const again = await importedCrm(out.after)
      expect(again.room.properties).toEqual({ Music: 'théme 4', Weather: 'rain' })
      expect(planCrmRoom(out.after, 'room1.crm', { room: again.room, mask: again.mask }).changed).toEqual([])
      // Removing them all leaves an empty room map.
      const cleared = planCrmRoom(out.after, 'room1.crm', { room: { ...again.room, properties: {} }, mask })
      expect(oracleRoomProperties(cleared.after)).toEqual({})
    },
  )

  it("Game.agf's schema types them: Boolean as bool, Number as int, and they go back as AGS stores them", async () => {
    const crm = crmWithRoomProperties(
      [
        ['IsDark', '1'],
        ['Visits', '3'],
        ['Music', 'x'],
        ['Stray', '2'],
      ],
      2,
    )
    const { room, mask, notes } = await importedCrm(crm, await gameAgf())
    expect(room.properties).toEqual({ IsDark: 'true', Visits: '3', Music: 'x', Stray: '2' })
    expect(room.propertyTypes).toEqual({ IsDark: 'bool', Visits: 'int' })
    expect(notes).toContain(
      "room properties Stray: not in Game.agf's schema for rooms; the AGS editor drops them when it saves the room",
    )
    expect(Buffer.from(planCrmRoom(crm, 'room1.crm', { room, mask }).after).equals(Buffer.from(crm))).toBe(
      true,
    )
    room.properties = { ...room.properties, IsDark: 'false' }
    const out = planCrmRoom(crm, 'room1.crm', { room: reloaded(room), mask })
    expect(oracleRoomProperties(out.after)).toEqual({ IsDark: '0', Visits: '3', Music: 'x', Stray: '2' })
  })

  it('properties added to a room that had none go into its empty room map', async () => {
    const { room, mask } = await importedCrm(bench)
    room.properties = { Music: '7' }
    const out = planCrmRoom(bench, 'room1.crm', { room: reloaded(room), mask })
    expect(out.changed).toEqual(['room properties'])
    expect(oracleRoomProperties(out.after)).toEqual({ Music: '7' })
    expect(out.after.length).toBe(bench.length + 4 + 5 + 4 + 1)
  })

  it('hostile values are refused in one line before anything is written', async () => {
    const { room, mask } = await importedCrm(bench)
    const plan = (properties: Record<string, string>) => () =>
      planCrmRoom(bench, 'room1.crm', { room: reloaded({ ...room, properties }), mask })
    expect(crmRefusal(plan({ Music: 'a\u0001b' }))).toBe(
      "room properties: property 'Music': its value holds the character U+0001 at 2, which an AGS room cannot keep (control characters other than tab and line feed)",
    )
    expect(crmRefusal(plan({ 'Mu\u001bsic': 'x' }))).toMatch(/its name holds the character U\+001B at 3/)
    expect(crmRefusal(plan({ Music: 'x'.repeat(MAX_AGS_PROPERTY_CHARS + 1) }))).toMatch(
      /a value of 65537 characters; Walkbox writes at most 65536 into an AGS room/,
    )
    expect(crmRefusal(plan({ Music: '1', music: '2' }))).toMatch(
      /properties '(Music|music)' and '(Music|music)' differ only in case; AGS keeps one of them/,
    )
    // A room before AGS 3.4 (maps of version 1): AGS reads values up to 500 bytes with their 0.
    const old = crmWithRoomProperties([['Music', '1']], 1, 30)
    const legacy = await importedCrm(old)
    expect(
      crmRefusal(() =>
        planCrmRoom(old, 'room1.crm', {
          room: reloaded({ ...legacy.room, properties: { Music: 'x'.repeat(500) } }),
          mask: legacy.mask,
        }),
      ),
    ).toBe(
      "room properties: property 'Music' has a value of 500 bytes; this room (before AGS 3.4) holds at most 499",
    )
    // This room's texts are one byte a character (no UTF-8 option before AGS 3.6).
    expect(
      crmRefusal(() =>
        planCrmRoom(old, 'room1.crm', {
          room: reloaded({ ...legacy.room, properties: { Music: '\u4e50' } }),
          mask: legacy.mask,
        }),
      ),
    ).toMatch(/cannot be stored in this room's 8-bit text/)
    // Tab and line feed are kept.
    const ok = planCrmRoom(bench, 'room1.crm', {
      room: reloaded({ ...room, properties: { Note: 'a\tb\nc' } }),
      mask,
    })
    expect(oracleRoomProperties(ok.after)).toEqual({ Note: 'a\tb\nc' })
  })

  it('entries a Walkbox room cannot hold (an empty name, __proto__) stay in the file when the others are edited', async () => {
    const crm = crmWithRoomProperties(
      [
        ['', 'blank'],
        ['__proto__', 'x'],
        ['Music', '1'],
      ],
      2,
    )
    const { room, mask } = await importedCrm(crm)
    expect(room.properties).toEqual({ Music: '1' })
    expect(planCrmRoom(crm, 'room1.crm', { room, mask }).changed).toEqual([])
    room.properties = { Music: '2' }
    const out = planCrmRoom(crm, 'room1.crm', { room: reloaded(room), mask })
    expect([...oracleReadCrm(out.after).properties!.room].sort()).toEqual([
      ['', 'blank'],
      ['Music', '2'],
      ['__proto__', 'x'],
    ])
  })

  it('a value the file already holds goes back as it is, even past the bounds for new values', async () => {
    const crm = crmWithRoomProperties([['Odd', 'a\u0001b']], 2)
    const { room, mask } = await importedCrm(crm)
    expect(room.properties).toEqual({ Odd: 'a\u0001b' })
    room.properties = { ...room.properties, Music: '2' }
    const out = planCrmRoom(crm, 'room1.crm', { room: reloaded(room), mask })
    expect(oracleRoomProperties(out.after)).toEqual({ Odd: 'a\u0001b', Music: '2' })
  })
})

// ---------------------------------------------------------------- AGS 4 (data.xml)

let work: string | null = null
afterEach(async () => {
  if (work) await rm(work, { recursive: true, force: true })
  work = null
})

const ROOM_PROPERTIES = `<Properties>
    <CustomProperty>
      <Name>IsDark</Name>
      <Value>1</Value>
    </CustomProperty>
    <CustomProperty>
      <Name>Music</Name>
      <Value xml:space="preserve">theme &amp; 3</Value>
    </CustomProperty>
  </Properties>`

/** A copy of the bench's room folder whose room-level `<Properties />` is `properties`. */
async function roomFolder(properties: string | null): Promise<string> {
  work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-room-props-'))
  await cp(join(GAME, 'Rooms', '1'), work, { recursive: true })
  if (properties !== null) {
    const xml = await readFile(join(work, 'data.xml'), 'utf8')
    // The room's own: the first <Properties /> at two spaces (objects' and hotspots' are deeper).
    const at = xml.indexOf('\n  <Properties />')
    expect(at).toBeGreaterThan(0)
    await writeFile(join(work, 'data.xml'), `${xml.slice(0, at + 3)}${properties}${xml.slice(at + 3 + 14)}`)
  }
  return work
}

async function importedFolder(dir: string) {
  const result = await roomFormat('ags4').importRoom!(diskSource(dir), 'data.xml', {})
  return { room: reloaded(result.room), mask: result.mask!, notes: result.notes }
}

/** The text of a file an export gives. */
function fileText(f: ExportFile): string {
  if ('text' in f) return f.text
  if ('bytes' in f) return new TextDecoder().decode(f.bytes)
  throw new Error(`${f.path}: an image, not text`)
}

const exportInput = (room: Room, mask: Uint8Array) => ({
  room: reloaded(room),
  mask,
  background: null,
  scaleMap: null,
})

describe('AGS 4 room properties (data.xml <Properties>)', () => {
  it('the bench room has none, and reads none', async () => {
    const { room } = await importedFolder(await roomFolder(null))
    expect(room.properties).toBeUndefined()
  })

  it('are read into room.properties, kept through a save, and an unedited room writes no file', async () => {
    const dir = await roomFolder(ROOM_PROPERTIES)
    const { room, mask, notes } = await importedFolder(dir)
    expect(room.properties).toEqual({ IsDark: '1', Music: 'theme & 3' })
    expect(notes.join('\n')).toMatch(/room properties: IsDark, Music/)
    // Hotspots' and objects' properties are not the room's.
    expect(room.hotspots?.every((h) => Object.keys(h.properties).length === 0) ?? true).toBe(true)
    expect((await exportOpenRoomInPlace(exportInput(room, mask), diskSource(dir))).files).toEqual([])
  })

  it("an edit rewrites the room's <Properties> alone, and reads back", async () => {
    const dir = await roomFolder(ROOM_PROPERTIES)
    const before = await readFile(join(dir, 'data.xml'), 'utf8')
    const { room, mask } = await importedFolder(dir)
    room.properties = { IsDark: '0', Music: 'theme & 3', Note: 'a <b>' }
    const out = await exportOpenRoomInPlace(exportInput(room, mask), diskSource(dir))
    expect(out.files.map((f) => f.path)).toEqual(['data.xml'])
    const after = fileText(out.files[0])
    // Only the lines of the room's <Properties> differ.
    const start = before.indexOf('  <Properties>')
    const end = before.indexOf('</Properties>') + '</Properties>'.length
    expect(after.slice(0, start)).toBe(before.slice(0, start))
    expect(after.slice(after.indexOf('</Properties>') + 13)).toBe(before.slice(end))
    expect(readOpenRoom(after).data.properties).toEqual({ IsDark: '0', Music: 'theme & 3', Note: 'a <b>' })
    expect(after).toContain('<Value xml:space="preserve">a &lt;b&gt;</Value>')
    // Written, read again, written again: nothing.
    await writeFile(join(dir, 'data.xml'), after)
    const again = await importedFolder(dir)
    expect(again.room.properties).toEqual(room.properties)
    expect((await exportOpenRoomInPlace(exportInput(again.room, again.mask), diskSource(dir))).files).toEqual(
      [],
    )
    // All removed: <Properties />, as the AGS editor writes an empty set.
    const cleared = await exportOpenRoomInPlace(
      exportInput({ ...again.room, properties: {} }, again.mask),
      diskSource(dir),
    )
    const text = fileText(cleared.files[0])
    expect(text).toBe(before.slice(0, start) + '  <Properties />' + before.slice(end))
  })

  it("in a game folder, Game.agf's schema types them and they go back as AGS stores them", async () => {
    work = await mkdtemp(join(tmpdir(), 'walkbox-ags4-room-props-'))
    await cp(GAME, work, { recursive: true })
    await writeFile(join(work, 'Game.agf'), await gameAgf())
    const dataXml = join(work, 'Rooms', '1', 'data.xml')
    const xml = await readFile(dataXml, 'utf8')
    await writeFile(dataXml, xml.replace('\n  <Properties />', `\n  ${ROOM_PROPERTIES}`))
    const result = await roomFormat('ags4').importRoom!(diskSource(work), 'Rooms/1/data.xml', {})
    const room = reloaded(result.room)
    expect(room.properties).toEqual({ IsDark: 'true', Music: 'theme & 3' })
    expect(room.propertyTypes).toEqual({ IsDark: 'bool' })
    const folder = diskSource(join(work, 'Rooms', '1'))
    expect((await exportOpenRoomInPlace(exportInput(room, result.mask!), folder)).files).toEqual([])
    room.properties = { ...room.properties, IsDark: 'false' }
    const out = await exportOpenRoomInPlace(exportInput(room, result.mask!), folder)
    expect(readOpenRoom(fileText(out.files[0])).data.properties).toEqual({ IsDark: '0', Music: 'theme & 3' })
  })

  it('properties given to a room that had none are written and read back', async () => {
    const dir = await roomFolder(null)
    const { room, mask } = await importedFolder(dir)
    room.properties = { Music: '4' }
    const out = await exportOpenRoomInPlace(exportInput(room, mask), diskSource(dir))
    const text = fileText(out.files[0])
    expect(readOpenRoom(text).data.properties).toEqual({ Music: '4' })
    expect(readOpenRoom(text).data.hotspots.every((h) => Object.keys(h.properties ?? {}).length === 0)).toBe(
      true,
    )
  })

  it('hostile values are refused in one line and nothing is written', async () => {
    const dir = await roomFolder(null)
    const { room, mask } = await importedFolder(dir)
    const attempt = (properties: Record<string, string>) =>
      exportOpenRoomInPlace(exportInput({ ...room, properties }, mask), diskSource(dir)).then(
        () => 'written',
        (e: Error) => e.message,
      )
    expect(await attempt({ Music: 'a\u0000b' })).toBe(
      "data.xml: room properties: property 'Music': its value holds the character U+0000 at 2, which an AGS room cannot keep (control characters other than tab and line feed)",
    )
    expect(await attempt({ Music: 'line\r\nend' })).toMatch(/U\+000D at 5/)
    expect(await attempt({ Music: '\ud800' })).toMatch(/U\+D800 at 1/)
    expect(await attempt({ Music: 'x'.repeat(MAX_AGS_PROPERTY_CHARS + 1) })).toMatch(
      /a value of 65537 characters/,
    )
    expect(await attempt({ ' Music': '1' })).toMatch(/a name with spaces at its ends/)
    expect(await readFile(join(dir, 'data.xml'))).toEqual(
      await readFile(join(GAME, 'Rooms', '1', 'data.xml')),
    )
  })

  it('a new AGS 4 room folder carries the room properties', async () => {
    const { room, mask } = await importedFolder(await roomFolder(ROOM_PROPERTIES))
    const out = exportNewOpenRoom(exportInput(room, mask), { number: 5 })
    const xml = out.files.find((f) => f.path.endsWith('data.xml'))!
    expect(readOpenRoom(fileText(xml)).data.properties).toEqual({
      IsDark: '1',
      Music: 'theme & 3',
    })
    expect(() =>
      exportNewOpenRoom(exportInput({ ...room, properties: { Music: '\u0007' } }, mask), { number: 5 }),
    ).toThrow(/room properties: property 'Music': its value holds the character U\+0007/)
  })
})
