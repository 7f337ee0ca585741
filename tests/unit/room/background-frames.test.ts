/**
 * room.json's background frames (backgroundFrames, backgroundAnimationDelay,
 * backgroundAnimationEnabled): what the schema
 * takes and refuses, each refusal one line naming the field.
 */
import { describe, expect, it } from 'vitest'
import { parseRoom, type Room } from '../../../src/shared/room/schema'
import { fullRoom } from './fixtures'

function refusal(room: unknown): string {
  try {
    parseRoom(room, 'room.json')
  } catch (e) {
    return (e as Error).message
  }
  return 'accepted'
}

const frames = (n: number) => Array.from({ length: n }, (_, i) => ({ file: `background${i + 1}.png` }))

describe('background frames in room.json', () => {
  it('takes backgroundAnimationEnabled true or false, and refuses anything else in one line', () => {
    const room: Room = { ...fullRoom(), backgroundFrames: frames(1), backgroundAnimationEnabled: false }
    expect(parseRoom(room).backgroundAnimationEnabled).toBe(false)
    expect(refusal({ ...room, backgroundAnimationEnabled: 'no' })).toMatch(
      /backgroundAnimationEnabled: expected true or false/,
    )
  })

  it('takes 1 to 4 frames beside the background, and a delay of 0..255 game loops', () => {
    const room: Room = { ...fullRoom(), backgroundFrames: frames(4), backgroundAnimationDelay: 0 }
    expect(parseRoom(room).backgroundFrames).toHaveLength(4)
    expect(refusal({ ...room, backgroundAnimationDelay: 255 })).toBe('accepted')
  })

  it('refuses a fifth frame, a delay out of range, frames without a background and a file used twice', () => {
    const room = fullRoom()
    expect(refusal({ ...room, backgroundFrames: frames(5) })).toMatch(
      /backgroundFrames: expected at most 4 background frames \(frames 2\.\.5; background is frame 1\), found 5/,
    )
    expect(refusal({ ...room, backgroundFrames: frames(1), backgroundAnimationDelay: 256 })).toMatch(
      /backgroundAnimationDelay: expected a delay from 0 to 255 game loops/,
    )
    const { background: _drop, ...bare } = room
    expect(refusal({ ...bare, backgroundFrames: frames(1) })).toMatch(
      /backgroundFrames: expected a background \(frame 1\) before further background frames/,
    )
    expect(refusal({ ...room, backgroundFrames: [{ file: 'Background.PNG' }] })).toMatch(
      /backgroundFrames\[0\]\.file: expected a file of its own \(not the background, mask, scale map or another frame\), found 'Background\.PNG' twice/,
    )
    expect(refusal({ ...room, backgroundFrames: [{ file: room.mask! }] })).toMatch(
      /backgroundFrames\[0\]\.file: expected a file of its own .*, found 'walkmask\.png' twice/,
    )
    expect(refusal({ ...room, backgroundFrames: [{ file: '../x.png' }] })).toMatch(
      /backgroundFrames\[0\]\.file: '\.\.\/x\.png' goes up with '\.\.'/,
    )
  })
})
