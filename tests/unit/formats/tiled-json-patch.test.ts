/**
 * An object of a .tmj rewritten value by value (src/shared/formats/tiled/json-patch.ts): what
 * did not change keeps its bytes and layout, a moved vertex changes its own lines, a
 * rectangle written as a polygon loses its size and gains its points in the object's layout,
 * a Tiled 1.9 "class" takes the new type, members Walkbox does not know stay.
 *
 * Units: px.
 */
import { describe, expect, it } from 'vitest'
import { parseJsonSpans } from '../../../src/shared/formats/json-spans'
import { patchValue } from '../../../src/shared/formats/tiled/json-patch'

const TEXT = `{
 "class":"collision",
 "height":16,
 "id":3,
 "name":"",
 "tintcolor":"#ff0000",
 "polygon":[
  {
   "x":0,
   "y":0
  },
  {
   "x":16,
   "y":0
  },
  {
   "x":16,
   "y":16
  }],
 "width":16,
 "x":32,
 "y":48
}`

const patch = (v: unknown) => patchValue(TEXT, parseJsonSpans(TEXT, 'o.tmj'), v)
const value = () => JSON.parse(TEXT) as Record<string, unknown>

describe('a .tmj object patched value by value', () => {
  it('keeps the very text when nothing changed', () => {
    expect(patch(value())).toBe(TEXT)
  })

  it("changes only a moved vertex's lines", () => {
    const v = value()
    ;(v.polygon as { x: number; y: number }[])[1] = { x: 18, y: 1 }
    const lines = (t: string) => t.split('\n')
    const changed = lines(patch(v)).filter((l, i) => l !== lines(TEXT)[i])
    expect(changed).toEqual(['   "x":18,', '   "y":1'])
  })

  it('a new type goes into "class"; members Walkbox does not know stay; managed ones it drops go', () => {
    const { class: _c, height: _h, width: _w, ...rest } = value()
    const out = JSON.parse(patch({ ...rest, type: 'wall', point: true })) as Record<string, unknown>
    expect(out).toEqual({ ...rest, class: 'wall', point: true })
    expect(Object.keys(out)).toEqual(['class', 'id', 'name', 'tintcolor', 'polygon', 'x', 'y', 'point'])
  })
})
