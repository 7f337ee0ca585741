/**
 * The one custom properties editor (PropertiesEditor.vue) on every kind of object, through
 * the real stores: add, rename, set a value, change the type, remove, each one named undo
 * step that undo and redo take back and forth exactly; bad keys, duplicates and values that
 * do not fit their type are refused with a sentence, and the field goes back. The panels that
 * had their own copies (zones, hotspots) now show this one.
 *
 * Units: room px.
 */
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick, toRaw } from 'vue'
import { parseRoom, type Room } from '../../src/shared/room/schema'
import { normaliseRoom } from '../../src/shared/room/normalise'
import PropertiesEditor from '../../src/renderer/editing/components/PropertiesEditor.vue'
import SelectionPanel from '../../src/renderer/editing/components/SelectionPanel.vue'
import HotspotFields from '../../src/renderer/editing/components/HotspotFields.vue'
import type { PropertyOwner } from '../../src/renderer/editing/commands/property-commands'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useSelectionStore } from '../../src/renderer/editing/stores/selection'
import { openRoomInEditor } from './support/editor'

beforeEach(() => setActivePinia(createPinia()))

const square = (x: number, y: number) => [
  [x, y],
  [x + 10, y],
  [x + 10, y + 10],
  [x, y + 10],
]

/** 60 x 40 with one of every kind of object that has properties. */
function room(): Room {
  return parseRoom({
    formatVersion: 1,
    id: 'hall',
    name: 'Hall',
    size: { width: 60, height: 40 },
    areas: [{ id: 1, name: 'Floor', colour: '#3cb371' }],
    polygons: [{ id: 'floor', areaId: 1, outer: square(0, 20), holes: [] }],
    authoritative: 'polygons',
    gates: [
      { id: 'door', name: 'Door', kind: 'block-polygon', polygon: square(30, 20), flagExpression: 'true' },
    ],
    nodeGraph: { nodes: [], joins: [] },
    scaling: { mode: 'none', linear: [] },
    zones: [
      {
        id: 'mat',
        name: 'Mat',
        shape: { kind: 'polygon', outer: square(10, 20) },
        events: { enter: '', exit: '', stand: '' },
        properties: {},
      },
    ],
    points: [{ id: 'entry', name: 'Entry', x: 5, y: 30 }],
    hotspots: [
      { id: 'bell', name: 'hBell', shape: { kind: 'polygon', outer: square(40, 0) }, properties: {} },
    ],
    walkBehinds: { areas: [{ id: 1, baseline: 30 }], rows: Array.from({ length: 40 }, () => '60') },
    testWalk: { start: { x: 5, y: 30 }, height: 10, speed: 100 },
  })
}

function setUp() {
  openRoomInEditor(room())
  const editor = useEditorStore()
  const saved = () =>
    JSON.stringify(normaliseRoom(parseRoom(JSON.parse(JSON.stringify(toRaw(editor.room!))))))
  return { editor, saved }
}

async function change(w: VueWrapper, selector: string, value: string): Promise<void> {
  await w.find(selector).setValue(value)
  await nextTick()
}

const OWNERS: [
  PropertyOwner,
  (r: Room) => { properties?: Record<string, string>; propertyTypes?: Record<string, string> },
][] = [
  [{ kind: 'room' }, (r) => r],
  [{ kind: 'area', id: 1 }, (r) => r.areas[0]],
  [{ kind: 'polygon', id: 'floor' }, (r) => r.polygons[0]],
  [{ kind: 'gate', id: 'door' }, (r) => r.gates[0]],
  [{ kind: 'zone', id: 'mat' }, (r) => r.zones[0]],
  [{ kind: 'walk-behind', id: 1 }, (r) => r.walkBehinds!.areas[0]],
  [{ kind: 'hotspot', id: 'bell' }, (r) => r.hotspots![0]],
  [{ kind: 'point', id: 'entry' }, (r) => r.points![0]],
]

