/**
 * `walkbox formats`, `walkbox import` and `walkbox export` as users run them: real Godot
 * scenes from ../shared/bench/engines into a new project, every format out and back in,
 * and refusals that leave the project and the output folder as they were.
 *
 * Units: px.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { snapshotFiles, tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'
import { ROOM_FORMATS } from '../../../src/shared/formats/registry'

const HOUSE = benchPath('engines', 'popochiu-sample-game', 'game', 'rooms', 'house', 'room_house.tscn')
const ROOM02 = benchPath('engines', 'escoria-demo-game', 'game', 'rooms', 'room02', 'room02.tscn')

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-formats-'))
})
afterEach(async () => {
  await cleanup()
})

const json = <T>(text: string) => JSON.parse(text) as T
const ringKeys = (polygons: { outer: number[][] }[]) =>
  polygons
    .map((p) =>
      p.outer
        .map(([x, y]) => `${x},${y}`)
        .sort()
        .join(' '),
    )
    .sort()

describe('walkbox formats / import / export', () => {
  it('lists every format with what it can do', async () => {
    const run = await walkbox('formats', '--json')
    expect(run.code).toBe(0)
    const { formats } = json<{ formats: { id: string; import: boolean; export: boolean }[] }>(run.stdout)
    // The registry's list, in its order (a new engine's formats among them), with every engine's.
    expect(formats.map((f) => f.id)).toEqual(ROOM_FORMATS.map((f) => f.id))
    for (const id of ['godot', 'tiled-json', 'tiled-xml', 'ags', 'ags4', 'ags3', 'runtime'])
      expect(formats.map((f) => f.id)).toContain(id)
    expect(formats.every((f) => f.import)).toBe(true)
    // AGS 3 .crm rooms are compiled by the AGS editor: Walkbox reads them only.
    const readOnly = formats.filter((f) => !f.export).map((f) => f.id)
    expect(readOnly).toContain('ags3')
    expect(readOnly).toEqual(ROOM_FORMATS.filter((f) => !f.exportRoom && !f.exportInPlace).map((f) => f.id))
  })

  it('imports the Popochiu House and Escoria room02 into a project, adding the flag a disabled region needs', async () => {
    // No project yet: the import makes it.
    const project = join(dir, 'game')
    const house = await walkbox('import', HOUSE, '--out', project, '--json')
    expect(house.code, house.stderr).toBe(0)
    const report = json<{
      room: { id: string; name: string; width: number; zones: number }
      notes: string[]
    }>(house.stdout)
    expect(report.room).toMatchObject({ id: 'house', name: 'House', width: 356, zones: 0 })
    // The background prop's art with the props drawn over it: its size, other pixels.
    const raw = (b: Buffer) => sharp(b).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const [drawn, plain] = await Promise.all([
      raw(await readFile(join(project, 'rooms/house/background.png'))),
      raw(
        await readFile(
          benchPath('engines', 'popochiu-sample-game', 'game/rooms/house/props/background/background.png'),
        ),
      ),
    ])
    expect([drawn.info.width, drawn.info.height]).toEqual([356, 200])
    expect(drawn.data.equals(plain.data)).toBe(false)
    expect(report.notes.join('\n')).toContain('background: drawn with 4 sprite(s) over it')
    const esc = await walkbox('import', ROOM02, '--out', project, '--json')
    expect(esc.code, esc.stderr).toBe(0)
    expect(json<{ flagsAdded: string[] }>(esc.stdout).flagsAdded).toEqual(['bridgeClosedEnabled'])
    const projectFile = json<{ flags: { id: string; default: boolean }[] }>(
      await readFile(join(project, 'project.walkbox.json'), 'utf8'),
    )
    expect(projectFile.flags).toContainEqual({
      id: 'bridgeClosedEnabled',
      name: 'bridge_closed enabled',
      default: false,
    })
    const list = await walkbox('room', 'list', project, '--json')
    expect(json<{ rooms: { id: string }[] }>(list.stdout).rooms.map((r) => r.id)).toEqual(['house', 'room2'])
  }, 60_000)

  it('exports a room in every format and imports each export back with the same walkable polygons', async () => {
    const project = join(dir, 'game')
    await walkbox('project', 'new', project)
    expect((await walkbox('import', HOUSE, '--out', project)).code).toBe(0)
    const original = json<{ polygons: { outer: number[][] }[]; zones: unknown[] }>(
      await readFile(join(project, 'rooms/house/room.json'), 'utf8'),
    )
    const mains: Record<string, string> = {
      godot: 'house.tscn',
      'tiled-json': 'house.tmj',
      'tiled-xml': 'house.tmx',
      runtime: 'house.walkbox.json',
    }
    for (const [format, main] of Object.entries(mains)) {
      const out = join(dir, `out-${format}`)
      const ex = await walkbox('export', project, '--room', 'house', '--format', format, '--out', out)
      expect(ex.code, `${format}: ${ex.stderr}`).toBe(0)
      const im = await walkbox(
        'import',
        join(out, main),
        '--out',
        project,
        '--format',
        format,
        '--name',
        `From ${format}`,
        '--json',
      )
      expect(im.code, `${format}: ${im.stderr}`).toBe(0)
      const id = json<{ room: { id: string } }>(im.stdout).room.id
      const back = json<{ polygons: { outer: number[][] }[]; zones: unknown[] }>(
        await readFile(join(project, `rooms/${id}/room.json`), 'utf8'),
      )
      expect(ringKeys(back.polygons), format).toEqual(ringKeys(original.polygons))
      expect(back.zones.length, format).toBe(original.zones.length)
    }
    // AGS: the walkable mask comes back as the room's mask.
    const agsOut = join(dir, 'out-ags')
    expect(
      (await walkbox('export', project, '--room', 'house', '--format', 'ags', '--out', agsOut)).code,
    ).toBe(0)
    const ags = await walkbox(
      'import',
      join(agsOut, 'house-walkable.png'),
      '--out',
      project,
      '--format',
      'ags',
      '--json',
    )
    expect(ags.code, ags.stderr).toBe(0)
    const agsRoom = json<{ room: { id: string; width: number; zones: number }; notes: string[] }>(ags.stdout)
    expect(agsRoom.room).toMatchObject({ width: 356, zones: 0 })
    expect(agsRoom.notes[0]).toBe('house-walkable.png: 1 area: 1')
  }, 120_000)

  it('refuses to replace files it did not write, and a broken scene leaves the project as it was', async () => {
    const project = join(dir, 'game')
    await walkbox('project', 'new', project)
    await walkbox('import', HOUSE, '--out', project)
    const out = join(dir, 'out')
    await mkdir(out)
    await writeFile(join(out, 'house.tscn'), 'mine')
    const ex = await walkbox('export', project, '--room', 'house', '--format', 'godot', '--out', out)
    expect(ex.code).toBe(2)
    expect(ex.stderr).toMatch(/house\.tscn already there; nothing written \(--force replaces them\)/)
    expect(await readFile(join(out, 'house.tscn'), 'utf8')).toBe('mine')
    expect(
      (await walkbox('export', project, '--room', 'house', '--format', 'godot', '--out', out, '--force'))
        .code,
    ).toBe(0)

    const before = await snapshotFiles(project)
    const broken = join(dir, 'broken.tscn')
    await writeFile(broken, '[gd_scene format=3]\n[node name="A" type="Node2D"]\nx = Vector2(1, \n')
    const im = await walkbox('import', broken, '--out', project)
    expect(im.code).toBe(2)
    expect(im.stderr).toMatch(/^walkbox: res:\/\/broken\.tscn: line \d+: /)
    expect(await snapshotFiles(project)).toEqual(before)
    const unknown = await walkbox('import', join(dir, 'x.bmp'), '--out', project)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/x\.bmp: no format reads this file; give --format/)
  }, 60_000)
})
