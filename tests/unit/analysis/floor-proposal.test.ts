/**
 * The walk area proposed from the art (src/shared/analysis/floor-proposal.ts) on pictures
 * made here: a planked floor under a wall with a rug, seeded noise for texture.
 */
import { describe, expect, it } from 'vitest'
import {
  defaultFloorMargin,
  floorColourLimit,
  prepareFloorPicture,
  proposeFloor,
  WORK_PIXELS,
  type RgbaPicture,
} from '../../../src/shared/analysis/floor-proposal'
import { createRandom } from '../../../src/shared/measure/random'

type Rgb = readonly [number, number, number]

/**
 * A w x h picture: a wall (top third) over a floor of planks 12 px wide with a dark 1 px seam
 * between them, and a rug (an obstacle) on the floor; every pixel jittered by +-6 per
 * channel. `truth` is 1 on the floor outside the rug.
 */
function room(w: number, h: number, rug = { x0: 0.45, y0: 0.55, x1: 0.7, y1: 0.8 }) {
  const rng = createRandom(7)
  const random = () => rng.next()
  const data = new Uint8Array(w * h * 4)
  const truth = new Uint8Array(w * h)
  const wall: Rgb = [120, 150, 200]
  const plank: Rgb = [140, 90, 50]
  const seam: Rgb = [90, 55, 30]
  const rugColour: Rgb = [170, 40, 60]
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const onRug = x >= rug.x0 * w && x < rug.x1 * w && y >= rug.y0 * h && y < rug.y1 * h
      const floor = y >= h / 3
      const colour = !floor ? wall : onRug ? rugColour : x % 12 === 0 ? seam : plank
      const p = y * w + x
      for (let c = 0; c < 3; c++)
        data[p * 4 + c] = Math.max(0, Math.min(255, colour[c] + Math.round((random() - 0.5) * 12)))
      data[p * 4 + 3] = 255
      truth[p] = floor && !onRug ? 1 : 0
    }
  return { picture: { width: w, height: h, data } satisfies RgbaPicture, truth }
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0
  let either = 0
  for (let p = 0; p < a.length; p++) {
    if (a[p] && b[p]) both++
    if (a[p] || b[p]) either++
  }
  return both / either
}

describe('a walk area proposed from the art', () => {
  it('takes the planked floor seams and all, and leaves out the wall and the rug', () => {
    const { picture, truth } = room(240, 180)
    const proposal = proposeFloor(prepareFloorPicture(picture), { x: 40, y: 150 })
    expect(iou(proposal.mask, truth)).toBeGreaterThan(0.97)
    expect(proposal.pixels).toBe(proposal.mask.reduce((n, v) => n + v, 0))
    // Nothing of the wall, nothing in the middle of the rug.
    expect(proposal.mask[20 * 240 + 120]).toBe(0)
    expect(proposal.mask[Math.floor(0.68 * 180) * 240 + Math.floor(0.57 * 240)]).toBe(0)
  })

  it('answers the wall when the wall is clicked', () => {
    const { picture, truth } = room(240, 180)
    const proposal = proposeFloor(prepareFloorPicture(picture), { x: 100, y: 20 })
    const wall = truth.map((_, p) => (Math.floor(p / 240) < 60 ? 1 : 0))
    expect(iou(proposal.mask, wall)).toBeGreaterThan(0.97)
  })

  it('takes a margin off where the floor meets the wall and the rug, never at the picture border', () => {
    const { picture } = room(240, 180)
    const prepared = prepareFloorPicture(picture)
    const bare = proposeFloor(prepared, { x: 40, y: 150 })
    const kept = proposeFloor(prepared, { x: 40, y: 150 }, { margin: 6 })
    expect(kept.pixels).toBeLessThan(bare.pixels)
    for (let p = 0; p < kept.mask.length; p++) if (kept.mask[p]) expect(bare.mask[p]).toBe(1)
    // Rows 60..65 of the floor (under the wall) are taken off; the bottom and side borders stay.
    expect(kept.mask[62 * 240 + 30]).toBe(0)
    expect(bare.mask[62 * 240 + 30]).toBe(1)
    expect(kept.mask[179 * 240 + 30]).toBe(1)
    expect(kept.mask[120 * 240 + 0]).toBe(1)
  })

  it('grows with the tolerance and never shrinks', () => {
    const { picture } = room(160, 120)
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

  it('works at a fraction of a large picture and answers at room size', () => {
    const { picture, truth } = room(1200, 900)
    const prepared = prepareFloorPicture(picture)
    expect(prepared.workWidth * prepared.workHeight).toBeLessThanOrEqual(WORK_PIXELS)
    expect(prepared.workWidth).toBeLessThan(1200)
    const proposal = proposeFloor(prepared, { x: 200, y: 800 })
    expect(proposal.mask.length).toBe(1200 * 900)
    expect(iou(proposal.mask, truth)).toBeGreaterThan(0.95)
  })

  it('clamps a seed outside the picture, and refuses pixels that do not fill the size', () => {
    const { picture } = room(100, 90)
    const prepared = prepareFloorPicture(picture)
    expect(proposeFloor(prepared, { x: -50, y: 1e6 }).mask[89 * 100]).toBe(1)
    expect(() => prepareFloorPicture({ width: 10, height: 10, data: new Uint8Array(399) })).toThrow(
      'floor proposal: expected 10x10 RGBA pixels, got 399 bytes',
    )
  })

  it("takes a 24th of the test character's height as the default margin", () => {
    expect(defaultFloorMargin(120)).toBe(5)
    expect(defaultFloorMargin(50)).toBe(2)
    expect(defaultFloorMargin(0)).toBe(0)
  })
})
