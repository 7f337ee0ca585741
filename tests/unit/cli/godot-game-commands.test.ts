/**
 * Whole Godot games from the command line as users run it: the Popochiu and Escoria bench
 * games (../shared/bench/engines) into one project each, every room found, a progress line
 * per room and a summary; a folder with no room writes nothing.
 *
 * Units: px.
 */
import { chmod, cp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-godot-cli-'))
})
afterEach(async () => {
  await cleanup()
})

const projectOf = async (folder: string) =>
  JSON.parse(await readFile(join(folder, 'project.walkbox.json'), 'utf8')) as {
    name: string
    rooms: { id: string }[]
    flags: { id: string; default: boolean }[]
  }

describe('walkbox import <Godot project folder>', () => {
  it('imports every Escoria room (ESCRoom scenes, not their terrain sub-scenes), one line each', async () => {
    const run = await walkbox('import', benchPath('engines', 'escoria-demo-game'), '--out', join(dir, 'esc'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines.slice(0, 4)).toEqual([
      'room 1/4: room2 (game/rooms/room02/room02.tscn, 1290x548) as room2: 2 walk area(s), 0 zone(s), 5 hotspot(s), 1 point(s), 10 note(s)',
      'room 2/4: room3 (game/rooms/room03/room03.tscn, 1280x551) as room3: 2 walk area(s), 0 zone(s), 5 hotspot(s), 1 point(s), 6 note(s)',
      'room 3/4: room4 (game/rooms/room04/room04.tscn, 2387x801) as room4: 1 walk area(s), 0 zone(s), 2 hotspot(s), 1 point(s), 5 note(s)',
      'room 4/4: room5 (game/rooms/room05/room05.tscn, 1279x539) as room5: 1 walk area(s), 0 zone(s), 3 hotspot(s), 1 point(s), 7 note(s)',
    ])
    expect(lines[4]).toMatch(/^Imported 4 Godot room\(s\) of .*escoria-demo-game into /)
    expect(run.stdout).toContain(
      'note: 4 room(s) found as Escoria ESCRoom scenes; 2 other scene(s) not imported as rooms',
    )
    const project = await projectOf(join(dir, 'esc'))
    expect(project.name).toBe('Escoria') // project.godot's config/name
    expect(project.rooms.map((r) => r.id)).toEqual(['room2', 'room3', 'room4', 'room5'])
    expect(project.flags.map((f) => f.id)).toEqual(['bridgeClosedEnabled'])
  }, 60_000)

  it('imports the Popochiu room folders (--json: the report on stdout, progress on stderr)', async () => {
    const run = await walkbox(
      'import',
      benchPath('engines', 'popochiu-sample-game'),
      '--out',
      join(dir, 'pop'),
      '--json',
    )
    expect(run.code).toBe(0)
    expect(run.stderr.trim()).toBe(
      'room 1/1: House (game/rooms/house/room_house.tscn, 356x200) as house: 1 walk area(s), 0 zone(s), 5 hotspot(s), 1 point(s), 4 note(s)',
    )
    const report = JSON.parse(run.stdout) as { rooms: { scene: string; kind: string }[] }
    expect(report.rooms.map((r) => [r.scene, r.kind])).toEqual([
      ['game/rooms/house/room_house.tscn', 'popochiu'],
    ])
    expect((await projectOf(join(dir, 'pop'))).rooms.map((r) => r.id)).toEqual(['house'])
  }, 60_000)

  it('says so in one line and writes nothing when the project has no room', async () => {
    const game = join(dir, 'empty-game')
    await mkdir(game)
    await writeFile(join(game, 'project.godot'), 'config_version=5\n')
    await writeFile(join(game, 'menu.tscn'), '[gd_scene format=3]\n\n[node name="Menu" type="Control"]\n')
    const run = await walkbox('import', game, '--out', join(dir, 'none'))
    expect(run.code).not.toBe(0)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('no rooms found among 1 scene(s)')
    expect(existsSync(join(dir, 'none'))).toBe(false)
  }, 60_000)

  it('writes one edited walkable vertex back into a copy of the Popochiu game: dry run first, then only those lines, with a backup', async () => {
    const game = join(dir, 'game')
    await cp(benchPath('engines', 'popochiu-sample-game'), game, { recursive: true })
    const writable = async (d: string): Promise<void> => {
      await chmod(d, 0o755)
      for (const e of await readdir(d, { withFileTypes: true }))
        if (e.isDirectory()) await writable(join(d, e.name))
        else await chmod(join(d, e.name), 0o644)
    }
    await writable(game)
    expect((await walkbox('import', game, '--out', join(dir, 'proj'))).code).toBe(0)
    const roomFile = join(dir, 'proj', 'rooms', 'house', 'room.json')
    const room = JSON.parse(await readFile(roomFile, 'utf8')) as { polygons: { outer: number[][] }[] }
    room.polygons[0].outer[0][0] += 3
    await writeFile(roomFile, JSON.stringify(room, null, 2))
    const floor = join(game, 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn')
    const original = await readFile(floor, 'utf8')

    const dry = await walkbox('export', join(dir, 'proj'), '--room', 'house', '--into', game, '--dry-run')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('--- a/game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn')
    expect(
      dry.stdout
        .split('\n')
        .filter((l) => /^[-+](vertices|polygons|outlines|interaction_polygon) = /.test(l)),
    ).toHaveLength(8)
    expect(dry.stdout).toContain('(dry run: nothing written)')
    expect(await readFile(floor, 'utf8')).toBe(original)
    expect(existsSync(join(game, '.walkbox', 'game-backups'))).toBe(false)

    const run = await walkbox('export', join(dir, 'proj'), '--room', 'house', '--into', game)
    expect(run.code).toBe(0)
    const before = original.split('\n')
    const after = (await readFile(floor, 'utf8')).split('\n')
    expect(after).toHaveLength(before.length)
    const changed = before.flatMap((l, i) => (l === after[i] ? [] : [l.split(' = ')[0]]))
    expect(changed).toEqual(['vertices', 'polygons', 'outlines', 'interaction_polygon'])
    expect(after.find((l) => l.startsWith('outlines'))).toContain('PackedVector2Array(-114, -25, 80, -30')
    // What Popochiu walks: the Floor's interaction_polygon holds the same edit.
    expect(after.find((l) => l.startsWith('interaction_polygon'))).toContain(
      'PackedVector2Array(-114, -25, 80, -30',
    )
    // The room scene and every other file of the game: byte for byte as they were.
    for (const f of [
      'game/rooms/house/room_house.tscn',
      'game/rooms/house/props/door/prop_door.tscn',
      'project.godot',
    ])
      expect(await readFile(join(game, f), 'utf8')).toBe(
        await readFile(benchPath('engines', 'popochiu-sample-game', f), 'utf8'),
      )
    const [stamp] = await readdir(join(game, '.walkbox', 'game-backups'))
    expect(
      await readFile(
        join(
          game,
          '.walkbox/game-backups',
          stamp,
          'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn',
        ),
        'utf8',
      ),
    ).toBe(original)
  }, 120_000)

  it('refuses to write through a link in the game folder, writing nothing', async () => {
    const game = join(dir, 'game')
    await cp(benchPath('engines', 'popochiu-sample-game'), game, { recursive: true })
    await chmod(game, 0o755)
    expect((await walkbox('import', game, '--out', join(dir, 'proj'))).code).toBe(0)
    const roomFile = join(dir, 'proj', 'rooms', 'house', 'room.json')
    const room = JSON.parse(await readFile(roomFile, 'utf8')) as { polygons: { outer: number[][] }[] }
    room.polygons[0].outer[0][0] += 3
    await writeFile(roomFile, JSON.stringify(room, null, 2))
    // The floor scene becomes a link to a file outside the game.
    const floor = join(game, 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn')
    const outside = join(dir, 'outside.tscn')
    await cp(floor, outside)
    await chmod(join(game, 'game/rooms/house/walkable_areas/floor'), 0o755)
    await rm(floor)
    await symlink(outside, floor)
    const before = await readFile(outside, 'utf8')
    const run = await walkbox('export', join(dir, 'proj'), '--room', 'house', '--into', game)
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/a link .*nothing written/)
    expect(await readFile(outside, 'utf8')).toBe(before)
    expect(existsSync(join(game, '.walkbox', 'game-backups'))).toBe(false)
  }, 120_000)
})
