/**
 * The command line's side of Tiled's layer kinds: `walkbox import … --layer NAME=KIND` maps
 * a game's own layers (once, for the folder or the map), a Tiled JSON map saved as `.json`
 * is a map by its content (other JSON is named, not read), `export --into` writes the room
 * back where its kinds came from, and what cannot be read is one line with exit code 2: a
 * `--layer` that is no mapping, a layer that inflates past its size (the limit named, not
 * Node's words).
 *
 * Units: px, bytes.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tiledBuilders, tiledMap, tileLayer } from '../../support/tiled-builders'
import { walkbox } from './run-walkbox'

let dir = ''
const game = () => join(dir, 'game')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-layer-option-'))
  await mkdir(join(game(), 'maps'), { recursive: true })
  const { obj, objects } = tiledBuilders()
  const town = tiledMap(20, 10, [
    objects('Collisions', [obj({ id: 1, type: 'collision', x: 100, y: 60, width: 40, height: 20 })]),
    objects('Events', [
      obj({ id: 2, name: 'Go Outside', type: 'event', x: 280, y: 120, width: 16, height: 16 }),
    ]),
  ])
  // Saved as .json, as Phaser games keep their maps; beside it, JSON that is no map.
  await writeFile(join(game(), 'maps', 'town.json'), JSON.stringify(town, null, 1))
  await writeFile(join(game(), 'maps', 'atlas.json'), JSON.stringify({ frames: {} }))
  await writeFile(join(game(), 'package.json'), JSON.stringify({ name: 'a-game' }))
}, 60_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('walkbox import --layer', () => {
  it('imports the folder’s Tiled .json map by its content with the mapping; other JSON is named', async () => {
    const out = join(dir, 'project')
    const r = await walkbox(
      'import',
      game(),
      '--out',
      out,
      '--layer',
      'Collisions=obstacles',
      '--layer',
      'Events=zones',
      '--json',
    )
    expect(r.stderr).toContain('maps/town.json: room town')
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout) as { rooms: { map: string; notes: string[] }[]; notes: string[] }
    expect(report.rooms.map((x) => x.map)).toEqual(['maps/town.json'])
    expect(report.notes).toContain('2 .json files not read: not Tiled maps (no "type": "map" with "layers")')
    const room = JSON.parse(await readFile(join(out, 'rooms', 'town', 'room.json'), 'utf8')) as {
      polygons: { holes: unknown[] }[]
      zones: { name: string }[]
    }
    expect(room.polygons).toHaveLength(1)
    expect(room.polygons[0].holes).toHaveLength(1)
    expect(room.zones.map((z) => z.name)).toEqual(['Go Outside'])
  }, 60_000)

  it('a --layer that is no mapping is one line, exit 2, nothing made', async () => {
    const out = join(dir, 'never')
    const r = await walkbox('import', game(), '--out', out, '--layer', 'Collisions')
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')[0]).toBe(
      'walkbox: --layer "Collisions": expected NAME=KIND, KIND one of walkable, obstacles, gates, zones, points, hotspots, nodes, none',
    )
  }, 60_000)

  it('export --into writes an edited zone back into its own layer of the .json map', async () => {
    const project = join(dir, 'project-into')
    const map = join(game(), 'maps', 'town.json')
    expect((await walkbox('import', map, '--out', project, '--layer', 'Events=zones')).code).toBe(0)
    const roomFile = join(project, 'rooms', 'town', 'room.json')
    const room = JSON.parse(await readFile(roomFile, 'utf8')) as { zones: { shape: { outer: number[][] } }[] }
    room.zones[0].shape.outer[0] = [276, 120]
    await writeFile(roomFile, JSON.stringify(room, null, 2))
    const before = await readFile(map, 'utf8')
    const r = await walkbox(
      'export',
      project,
      '--room',
      'town',
      '--into',
      map,
      '--layer',
      'Events=zones',
      '--dry-run',
    )
    expect(r.code).toBe(0)
    const removed = r.stdout.split('\n').filter((l) => /^-(?!--)/.test(l))
    // The rectangle becomes a polygon hung from its moved first vertex: its x and size go, its
    // points come; the lines before added members gain a comma; nothing else changes.
    expect(removed.map((l) => l.replace(/\s+/g, ' '))).toEqual([
      '- "x": 280,',
      '- "width": 16,',
      '- "height": 16,',
      '- "visible": true',
      '- ]',
    ])
    expect(r.stdout).toContain('"walkbox.layers"')
    expect(await readFile(map, 'utf8')).toBe(before)
  }, 60_000)
})

describe('what cannot be read', () => {
  it('a zlib layer that inflates past its size is one note naming the limit, not the host’s words', async () => {
    const bomb = Buffer.from(deflateSync(Buffer.alloc(1_000_000))).toString('base64')
    const map = tiledMap(2, 2, [
      tileLayer(1, 'floor', 2, 2, [], { data: bomb, encoding: 'base64', compression: 'zlib' }),
    ])
    const folder = join(dir, 'bomb')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'bomb.tmj'), JSON.stringify(map))
    const r = await walkbox('import', join(folder, 'bomb.tmj'), '--out', join(dir, 'bomb-project'), '--json')
    expect(r.code).toBe(0)
    const notes = (JSON.parse(r.stdout) as { notes: string[] }).notes
    expect(notes).toContain(
      "tile layer 'floor': zlib: inflates past the 16 bytes the layer holds; refused; not read",
    )
    expect(notes.join('\n')).not.toMatch(/Buffer|ERR_/)
  }, 60_000)
})
