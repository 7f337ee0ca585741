/**
 * The compare protocol's helpers: grid layers are downsampled without losing marks or the
 * heat maximum, posted layers are copies (transferring them cannot detach an algorithm's
 * own arrays), each buffer is transferred once, and the latest-only slot coalesces.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DebugLayer } from '../../../src/shared/nav/types'
import {
  debugTransferables,
  downsampleCells,
  isStale,
  LatestOnly,
  wireDebugLayers,
} from '../../../src/renderer/compare/protocol'

type Cells = Extract<DebugLayer, { kind: 'cells' }>

function cells(cols: number, rows: number, mode: 'mark' | 'heat', values: Int32Array | Uint8Array): Cells {
  return { kind: 'cells', label: 'test', cols, rows, cellSize: 1, originX: 0, originY: 0, values, mode }
}

describe('downsampleCells', () => {
  it('keeps small layers as they are (a copy)', () => {
    const layer = cells(4, 2, 'mark', Uint8Array.from([0, 1, 0, 0, 1, 0, 0, 1]))
    const out = downsampleCells(layer, 10)
    expect(out.cols).toBe(4)
    expect(Array.from(out.values)).toEqual(Array.from(layer.values))
    expect(out.values).not.toBe(layer.values)
  })

  it('marks a block when any of its cells is marked, and scales the cell size', () => {
    const values = new Uint8Array(10 * 6)
    values[3 * 10 + 7] = 1 // col 7, row 3
    const out = downsampleCells(cells(10, 6, 'mark', values), 5)
    expect(out.cols).toBe(5)
    expect(out.rows).toBe(3)
    expect(out.cellSize).toBe(2)
    const marked = Array.from(out.values).flatMap((v, i) => (v ? [i] : []))
    expect(marked).toEqual([1 * 5 + 3])
  })

  it('gives, for any size and factor, the any-mark and the largest heat of each block', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (cols, rows, maxAcross, seed) => {
          let x = seed || 1
          const next = () => ((x = (x * 48271) % 2147483647), x)
          const marks = Uint8Array.from({ length: cols * rows }, () => (next() % 7 === 0 ? 1 : 0))
          const heat = Int32Array.from({ length: cols * rows }, () => (next() % 5 === 0 ? -1 : next() % 1000))
          const f = Math.max(1, Math.ceil(Math.max(cols, rows) / maxAcross))
          const oc = Math.ceil(cols / f)
          const or = Math.ceil(rows / f)
          // The reference: every output cell looks at its whole block.
          const block = (r: number, c: number, src: ArrayLike<number>) => {
            const vs: number[] = []
            for (let rr = r * f; rr < Math.min(rows, (r + 1) * f); rr++)
              for (let cc = c * f; cc < Math.min(cols, (c + 1) * f); cc++) vs.push(src[rr * cols + cc])
            return vs
          }
          const m = downsampleCells(cells(cols, rows, 'mark', marks), maxAcross)
          const h = downsampleCells(cells(cols, rows, 'heat', heat), maxAcross)
          expect([m.cols, m.rows, h.cols, h.rows]).toEqual([oc, or, oc, or])
          for (let r = 0; r < or; r++)
            for (let c = 0; c < oc; c++) {
              expect(m.values[r * oc + c]).toBe(block(r, c, marks).some((v) => v !== 0) ? 1 : 0)
              expect(h.values[r * oc + c]).toBe(Math.max(...block(r, c, heat)))
            }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('keeps the largest heat of a block; a fully blocked block stays negative', () => {
    const values = Int32Array.from([-1, -1, 5, 9, -1, -1, 2, 1])
    const out = downsampleCells(cells(4, 2, 'heat', values), 2)
    expect(Array.from(out.values)).toEqual([-1, 9])
  })
})

describe('wireDebugLayers', () => {
  it('copies every array, so that transferring the copies leaves the originals whole', () => {
    const points = Float32Array.from([1, 2, 3, 4])
    const segments = Float32Array.from([0, 0, 1, 1])
    const triangles = Uint32Array.from([0, 1, 2])
    const layers: DebugLayer[] = [
      { kind: 'points', label: 'p', points },
      { kind: 'segments', label: 's', segments },
      { kind: 'triangles', label: 't', vertices: Float32Array.from([0, 0, 1, 0, 0, 1]), triangles },
    ]
    const wire = wireDebugLayers(layers)
    const buffers = debugTransferables(wire)
    expect(buffers).toHaveLength(4)
    // Detach the copies the way postMessage would.
    for (const b of buffers) structuredClone(b, { transfer: [b] })
    expect(Array.from(points)).toEqual([1, 2, 3, 4])
    expect(Array.from(segments)).toEqual([0, 0, 1, 1])
    expect(Array.from(triangles)).toEqual([0, 1, 2])
  })

  it('lists a buffer shared by two layers once', () => {
    const shared = Float32Array.from([1, 2])
    const buffers = debugTransferables([
      { kind: 'points', label: 'a', points: shared },
      { kind: 'points', label: 'b', points: shared },
    ])
    expect(buffers).toHaveLength(1)
  })
})

describe('LatestOnly', () => {
  it('keeps only the newest pending item and reports the one it replaced', () => {
    const slot = new LatestOnly<{ id: number }>()
    expect(slot.offer({ id: 1 })).toBeNull()
    expect(slot.offer({ id: 2 })).toEqual({ id: 1 })
    expect(slot.offer({ id: 3 })).toEqual({ id: 2 })
    expect(slot.overtaken(1)).toBe(true)
    expect(slot.overtaken(3)).toBe(false)
    expect(slot.take()).toEqual({ id: 3 })
    expect(slot.take()).toBeNull()
    expect(slot.waiting).toBe(false)
  })

  it('calls older ids stale', () => {
    expect(isStale(4, 5)).toBe(true)
    expect(isStale(5, 5)).toBe(false)
  })
})
