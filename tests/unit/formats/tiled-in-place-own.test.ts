/**
 * A map Walkbox wrote, written again in place with the room it holds, is the same file to
 * the byte, as .tmx and as .tmj: every object reads back the same, so every one is kept.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { roomToTiledMap } from '../../../src/shared/formats/tiled/map'
import { tiledMapToRoom } from '../../../src/shared/formats/tiled/read-map'
import { tiledMapToTmx, tmxToTiledMap } from '../../../src/shared/formats/tiled/tmx'
import { writeRoomIntoTmx } from '../../../src/shared/formats/tiled/write-in-place'
import { writeRoomIntoTmj } from '../../../src/shared/formats/tiled/write-in-place-json'
import type { TiledMap } from '../../../src/shared/formats/tiled/map'
import { fullRoom } from '../room/fixtures'

describe('in place over a map Walkbox wrote', () => {
  it('keeps a .tmx byte for byte', async () => {
    const text = tiledMapToTmx(roomToTiledMap(fullRoom()).map)
    const { room } = tiledMapToRoom(tmxToTiledMap(text, 'porch.tmx'), 'porch.tmx')
    expect((await writeRoomIntoTmx(text, 'porch.tmx', room)).text).toBe(text)
  })

  it('keeps a .tmj byte for byte', async () => {
    const text = JSON.stringify(roomToTiledMap(fullRoom()).map, null, 1)
    const { room } = tiledMapToRoom(JSON.parse(text) as TiledMap, 'porch.tmj')
    expect((await writeRoomIntoTmj(text, 'porch.tmj', room)).text).toBe(text)
  })

  it('writes an infinite map back in its own px (room px less sceneOffset)', async () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="30" height="20" tilewidth="16" tileheight="16" infinite="1" nextlayerid="2" nextobjectid="2">',
      ' <objectgroup id="1" name="walkable">',
      '  <object id="1" name="floor" type="walkable" x="-40" y="10" width="100" height="50"/>',
      ' </objectgroup>',
      '</map>',
      '',
    ].join('\n')
    const { room } = tiledMapToRoom(tmxToTiledMap(text, 'wide.tmx'), 'wide.tmx')
    expect(room.sceneOffset).toEqual({ x: 40, y: 0 })
    expect(room.polygons[0].outer[0]).toEqual([0, 10])
    expect((await writeRoomIntoTmx(text, 'wide.tmx', room)).text).toBe(text)
    room.polygons[0].outer[0] = [2, 10]
    expect((await writeRoomIntoTmx(text, 'wide.tmx', room)).text).toContain(
      '<object id="1" name="floor" type="walkable" x="-38" y="10">',
    )
  })
})
