/**
 * The flood loop of flood-fill in its two implementations (WebAssembly, TypeScript):
 * both against an independent reference flood and against each other, on random masks.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createFloodBuffers,
  floodLayout,
  type FloodBuffers,
} from '../../../../src/shared/nav/grid/flood-kernel'
import { floodFill } from '../../../../src/shared/nav/algorithms/flood-fill'
import { maskFromPicture, worldOf, type Mask } from './helpers'

/** Manhattan step counts from (c, r) over 4-connected walkable pixels; -1 blocked or not reached. Row-major. */
function referenceDistances(mask: Mask, c0: number, r0: number): Int32Array {
  const { width, height, cells } = mask
  const d = new Int32Array(width * height).fill(-1)
  d[r0 * width + c0] = 0
  let frontier = [[c0, r0]]
  for (let k = 1; frontier.length > 0; k++) {
    const next: number[][] = []
    for (const [c, r] of frontier) {
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const x = c + dc
        const y = r + dr
        if (x < 0 || y < 0 || x >= width || y >= height) continue
        if (cells[y * width + x] === 0 || d[y * width + x] >= 0) continue
        d[y * width + x] = k
        next.push([x, y])
      }
    }
    frontier = next
  }
  return d
}

/** The buffer's distances for the last flood (base), row-major: -1 blocked or not reached. */
function distances(b: FloodBuffers, base: number): Int32Array {
  const { width, height } = b.layout
  const out = new Int32Array(width * height)
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) {
      const v = b.dist[b.layout.index(c, r)]
      out[r * width + c] = v >= base ? v - base : -1
    }
  return out
}

const maskArb = fc
  .record({
    width: fc.integer({ min: 1, max: 40 }),
    height: fc.integer({ min: 1, max: 30 }),
    seed: fc.integer(),
  })
  .chain(({ width, height }) =>
    fc
      .array(fc.integer({ min: 0, max: 99 }), { minLength: width * height, maxLength: width * height })
      .chain((noise) =>
        fc.record({
          mask: fc.constant<Mask>({
            width,
            height,
            cells: Uint8Array.from(noise, (n) => (n < 72 ? 1 : 0)),
          }),
          from: fc.nat(width * height - 1),
          stop: fc.nat(width * height - 1),
        }),
      ),
  )

describe('flood kernel', () => {
  it('compiles its WebAssembly module on Node', () => {
    // Node always has WebAssembly: if this fails, the module bytes are malformed.
    const b = createFloodBuffers(3, 2, new Uint8Array(6).fill(1), 6, 'wasm')
    expect(b.kind).toBe('wasm')
    expect(createFloodBuffers(3, 2, new Uint8Array(6).fill(1), 6).kind).toBe('wasm')
    expect(createFloodBuffers(3, 2, new Uint8Array(6).fill(1), 6, 'js').kind).toBe('js')
  })

  it('maps room pixels to buffer indices and back, with a blocked border', () => {
    const layout = floodLayout(7, 5)
    const seen = new Set<number>()
    for (let r = -1; r <= 5; r++)
      for (let c = -1; c <= 7; c++) {
        const i = layout.index(c, r)
        expect([layout.col(i), layout.row(i)]).toEqual([c, r])
        seen.add(i)
      }
    expect(seen.size).toBe(9 * 7)
    expect(layout.length).toBe(9 * 7)
    const b = createFloodBuffers(7, 5, new Uint8Array(35).fill(1), 35)
    expect(b.dist[0]).toBe(-1)
    expect(b.dist[layout.index(-1, 2)]).toBe(-1)
    expect(b.dist[layout.index(7, 2)]).toBe(-1)
    expect(b.dist[layout.index(3, 5)]).toBe(-1)
    expect(b.dist[layout.index(3, 4)]).toBe(0)
  })

  it('gives the reference Manhattan distances, whole-region floods and stops after the layer that reaches the stop pixel, in both loops alike', () => {
    fc.assert(
      fc.property(maskArb, ({ mask, from, stop }) => {
        const { width, height, cells } = mask
        cells[from] = 1
        const ref = referenceDistances(mask, from % width, Math.floor(from / width))
        const results = (['wasm', 'js'] as const).map((kind) => {
          const b = createFloodBuffers(width, height, cells, width * height, kind)
          const src = b.layout.index(from % width, Math.floor(from / width))
          // Two earlier floods leave values below the next base; they must read as not reached.
          const first = b.flood(src, 0, 1)
          const base2 = b.dist[b.queue[first - 1]] + 1
          const whole = b.flood(src, 0, base2)
          expect(Array.from(distances(b, base2))).toEqual(Array.from(ref))
          expect(whole).toBe(ref.filter((d) => d >= 0).length)
          const base3 = b.dist[b.queue[whole - 1]] + 1
          const stopAt = b.layout.index(stop % width, Math.floor(stop / width))
          const count = b.flood(src, stopAt, base3)
          const got = distances(b, base3)
          const limit = ref[stop]
          for (let i = 0; i < ref.length; i++) {
            if (limit < 0 || ref[i] <= limit) expect(got[i]).toBe(ref[i])
            else if (got[i] >= 0) {
              // Past the stop pixel's layer only its next layer may be queued (not expanded).
              expect(got[i]).toBe(ref[i])
              expect(ref[i]).toBe(limit + 1)
            }
          }
          return { dist: Array.from(b.dist), queue: Array.from(b.queue.subarray(0, count)) }
        })
        expect(results[1]).toEqual(results[0])
      }),
      { numRuns: 150 },
    )
  })

  it('flood-fill answers the same with either loop, distance layer included', () => {
    const mask = maskFromPicture([
      '..............#.........',
      '..######......#....##...',
      '..#....#......#....##...',
      '..#....#...........##...',
      '..#....######.....####..',
      '..#.................#...',
      '..######..#####.....#...',
      '..........#...#.........',
    ])
    const world = worldOf(mask)
    const wasm = floodFill.prepare(world, { beelineFirst: false, beautify: true })
    const js = floodFill.prepare(world, { beelineFirst: false, beautify: true, loop: 'js' })
    expect([wasm.buffers.kind, js.buffers.kind]).toEqual(['wasm', 'js'])
    for (const [from, to] of [
      [
        { x: 0.5, y: 0.5 },
        { x: 23.5, y: 7.5 },
      ],
      [
        { x: 4.5, y: 3.5 },
        { x: 16.5, y: 0.5 },
      ],
      [
        { x: 12.5, y: 7.5 },
        { x: 3.5, y: 2.5 },
      ],
    ]) {
      const a = floodFill.findPath(wasm, from, to)
      const b = floodFill.findPath(js, from, to)
      expect(a.points).toEqual(b.points)
      expect(a.reached).toBe(b.reached)
      expect(a.expanded).toBe(b.expanded)
      const ha = a.debug[0]
      const hb = b.debug[0]
      expect(ha.kind === 'cells' && Array.from(ha.values)).toEqual(
        hb.kind === 'cells' && Array.from(hb.values),
      )
    }
  })
})
