/**
 * The command line's writes into a game (src/cli/game-export.ts) through the game store, in
 * process: `export --into <folder>` finds the game's engine (an AGS 4 game was refused as
 * "not a Godot project folder"), an AGS 3 game says why it cannot be written, `--dry-run`
 * lists what would change on every path and writes nothing (not even `.walkbox/`), `--out
 * <game>/Rooms/N` writes through the game's one journal place and backups, a Game.agf
 * Walkbox cannot read (a DOCTYPE) is said in a note, and a refused import leaves nothing in
 * `--out`.
 *
 * Units: bytes.
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  agsOutTable,
  exportAgsOutCommand,
  exportIntoCommand,
  exportIntoTable,
} from '../../../src/cli/game-export'
import { exportFileBytes, importRoomCommand } from '../../../src/cli/format-commands'
import { importGodotGameCommand } from '../../../src/cli/godot-game-commands'
import * as store from '../../../src/main/services/project-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import { roomFormat } from '../../../src/shared/formats/registry'
import { readGame, addGameRooms } from '../../../src/shared/game/game-store'
import { cliGameHost } from '../../../src/cli/game-cli'
import { benchPath, repoRoot } from '../../support/bench-data'
import { writableCopy } from '../../support/game-copy'
import { fingerprint, FAULT_GAMES, saveVersion } from '../../support/game-faults'
import { tempFolder } from '../main/helpers'

/** The sample project shipped with Walkbox (read, never written). */
const SAMPLE = join(repoRoot, 'resources', 'sample-project')

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

/** A writable copy of a bench game, and a project imported from it with version 1 of its room saved. */
async function gameAndProject(engine: 'ags4' | 'godot') {
  const t = await tempFolder('walkbox-game-export-')
  cleanups.push(t.remove)
  const game = join(t.dir, 'game')
  await FAULT_GAMES[engine].make(game)
  const project = join(t.dir, 'project')
  await mkdir(project)
  const { read } = await readGame(cliGameHost(game))
  await addGameRooms(store.diskStore(project), read, { name: 'P', appVersion: '0.1.0' })
  const loaded = await store.loadRoom(project, FAULT_GAMES[engine].roomId)
  await saveVersion(
    store.diskStore(project),
    FAULT_GAMES[engine],
    { room: loaded.room, mask: loaded.mask?.cells ?? null },
    1,
  )
  return { dir: t.dir, game, project }
}

describe('walkbox export --into a game folder', () => {
  it('finds an AGS 4 game and its room, and a dry run lists the change and writes nothing', async () => {
    const { game, project } = await gameAndProject('ags4')
    const before = await fingerprint(game)
    const dry = await exportIntoCommand(project, 'room-1', game, { dryRun: true })
    expect(dry.engine).toBe('ags4')
    expect(dry.file).toBe('Rooms/1/data.xml')
    expect(dry.files).toEqual(['Rooms/1/walkableareas.png', 'Rooms/1/regions.png'])
    expect(exportIntoTable(dry)).toContain('(dry run: nothing written)')
    expect(await fingerprint(game)).toEqual(before)
    const done = await exportIntoCommand(project, 'room-1', game, {})
    expect(done.files).toEqual(['Rooms/1/walkableareas.png', 'Rooms/1/regions.png'])
    expect(done.backup).toMatch(/\/game\/\.walkbox\/game-backups\/\d{4}-[^/]+$/)
    expect(
      (await fingerprint(game)).filter((l) => !before.includes(l) && !l.startsWith('.walkbox')),
    ).toHaveLength(2)
  })

  it('says why an AGS 3 game cannot be written, and what a folder that is no game is', async () => {
    const t = await tempFolder('walkbox-game-export-')
    cleanups.push(t.remove)
    const { project } = await gameAndProject('ags4')
    const ags3 = join(t.dir, 'ags3')
    await mkdir(ags3)
    for (const f of ['Game.agf', 'room1.crm'])
      await cp(benchPath('engines', 'ags-tumbleweed', f), join(ags3, f))
    const refusal = (into: string) =>
      exportIntoCommand(project, 'room-1', into, {}).then(
        () => 'no error',
        (e: Error) => e.message,
      )
    expect(await refusal(ags3)).toBe(
      `${ags3}: an AGS 3 game: AGS 3 rooms (.crm) are compiled files Walkbox reads but never writes; open the game in AGS 4 (Rooms/N folders) to save into it; nothing written`,
    )
    const none = join(t.dir, 'none')
    await mkdir(none)
    await writeFile(join(none, 'notes.txt'), 'mine')
    expect(await refusal(none)).toBe(
      `${none}: not a game folder Walkbox writes into (an AGS 4 game with Rooms/N, a Godot project with project.godot, or a folder of Tiled maps); nothing written`,
    )
  })

  it('a Godot dry run prints the diff and writes nothing, not even .walkbox/', async () => {
    const { game, project } = await gameAndProject('godot')
    const before = await fingerprint(game)
    const dry = await exportIntoCommand(project, 'house', game, { dryRun: true })
    expect(dry.files).toHaveLength(2)
    expect(dry.diff).toContain('--- a/game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn')
    expect(await fingerprint(game)).toEqual(before)
  })
})