describe('the properties editor', () => {
  it.each(OWNERS)(
    'adds, renames, sets, types and removes on %j, one named undo step each',
    async (owner, of) => {
      const { editor, saved } = setUp()
      const w = mount(PropertiesEditor, { props: { owner } })
      const states = [saved()]
      await change(w, '[aria-label="New property name"]', 'sound')
      states.push(saved())
      await change(w, '[aria-label="Value of property sound"]', 'bell.ogg')
      states.push(saved())
      await change(w, '[aria-label="Name of property sound"]', 'music')
      states.push(saved())
      await change(w, '[aria-label="New property name"]', 'loud')
      states.push(saved())
      await change(w, '[aria-label="Type of property loud"]', 'bool')
      states.push(saved())
      await w.find('[aria-label="Value of property loud"]').setValue(true)
      await nextTick()
      states.push(saved())
      const current = of(toRaw(editor.room!))
      expect(current.properties).toEqual({ music: 'bell.ogg', loud: 'true' })
      expect(current.propertyTypes).toEqual({ loud: 'bool' })
      expect((w.find('[aria-label="Value of property loud"]').element as HTMLInputElement).checked).toBe(true)
      await w.find('[aria-label="Remove property music"]').trigger('click')
      await nextTick()
      states.push(saved())
      expect(of(toRaw(editor.room!)).properties).toEqual({ loud: 'true' })
      const labels = editor.historyEntries.done.map((e) => e.label)
      expect(labels).toHaveLength(7)
      expect(labels[0]).toMatch(/^Add property 'sound' to (the room|\w[\w-]* )/)
      expect(labels[2]).toMatch(/^Rename property 'sound' to 'music' of /)
      expect(labels[4]).toMatch(/^Make property 'loud' bool in /)
      expect(labels[6]).toMatch(/^Remove property 'music' of /)
      // Undo walks back through every state, redo forward again.
      for (let i = states.length - 1; i > 0; i--) {
        editor.undo()
        expect(saved()).toBe(states[i - 1])
      }
      for (let i = 1; i < states.length; i++) {
        editor.redo()
        expect(saved()).toBe(states[i])
      }
      w.unmount()
    },
  )

  it('refuses a duplicate, an empty or __proto__ key and a value that does not fit, saying why, and puts the field back', async () => {
    const { editor } = setUp()
    const owner: PropertyOwner = { kind: 'gate', id: 'door' }
    const w = mount(PropertiesEditor, { props: { owner } })
    await change(w, '[aria-label="New property name"]', 'weight')
    await change(w, '[aria-label="New property name"]', 'colour')
    const done = editor.historyEntries.done.length
    await change(w, '[aria-label="New property name"]', 'weight')
    expect(w.find('[role="alert"]').text()).toBe(
      "Cannot add the property: there is already a property 'weight'.",
    )
    expect(editor.status.text).toBe("Cannot add the property: there is already a property 'weight'.")
    await change(w, '[aria-label="Name of property colour"]', 'weight')
    expect(w.find('[role="alert"]').text()).toBe(
      "Cannot rename 'colour': there is already a property 'weight'.",
    )
    expect((w.find('[aria-label="Name of property colour"]').element as HTMLInputElement).value).toBe(
      'colour',
    )
    await change(w, '[aria-label="Name of property colour"]', '')
    expect(w.find('[role="alert"]').text()).toBe("Cannot rename 'colour': a property needs a name.")
    await change(w, '[aria-label="New property name"]', '__proto__')
    expect(w.find('[role="alert"]').text()).toContain("'__proto__' cannot be a property name")
    await change(w, '[aria-label="Type of property weight"]', 'int')
    await change(w, '[aria-label="Value of property weight"]', 'heavy')
    expect(w.find('[role="alert"]').text()).toBe(
      "Cannot set 'weight': expected a whole number, found 'heavy'.",
    )
    expect((w.find('[aria-label="Value of property weight"]').element as HTMLInputElement).value).toBe('0')
    await change(w, '[aria-label="Value of property weight"]', '12')
    expect(w.find('[role="alert"]').exists()).toBe(false)
    expect(toRaw(editor.room!).gates[0]).toMatchObject({
      properties: { weight: '12', colour: '' },
      propertyTypes: { weight: 'int' },
    })
    // Only the type change and the value were recorded after the two adds.
    expect(editor.historyEntries.done.length).toBe(done + 2)
    w.unmount()
  })

  it('is the editor the zone, polygon and gate selections and the hotspot fields show', async () => {
    setUp()
    const selection = useSelectionStore()
    const panel = mount(SelectionPanel)
    for (const s of [
      { kind: 'zone', zoneId: 'mat' },
      { kind: 'gate', gateId: 'door' },
      { kind: 'polygon', polygonId: 'floor' },
    ] as const) {
      selection.select(s)
      await nextTick()
      expect(panel.findAll('[data-testid="properties-editor"]')).toHaveLength(1)
    }
    panel.unmount()
    const editor = useEditorStore()
    const fields = mount(HotspotFields, { props: { hotspot: editor.room!.hotspots![0] } })
    expect(fields.findAll('[data-testid="properties-editor"]')).toHaveLength(1)
    await change(fields, '[aria-label="New property name"]', 'verb')
    expect(toRaw(editor.room!).hotspots![0].properties).toEqual({ verb: '' })
    fields.unmount()
  })
})
