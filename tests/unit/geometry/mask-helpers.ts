/** Small helpers for mask tests: masks from ASCII art, random masks, comparisons. */
import fc from 'fast-check'

export interface TestMask {
  width: number
  height: number
  cells: Uint8Array
}

/** '#' = inside, anything else = outside; rows are lines. */
export function maskFromArt(art: string): TestMask {
  const lines = art
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  const height = lines.length
  const width = lines[0].length
  const cells = new Uint8Array(width * height)
  lines.forEach((line, r) => {
    for (let c = 0; c < width; c++) if (line[c] === '#') cells[r * width + c] = 1
  })
  return { width, height, cells }
}

/** Random masks with a chosen density, small enough for property tests. */
export function arbitraryMask(maxSize = 24): fc.Arbitrary<TestMask> {
  return fc
    .record({
      width: fc.integer({ min: 1, max: maxSize }),
      height: fc.integer({ min: 1, max: maxSize }),
      density: fc.double({ min: 0.2, max: 0.9, noNaN: true }),
      seed: fc.integer(),
    })
    .map(({ width, height, density, seed }) => {
      const cells = new Uint8Array(width * height)
      let s = seed >>> 0 || 1
      for (let i = 0; i < cells.length; i++) {
        s ^= s << 13
        s >>>= 0
        s ^= s >>> 17
        s ^= s << 5
        s >>>= 0
        cells[i] = s / 4294967296 < density ? 1 : 0
      }
      return { width, height, cells }
    })
}

/** Blobby masks: a few random discs and boxes, with holes cut from them (more like rooms). */
export function blobMask(width: number, height: number, seed: number): Uint8Array {
  const cells = new Uint8Array(width * height)
  let s = seed >>> 0 || 7
  const rnd = (): number => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 4294967296
  }
  for (let k = 0; k < 24; k++) {
    const cx = rnd() * width
    const cy = rnd() * height
    const rad = (0.03 + rnd() * 0.15) * Math.min(width, height)
    const v = k % 4 === 3 ? 0 : 1
    const r2 = rad * rad
    for (let y = Math.max(0, Math.floor(cy - rad)); y < Math.min(height, Math.ceil(cy + rad)); y++) {
      for (let x = Math.max(0, Math.floor(cx - rad)); x < Math.min(width, Math.ceil(cx + rad)); x++) {
        const dx = x + 0.5 - cx
        const dy = y + 0.5 - cy
        // A wobbly disc so that outlines have every slope.
        const wob = 1 + 0.15 * Math.sin(Math.atan2(dy, dx) * 5 + k)
        if (dx * dx + dy * dy < r2 * wob * wob) cells[y * width + x] = v
      }
    }
  }
  return cells
}
