/**
 * The walk area proposed from the art on a real room as its author sees it in Walkbox:
 * popochiu-house of ../shared/bench, whose Godot import draws the room's props (the table,
 * the chest, the toy) into the bare background. The floor bench (bench/floor-proposal.ts)
 * scores this picture, not the bare one: the props the author sees are not floor.
 *
 * Units: room px.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  prepareFloorPicture,
  proposeFloor,
  type RgbaPicture,
} from '../../../src/shared/analysis/floor-proposal'
import { importGodotScene } from '../../../src/shared/formats/godot/import'
import { rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import { benchRoomAreas, parseBenchRoom } from '../../../src/shared/measure/readers/bench-room'
import { benchPath } from '../../support/bench-data'
import { maskIou } from '../../support/floor-pictures'
import { decodeRgba, folderSource } from '../formats/godot-source'

/** The middle of the authored floor (the bench's click), room px. */
const CLICK = { x: 194.5, y: 101.5 }
/** A box around the table the game draws on the floor, room px: x0, y0, x1, y1 (inclusive). */
const TABLE = [125, 84, 160, 112]

async function pictures(): Promise<{ bare: RgbaPicture; composed: RgbaPicture; truth: Uint8Array }> {
  const game = benchPath('engines', 'popochiu-sample-game')
  const imported = await importGodotScene(folderSource(game), 'res://game/rooms/house/room_house.tscn')
  if (!imported.background) throw new Error('the Godot import gave popochiu-house no background')
  const composed = await decodeRgba(imported.background.bytes)
  const bare = await decodeRgba(
    new Uint8Array(await readFile(benchPath('rooms', 'popochiu-house-background.png'))),
  )
  const json = JSON.parse(await readFile(benchPath('rooms', 'popochiu-house.json'), 'utf8'))
  const areas = benchRoomAreas(parseBenchRoom(json, 'popochiu-house'))
  return { bare, composed, truth: rasterisePolygons(areas, bare.width, bare.height) }
}

describe('a walk area proposed from a room as its author sees it (popochiu-house)', () => {
  it('leaves out the table the game draws on the floor, and comes closer to the authored area for it', async () => {
    const { bare, composed, truth } = await pictures()
    expect([composed.width, composed.height]).toEqual([bare.width, bare.height])
    const onBare = proposeFloor(prepareFloorPicture(bare), CLICK, { margin: 0 }).mask
    const onComposed = proposeFloor(prepareFloorPicture(composed), CLICK, { margin: 0 }).mask
    // The table's pixels: where the composed picture differs from the bare one in its box.
    let table = 0
    let bareTakes = 0
    let composedTakes = 0
    const [x0, y0, x1, y1] = TABLE
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const p = y * bare.width + x
        const drawn = [0, 1, 2].some((c) => bare.data[p * 4 + c] !== composed.data[p * 4 + c])
        if (!drawn) continue
        table++
        bareTakes += onBare[p]
        composedTakes += onComposed[p]
      }
    expect(table).toBeGreaterThan(300)
    // On the bare background the table's spot is plain floor; the author sees a table there.
    expect(bareTakes / table).toBeGreaterThan(0.95)
    expect(composedTakes / table).toBeLessThan(0.2)
    expect(maskIou(onComposed, truth)).toBeGreaterThan(maskIou(onBare, truth))
  })
})
