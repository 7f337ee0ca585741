/**
 * An AGS 3 game whose room keeps its masks at 1:2 (MaskResolution 2, as AGS 3.5 on writes a
 * high-resolution game's rooms: walkable areas, regions and hotspots at half the room's
 * size, walk-behinds at the room's size) opened with File › Open Game Folder: the project's
 * room has the walkable mask scaled up and the walk-behinds pixel-equal to the room's, and
 * the game folder is left as it was. The .crm is the bench's room1.crm written again at 1:2
 * (tests/support/ags-crm-frames.ts).
 *
 * Units: px.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openGameFolder } from '../../../src/main/services/game-folder-store'
import * as store from '../../../src/main/services/project-store'
import { readCrm } from '../../../src/shared/formats/ags/crm'
import { decodeWalkBehindRows } from '../../../src/shared/room/walk-behinds'
import { crmWithMasks, everyNth } from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'
import { tempFolder } from './helpers'

const W = 320
const H = 200

let dir: string
let remove: () => Promise<void>
beforeEach(async () => {
  ;({ dir, remove } = await tempFolder('walkbox-ags3-mask-resolution-'))
})
afterEach(async () => remove?.())

describe('an AGS 3 game with masks at 1:2', () => {
  it('opens with the walkable areas scaled up and the walk-behinds at the room size', async () => {
    const game = join(dir, 'game')
    await cp(benchPath('engines', 'ags-tumbleweed'), game, { recursive: true })
    await rm(join(game, 'Rooms'), { recursive: true }) // an AGS 3 game: roomN.crm only
    const bench = new Uint8Array(await readFile(join(game, 'room1.crm')))
    const original = readCrm(bench, 'room1.crm')
    const masks = {
      regions: original.masks.regions.indices,
      walkable: original.masks.walkable.indices,
      walkBehinds: original.masks.walkBehinds.indices,
      hotspots: original.masks.hotspots.indices,
    }
    const half = { width: W / 2, height: H / 2 }
    const crm = crmWithMasks(bench, { width: W, height: H, objects: 1 }, masks, 2, {
      regions: half,
      walkable: half,
      hotspots: half,
      walkBehinds: { width: W, height: H },
    })
    await writeFile(join(game, 'room1.crm'), crm)

    const opened = await openGameFolder(game)
    expect(opened.link.engine).toBe('ags3')
    const ids = (await store.openProject(opened.folder)).project.rooms.map((r) => r.id)
    expect(ids).toHaveLength(1)
    const loaded = await store.loadRoom(opened.folder, ids[0])
    expect(loaded.problems).toEqual([])
    expect(loaded.mask).toMatchObject({ width: W, height: H })
    const walkable = everyNth(masks.walkable, W, H, 2)
    let differ = 0
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (loaded.mask!.cells[y * W + x] !== walkable[(y >> 1) * (W / 2) + (x >> 1)]) differ++
    expect(differ).toBe(0)
    const walkBehinds = decodeWalkBehindRows(loaded.room.walkBehinds!.rows, W, H)
    expect(Buffer.compare(walkBehinds, masks.walkBehinds)).toBe(0)
    expect(Buffer.compare(await readFile(join(game, 'room1.crm')), crm)).toBe(0)
  })
})
