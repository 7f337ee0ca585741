import { describe, expect, it } from 'vitest'
import { serialiseProject, serialiseRoom, stringifyPretty } from '../../../src/shared/room/serialise'
import { projectFromText, roomFromText } from '../../../src/shared/room/load'
import { fullProject, fullRoom } from './fixtures'

describe('serialise', () => {
  it('writes points one per line and flat objects on one line, ending with a newline', () => {
    const text = serialiseRoom(fullRoom())
    expect(text.endsWith('}\n')).toBe(true)
    expect(text).toContain('      "outer": [\n        [10, 100],\n        [300, 100],\n')
    expect(text).toContain('{ "id": "n1", "x": 20, "y": 150 }')
    expect(text).toContain('"size": { "width": 320, "height": 200 }')
    expect(text.startsWith('{\n  "formatVersion": 1,\n  "id": "porch",\n')).toBe(true)
  })

  it('round-trips through load', () => {
    expect(roomFromText(serialiseRoom(fullRoom())).value).toEqual(fullRoom())
    expect(projectFromText(serialiseProject(fullProject())).value).toEqual(fullProject())
  })

  it('gives the same bytes for the same room, whatever its key order', () => {
    const room = fullRoom()
    const shuffled = Object.fromEntries(Object.entries(room).reverse()) as typeof room
    expect(serialiseRoom(shuffled)).toBe(serialiseRoom(room))
  })

  it('moves one line when one vertex moves', () => {
    const a = serialiseRoom(fullRoom()).split('\n')
    const room = fullRoom()
    room.polygons[0].outer[2] = [301, 191]
    const b = serialiseRoom(room).split('\n')
    expect(b).toHaveLength(a.length)
    expect(a.filter((line, i) => line !== b[i])).toEqual(['        [300, 190],'])
  })

  it('breaks long flat values and keeps empty ones short', () => {
    const long = Array.from({ length: 40 }, (_, i) => i * 1000)
    expect(stringifyPretty({ a: [], b: {}, c: long })).toBe(
      `{\n  "a": [],\n  "b": {},\n  "c": [\n${long.map((n) => `    ${n}`).join(',\n')}\n  ]\n}\n`,
    )
    expect(stringifyPretty({ s: 'quote " and \\ and é' })).toBe('{ "s": "quote \\" and \\\\ and é" }\n')
    expect(JSON.parse(stringifyPretty({ x: [1, { y: null, z: true }] }))).toEqual({
      x: [1, { y: null, z: true }],
    })
  })

  it("refuses a zone property named '__proto__' instead of dropping it", () => {
    const text = serialiseRoom(fullRoom()).replace('"cursor": "walk"', '"__proto__": "x", "cursor": "walk"')
    expect(() => roomFromText(text)).toThrow(
      "room.json: zones[0].properties.__proto__: expected a property name other than '__proto__'",
    )
  })

  it('refuses values JSON cannot hold', () => {
    expect(() => stringifyPretty({ x: NaN })).toThrow('expected a finite number')
  })
})
