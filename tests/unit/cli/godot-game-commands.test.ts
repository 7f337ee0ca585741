/**
 * Whole Godot games from the command line as users run it: the Popochiu and Escoria bench
 * games (../shared/bench/engines) into one project each, every room found, a progress line
 * per room and a summary; a folder with no room writes nothing.
 *
 * Units: px.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
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
      'room 1/4: room2 (game/rooms/room02/room02.tscn, 1290x548) as room2: 2 walk area(s), 5 zone(s), 8 point(s), 7 note(s)',
      'room 2/4: room3 (game/rooms/room03/room03.tscn, 1280x551) as room3: 2 walk area(s), 5 zone(s), 6 point(s), 6 note(s)',
      'room 3/4: room4 (game/rooms/room04/room04.tscn, 2387x801) as room4: 1 walk area(s), 2 zone(s), 3 point(s), 5 note(s)',
      'room 4/4: room5 (game/rooms/room05/room05.tscn, 1279x539) as room5: 1 walk area(s), 3 zone(s), 4 point(s), 7 note(s)',
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
      'room 1/1: House (game/rooms/house/room_house.tscn, 356x200) as house: 1 walk area(s), 5 zone(s), 4 point(s), 4 note(s)',
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
})
