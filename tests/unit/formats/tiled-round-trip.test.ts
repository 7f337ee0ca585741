/**
 * No silent loss, checked by the machine, for Tiled (issue 19, item 4): a map holding every
 * kind of thing a Tiled author draws (groups with offsets, rotated and elliptic zones, a
 * tile object, a text object, objects of a type Walkbox does not know, custom properties
 * on the map, a layer and objects, a tile layer with walkable tiles, a background) is
 * written by Tiled itself as .tmx and as .tmj, then:
 * - every object, layer and custom property of Tiled's file is either read into the room or
 *   named in the import's notes (walked here from Tiled's text, not with the importer's
 *   reader: the TMX by its elements, the JSON by its layer tree);
 * - import, export, Tiled reads the export (`tiled --export-map`), import again: the two
 *   rooms are equal (every number within 0.01 px).
 *
 * Needs Tiled (Debian: apt-get install -y tiled).
 *
 * Units: px.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { roomFormat } from '../../../src/shared/formats/registry'
import { encodeRgbaPng } from '../../../src/shared/codecs/rgba-png'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { difference } from '../../support/room-difference'
import { tiledBuilders } from '../../support/tiled-builders'

const run = promisify(execFile)
const TILED = process.env.WALKBOX_TILED ?? '/usr/bin/tiled'
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' }

let dir = ''
beforeAll(async () => {
  if (!existsSync(TILED))
    throw new Error(`Tiled is needed for this test and is missing (${TILED}): apt-get install -y tiled`)
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-round-trip-'))
  await writeFile(join(dir, 'yard.png'), encodeRgbaPng(320, 240, new Uint8Array(320 * 240 * 4).fill(90)))
  await writeFile(join(dir, 'kitchen-sink.tmj'), JSON.stringify(kitchenSink()))
  for (const as of ['tmx', 'json'])
    await run(TILED, ['--export-map', as, join(dir, 'kitchen-sink.tmj'), join(dir, `tiled.${as}`)], { env })
}, 60_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const str = (name: string, value: string) => ({ name, type: 'string', value })

const { next, obj, objects: layer } = tiledBuilders()

/** The map as a Tiled author might draw it (20x15 tiles of 16 px). */
function kitchenSink(): object {
  const tiles = new Array(20 * 15).fill(0)
  for (let y = 10; y < 14; y++) for (let x = 2; x < 8; x++) tiles[y * 20 + x] = 1
  return {
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
    nextlayerid: 50,
    nextobjectid: 100,
    properties: [str('music', 'yard-theme.ogg')],
    tilesets: [
      {
        firstgid: 1,
        name: 'ground',
        tilewidth: 16,
        tileheight: 16,
        tilecount: 2,
        columns: 2,
        image: 'ground.png',
        imagewidth: 32,
        imageheight: 16,
        margin: 0,
        spacing: 0,
        tiles: [{ id: 0, properties: [{ name: 'walkable', type: 'bool', value: true }] }],
      },
    ],
    layers: [
      {
        id: next(),
        name: 'background',
        type: 'imagelayer',
        image: 'yard.png',
        opacity: 1,
        visible: true,
        x: 0,
        y: 0,
      },
      {
        id: next(),
        name: 'ground',
        type: 'tilelayer',
        width: 20,
        height: 15,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data: tiles,
        properties: [str('footsteps', 'gravel')],
      },
      {
        id: next(),
        name: 'yard',
        type: 'group',
        opacity: 1,
        visible: true,
        offsetx: 40,
        offsety: 20,
        layers: [
          layer('walkable', [
            obj({
              name: 'lawn',
              type: 'walkable',
              width: 160,
              height: 80,
              properties: [str('sound', 'grass')],
            }),
            obj({ name: 'well', type: 'hole', x: 60, y: 20, width: 20, height: 20 }),
          ]),
        ],
      },
      layer('zones', [
        obj({
          name: 'porch',
          type: 'zone',
          x: 220,
          y: 40,
          width: 40,
          height: 20,
          rotation: 30,
          properties: [str('enter', 'onPorch'), str('property.global_id', 'porch'), str('creaks', 'yes')],
        }),
        obj({ name: 'pond', type: 'zone', x: 200, y: 150, width: 60, height: 40, ellipse: true }),
        obj({ name: 'crate', type: 'zone', gid: 2, x: 280, y: 220, width: 16, height: 16 }),
        obj({ name: 'sign', type: 'zone', x: 10, y: 5, width: 60, height: 12, text: { text: 'Yard' } }),
        obj({ name: 'door', type: 'door', x: 300, y: 10, width: 16, height: 30 }),
        obj({ name: 'lamp', type: '', x: 150, y: 10, width: 8, height: 8 }),
      ]),
      layer('gates', [
        obj({
          name: 'fence',
          type: 'gate',
          x: 100,
          y: 180,
          polygon: [
            { x: 0, y: 0 },
            { x: 30, y: 0 },
            { x: 30, y: 10 },
          ],
          properties: [str('flagExpression', 'fence_open')],
        }),
      ]),
      layer('node graph', [
        obj({
          name: 'path',
          type: 'join',
          x: 50,
          y: 200,
          polyline: [
            { x: 0, y: 0 },
            { x: 60, y: 0 },
            { x: 60, y: 20 },
          ],
        }),
      ]),
      layer('points', [obj({ name: 'player_start', type: 'point', x: 90, y: 210, point: true })], {
        properties: [str('spawns', 'yes')],
      }),
    ],
  }
}

