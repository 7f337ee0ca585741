/**
 * The words the Save dialog's write list uses for a game file that changes: a text file's
 * lines said plainly ('3 lines changed', not '3 line(s) replaced by 3'), and the read notes
 * of a room file naming that file once.
 */
import { describe, expect, it } from 'vitest'
import { gameReadNotes } from '../../../src/shared/formats/game-folder'
import { linesSummary } from '../../../src/shared/game/game-plan'

describe('write list wording', () => {
  it('says how many lines change, are added or are removed, in plain words', () => {
    expect(linesSummary(3, 3)).toBe('3 lines changed')
    expect(linesSummary(1, 1)).toBe('1 line changed')
    expect(linesSummary(2, 3)).toBe('2 lines changed, 1 added')
    expect(linesSummary(4, 1)).toBe('1 line changed, 3 removed')
    expect(linesSummary(0, 2)).toBe('2 lines added')
    expect(linesSummary(1, 0)).toBe('1 line removed')
  })

  it("names a room's file once before each of its notes", () => {
    const result = { notes: ['room1.crm: stored at 1:2', 'walkable areas: 1 (8317 px)'] }
    const notes = gameReadNotes({
      notes: [],
      rooms: [{ file: 'room1.crm', result } as never],
      skipped: [],
    })
    expect(notes).toEqual(['room1.crm: stored at 1:2', 'room1.crm: walkable areas: 1 (8317 px)'])
  })
})