describe('walkbox export --format ags4 --out <game>/Rooms/N', () => {
  it("in place: a dry run lists the files; the write keeps its backup in the game's .walkbox", async () => {
    const { game, project } = await gameAndProject('ags4')
    const before = await fingerprint(game)
    const ags4 = roomFormat('ags4')
    const out = join(game, 'Rooms', '1')
    const dry = await exportAgsOutCommand(project, 'room-1', ags4, out, {
      dryRun: true,
      encode: exportFileBytes,
    })
    expect(dry.files).toEqual(['walkableareas.png', 'regions.png'])
    expect(agsOutTable(dry)).toContain('(dry run: nothing written)')
    expect(await fingerprint(game)).toEqual(before)
    await exportAgsOutCommand(project, 'room-1', ags4, out, { encode: exportFileBytes })
    // One journal place and one backup place per game: the game's own .walkbox, not Rooms/1's.
    expect(existsSync(join(out, '.walkbox'))).toBe(false)
    expect(await readdir(join(game, '.walkbox', 'game-backups'))).toHaveLength(1)
  })

  it('a new room beside a Game.agf with a DOCTYPE: GameID 0, said in a note; a dry run writes nothing', async () => {
    const t = await tempFolder('walkbox-game-export-')
    cleanups.push(t.remove)
    const project = join(t.dir, 'p')
    await cp(SAMPLE, project, { recursive: true })
    const game = join(t.dir, 'game')
    await mkdir(join(game, 'Rooms'), { recursive: true })
    await writeFile(
      join(game, 'Game.agf'),
      '<!DOCTYPE x [<!ENTITY e "boom">]><AGSEditorDocument><Game/></AGSEditorDocument>',
    )
    const out = join(game, 'Rooms', '3')
    const ags4 = roomFormat('ags4')
    const dry = await exportAgsOutCommand(project, 'courtyard', ags4, out, {
      dryRun: true,
      encode: exportFileBytes,
    })
    expect(dry.listed[0]).toMatch(/^data\.xml: new file \(\d+ bytes\)$/)
    expect(existsSync(out)).toBe(false)
    expect(await readdir(game)).toEqual(['Game.agf', 'Rooms'])
    const made = await exportAgsOutCommand(project, 'courtyard', ags4, out, { encode: exportFileBytes })
    expect(made.notes).toContain(
      'Game.agf: line 1: a DOCTYPE is not accepted (no DTDs, no entities); the room gets GameID 0',
    )
    expect((await readdir(out)).sort()).toEqual(made.files.slice().sort())
    expect(await readdir(game)).toEqual(['Game.agf', 'Rooms'])
  })
})

describe('walkbox import <game> refused part way', () => {
  it('leaves nothing in --out', async () => {
    const t = await tempFolder('walkbox-game-import-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'escoria')
    await writableCopy(benchPath('engines', 'escoria-demo-game'), game)
    // The disk fills up while room4's files are written into --out.
    const fullDisk = (root: string): ProjectFiles => {
      const disk = diskProjectFiles(root)
      return {
        ...disk,
        write: async (path, bytes, options) => {
          if (path.startsWith('rooms/room4'))
            throw Object.assign(new Error(`ENOSPC: no space left on device, open '${join(root, path)}'`), {
              code: 'ENOSPC',
            })
          return disk.write(path, bytes, options)
        },
      }
    }
    const out = join(t.dir, 'out')
    const error = await importGodotGameCommand(out, game, { outFiles: fullDisk }).then(
      () => 'no error',
      (e: Error) => e.message,
    )
    expect(error).toMatch(/ENOSPC/)
    expect(error.split('\n')).toHaveLength(1)
    expect(existsSync(out)).toBe(false)
    // An empty --out stays empty.
    await mkdir(out)
    await importGodotGameCommand(out, game, { outFiles: fullDisk }).catch(() => null)
    expect(await readdir(out)).toEqual([])
    // And the same game imports whole once the disk has room.
    const made = await importGodotGameCommand(out, game)
    expect(made.rooms.map((r) => r.id)).toEqual(['room2', 'room3', 'room4', 'room5'])
  })
})

describe('walkbox import of one map never follows a link', () => {
  it('a tileset that is a link to a file outside: refused in one line, no project made', async () => {
    const t = await tempFolder('walkbox-import-link-')
    cleanups.push(t.remove)
    const secret = join(t.dir, 'secret.tsx')
    await writeFile(
      secret,
      '<tileset name="secret" tilewidth="16" tileheight="16" tilecount="0" columns="0"/>',
    )
    const maps = join(t.dir, 'maps')
    await mkdir(maps)
    await writeFile(
      join(maps, 'room.tmx'),
      '<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">\n <tileset firstgid="1" source="floor.tsx"/>\n <objectgroup id="1" name="walkable">\n  <object id="1" name="floor" type="walkable" x="0" y="0" width="64" height="64"/>\n </objectgroup>\n</map>\n',
    )
    await symlink(secret, join(maps, 'floor.tsx'))
    const out = join(t.dir, 'out')
    const error = await importRoomCommand(out, join(maps, 'room.tmx'), {}).then(
      () => 'no error',
      (e: Error) => e.message,
    )
    expect(error).toMatch(/floor\.tsx: a link \(or reached through one\); Walkbox does not follow links/)
    expect(error).not.toContain('\n')
    expect(existsSync(out)).toBe(false)
  })
})
