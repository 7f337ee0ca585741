/**
 * Names the editor and the command line propose: a room name unique among the project's
 * rooms (imports and Save As), compared without case and surrounding spaces.
 */
import { describe, expect, it } from 'vitest'
import { uniqueName } from '../../../src/shared/room/names'

describe('uniqueName', () => {
  it('keeps a free name and numbers a taken one', () => {
    expect(uniqueName('Room 1', ['Hall'])).toBe('Room 1')
    expect(uniqueName('Room 1', ['Room 1'])).toBe('Room 1 (2)')
    expect(uniqueName('Room 1', ['room 1 ', 'Room 1 (2)'])).toBe('Room 1 (3)')
  })

  it('gives three imports of "Room 1" three names', () => {
    const taken: string[] = []
    for (let i = 0; i < 3; i++) taken.push(uniqueName('Room 1', taken))
    expect(taken).toEqual(['Room 1', 'Room 1 (2)', 'Room 1 (3)'])
  })

  it('names an empty name "Room"', () => {
    expect(uniqueName('  ', [])).toBe('Room')
  })
})
