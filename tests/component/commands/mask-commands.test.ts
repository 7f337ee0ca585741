/**
 * Mask commands: a patch writes its rect and tells the view only that rect; undo
 * restores the bytes; a snapshot patch covers exactly the changed pixels; replacing
 * the whole mask (import, polygons to mask) round-trips, including from no mask.
 */
import { describe, expect, it } from 'vitest'
import {
  maskPatchFromSnapshot,
  MaskPatchCommand,
  readMaskRect,
  ReplaceMaskCommand,
} from '../../../src/renderer/editing/commands/mask-patch'
import { makeTarget, roundTrip } from './fixture'

describe('mask patch', () => {
  it('round-trips and redraws only its rect', () => {
    const t = makeTarget()
    const rect = { x: 3, y: 4, width: 2, height: 3 }
    const before = readMaskRect(t.mask!, 20, rect)
    const after = new Uint8Array(6).fill(2)
    const command = new MaskPatchCommand('Paint area 2', t, rect, before, after)
    roundTrip(t, command, (r) => {
      expect(r.mask![4 * 20 + 3]).toBe(2)
      expect(r.mask![6 * 20 + 4]).toBe(2)
      expect(r.mask![7 * 20 + 4]).toBe(0)
    })
    // The command says what it changed, so that views redraw only that rectangle.
    expect(command.changes).toEqual({ kinds: ['walk-mask'], rect })
    expect(() => new MaskPatchCommand('bad', t, rect, before, new Uint8Array(5))).toThrow(/6 bytes/)
  })
  it('is made from a snapshot, clipped to the mask, and is null when nothing changed', () => {
    const t = makeTarget()
    const snapshot = t.mask!.slice()
    expect(maskPatchFromSnapshot('Nothing', t, snapshot, { x: 0, y: 0, width: 20, height: 10 })).toBeNull()
    t.mask![9 * 20 + 19] = 2
    const command = maskPatchFromSnapshot('Corner', t, snapshot, { x: 15, y: 5, width: 10, height: 10 })!
    expect(command.rect).toEqual({ x: 15, y: 5, width: 5, height: 5 })
    expect(command.changedPixels()).toBe(1)
    command.invert()
    expect(t.mask![199]).toBe(0)
    command.apply()
    expect(t.mask![199]).toBe(2)
  })
})

describe('replace mask', () => {
  it('round-trips a new mask and the mask file name', () => {
    const t = makeTarget()
    const next = new Uint8Array(200).fill(2)
    roundTrip(t, new ReplaceMaskCommand('Import mask', t, next), (r) =>
      expect(r.mask!.every((v) => v === 2)).toBe(true),
    )
  })
  it('creates a mask where there was none, and removes it again on undo', () => {
    const t = makeTarget()
    t.mask = null
    delete t.room.mask
    roundTrip(t, new ReplaceMaskCommand('Polygons to mask', t, new Uint8Array(200).fill(1)), (r) => {
      expect(r.room.mask).toBe('walkmask.png')
      expect(r.mask).not.toBeNull()
    })
    expect(t.room.mask).toBeUndefined()
  })
})
