/**
 * The 'Read the game' box of a Tiled game lists the layers and tile sources no rule gave a
 * kind (read from its notes, whatever their names hold: quotes, spaces, non-Latin letters),
 * with a choice each; Read the game again answers with the kinds chosen, OK with none.
 */
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import GameReadDialog from '../../src/renderer/project/dialogs/GameReadDialog.vue'

const NOTES = [
  'maps/town.tmx: layers not read: "Collisions" (21 objects), "Ground \\"1\\"" (tiles), "Événements" (3 objects): no rule gives them a kind; not read (map one with --layer NAME=KIND or in the import dialog)',
  'maps/cave.tmx: layers not read: "Collisions" (4 objects): no rule gives it a kind; not read (map one with --layer NAME=KIND or in the import dialog)',
  'maps/cave.tmx: tile sources not read: "@shapes" (12 tiles with collision shapes), "@property:collides" (a true/false tile property); not read (map one with --layer @shapes=obstacles or in the import dialog)',
]

function open(engine = 'Tiled') {
  return mount(GameReadDialog, {
    props: { game: 'tux', engine, rooms: 2, notes: NOTES },
    attachTo: document.body,
  })
}

describe('the Read the game box of a Tiled game', () => {
  it('lists each layer and tile source no rule reads once, with the kinds it may take', () => {
    const dialog = open()
    const rows = dialog.findAll('[data-testid="game-read-mapping"] tr')
    expect(rows.map((r) => r.find('code').text())).toEqual([
      'Collisions',
      'Ground "1"',
      'Événements',
      '@shapes',
      '@property:collides',
    ])
    const options = (i: number) => rows[i].findAll('option').map((o) => o.attributes('value'))
    expect(options(0)).toEqual([
      '',
      'walkable',
      'obstacles',
      'gates',
      'zones',
      'points',
      'hotspots',
      'nodes',
      'none',
    ])
    expect(options(1)).toEqual(['', 'walkable', 'obstacles', 'none'])
    expect(options(3)).toEqual(['', 'walkable', 'obstacles', 'none'])
    dialog.unmount()
  })

  it('answers with the kinds chosen; OK answers with none; another engine has no mapping', async () => {
    const dialog = open()
    const again = dialog.findAll('button').find((b) => b.text() === 'Read the game again')!
    expect(again.attributes('disabled')).toBeDefined()
    await dialog.find('select[aria-label="Read Collisions as"]').setValue('obstacles')
    await dialog.find('select[aria-label="Read @shapes as"]').setValue('obstacles')
    await again.trigger('click')
    expect(dialog.emitted('answer')).toEqual([[{ Collisions: 'obstacles', '@shapes': 'obstacles' }]])
    dialog.unmount()
    const godot = open('Godot')
    expect(godot.find('[data-testid="game-read-mapping"]').exists()).toBe(false)
    await godot
      .findAll('button')
      .find((b) => b.text() === 'OK')!
      .trigger('click')
    expect(godot.emitted('answer')).toEqual([[null]])
    godot.unmount()
  })
})
