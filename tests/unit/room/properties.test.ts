import { describe, expect, it } from 'vitest'
import { FormatError, parseRoom, type Room } from '../../../src/shared/room/schema'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import {
  normaliseProperties,
  propertyKeyError,
  propertyValueError,
  valueForType,
} from '../../../src/shared/room/properties'
import { propertiesNotKeptNotes } from '../../../src/shared/room/property-notes'
import { exportGodotScene } from '../../../src/shared/formats/godot/export'
import { exportAgs } from '../../../src/shared/formats/ags/ags'
import { MAX_PROPERTIES } from '../../../src/shared/limits'
import { fullRoom } from './fixtures'

/** The messages parseRoom gives for `room` ('' when it loads). */
function problems(room: unknown): string {
  try {
    parseRoom(room)
    return ''
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError)
    return (e as FormatError).message
  }
}

/** Room JSON to break on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON edited freely to make bad rooms
type Loose = Record<string, any>

/** The fixture with properties on every kind of object. */
function roomWithProperties(): Room {
  const room = fullRoom()
  const p = (k: string) => ({
    properties: { note: k, weight: '2' },
    propertyTypes: { weight: 'int' as const },
  })
  room.areas = room.areas.map((a) => ({ ...a, ...p('area') }))
  room.polygons = room.polygons.map((x) => ({ ...x, ...p('polygon') }))
  room.gates = room.gates.map((x) => ({ ...x, ...p('gate') }))
  room.zones = room.zones.map((x) => ({
    ...x,
    propertyTypes: { weight: 'int' },
    properties: { ...x.properties, weight: '2' },
  }))
  room.points = [{ id: 'door', name: 'Door', x: 10, y: 20, ...p('point') }]
  room.hotspots = room.hotspots!.map((x) => ({
    ...x,
    properties: { ...x.properties, lit: 'true' },
    propertyTypes: { lit: 'bool' },
  }))
  room.walkBehinds!.areas = room.walkBehinds!.areas.map((x) => ({ ...x, ...p('walk-behind') }))
  Object.assign(room, p('room'))
  return room
}

