import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { simplifyAreas, traceMask } from '../../../src/shared/geometry/vectorise'
import { rasterisePolygons } from '../../../src/shared/geometry/rasterise'
import { triangulateAreas } from '../../../src/shared/geometry/triangulate'
import { areasArea, findSelfIntersections } from '../../../src/shared/geometry/polygon'
import { benchPath } from '../../support/bench-data'
import { expectValidTriangulation } from './triangulation-checks'

interface Sidecar {
  width: number
  height: number
  masks: { file: string; walkable_pixels: number }[]
  union_walkable_pixels: number
}

/** The union of a room's mask files: walkable where alpha > 0 in any of them (see the bench README). */
async function unionMask(sidecar: Sidecar): Promise<Uint8Array> {
  const cells = new Uint8Array(sidecar.width * sidecar.height)
  for (const m of sidecar.masks) {
    const { data, info } = await sharp(benchPath('rooms', m.file))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(info.width).toBe(sidecar.width)
    expect(info.height).toBe(sidecar.height)
    for (let i = 0; i < cells.length; i++) if (data[i * info.channels + 3] > 0) cells[i] = 1
  }
  return cells
}

describe('bench mask room (MonoAGS BrokenCurbStreet)', () => {
  it('traces pixel-exactly, simplifies within topology and triangulates with area preserved', async () => {
    const sidecar = JSON.parse(
      readFileSync(benchPath('rooms', 'monoags-brokencurbstreet.json'), 'utf8'),
    ) as Sidecar
    const { width, height } = sidecar
    const cells = await unionMask(sidecar)
    let pixels = 0
    for (const v of cells) pixels += v
    expect(pixels).toBe(sidecar.union_walkable_pixels)

    const exact = traceMask(width, height, (i) => cells[i] !== 0)
    expect(areasArea(exact)).toBe(pixels)
    const back = rasterisePolygons(exact, width, height)
    let diff = 0
    for (let i = 0; i < cells.length; i++) if (back[i] !== cells[i]) diff++
    expect(diff).toBe(0)

    const simple = simplifyAreas(exact, 0.75)
    for (const a of simple)
      for (const r of [a.outer, ...a.holes]) expect(findSelfIntersections(r)).toEqual([])
    // The simplified outline stays within 0.75 px, so at most a thin band of pixels changes.
    const again = rasterisePolygons(simple, width, height)
    let changed = 0
    for (let i = 0; i < cells.length; i++) if (again[i] !== cells[i]) changed++
    expect(changed).toBeLessThan(pixels * 0.05)

    for (const areas of [exact, simple]) expectValidTriangulation(triangulateAreas(areas), areas)
  })
})
