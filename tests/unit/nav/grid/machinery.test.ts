import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BucketQueue } from '../../../../src/shared/nav/grid/bucket-queue'
import { LineBits } from '../../../../src/shared/nav/grid/line-bits'
import { MinHeap } from '../../../../src/shared/nav/heap'
import { segmentClear } from '../../../../src/shared/nav/grid/line-of-sight'
import { nearestWalkableCell } from '../../../../src/shared/nav/grid/snap'
import { simplifyCollinear } from '../../../../src/shared/nav/grid/tidy'
import { maskFromPicture } from './helpers'

describe('MinHeap', () => {
  it('pops keys in ascending order through growth', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 300 }), (keys) => {
        const heap = new MinHeap(16)
        keys.forEach((k, i) => heap.push(k, i))
        const popped: number[] = []
        while (heap.size > 0) {
          const v = heap.pop()
          expect(keys[v]).toBe(heap.lastKey)
          popped.push(heap.lastKey)
        }
        expect(popped).toEqual([...keys].sort((a, b) => a - b))
      }),
    )
  })
})

describe('BucketQueue', () => {
  it('pops the smallest key first, equal keys last in first out, and reuses entries', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 400 }), (steps) => {
        // Keys lie at most 3000 above the key popped last, as in A* with a consistent heuristic.
        const q = new BucketQueue(16)
        q.reset(100)
        const reference: [number, number][] = []
        let v = 0
        for (const s of steps) {
          const key = q.current + s
          q.push(key, v)
          reference.push([key, v++])
          if (s % 3 === 0) {
            const got = q.pop()
            const min = Math.min(...reference.map((e) => e[0]))
            const lastOfMin = reference.filter((e) => e[0] === min).pop()!
            expect(got).toBe(lastOfMin[1])
            expect(q.current).toBe(min)
            reference.splice(reference.indexOf(lastOfMin), 1)
          }
        }
        expect(q.size).toBe(reference.length)
        expect(q.pool.length / 2).toBeLessThanOrEqual(Math.max(16, 2 * steps.length))
      }),
    )
  })
})

describe('nearestWalkableCell', () => {
  const m = maskFromPicture(['#####', '#####', '##..#', '#####'])
  it('finds the walkable cell with the closest centre, from inside and outside the room', () => {
    expect(nearestWalkableCell(m.cells, m.width, m.height, 0.2, 0.2)).toBe(2 * 5 + 2)
    expect(nearestWalkableCell(m.cells, m.width, m.height, 4.9, 2.5)).toBe(2 * 5 + 3)
    expect(nearestWalkableCell(m.cells, m.width, m.height, 100, -100)).toBe(2 * 5 + 3)
    expect(nearestWalkableCell(m.cells, m.width, m.height, Number.NaN, 2.5)).toBe(2 * 5 + 2)
    expect(nearestWalkableCell(new Uint8Array(4), 2, 2, 1, 1)).toBe(-1)
  })
  it('agrees with a brute-force search', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 48, maxLength: 48, max: 1 }),
        fc.double({ min: -10, max: 20, noNaN: true }),
        fc.double({ min: -10, max: 16, noNaN: true }),
        (cells, x, y) => {
          const got = nearestWalkableCell(cells, 8, 6, x, y)
          let best = Infinity
          cells.forEach((c, i) => {
            if (c) best = Math.min(best, Math.hypot((i % 8) + 0.5 - x, Math.floor(i / 8) + 0.5 - y))
          })
          if (best === Infinity) expect(got).toBe(-1)
          else expect(Math.hypot((got % 8) + 0.5 - x, Math.floor(got / 8) + 0.5 - y)).toBeCloseTo(best, 9)
        },
      ),
    )
  })
})

describe('segmentClear', () => {
  const m = maskFromPicture(['....', '.#..', '..#.', '....'])
  it('blocks segments through blocked pixels and between diagonal blocked pixels', () => {
    expect(segmentClear(m.cells, 4, 4, 0.5, 0.5, 3.5, 0.5)).toBe(true)
    expect(segmentClear(m.cells, 4, 4, 0.5, 1.5, 3.5, 1.5)).toBe(false)
    // Through the corner where (1,1) and (2,2) touch: blocked.
    expect(segmentClear(m.cells, 4, 4, 3.5, 0.5, 0.5, 3.5)).toBe(false)
    expect(segmentClear(m.cells, 4, 4, 0.5, 3.5, 0.5, 0.5)).toBe(true)
    expect(segmentClear(m.cells, 4, 4, -0.5, 0.5, 0.5, 0.5)).toBe(false)
  })
})

describe('simplifyCollinear', () => {
  it('drops duplicates and points that continue straight on, keeps reversals and turns', () => {
    const p = (x: number, y: number) => ({ x, y })
    expect(simplifyCollinear([p(0, 0), p(1, 1), p(1, 1), p(2, 2), p(3, 2), p(4, 2), p(3, 2)])).toEqual([
      p(0, 0),
      p(2, 2),
      p(4, 2),
      p(3, 2),
    ])
  })
})

describe('LineBits.scan', () => {
  it('finds the same stop as a cell-by-cell scan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 2, max: 90 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: -1, max: 95 }),
        (lines, length, seed, fromSeed, forward, goalPos) => {
          let s = seed
          const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
          const walk = Array.from({ length: lines }, (_, l) =>
            Array.from(
              { length },
              (_, p) => l > 0 && l < lines - 1 && p > 0 && p < length - 1 && rnd() < 0.8,
            ),
          )
          // The outer lines stay open sometimes so that forced neighbours occur.
          for (let p = 1; p < length - 1; p++) walk[0][p] = rnd() < 0.5
          // Build from a byte grid with one row per line, and from its transpose: both must agree.
          const cells = new Uint8Array(lines * length)
          walk.forEach((row, l) => row.forEach((w, p) => (cells[l * length + p] = w ? 1 : 0)))
          const bits = new LineBits(cells, length, lines, 1, false)
          const transposed = new Uint8Array(lines * length)
          walk.forEach((row, l) => row.forEach((w, p) => (transposed[p * lines + l] = w ? 1 : 0)))
          const bitsT = new LineBits(transposed, lines, length, 1, true)
          const line = 1 + (fromSeed % (lines - 2))
          const from = fromSeed % length
          const dir = forward ? 1 : -1
          const goal = goalPos < length && goalPos >= 0 && walk[line][goalPos] ? goalPos : -1
          const at = (l: number, p: number) => p >= 0 && p < length && walk[l][p]
          let expected = -1
          for (let p = from + dir; p >= 0 && p < length; p += dir) {
            if (!at(line, p)) break
            if (p === goal) {
              expected = p
              break
            }
            const forced =
              (at(line - 1, p) && !at(line - 1, p - dir)) || (at(line + 1, p) && !at(line + 1, p - dir))
            if (forced) {
              expected = p
              break
            }
          }
          expect(bits.scan(line, from, dir, goal)).toBe(expected)
          expect(bitsT.scan(line, from, dir, goal)).toBe(expected)
        },
      ),
      { numRuns: 500 },
    )
  })
})
