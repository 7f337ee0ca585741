/**
 * A Tiled game opened in place on the desktop with the kinds the author gives its layers
 * (the Read the game dialog's choice, `tiledLayers`): read afresh, the first project is set
 * aside (`.walkbox/set-aside/<time>/`, nothing deleted), every room is read with the kinds,
 * the game link keeps them per room, and Save writes an edited room back where each kind
 * came from (the obstacles layer), with the kinds remembered in the map. An unedited game
 * plans no change.
 *
 * Units: px.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openGameFolder, planGameSave } from '../../../src/main/services/game-folder-store'
import * as store from '../../../src/main/services/project-store'
import { GAME_LINK_FILE } from '../../../src/shared/formats/game-folder'
import type { Room } from '../../../src/shared/room/schema'
import { tiledBuilders, tiledMap } from '../../support/tiled-builders'
import { tempFolder } from './helpers'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups) await c()
  cleanups = []
})

async function game(): Promise<string> {
  const t = await tempFolder('walkbox-tiled-game-')
  cleanups.push(t.remove)
  const { obj, objects } = tiledBuilders()
  const map = tiledMap(20, 10, [
    objects('Collisions', [obj({ id: 1, type: 'collision', x: 100, y: 60, width: 40, height: 20 })]),
    objects('Events', [obj({ id: 2, name: 'door', type: 'event', x: 280, y: 120, width: 16, height: 16 })]),
  ])
  await mkdir(join(t.dir, 'maps'), { recursive: true })
  await writeFile(join(t.dir, 'maps', 'town.tmj'), JSON.stringify(map, null, 1))
  return t.dir
}

describe('a Tiled game read with the kinds the author gives its layers', () => {
  it('is read afresh with them, the first project set aside; Save writes an edit into its obstacles layer', async () => {
    const dir = await game()
    const first = await openGameFolder(dir)
    expect(first.notes.join('\n')).toContain('layers not read: "Collisions" (1 object), "Events" (1 object)')
    const again = await openGameFolder(dir, {
      tiledLayers: { Collisions: 'obstacles', Events: 'zones' },
      setAside: true,
    })
    expect(again.imported).toBe(true)
    expect(again.link.rooms).toEqual([
      { roomId: 'town', file: 'maps/town.tmj', layers: { Collisions: 'obstacles', Events: 'zones' } },
    ])
    const aside = await readdir(join(dir, '.walkbox', 'set-aside'))
    expect(aside).toHaveLength(1)
    expect(await readFile(join(dir, '.walkbox', 'set-aside', aside[0], 'game-link.json'), 'utf8')).toContain(
      'maps/town.tmj',
    )
    const project = join(dir, '.walkbox', 'project')
    expect((await planGameSave(project)).changes).toEqual([])

    const loaded = await store.loadRoom(project, 'town')
    const room = JSON.parse(JSON.stringify(loaded.room)) as Room
    expect(room.zones.map((z) => z.name)).toEqual(['door'])
    room.polygons[0].holes.push([
      [20, 20],
      [20, 30],
      [30, 30],
      [30, 20],
    ])
    await store.saveRoom(project, room)
    const plan = await planGameSave(project)
    expect(plan.changes.map((c) => c.path)).toEqual(['maps/town.tmj'])
    const after = new TextDecoder().decode(plan.changes[0].after)
    const written = JSON.parse(after) as {
      layers: { name: string; objects: { id: number; type: string }[] }[]
      properties: { name: string; value: string }[]
    }
    expect(written.layers[0].objects.map((o) => [o.id, o.type])).toEqual([
      [1, 'collision'],
      [100, ''],
    ])
    expect(written.properties).toEqual([
      { name: 'walkbox.layers', type: 'string', value: '{"Collisions":"obstacles","Events":"zones"}' },
    ])
    expect(JSON.parse(await readFile(join(dir, GAME_LINK_FILE), 'utf8')).rooms[0].layers).toEqual({
      Collisions: 'obstacles',
      Events: 'zones',
    })
  })
})
