/**
 * AGS 3 `.crm` rooms whose masks are stored below the room's size (MaskResolution 2..4, AGS
 * 3.5 on; or a pre-3.5 high-resolution room): AGS keeps the walk-behind mask at the room's
 * size whatever MaskResolution says (Common/game/roomstruct.cpp FixRoomMasks; the editor
 * made it so before 3.5 too), the walkable, regions and hotspot masks at 1:MaskResolution.
 * Built from the bench's `room1.crm` (320x200, MaskResolution 1): the four masks, last in
 * the main block, are packed again by a test encoder of AGS's cpackbitl, first checked to
 * give the file's own bytes, then written at 1:2 with the walk-behinds at 320x200.
 *
 * Units: px, bytes.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { maskToRoomSize } from '../../../src/shared/formats/ags/ags-room'
import { readCrm, type CrmRoom } from '../../../src/shared/formats/ags/crm'
import { roomFormat, type ImportSource } from '../../../src/shared/formats/registry'
import { decodeWalkBehindRows } from '../../../src/shared/room/walk-behinds'
import {
  CRM_MASK_ORDER,
  crmMaskTail,
  crmWithMasks,
  everyNth,
  packBitl,
  rleMask,
  splitCrm,
  type CrmMaskName,
} from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'

const CRM = join(benchPath('engines', 'ags-tumbleweed'), 'room1.crm')
const W = 320
const H = 200
const ORDER = CRM_MASK_ORDER
type MaskName = CrmMaskName

let bench: Uint8Array
let original: CrmRoom
let main: Uint8Array

beforeAll(async () => {
  bench = new Uint8Array(await readFile(CRM))
  original = readCrm(bench, 'room1.crm')
  main = splitCrm(bench).blocks.find((b) => b.id === 1)!.payload
})

/** The 2x2-block version of a 1:2 mask: each stored pixel repeated over its block. */
function blocksOf(half: Uint8Array): Uint8Array {
  const out = new Uint8Array(W * H)
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = half[(y >> 1) * (W / 2) + (x >> 1)]
  return out
}

const masksOf = (crm: CrmRoom) => ({
  regions: crm.masks.regions.indices,
  walkable: crm.masks.walkable.indices,
  walkBehinds: crm.masks.walkBehinds.indices,
  hotspots: crm.masks.hotspots.indices,
})

/** The bench room written again with MaskResolution `field` and each mask at `sizes`, as `version`. */
function rebuilt(field: number, sizes: Record<MaskName, { width: number; height: number }>, version = 33) {
  const room = { width: W, height: H, objects: original.data.objects.length }
  return crmWithMasks(bench, room, masksOf(original), field, sizes, version)
}

const FULL = { width: W, height: H }
const HALF = { width: W / 2, height: H / 2 }
const AGS35 = { regions: HALF, walkable: HALF, hotspots: HALF, walkBehinds: FULL }

function memorySource(bytes: Uint8Array): ImportSource {
  return {
    readText: async () => null,
    readBytes: async (p) => (p === 'room1.crm' ? bytes : null),
    decodeImage: async () => {
      throw new Error('no images here')
    },
    imageSize: () => null,
  }
}

function refusal(bytes: Uint8Array): string {
  try {
    readCrm(bytes, 'room1.crm')
  } catch (e) {
    return (e as Error).message
  }
  throw new Error('not refused')
}

describe('the test encoder packs masks as AGS does', () => {
  it("gives the bench room1.crm's four masks byte for byte", () => {
    const tail = crmMaskTail(main, masksOf(original))
    let at = tail.at
    for (const m of ORDER) {
      const { width, height, indices } = original.masks[m]
      expect([width, height], m).toEqual([W, H])
      const packed = rleMask(width, height, indices, tail.palettes[m])
      expect(Buffer.compare(packed, main.subarray(at, at + packed.length)), m).toBe(0)
      at += packed.length
    }
    expect(at).toBe(main.length)
  })

  it('splits runs and sequences where cpackbitl does', () => {
    // A lone last byte; a run of 130 (at most 127 at a time: 127 + 3); a sequence takes the first of the next
    // equal pair with it (then the lone last byte).
    expect([...packBitl(Uint8Array.of(7))]).toEqual([0, 7])
    expect([...packBitl(new Uint8Array(130).fill(3))]).toEqual([0x82, 3, 0xfe, 3])
    expect([...packBitl(Uint8Array.of(1, 2, 3, 3))]).toEqual([2, 1, 2, 3, 0, 3])
  })
})

