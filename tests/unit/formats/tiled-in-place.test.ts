/**
 * A room written back into the game's own .tmx in place: only what the room changed
 * changes; every other byte stays (tilesets, tile and image layers, map properties, other
 * layers, objects Walkbox does not read, ids); Tiled reads the result and it imports back
 * as the edited room. `walkbox export --into --dry-run` prints the unified diff and writes
 * nothing; without --dry-run the map is replaced after a backup. The map is written by
 * Tiled itself (`tiled --export-map`).
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat } from '../../../src/shared/formats/registry'
import { writeRoomIntoTmx } from '../../../src/shared/formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../../../src/shared/formats/tiled/write-in-place-json'
import { member, parseJsonSpans } from '../../../src/shared/formats/json-spans'
import { unifiedDiff } from '../../../src/shared/codecs/unified-diff'
import type { Room } from '../../../src/shared/room/schema'
import { walkbox } from '../cli/run-walkbox'
import { objectLayer, tiledBuilders, tiledObject } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
let original = ''
let originalJson = ''
const game = () => join(dir, 'game')

const obj = tiledObject
const group = objectLayer

async function importTmx(file: string): Promise<Room> {
  return (await roomFormat('tiled-xml').importRoom!(folderSource(game()), file, {})).room
}

async function importTmj(file: string): Promise<Room> {
  return (await roomFormat('tiled-json').importRoom!(folderSource(game()), file, {})).room
}

beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-in-place-'))
  await mkdir(game(), { recursive: true })
  await writeFile(
    join(game(), 'walls.tsx'),
    `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="walls" tilewidth="16" tileheight="16" tilecount="1" columns="1">
 <image source="walls.png" width="16" height="16"/>
</tileset>
`,
  )
  const map = {
    type: 'map',
    version: '1.8',
    tiledversion: '1.8.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    compressionlevel: -1,
    width: 20,
    height: 15,
    tilewidth: 16,
    tileheight: 16,
    nextlayerid: 6,
    nextobjectid: 7,
    properties: [{ name: 'music', type: 'string', value: 'cave.ogg' }],
    tilesets: [{ firstgid: 1, source: 'walls.tsx' }],
    layers: [
      {
        id: 1,
        name: 'walls',
        type: 'tilelayer',
        width: 20,
        height: 15,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data: Array.from({ length: 300 }, (_, i) => (i < 20 ? 1 : 0)),
      },
      group(2, 'walkable', [
        obj({ id: 1, name: 'floor', type: 'walkable', x: 10, y: 60, width: 280, height: 160 }),
        obj({
          id: 2,
          name: 'rock',
          type: 'hole',
          x: 100,
          y: 100,
          polygon: [
            { x: 0, y: 0 },
            { x: 30, y: 0 },
            { x: 15, y: 20 },
          ],
        }),
      ]),
      group(3, 'decor', [obj({ id: 3, name: 'lamp', type: 'decor', x: 5, y: 5, point: true })]),
      group(4, 'zones', [obj({ id: 4, name: 'door', type: 'zone', x: 250, y: 80, width: 30, height: 40 })], {
        color: '#ff0000',
      }),
      group(5, 'points', [
        obj({ id: 5, name: 'start', type: 'point', x: 50, y: 200, point: true }),
        obj({ id: 6, name: 'sign', x: 0, y: 0, width: 60, height: 12, text: { text: 'Cave', wrap: true } }),
      ]),
    ],
  }
  await writeFile(join(dir, 'cave-source.tmj'), JSON.stringify(map))
  await run(TILED, ['--export-map', 'tmx', join(dir, 'cave-source.tmj'), join(game(), 'cave.tmx')], { env })
  original = await readFile(join(game(), 'cave.tmx'), 'utf8')
  await run(TILED, ['--export-map', 'json', join(dir, 'cave-source.tmj'), join(game(), 'cave.tmj')], { env })
  originalJson = await readFile(join(game(), 'cave.tmj'), 'utf8')
}, 60_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('writing a room back into its .tmx in place', () => {
  it('changes nothing when the room is unchanged', async () => {
    const room = await importTmx('cave.tmx')
    expect((await writeRoomIntoTmx(original, 'cave.tmx', room)).text).toBe(original)
  })

  it('changes only the lines of the edited object; Tiled reads the result; it imports back as the edited room', async () => {
    const room = await importTmx('cave.tmx')
    room.polygons[0].outer[0] = [14, 60]
    const { text } = await writeRoomIntoTmx(original, 'cave.tmx', room)
    const diff = unifiedDiff(original, text, 'cave.tmx')
    const removed = diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))
    expect(removed).toEqual([
      '-  <object id="1" name="floor" type="walkable" x="10" y="60" width="280" height="160"/>',
    ])
    const added = diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'))
    expect(added[0]).toBe('+  <object id="1" name="floor" type="walkable" x="14" y="60">')
    // Every line outside the floor object is the same, in the same order.
    const outside = (t: string) =>
      t
        .split('\n')
        .filter((l) => !/name="floor"|areaId|<\/?properties>|<polygon points="0,0 276|<\/object>/.test(l))
    expect(outside(text)).toEqual(outside(original))

    await writeFile(join(game(), 'edited.tmx'), text)
    await run(TILED, ['--export-map', 'json', join(game(), 'edited.tmx'), join(dir, 'edited.json')], { env })
    const json = JSON.parse(await readFile(join(dir, 'edited.json'), 'utf8')) as {
      layers: { name: string }[]
    }
    expect(json.layers.map((l) => l.name)).toEqual(['walls', 'walkable', 'decor', 'zones', 'points'])
    const back = await importTmx('edited.tmx')
    expect(back.polygons).toEqual(room.polygons)
    expect(back.zones.map((z) => z.shape)).toEqual(room.zones.map((z) => z.shape))
    expect(back.points).toEqual(room.points)
  })

  it("moving a polygon's first vertex keeps the object's x/y and changes that one point pair; Tiled reads it; it imports back", async () => {
    const room = await importTmx('cave.tmx')
    expect(room.polygons[0].holes[0][0]).toEqual([100, 100])
    room.polygons[0].holes[0][0] = [96, 98]
    const { text } = await writeRoomIntoTmx(original, 'cave.tmx', room)
    const diff = unifiedDiff(original, text, 'cave.tmx')
    const changed = diff.split('\n').filter((l) => /^[-+](?![-+]{2})/.test(l))
    // The hole keeps its name, id and (absent) properties: only its points change.
    expect(changed).toEqual([
      '-   <polygon points="0,0 30,0 15,20"/>',
      '+   <polygon points="-4,-2 30,0 15,20"/>',
    ])
    await writeFile(join(game(), 'moved-first.tmx'), text)
    await run(
      TILED,
      ['--export-map', 'json', join(game(), 'moved-first.tmx'), join(dir, 'moved-first.json')],
      {
        env,
      },
    )
    const json = JSON.parse(await readFile(join(dir, 'moved-first.json'), 'utf8')) as {
      layers: { name: string; objects?: { id: number; x: number; y: number }[] }[]
    }
    expect(json.layers[1].objects!.find((o) => o.id === 2)).toMatchObject({ x: 100, y: 100 })
    const back = await importTmx('moved-first.tmx')
    expect(back.polygons).toEqual(room.polygons)
  })

  it('adds a new zone with the next free object id and keeps the others', async () => {
    const room = await importTmx('cave.tmx')
    room.zones.push({
      id: 'well',
      name: 'well',
      shape: {
        kind: 'polygon',
        outer: [
          [20, 20],
          [40, 20],
          [40, 40],
        ],
      },
      events: { enter: 'lookWell', exit: '', stand: '' },
      properties: {},
    })
    const { text } = await writeRoomIntoTmx(original, 'cave.tmx', room)
    expect(text).toContain('nextobjectid="8"')
    expect(text).toContain('<object id="7" name="well" type="zone" x="20" y="20">')
    expect(text).toContain('<object id="4" name="door" type="zone" x="250" y="80" width="30" height="40"/>')
  })

  it('walkbox export --into: a dry run prints the diff and writes nothing; the write keeps a backup', async () => {
    const project = join(dir, 'project')
    const imported = await walkbox('import', join(game(), 'cave.tmx'), '--out', project, '--json')
    expect(imported.code).toBe(0)
    const roomFile = join(project, 'rooms', 'cave', 'room.json')
    const json = JSON.parse(await readFile(roomFile, 'utf8')) as Room
    json.points![0].x = 60
    await writeFile(roomFile, JSON.stringify(json, null, 2))

    const dry = await walkbox(
      'export',
      project,
      '--room',
      'cave',
      '--into',
      join(game(), 'cave.tmx'),
      '--dry-run',
    )
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('-  <object id="5" name="start" type="point" x="50" y="200">')
    expect(dry.stdout).toContain('+  <object id="5" name="start" type="point" x="60" y="200">')
    expect(await readFile(join(game(), 'cave.tmx'), 'utf8')).toBe(original)

    const wrote = await walkbox('export', project, '--room', 'cave', '--into', join(game(), 'cave.tmx'))
    expect(wrote.code).toBe(0)
    const backups = await readdir(join(game(), '.walkbox', 'game-backups'))
    expect(backups).toHaveLength(1)
    expect(await readFile(join(game(), '.walkbox', 'game-backups', backups[0], 'cave.tmx'), 'utf8')).toBe(
      original,
    )
    expect(await readFile(join(game(), 'cave.tmx'), 'utf8')).toContain('x="60" y="200"')
  }, 60_000)
})

describe('writing a room back into its .tmj in place', () => {
  it('changes nothing when the room is unchanged', async () => {
    const room = await importTmj('cave.tmj')
    expect((await writeRoomIntoTmj(originalJson, 'cave.tmj', room)).text).toBe(originalJson)
  })

  it('rewrites only the edited object and adds a layer; Tiled reads the result; it imports back as the edited room', async () => {
    const room = await importTmj('cave.tmj')
    room.polygons[0].outer[0] = [14, 60]
    room.gates.push({
      id: 'bars',
      name: 'bars',
      kind: 'block-polygon',
      polygon: [
        [1, 1],
        [9, 1],
        [9, 9],
      ],
      flagExpression: 'closed',
    })
    const { text } = await writeRoomIntoTmj(originalJson, 'cave.tmj', room)
    const parsed = JSON.parse(text) as {
      nextobjectid: number
      nextlayerid: number
      layers: { name: string; id: number; objects?: { id: number; name: string }[] }[]
    }
    expect(parsed.layers.map((l) => l.name)).toEqual([
      'walls',
      'walkable',
      'decor',
      'zones',
      'points',
      'gates',
    ])
    expect(parsed.layers[5].id).toBe(6)
    expect(parsed.layers[5].objects!.map((o) => [o.id, o.name])).toEqual([[7, 'bars']])
    expect([parsed.nextobjectid, parsed.nextlayerid]).toEqual([8, 7])
    // Outside the walkable layer's floor object and the new layer, the text is the same.
    const floor = parsed.layers[1].objects![0]
    expect(floor).toMatchObject({ id: 1, name: 'floor', x: 14, y: 60 })
    const diff = unifiedDiff(originalJson, text, 'cave.tmj')
    const removed = diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))
    // Only lines of the floor object (Tiled writes one key per line) and the two next ids.
    expect(
      removed.every(
        (l) =>
          /"(height|width|x|y|nextobjectid|nextlayerid)":|^-\s*\}/.test(l) ||
          /"(id|name|rotation|type|visible)":/.test(l),
      ),
    ).toBe(true)
    expect(diff).not.toMatch(/^-.*"(music|cave\.ogg|walls\.tsx|lamp|door|sign)"/m)

    await writeFile(join(game(), 'edited.tmj'), text)
    await run(TILED, ['--export-map', 'tmx', join(game(), 'edited.tmj'), join(dir, 'edited-from-json.tmx')], {
      env,
    })
    const fromTiled = await readFile(join(dir, 'edited-from-json.tmx'), 'utf8')
    expect(fromTiled, fromTiled).toMatch(/<objectgroup [^>]*id="6" name="gates"/)
    const back = await importTmj('edited.tmj')
    expect(back.polygons).toEqual(room.polygons)
    expect(back.gates.map((g) => g.polygon)).toEqual(room.gates.map((g) => g.polygon))
  })
})

describe('moving the first vertex of a polygon in a .tmj', () => {
  it("keeps the object's x/y and changes that one point pair; it imports back", async () => {
    const room = await importTmj('cave.tmj')
    room.polygons[0].holes[0][0] = [96, 98]
    const { text } = await writeRoomIntoTmj(originalJson, 'cave.tmj', room)
    // The object is written whole (JSON), from the map's own anchor.
    const parsed = JSON.parse(text) as { layers: { objects?: { id: number; x: number; y: number }[] }[] }
    expect(parsed.layers[1].objects!.find((o) => o.id === 2)).toMatchObject({
      x: 100,
      y: 100,
      polygon: [
        { x: -4, y: -2 },
        { x: 30, y: 0 },
        { x: 15, y: 20 },
      ],
    })
    await writeFile(join(game(), 'moved-first.tmj'), text)
    const back = await importTmj('moved-first.tmj')
    expect(back.polygons).toEqual(room.polygons)
  })
})

describe('a rotated polygon, in place', () => {
  it('is written unrotated from its first vertex, said in a note', async () => {
    const map = {
      type: 'map',
      orientation: 'orthogonal',
      width: 20,
      height: 20,
      tilewidth: 16,
      tileheight: 16,
      nextobjectid: 2,
      nextlayerid: 2,
      layers: [
        group(1, 'walkable', [
          obj({
            id: 1,
            name: 'deck',
            type: 'walkable',
            x: 100,
            y: 100,
            rotation: 90,
            polygon: [
              { x: 0, y: 0 },
              { x: 40, y: 0 },
              { x: 40, y: 20 },
            ],
          }),
        ]),
      ],
    }
    const text = JSON.stringify(map, null, 1)
    await writeFile(join(game(), 'rotated.tmj'), text)
    const room = await importTmj('rotated.tmj')
    const [x, y] = room.polygons[0].outer[1]
    room.polygons[0].outer[1] = [x + 2, y]
    const { text: out, notes } = await writeRoomIntoTmj(text, 'rotated.tmj', room)
    expect(notes).toContain(
      "rotated.tmj: object 1 ('deck') is rotated in the map; it is written unrotated from its first vertex",
    )
    const deck = (JSON.parse(out) as { layers: { objects: { rotation: number }[] }[] }).layers[0].objects[0]
    expect(deck.rotation).toBe(0)
    await writeFile(join(game(), 'rotated-out.tmj'), out)
    expect((await importTmj('rotated-out.tmj')).polygons).toEqual(room.polygons)
  })
})

describe('the map property walkbox.flags, in place', () => {
  const withGate = (room: Room): Room => {
    room.gates.push({
      id: 'bars',
      name: 'bars',
      kind: 'block-polygon',
      polygon: [
        [1, 1],
        [9, 1],
        [9, 9],
      ],
      flagExpression: 'closed',
    })
    return room
  }
  const flags = [
    { id: 'closed', name: 'Bars closed', default: true },
    { id: 'other', name: 'Named by nothing', default: false },
  ]

  it('.tmx: added only when the flags the room names change; Tiled reads it; the import gives them back', async () => {
    // (cave.tmx itself is rewritten by the export --into test above.)
    await writeFile(join(game(), 'flags-source.tmx'), original)
    const room = await importTmx('flags-source.tmx')
    // No flag named: the map stays as it was, flags or not.
    expect((await writeRoomIntoTmx(original, 'cave.tmx', room, { flags: flags })).text).toBe(original)
    const { text, notes } = await writeRoomIntoTmx(original, 'cave.tmx', withGate(room), { flags: flags })
    expect(text).toContain(
      '<property name="walkbox.flags" value="[{&quot;id&quot;:&quot;closed&quot;,&quot;name&quot;:&quot;Bars closed&quot;,&quot;default&quot;:true}]"/>',
    )
    expect(notes).toContain('cave.tmx: map property walkbox.flags written (the flags the room names changed)')
    expect(text).toContain('<property name="music" value="cave.ogg"/>')
    await writeFile(join(game(), 'flags.tmx'), text)
    await run(TILED, ['--export-map', 'json', join(game(), 'flags.tmx'), join(dir, 'flags.json')], { env })
    const json = JSON.parse(await readFile(join(dir, 'flags.json'), 'utf8')) as {
      properties: { name: string; value: string }[]
    }
    expect(JSON.parse(json.properties.find((p) => p.name === 'walkbox.flags')!.value)).toEqual([
      { id: 'closed', name: 'Bars closed', default: true },
    ])
    const back = await roomFormat('tiled-xml').importRoom!(folderSource(game()), 'flags.tmx', {})
    expect(back.flags).toEqual([{ id: 'closed', name: 'Bars closed', default: true }])
    // Written again with the same flags: not touched; a changed default: that value only.
    expect((await writeRoomIntoTmx(text, 'cave.tmx', back.room, { flags: flags })).text).toBe(text)
    const changed = (
      await writeRoomIntoTmx(text, 'cave.tmx', back.room, { flags: [{ ...flags[0], default: false }] })
    ).text
    const diff = unifiedDiff(text, changed, 'cave.tmx')
    expect(diff.split('\n').filter((l) => /^[-+](?![-+]{2})/.test(l))).toHaveLength(2)
    expect(changed).toContain('&quot;default&quot;:false}]"/>')
  })

  it('.tmj: added to the map properties when the flags change; the import gives them back', async () => {
    const room = withGate(await importTmj('cave.tmj'))
    const { text } = await writeRoomIntoTmj(originalJson, 'cave.tmj', room, { flags: flags })
    const parsed = JSON.parse(text) as { properties: { name: string; value: string }[] }
    expect(parsed.properties.map((p) => p.name)).toEqual(['music', 'walkbox.flags'])
    await writeFile(join(game(), 'flags.tmj'), text)
    const back = await roomFormat('tiled-json').importRoom!(folderSource(game()), 'flags.tmj', {})
    expect(back.flags).toEqual([{ id: 'closed', name: 'Bars closed', default: true }])
    expect((await writeRoomIntoTmj(text, 'cave.tmj', back.room, { flags: flags })).text).toBe(text)
  })
})

describe('edited holes and walk polygons keep their own names and ids', () => {
  // Tiled's own map: two named walk polygons (names that are not ids), named holes (one
  // with `of`, two found by where they lie, one with a property Walkbox does not read).
  const { obj, objects } = tiledBuilders()
  const ring = (pts: [number, number][]) => pts.map(([x, y]) => ({ x, y }))
  const floor = obj({
    name: 'Main Floor',
    type: 'walkable',
    x: 0,
    y: 0,
    polygon: ring([
      [0, 0],
      [300, 0],
      [300, 200],
      [0, 200],
    ]),
  })
  const deck = obj({ name: 'Side Deck', type: 'walkable', x: 400, y: 0, width: 100, height: 100 })
  const pond = obj({
    name: 'pond',
    type: 'hole',
    x: 40,
    y: 40,
    polygon: ring([
      [0, 0],
      [50, 0],
      [50, 30],
      [0, 30],
    ]),
    properties: [{ name: 'sound', type: 'string', value: 'splash.ogg' }],
  })
  const rock = obj({
    name: 'rock',
    type: 'hole',
    x: 200,
    y: 100,
    polygon: ring([
      [0, 0],
      [30, 0],
      [15, 20],
    ]),
    properties: [{ name: 'of', type: 'object', value: floor.id }],
  })
  const crate = obj({
    name: 'crate',
    type: 'hole',
    x: 420,
    y: 20,
    polygon: ring([
      [0, 0],
      [20, 0],
      [20, 20],
      [0, 20],
    ]),
  })
  const walkable = objects('walkable', [floor, pond, rock, deck, crate])
  const map = {
    type: 'map',
    version: '1.8',
    tiledversion: '1.8.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    compressionlevel: -1,
    width: 32,
    height: 15,
    tilewidth: 16,
    tileheight: 16,
    nextlayerid: 2,
    nextobjectid: 7,
    tilesets: [],
    layers: [walkable],
  }
  const ids = { floor: floor.id, pond: pond.id, rock: rock.id, deck: deck.id, crate: crate.id }

  /** The room with one vertex of the pond (not its first), of the crate and of the floor moved. */
  const edit = (room: Room): Room => {
    const main = room.polygons.find((p) => p.id === 'main-floor')!
    const side = room.polygons.find((p) => p.id === 'side-deck')!
    expect(main.holes).toHaveLength(2)
    expect(side.holes).toHaveLength(1)
    const pondRing = main.holes.find((h) => h.some(([x, y]) => x === 90 && y === 70))!
    pondRing[pondRing.findIndex(([x, y]) => x === 90 && y === 70)] = [95, 72]
    const crateRing = side.holes[0]
    crateRing[crateRing.findIndex(([x, y]) => x === 440 && y === 40)] = [444, 44]
    main.outer[main.outer.findIndex(([x, y]) => x === 300 && y === 200)] = [310, 210]
    return room
  }

  it('.tmx: only the moved points change; the objects keep name, id and properties; it imports back', async () => {
    await writeFile(join(dir, 'holes-source.tmj'), JSON.stringify(map))
    await run(TILED, ['--export-map', 'tmx', join(dir, 'holes-source.tmj'), join(game(), 'holes.tmx')], {
      env,
    })
    const text = await readFile(join(game(), 'holes.tmx'), 'utf8')
    const room = edit(await importTmx('holes.tmx'))
    const out = await writeRoomIntoTmx(text, 'holes.tmx', room)
    const changed = unifiedDiff(text, out.text, 'holes.tmx')
      .split('\n')
      .filter((l) => /^[-+](?![-+]{2})/.test(l))
    // Three polygon lines, nothing else: names, ids, the pond's property, the rock's `of`,
    // the deck (a rectangle) and the object tags stay byte for byte.
    expect(changed).toEqual([
      '-   <polygon points="0,0 300,0 300,200 0,200"/>',
      '+   <polygon points="0,0 300,0 310,210 0,200"/>',
      '-   <polygon points="0,0 50,0 50,30 0,30"/>',
      '+   <polygon points="0,0 50,0 55,32 0,30"/>',
      '-   <polygon points="0,0 20,0 20,20 0,20"/>',
      '+   <polygon points="0,0 20,0 24,24 0,20"/>',
    ])
    expect(out.text).toContain(`<object id="${ids.pond}" name="pond" type="hole" x="40" y="40">`)
    expect(out.text).toContain('<property name="sound" value="splash.ogg"/>')
    await writeFile(join(game(), 'holes-out.tmx'), out.text)
    expect((await importTmx('holes-out.tmx')).polygons).toEqual(room.polygons)
  })

  it('.tmj: the objects keep name, id and properties, and only their points change', async () => {
    await writeFile(join(dir, 'holes-source.tmj'), JSON.stringify(map))
    await run(TILED, ['--export-map', 'json', join(dir, 'holes-source.tmj'), join(game(), 'holes.tmj')], {
      env,
    })
    const text = await readFile(join(game(), 'holes.tmj'), 'utf8')
    const room = edit(await importTmj('holes.tmj'))
    const out = await writeRoomIntoTmj(text, 'holes.tmj', room)
    type Obj = { id: number; polygon?: unknown } & Record<string, unknown>
    const objectsOf = (t: string) => (JSON.parse(t) as { layers: { objects: Obj[] }[] }).layers[0].objects
    const before = objectsOf(text)
    const after = objectsOf(out.text)
    expect(after.map((o) => o.id)).toEqual(before.map((o) => o.id))
    const withoutPoints = ({ polygon: _p, ...rest }: Obj) => rest
    for (const id of [ids.floor, ids.pond, ids.crate]) {
      const was = before.find((o) => o.id === id)!
      const now = after.find((o) => o.id === id)!
      expect(withoutPoints(now), String(id)).toEqual(withoutPoints(was))
      expect(now.polygon).not.toEqual(was.polygon)
    }
    expect(after.find((o) => o.id === ids.rock)).toEqual(before.find((o) => o.id === ids.rock))
    await writeFile(join(game(), 'holes-out.tmj'), out.text)
    expect((await importTmj('holes-out.tmj')).polygons).toEqual(room.polygons)
  })
})