describe('custom properties on every object', () => {
  it('load, normalise and keep their types on every kind and on the room', () => {
    const room = roomWithProperties()
    expect(problems(room)).toBe('')
    const back = normaliseRoom(parseRoom(JSON.parse(JSON.stringify(room))))
    expect(back.polygons[0].properties).toEqual({ note: 'polygon', weight: '2' })
    expect(back.gates[0].propertyTypes).toEqual({ weight: 'int' })
    expect(back.points![0].properties!.note).toBe('point')
    expect(back.walkBehinds!.areas[0].properties!.note).toBe('walk-behind')
    expect(back.areas[1].properties!.note).toBe('area')
    expect(back.hotspots![0].propertyTypes).toEqual({ lit: 'bool' })
    expect(back.properties).toEqual({ note: 'room', weight: '2' })
  })

  it("refuse '__proto__' on any kind, naming where", () => {
    for (const [path, put] of [
      ['gates[0].properties.__proto__', (r: Loose) => r.gates[0]],
      ['polygons[0].properties.__proto__', (r: Loose) => r.polygons[0]],
      ['walkBehinds.areas[0].properties.__proto__', (r: Loose) => r.walkBehinds.areas[0]],
      ['hotspots[0].properties.__proto__', (r: Loose) => r.hotspots[0]],
      ['properties.__proto__', (r: Loose) => r],
    ] as const) {
      const room = JSON.parse(JSON.stringify(fullRoom())) as Loose
      put(room).properties = JSON.parse('{"__proto__": "x"}')
      expect(problems(room)).toContain(`${path}: expected a property name other than '__proto__'`)
    }
  })

  it('refuse a value that does not fit its type, a type without a value, an unknown type and too many keys', () => {
    const room = roomWithProperties() as Loose
    room.gates[0].properties.weight = 'heavy'
    expect(problems(room)).toContain(
      "gates[0].properties.weight: expected a whole number, found 'heavy' (its type is int)",
    )
    const room2 = roomWithProperties() as Loose
    room2.polygons[0].propertyTypes.ghost = 'float'
    expect(problems(room2)).toContain("polygons[0].propertyTypes.ghost: expected a property 'ghost' to type")
    const room3 = roomWithProperties() as Loose
    room3.propertyTypes.weight = 'vector'
    expect(problems(room3)).toContain(
      'propertyTypes.weight: expected a property type: int, float, bool, color, file, object',
    )
    const room4 = roomWithProperties() as Loose
    delete room4.areas[0].propertyTypes
    room4.areas[0].properties = Object.fromEntries(
      Array.from({ length: MAX_PROPERTIES + 1 }, (_, i) => [`k${i}`, '']),
    )
    expect(problems(room4)).toContain(
      `areas[0].properties: expected at most ${MAX_PROPERTIES} properties, found ${MAX_PROPERTIES + 1}`,
    )
  })

  it('leave out empty properties of the kinds that may have none, and types of missing keys', () => {
    const n = normaliseProperties({ properties: {}, propertyTypes: {} }, (a, b) => a.localeCompare(b))
    expect(n).toEqual({})
    expect(normaliseProperties({ properties: {} }, (a, b) => a.localeCompare(b), true)).toEqual({
      properties: {},
    })
    expect(
      normaliseProperties({ properties: { b: '1', a: '' }, propertyTypes: { b: 'int', c: 'bool' } }, (a, b) =>
        a.localeCompare(b),
      ),
    ).toEqual({ properties: { a: '', b: '1' }, propertyTypes: { b: 'int' } })
    const room = fullRoom()
    expect(
      normaliseRoom({ ...room, gates: room.gates.map((g) => ({ ...g, properties: {} })) }).gates[0],
    ).not.toHaveProperty('properties')
  })

  it('say why a key or value is refused', () => {
    expect(propertyKeyError('', {})).toBe('a property needs a name')
    expect(propertyKeyError('__proto__', {})).toBe("'__proto__' cannot be a property name")
    expect(propertyKeyError('a', { a: '1' })).toBe("there is already a property 'a'")
    expect(propertyKeyError('a', { a: '1' }, 'a')).toBeNull()
    expect(propertyKeyError('b', { a: '1' }, 'a')).toBeNull()
    const full = Object.fromEntries(Array.from({ length: MAX_PROPERTIES }, (_, i) => [`k${i}`, '']))
    expect(propertyKeyError('new', full)).toContain(`at most ${MAX_PROPERTIES} properties`)
    expect(propertyValueError('float', '1.5e3')).toBeNull()
    expect(propertyValueError('color', '#ff00aa')).toBeNull()
    expect(propertyValueError('color', 'red')).toContain('colour')
    expect(propertyValueError('object', '-1')).toContain('object id')
    expect(valueForType('int', '2.7')).toBe('2')
    expect(valueForType('bool', 'yes')).toBe('false')
    expect(valueForType('float', 'x')).toBe('0')
  })
})

describe('engines without a place for some properties', () => {
  it('name them in a note, one per kind, leaving out engine bookkeeping', () => {
    const room = roomWithProperties()
    expect(propertiesNotKeptNotes(room, ['gates', 'room'], 'Godot')).toEqual([
      'gates: 2 with custom properties; Godot has no place for them, not written',
      'room properties: Godot has no place for them; not written',
    ])
    room.zones = room.zones.map((z) => ({ ...z, properties: { agsRegion: '1' }, propertyTypes: undefined }))
    expect(propertiesNotKeptNotes(room, ['zones'], 'AGS', ['agsRegion'])).toEqual([])
    const godot = exportGodotScene(roomWithProperties()).notes
    // Godot keeps walk polygons', gates', zones' and points' properties as node metadata (issue 31).
    expect(godot.some((n) => /^(polygons|gates|zones|points): \d+ with custom properties/.test(n))).toBe(
      false,
    )
    expect(godot).toContain('room properties: Godot has no place for them; not written')
    const ags = exportAgs(roomWithProperties(), new Uint8Array(320 * 200)).notes
    expect(ags).toContain('points: 1 with custom properties; AGS has no place for them, not written')
    expect(
      exportAgs(fullRoom(), new Uint8Array(320 * 200)).notes.some((n) => /custom properties/.test(n)),
    ).toBe(fullRoom().zones.some((z) => Object.keys(z.properties).some((k) => k !== 'agsRegion')))
  })
})
