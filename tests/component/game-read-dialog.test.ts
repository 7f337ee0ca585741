/**
 * The 'Read the game' box shown when a game folder is read for the first time: its notes
 * ('<game file>: <note>') are listed under one heading per game file, the notes on the whole
 * game first, and a note whose reader names its own file again says the file once.
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import GameReadDialog from '../../src/renderer/project/dialogs/GameReadDialog.vue'

const NOTES = [
  '1 roomN.crm file(s) beside Rooms/ were not read (the AGS 4 rooms are)',
  'game/rooms/room02/room02.tscn: room size assumed 1290x548 (the bounds of its geometry)',
  'game/rooms/room02/room02.tscn: 4 scripts not run (esc_room.gd, esc_item.gd)',
  'game/rooms/room03/room03.tscn: ESCTerrain/bridge_open: enabled region',
  'room1.crm: room1.crm: AGS room format version 33',
  'room1.crm: walkable areas: 1 (8317 px)',
]

function open(notes = NOTES) {
  return mount(GameReadDialog, {
    props: { game: 'demo', engine: 'Godot', rooms: 3, notes },
    attachTo: document.body,
  })
}

describe('the Read the game box', () => {
  it('lists the notes under one heading per game file, the game-wide ones first', () => {
    const dialog = open()
    const lists = dialog.findAll('[data-testid="game-read-notes"] ul')
    expect(lists.map((l) => l.attributes('aria-label'))).toEqual([
      'The game',
      'game/rooms/room02/room02.tscn',
      'game/rooms/room03/room03.tscn',
      'room1.crm',
    ])
    expect(lists.map((l) => l.findAll('li').map((li) => li.text()))).toEqual([
      ['1 roomN.crm file(s) beside Rooms/ were not read (the AGS 4 rooms are)'],
      [
        'room size assumed 1290x548 (the bounds of its geometry)',
        '4 scripts not run (esc_room.gd, esc_item.gd)',
      ],
      ['ESCTerrain/bridge_open: enabled region'],
      ['AGS room format version 33', 'walkable areas: 1 (8317 px)'],
    ])
    // Each file is named once, as a heading, not on every line.
    expect(dialog.findAll('h3').map((h) => h.text())).toEqual([
      'The game',
      'game/rooms/room02/room02.tscn',
      'game/rooms/room03/room03.tscn',
      'room1.crm',
    ])
    expect(dialog.text()).toContain('6 notes: what was assumed, not read or left out.')
    dialog.unmount()
  })

  it('shows notes of one file without a heading for the game, and OK answers', async () => {
    const dialog = open(['maps/house.tmx: read: 1 walkable object'])
    expect(dialog.findAll('h3').map((h) => h.text())).toEqual(['maps/house.tmx'])
    expect(dialog.findAll('li').map((li) => li.text())).toEqual(['read: 1 walkable object'])
    await dialog.get('button.primary').trigger('click')
    expect(dialog.emitted('answer')).toEqual([[null]])
    dialog.unmount()
  })
})