type Imported = Awaited<ReturnType<NonNullable<ReturnType<typeof roomFormat>['importRoom']>>>

async function importFile(file: string): Promise<Imported> {
  const format = roomFormat(file.endsWith('.tmx') ? 'tiled-xml' : 'tiled-json')
  return format.importRoom!(folderSource(dir), file, {})
}

/** What a Tiled file holds, walked from its text: objects (with their custom properties), layers, map properties. */
interface Elements {
  objects: { id: number; kind: string; properties: string[] }[]
  layers: { name: string; type: string; properties: string[] }[]
  mapProperties: string[]
}

/** The elements of a TMX, by its elements (Tiled's XML: <map>, <layer>, <objectgroup>, <object>, <properties>). */
function tmxElements(text: string): Elements {
  const out: Elements = { objects: [], layers: [], mapProperties: [] }
  const attr = (tag: string, key: string) => new RegExp(`\\s${key}="([^"]*)"`).exec(tag)?.[1] ?? ''
  // Every start tag in order, with the properties that follow it up to the next element of another kind.
  const tags = [
    ...text.matchAll(/<(\/?)(map|layer|objectgroup|imagelayer|group|object|property|tileset)\b[^>]*>/g),
  ]
  let owner: { properties: string[] } | null = null
  const stack: string[] = []
  for (const m of tags) {
    const [tag, closing, name] = m
    if (closing) {
      stack.pop()
      continue
    }
    if (!tag.endsWith('/>')) stack.push(name)
    if (name === 'map') owner = { properties: out.mapProperties }
    else if (name === 'tileset') owner = null
    else if (name === 'layer' || name === 'objectgroup' || name === 'imagelayer' || name === 'group') {
      const entry = { name: attr(tag, 'name'), type: name, properties: [] }
      out.layers.push(entry)
      owner = entry
    } else if (name === 'object') {
      const entry = {
        id: Number(attr(tag, 'id')),
        kind: attr(tag, 'type') || attr(tag, 'class'),
        properties: [],
      }
      out.objects.push(entry)
      owner = entry
    } else if (name === 'property' && owner && !stack.includes('tileset'))
      owner.properties.push(attr(tag, 'name'))
  }
  return out
}

/** The elements of a Tiled JSON map, by its layer tree. */
function jsonElements(text: string): Elements {
  type Props = { properties?: { name: string }[] }
  type Layer = Props & {
    name: string
    type: string
    layers?: Layer[]
    objects?: (Props & { id: number; type?: string; class?: string })[]
  }
  const map = JSON.parse(text) as Props & { layers: Layer[] }
  const names = (p: Props) => (p.properties ?? []).map((q) => q.name)
  const out: Elements = { objects: [], layers: [], mapProperties: names(map) }
  const visit = (list: Layer[]) => {
    for (const l of list) {
      out.layers.push({ name: l.name, type: l.type, properties: names(l) })
      for (const o of l.objects ?? [])
        out.objects.push({ id: o.id, kind: o.type || o.class || '', properties: names(o) })
      visit(l.layers ?? [])
    }
  }
  visit(map.layers)
  return out
}