describe('renamed in Walkbox, in place', () => {
  it('a zone and a walk polygon keep their object ids and take their new names; they import back so', async () => {
    await writeFile(join(game(), 'renamed-source.tmx'), original)
    const room = await importTmx('renamed-source.tmx')
    const door = room.zones.find((z) => z.id === 'door')!
    door.name = 'Front door'
    room.polygons[0].id = 'deck'
    const { text } = await writeRoomIntoTmx(original, 'cave.tmx', room)
    // (A rectangle, rewritten: a polygon from its first corner.)
    expect(text).toContain('<object id="1" name="deck" type="walkable" x="10" y="60">')
    // The zone's id no longer follows from its name: written beside it.
    expect(text).toContain('<object id="4" name="Front door" type="zone" x="250" y="80">')
    expect(text).toContain('<property name="walkbox.id" value="door"/>')
    expect(text).toContain('nextobjectid="7"')
    await writeFile(join(game(), 'renamed.tmx'), text)
    const back = await importTmx('renamed.tmx')
    expect(back.polygons.map((p) => p.id)).toEqual(['deck'])
    expect(back.zones.map((z) => [z.id, z.name])).toEqual([['door', 'Front door']])
  })
})

describe('an edited object keeps what the map says of it and the room does not', () => {
  it('.tmx: its visibility and custom typed properties stay; a class property is named in a note', async () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="3">
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="0" y="0" width="300" height="200"/>
  <object id="2" name="well" type="hole" x="100" y="100" visible="0">
   <properties>
    <property name="depth" type="int" propertytype="Depth" value="3"/>
    <property name="look" type="class" propertytype="Look">
     <properties>
      <property name="colour" type="color" value="#ff0000ff"/>
     </properties>
    </property>
   </properties>
   <polygon points="0,0 30,0 15,20"/>
  </object>
 </objectgroup>
</map>
`
    await writeFile(join(game(), 'well.tmx'), text)
    const room = await importTmx('well.tmx')
    room.polygons[0].holes[0][1] = [131, 101]
    const out = await writeRoomIntoTmx(text, 'well.tmx', room)
    expect(out.text).toContain('<object id="2" name="well" type="hole" x="100" y="100" visible="0">')
    expect(out.text).toContain('<property name="depth" type="int" propertytype="Depth" value="3"/>')
    expect(out.text).toContain('<polygon points="0,0 31,1 15,20"/>')
    expect(out.notes).toContain(
      "well.tmx: object 2: property 'look' (class) is not kept when the object is rewritten",
    )
  })
})

describe('JSON with spans', () => {
  it('gives every value its place in the text and refuses what is not JSON', () => {
    const text = ' { "a" : [1, {"b": "x\\"y"}], "c": null } '
    const root = parseJsonSpans(text, 't.json')
    const a = member(root, 'a')!
    expect(text.slice(a.start, a.end)).toBe('[1, {"b": "x\\"y"}]')
    expect(text.slice(root.start, root.end)).toBe(text.trim())
    expect(a.kind).toBe('array')
    expect(member(a.kind === 'array' ? a.items[1] : undefined, 'b')).toMatchObject({ value: 'x"y' })
    expect(() => parseJsonSpans('{"a": [1,}', 'bad.json')).toThrow(
      /bad\.json: not JSON \(expected a value at offset 9\)/,
    )
    expect(() => parseJsonSpans('['.repeat(100), 'deep.json')).toThrow(/nested more than 64 deep/)
  })
})
