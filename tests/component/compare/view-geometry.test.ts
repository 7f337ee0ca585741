/**
 * Pure geometry of the comparison view: dashes cover about dash / (dash + gap) of a path and
 * never leave it; panes tile the canvas without overlapping and are found under a point;
 * snapping is noticed only beyond half a pixel.
 */
import { describe, expect, it } from 'vitest'
import { dashSegments, wasSnapped } from '../../../src/renderer/compare/path-geometry'
import { gridShape, paneAt, paneRects } from '../../../src/renderer/compare/pane-layout'

describe('dashSegments', () => {
  it('draws dash / (dash + gap) of an L-shaped path, on the path, across the corner', () => {
    const path = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 55 },
    ]
    const s = dashSegments(path, 10, 5)
    let drawn = 0
    for (let i = 0; i < s.length; i += 4) {
      drawn += Math.hypot(s[i + 2] - s[i], s[i + 3] - s[i + 1])
      for (const [x, y] of [
        [s[i], s[i + 1]],
        [s[i + 2], s[i + 3]],
      ]) {
        expect(y === 0 || Math.abs(x - 100) < 1e-9).toBe(true)
      }
    }
    // 155 px: ten full periods of 15 px (100 drawn) and 5 px of an eleventh dash.
    expect(drawn).toBeCloseTo(105, 6)
    // The dash that spans the corner is split into two segments.
    expect(s.some((v, i) => i % 4 === 2 && v === 100 && s[i + 1] === 0)).toBe(true)
  })

  it('draws nothing for a single point or a zero dash', () => {
    expect(dashSegments([{ x: 1, y: 1 }], 10, 5)).toEqual([])
    expect(
      dashSegments(
        [
          { x: 0, y: 0 },
          { x: 9, y: 0 },
        ],
        0,
        5,
      ),
    ).toEqual([])
  })
})

describe('pane layout', () => {
  it('puts nine panes of a wide canvas in a 3 x 3 grid, not overlapping, inside the canvas', () => {
    expect(gridShape(9, 1200, 700)).toEqual({ cols: 3, rows: 3 })
    const rects = paneRects(9, 1200, 700)
    for (const a of rects) {
      expect(a.x + a.width).toBeLessThanOrEqual(1200)
      expect(a.y + a.height).toBeLessThanOrEqual(700)
      for (const b of rects) {
        if (a === b) continue
        const overlap =
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
        expect(overlap).toBe(false)
      }
    }
  })

  it('finds the pane under a point and the point relative to it; gaps belong to none', () => {
    const rects = paneRects(4, 400, 300, 10)
    const hit = paneAt(rects, { sx: rects[3].x + 5, sy: rects[3].y + 7 })
    expect(hit).toEqual({ index: 3, local: { sx: 5, sy: 7 } })
    expect(paneAt(rects, { sx: rects[0].width + 2, sy: 5 })).toBeNull()
    expect(paneRects(1, 400, 300)).toEqual([{ x: 0, y: 0, width: 400, height: 300 }])
  })

  it('calls a moved end snapped beyond half a pixel', () => {
    expect(wasSnapped({ x: 0, y: 0 }, { x: 0.4, y: 0 })).toBe(false)
    expect(wasSnapped({ x: 0, y: 0 }, { x: 0.4, y: 0.4 })).toBe(true)
  })
})