/** Each element of the file neither read into the room nor named in the notes, one line each. */
function silentlyLost(elements: Elements, imported: Imported): string[] {
  const notes = imported.notes.join('\n')
  const read = new Set(imported.objects?.imported ?? [])
  const named = (word: string) => notes.includes(word)
  // An object id is named as 'object 7' or within a list 'objects 3, 7, 9'.
  const idNamed = (id: number) => new RegExp(`\\bobjects? (\\d+, )*${id}\\b`).test(notes)
  const lost: string[] = []
  const r = imported.room
  const customKeys = new Set(
    [...r.polygons, ...r.gates, ...r.zones, ...(r.points ?? []), ...(r.hotspots ?? [])].flatMap((x) =>
      Object.keys(x.properties ?? {}),
    ),
  )
  // The properties Walkbox reads, by the kind of object (the format as docs/engines.md gives it).
  const readProps: Record<string, string[]> = {
    walkable: ['areaId'],
    hole: ['of'],
    gate: ['walkbox.id', 'kind', 'flagExpression', 'areaId'],
    zone: ['walkbox.id', 'enter', 'exit', 'stand', 'enabledBy', 'areaId'],
    join: ['a', 'b', 'oneWay', 'cost'],
    point: ['walkbox.id'],
    node: [],
  }
  for (const o of elements.objects) {
    if (!read.has(o.id) && !idNamed(o.id)) lost.push(`object ${o.id} (${o.kind || 'no type'})`)
    if (!read.has(o.id)) continue
    for (const p of o.properties) {
      // Any other property of a kind with custom properties is one of the room object's (read-elements.ts).
      const kept = (readProps[o.kind] ?? []).includes(p) || customKeys.has(p.replace(/^property\./, ''))
      if (!kept && !named(`'${p}'`)) lost.push(`property ${p} of object ${o.id}`)
    }
  }
  for (const l of elements.layers) {
    if (l.type === 'tilelayer' || l.type === 'layer') {
      if (!named(`tile layer '${l.name}'`)) lost.push(`tile layer ${l.name}`)
    } else if (l.type === 'imagelayer') {
      if (imported.room.background === undefined && !named(`'${l.name}'`)) lost.push(`image layer ${l.name}`)
    }
    for (const p of l.properties) if (!named(`'${p}'`)) lost.push(`property ${p} of layer ${l.name}`)
  }
  for (const p of elements.mapProperties)
    if (!p.startsWith('walkbox.') && !named(`'${p}'`)) lost.push(`map property ${p}`)
  return lost
}

describe('Tiled: nothing lost silently', () => {
  it.each([['tiled.tmx'], ['tiled.json']])(
    '%s as Tiled wrote it: every object, layer and property is read or named in the notes',
    async (file) => {
      const text = await readFile(join(dir, file), 'utf8')
      const elements = file.endsWith('.tmx') ? tmxElements(text) : jsonElements(text)
      // The walk saw what the map holds (so that an empty walk cannot pass).
      expect(elements.objects.length).toBe(11)
      expect(elements.layers.map((l) => l.name)).toEqual(
        expect.arrayContaining([
          'background',
          'ground',
          'yard',
          'walkable',
          'zones',
          'gates',
          'node graph',
          'points',
        ]),
      )
      const imported = await importFile(file)
      expect(silentlyLost(elements, imported)).toEqual([])
      // What is read is there: the lawn with its well, the tiles, five zones (the lamp and the door by their layer's name), the gate, the path and the start.
      const room = imported.room
      expect(room.polygons.find((p) => p.id === 'lawn')?.holes).toHaveLength(1)
      expect(room.polygons.some((p) => p.id.startsWith('ground'))).toBe(true)
      expect(room.zones.map((z) => z.name).sort()).toEqual(['crate', 'door', 'lamp', 'pond', 'porch'])
      expect(room.zones.find((z) => z.name === 'porch')?.properties).toEqual({
        creaks: 'yes',
        global_id: 'porch',
      })
      expect(room.gates.map((g) => g.flagExpression)).toEqual(['fence_open'])
      expect(room.points?.map((p) => p.name)).toEqual(['player_start'])
      expect(room.background).toMatch(/\.png$/)
      expect(imported.background?.bytes.length).toBeGreaterThan(0)
    },
    60_000,
  )

  it.each([
    ['tiled.tmx', 'tiled-xml'],
    ['tiled.json', 'tiled-json'],
  ])(
    '%s: import, export, Tiled reads the export, import again gives the same room',
    async (file, formatId) => {
      const first = await importFile(file)
      const out = roomFormat(formatId).exportRoom!({
        room: first.room,
        mask: first.mask ?? null,
        background: first.background ?? null,
        scaleMap: null,
        flags: first.flags,
      })
      const sub = join(dir, `back-${formatId}`)
      await mkdir(sub, { recursive: true })
      for (const f of out.files) {
        if ('text' in f) await writeFile(join(sub, f.path), f.text)
        else if ('bytes' in f) await writeFile(join(sub, f.path), f.bytes)
      }
      const written = out.files[0].path
      const ext = formatId === 'tiled-xml' ? 'tmx' : 'json'
      await run(TILED, ['--export-map', ext, join(sub, written), join(sub, `again.${ext}`)], { env })
      const back = await roomFormat(formatId).importRoom!(folderSource(sub), `again.${ext}`, {})
      expect(difference(normaliseRoom(back.room), normaliseRoom(first.room), 0.01)).toBeNull()
    },
    60_000,
  )
})
