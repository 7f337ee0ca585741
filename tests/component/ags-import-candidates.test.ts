/**
 * The editor's Import Room dialog on a picked AGS game folder: the AGS 4 room's data.xml and
 * the AGS 3 .crm are offered with their formats; other XML files of the game (Game.agf's
 * neighbours, translations) are not.
 */
import { describe, expect, it } from 'vitest'
import { importCandidates, type PickedFile } from '../../src/renderer/project/actions/room-formats'

const picked = (path: string): PickedFile => ({ path, file: new File([], path.split('/').pop()!) })

describe('Import Room on an AGS game folder', () => {
  it('offers Rooms/N/data.xml as ags4 and roomN.crm as ags3, nothing else', () => {
    const files = [
      'Game.agf',
      'room1.crm',
      'room1.asc',
      'Rooms/1/data.xml',
      'Rooms/1/walkableareas.png',
      'Rooms/1/background0.png',
      'Speech/voices.xml',
    ].map(picked)
    expect(importCandidates(files).map((c) => `${c.path} ${c.format.id}`)).toEqual([
      'room1.crm ags3',
      'Rooms/1/data.xml ags4',
    ])
  })
})
