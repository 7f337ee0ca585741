/**
 * The mask overlay keeps the GPU tiles of a mask that leaves the screen (a room switch) and
 * shows them again, with no new upload, when that mask comes back unchanged; a mask whose
 * bytes changed meanwhile, or one of another size, gets fresh tiles; at most KEPT_MASKS are
 * kept, and destroying the overlay frees the kept ones too.
 */
import { describe, expect, it } from 'vitest'
import {
  IndexedOverlay,
  KEPT_MASKS,
  maskFingerprint,
} from '../../../src/renderer/editing/canvas/indexed-overlay'

const W = 40
const H = 30
const palette = new Uint8Array(256 * 3).fill(200)

function mask(fill: number): Uint8Array {
  const m = new Uint8Array(W * H)
  m.fill(fill, 0, W * 5)
  return m
}

/** The tile meshes on screen (one per tile). */
const shown = (o: IndexedOverlay) => [...o.container.children]

describe('kept mask tiles', () => {
  it('a mask that comes back unchanged shows the same tiles again', () => {
    const o = new IndexedOverlay('t')
    const a = mask(1)
    const b = mask(2)
    o.setMask(a, W, H, palette)
    const first = shown(o)
    expect(first).toHaveLength(1)
    o.setMask(b, W, H, palette)
    expect(shown(o)[0]).not.toBe(first[0])
    expect(o.keptMasks).toBe(1)
    o.setMask(a, W, H, palette)
    expect(shown(o)[0]).toBe(first[0])
    expect(first[0].destroyed).toBe(false)
    expect(o.keptMasks).toBe(1)
  })

  it('a mask edited while off screen, or shown at another size, gets fresh tiles', () => {
    const o = new IndexedOverlay('t')
    const a = mask(1)
    o.setMask(a, W, H, palette)
    const first = shown(o)[0]
    o.setMask(mask(2), W, H, palette)
    a[W * H - 1] = 3
    o.setMask(a, W, H, palette)
    expect(shown(o)[0]).not.toBe(first)
    expect(first.destroyed).toBe(true)
    const second = shown(o)[0]
    o.setMask(mask(2), W, H, palette)
    o.setMask(a, W * 3, H / 3, palette)
    expect(shown(o)[0]).not.toBe(second)
    expect(second.destroyed).toBe(true)
  })

  it(`keeps at most ${KEPT_MASKS} masks, the oldest going first; destroyTiles frees them all`, () => {
    const o = new IndexedOverlay('t')
    const masks = Array.from({ length: KEPT_MASKS + 2 }, (_, i) => mask(i + 1))
    const meshes = masks.map((m) => {
      o.setMask(m, W, H, palette)
      return shown(o)[0]
    })
    expect(o.keptMasks).toBe(KEPT_MASKS)
    expect(meshes[0].destroyed).toBe(true)
    expect(meshes[1].destroyed).toBe(false)
    o.destroyTiles()
    expect(o.keptMasks).toBe(0)
    expect(meshes.every((m) => m.destroyed)).toBe(true)
  })

  it('the fingerprint follows every byte', () => {
    const m = new Uint8Array(4099)
    const seen = new Set([maskFingerprint(m)])
    for (const at of [0, 1, 2048, 4095, 4096, 4098]) {
      m[at] = 7
      seen.add(maskFingerprint(m))
      m[at] = 0
    }
    expect(seen.size).toBe(7)
    expect(maskFingerprint(m.subarray(1))).not.toBe(maskFingerprint(m.subarray(2)))
  })
})