describe('AGS 3 .crm with masks at 1:2 (MaskResolution 2)', () => {
  it('reads the walk-behind mask at the room size and the others at 1:2 (AGS 3.5 on)', () => {
    const crm = readCrm(rebuilt(2, AGS35), 'room1.crm')
    expect(crm.data.maskResolution).toBe(2)
    expect(crm.masks.walkBehinds).toMatchObject(FULL)
    expect(Buffer.compare(crm.masks.walkBehinds.indices, original.masks.walkBehinds.indices)).toBe(0)
    expect(crm.data.notes.filter((n) => n.startsWith('walk-behinds'))).toEqual([])
    for (const m of ['regions', 'walkable', 'hotspots'] as const) {
      expect(crm.masks[m], m).toMatchObject(HALF)
      const scaled = maskToRoomSize(crm.masks[m], FULL, m)
      expect(Buffer.compare(scaled, blocksOf(everyNth(original.masks[m].indices, W, H, 2))), m).toBe(0)
    }
  })

  it('imports through the registry: walkable areas scaled up, walk-behinds pixel-equal', async () => {
    const result = await roomFormat('ags3').importRoom!(memorySource(rebuilt(2, AGS35)), 'room1.crm', {})
    const walkable = blocksOf(everyNth(original.masks.walkable.indices, W, H, 2))
    expect(Buffer.compare(result.mask!, walkable)).toBe(0)
    const rows = decodeWalkBehindRows(result.room.walkBehinds!.rows, W, H)
    expect(Buffer.compare(rows, original.masks.walkBehinds.indices)).toBe(0)
    expect(result.notes.join('\n')).toContain(
      'masks stored at 1:2 (walkable areas, regions, hotspots; walk-behinds at 1:1)',
    )
  })

  it('reads a pre-3.5 high-resolution room (format 31): MaskResolution is its legacy resolution', () => {
    const crm = readCrm(rebuilt(2, AGS35, 31), 'room1.crm')
    expect(crm.version).toBe(31)
    expect(crm.data.maskResolution).toBe(2)
    expect(Buffer.compare(crm.masks.walkBehinds.indices, original.masks.walkBehinds.indices)).toBe(0)
    expect(crm.masks.walkable).toMatchObject(HALF)
  })

  it('also reads walk-behinds stored at 1:2 (the engine stretches them to the background)', async () => {
    const bytes = rebuilt(2, { ...AGS35, walkBehinds: HALF })
    const crm = readCrm(bytes, 'room1.crm')
    expect(crm.masks.walkBehinds).toMatchObject(HALF)
    expect(crm.data.notes).toContain(
      "walk-behinds: stored at 1:2 (160x100); AGS keeps them at the room's size, so they are scaled up to it",
    )
    const result = await roomFormat('ags3').importRoom!(memorySource(bytes), 'room1.crm', {})
    const rows = decodeWalkBehindRows(result.room.walkBehinds!.rows, W, H)
    expect(Buffer.compare(rows, blocksOf(everyNth(original.masks.walkBehinds.indices, W, H, 2)))).toBe(0)
  })

  it('refuses a walk-behind mask of any other size in one line', () => {
    const message = refusal(rebuilt(2, { ...AGS35, walkBehinds: { width: 100, height: 100 } }))
    expect(message).not.toContain('\n')
    expect(message).toMatch(
      /^room1\.crm: block 1 at byte \d+: the walk-behind mask is 100x100; AGS keeps it at the room's size, 320x200 \(or the masks' 160x100\)$/,
    )
  })

  it('still refuses a walkable mask at the room size when MaskResolution is 2', () => {
    const message = refusal(rebuilt(2, { ...AGS35, walkable: FULL }))
    expect(message).toMatch(/the walkable mask is 320x200; the room's masks are 160x100$/)
  })
})
