/**
 * The walk area proposed from the art (src/shared/analysis/floor-proposal.ts) on pictures
 * made here (tests/support/floor-pictures.ts): a planked floor under a wall with a rug,
 * seeded noise for texture.
 */
import { describe, expect, it } from 'vitest'
import {
  defaultFloorMargin,
  floorColourLimit,
  floorMask,
  floorOutline,
  growFloor,
  prepareFloorPicture,
  proposeFloor,
  WORK_PIXELS,
  workScale,
  type RgbaPicture,
} from '../../../src/shared/analysis/floor-proposal'
import { rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import { cobbledRoom, litRoom, maskIou, plankedRoom, PLANK, SEAM, WALL } from '../../support/floor-pictures'

describe('a walk area proposed from the art', () => {
  it('takes the planked floor seams and all, and leaves out the wall and the rug', () => {
    const { picture, truth } = plankedRoom(240, 180)
    const proposal = proposeFloor(prepareFloorPicture(picture), { x: 40, y: 150 })
    expect(maskIou(proposal.mask, truth)).toBeGreaterThan(0.97)
    expect(proposal.pixels).toBe(proposal.mask.reduce((n, v) => n + v, 0))
    // Nothing of the wall, nothing in the middle of the rug.
    expect(proposal.mask[20 * 240 + 120]).toBe(0)
    expect(proposal.mask[Math.floor(0.68 * 180) * 240 + Math.floor(0.57 * 240)]).toBe(0)
  })

  it('takes a cobbled floor whole at the default tolerance, and the slider still narrows it', () => {
    const { picture, truth } = cobbledRoom(240, 180)
    const prepared = prepareFloorPicture(picture)
    const proposal = proposeFloor(prepared, { x: 120, y: 130 })
    expect(maskIou(proposal.mask, truth)).toBeGreaterThan(0.95)
    // Nothing of the wall.
    for (let y = 0; y < 55; y++) expect(proposal.mask[y * 240 + 120]).toBe(0)
    const narrow = proposeFloor(prepared, { x: 120, y: 130 }, { tolerance: 0 })
    expect(narrow.pixels).toBeLessThan(proposal.pixels / 2)
  })

  it('keeps a textured floor to its stones when the texture would carry it up a wall to the top', () => {
    const { picture, truth } = cobbledRoom(240, 180, { wallStones: true })
    const prepared = prepareFloorPicture(picture)
    const proposal = proposeFloor(prepared, { x: 120, y: 130 })
    for (let x = 0; x < 240; x += 7) expect(proposal.mask[x]).toBe(0)
    for (let p = 0; p < truth.length; p++) if (proposal.mask[p]) expect(truth[p]).toBe(1)
  })

  it('follows a floor whose colour drifts with the light from back to front, and stops at the wall', () => {
    const { picture, truth } = litRoom(240, 180)
    const prepared = prepareFloorPicture(picture)
    // Clicked at the front, in the middle and at the back: the whole floor each time.
    for (const y of [170, 120, 65]) {
      const proposal = proposeFloor(prepared, { x: 120, y })
      expect(maskIou(proposal.mask, truth)).toBeGreaterThan(0.97)
      for (let x = 0; x < 240; x += 7) expect(proposal.mask[30 * 240 + x]).toBe(0)
    }
    // The slider still narrows it: at 0, a band of the floor around the click.
    const narrow = proposeFloor(prepared, { x: 120, y: 120 }, { tolerance: 0 })
    expect(narrow.pixels).toBeLessThan(proposeFloor(prepared, { x: 120, y: 120 }).pixels / 2)
  })

  it('answers the wall when the wall is clicked', () => {
    const { picture, truth } = plankedRoom(240, 180)
    const proposal = proposeFloor(prepareFloorPicture(picture), { x: 100, y: 20 })
    const wall = truth.map((_, p) => (Math.floor(p / 240) < 60 ? 1 : 0))
    expect(maskIou(proposal.mask, wall)).toBeGreaterThan(0.97)
  })

  it('takes a margin off where the floor meets the wall and the rug, never at the picture border', () => {
    const { picture } = plankedRoom(240, 180)
    const prepared = prepareFloorPicture(picture)
    const bare = proposeFloor(prepared, { x: 40, y: 150 })
    const kept = proposeFloor(prepared, { x: 40, y: 150 }, { margin: 6 })
    expect(kept.pixels).toBeLessThan(bare.pixels)
    for (let p = 0; p < kept.mask.length; p++) if (kept.mask[p]) expect(bare.mask[p]).toBe(1)
    // The floor starts at row 60: rows 60..65 are taken off, row 66 on is kept; the bottom
    // and side borders stay.
    for (const x of [30, 100, 200]) {
      expect(bare.mask[60 * 240 + x]).toBe(1)
      expect(kept.mask[65 * 240 + x]).toBe(0)
      expect(kept.mask[66 * 240 + x]).toBe(1)
    }
    expect(kept.mask[179 * 240 + 30]).toBe(1)
    expect(kept.mask[120 * 240 + 0]).toBe(1)
    expect(kept.mask[120 * 240 + 239]).toBe(1)
  })

  it('closes plank seams that run out of the picture (the margin does not eat along them)', () => {
    // Horizontal seams 1 px high from the left border into the floor: open on one side, so
    // they are no holes, and each would otherwise take a margin's band out of the floor.
    const w = 200
    const h = 150
    const { picture } = plankedRoom(w, h, { rug: { x0: 0, y0: 0, x1: 0, y1: 0 } })
    for (const y of [80, 100, 120])
      for (let x = 0; x < 40; x++) picture.data.set([...SEAM, 255], (y * w + x) * 4)
    const proposal = proposeFloor(prepareFloorPicture(picture), { x: 150, y: 110 }, { margin: 4 })
    for (const y of [80, 100, 120]) for (const x of [0, 10, 30]) expect(proposal.mask[y * w + x]).toBe(1)
  })

  it('grows with the tolerance and never shrinks', () => {
    const { picture } = plankedRoom(160, 120)
    const prepared = prepareFloorPicture(picture)
    let before = 0
    for (const tolerance of [0, 0.25, 0.5, 0.75, 1]) {
      const { pixels } = proposeFloor(prepared, { x: 30, y: 100 }, { tolerance })
      expect(pixels).toBeGreaterThanOrEqual(before)
      before = pixels
    }
    expect(floorColourLimit(-1)).toBe(floorColourLimit(0))
    expect(floorColourLimit(2)).toBe(floorColourLimit(1))
  })

  it('takes a worn patch of the floor from the default tolerance on, not at 0', () => {
    const worn = { x0: 0.1, y0: 0.5, x1: 0.3, y1: 0.9 }
    const { picture } = plankedRoom(240, 180, { worn })
    const prepared = prepareFloorPicture(picture)
    const inPatch = (y: number, x: number) => y * 240 + x
    const strict = proposeFloor(prepared, { x: 200, y: 150 }, { tolerance: 0 })
    const usual = proposeFloor(prepared, { x: 200, y: 150 })
    expect(strict.mask[inPatch(125, 50)]).toBe(0)
    expect(usual.mask[inPatch(125, 50)]).toBe(1)
  })

  it('works at a fraction of a large picture, answers at room size, and its outline runs without steps', () => {
    const { picture, truth } = plankedRoom(1200, 900)
    const prepared = prepareFloorPicture(picture)
    expect(prepared.workWidth * prepared.workHeight).toBeLessThanOrEqual(WORK_PIXELS)
    expect(workScale(prepared)).toBeGreaterThan(1.5)
    const proposal = proposeFloor(prepared, { x: 200, y: 800 })
    expect(proposal.mask.length).toBe(1200 * 900)
    expect(maskIou(proposal.mask, truth)).toBeGreaterThan(0.97)
    // The edge under the wall (row 300) is one straight row at room size in every column,
    // within a pixel of the art's, though a work pixel is 1.8 room px high.
    const firstRows = new Set<number>()
    for (let x = 0; x < 1200; x++) {
      let y = 0
      while (!proposal.mask[y * 1200 + x]) y++
      firstRows.add(y)
    }
    expect(firstRows.size).toBe(1)
    expect(Math.abs([...firstRows][0] - 300)).toBeLessThanOrEqual(1)
  })

  it('draws the same floor as its outline (the preview) and as its mask (what Apply writes)', () => {
    const { picture } = plankedRoom(300, 200)
    const prepared = prepareFloorPicture(picture)
    const growth = growFloor(prepared, { x: 60, y: 170 }, 0.3)
    for (const margin of [0, 5]) {
      const { mask } = floorMask(growth, margin)
      const outline = floorOutline(growth, margin)
      // The rug is a hole of the floor's one outline.
      expect(outline).toHaveLength(1)
      expect(outline[0].holes).toHaveLength(1)
      expect(maskIou(rasterisePolygons(outline, 300, 200), mask)).toBeGreaterThan(0.97)
    }
  })

  it('cuts the same growth to any margin, as a fresh proposal does', () => {
    const { picture } = plankedRoom(200, 150)
    const prepared = prepareFloorPicture(picture)
    const growth = growFloor(prepared, { x: 30, y: 120 }, 0.3)
    for (const margin of [0, 3, 8])
      expect(floorMask(growth, margin).mask).toEqual(
        proposeFloor(prepared, { x: 30, y: 120 }, { margin, tolerance: 0.3 }).mask,
      )
  })

  it('keeps to the margin as a distance: a square floor loses the same band on every side', () => {
    // A plain floor square of 60 px in a wall: every side is an inner edge.
    const w = 100
    const data = new Uint8Array(w * w * 4)
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const floor = x >= 20 && x < 80 && y >= 20 && y < 80
        data.set([...(floor ? PLANK : WALL), 255], (y * w + x) * 4)
      }
    const picture: RgbaPicture = { width: w, height: w, data }
    const { mask, pixels } = proposeFloor(prepareFloorPicture(picture), { x: 50, y: 50 }, { margin: 10 })
    // 60 - 2 * 10 = 40 px a side, corners rounded off by at most a few px.
    expect(mask[50 * w + 30]).toBe(1)
    expect(mask[50 * w + 29]).toBe(0)
    expect(mask[30 * w + 50]).toBe(1)
    expect(mask[29 * w + 50]).toBe(0)
    expect(mask[50 * w + 69]).toBe(1)
    expect(mask[50 * w + 70]).toBe(0)
    expect(pixels).toBeGreaterThan(40 * 40 - 40)
    expect(pixels).toBeLessThanOrEqual(40 * 40)
  })

  it('clamps a seed outside the picture, and refuses pixels that do not fill the size', () => {
    const { picture } = plankedRoom(100, 90)
    const prepared = prepareFloorPicture(picture)
    expect(proposeFloor(prepared, { x: -50, y: 1e6 }).mask[89 * 100]).toBe(1)
    expect(() => prepareFloorPicture({ width: 10, height: 10, data: new Uint8Array(399) })).toThrow(
      'floor proposal: expected 10x10 RGBA pixels, got 399 bytes',
    )
  })

  it('answers a one-pixel-high picture and a picture that is all floor', () => {
    const line: RgbaPicture = { width: 5, height: 1, data: new Uint8Array(20).fill(200) }
    expect(proposeFloor(prepareFloorPicture(line), { x: 2, y: 0 }, { margin: 2 }).pixels).toBe(5)
    const plain: RgbaPicture = { width: 30, height: 20, data: new Uint8Array(30 * 20 * 4).fill(90) }
    expect(proposeFloor(prepareFloorPicture(plain), { x: 3, y: 3 }, { margin: 5 }).pixels).toBe(600)
  })

  it("takes a 24th of the test character's height as the default margin", () => {
    expect(defaultFloorMargin(120)).toBe(5)
    expect(defaultFloorMargin(50)).toBe(2)
    expect(defaultFloorMargin(0)).toBe(0)
  })
})
