/**
 * Hotspots in a room: which one is under a point (topmost = last, painted by mask id,
 * switched by flags), how many pixels each has, where a click on one sends the character,
 * and what lint says about them (a walk-to point off the floor, behind a closed gate, in a
 * hole or on an island; a hotspot with no pixels).
 */
import { describe, expect, it } from 'vitest'
import {
  hotspotAt,
  hotspotCells,
  hotspotPixelCount,
  hotspotWalkTarget,
} from '../../../src/shared/analysis/hotspots'
import { lintRoom } from '../../../src/shared/analysis/lint'
import { navWorldForRoom } from '../../../src/shared/analysis/room-world'
import { parseRoom, type Hotspot, type Room } from '../../../src/shared/room/schema'
import { projectWith, rect, roomOfRects } from './rooms'

/** 200 x 100: a floor over the lower half with a hole at x 90..110, y 60..80. */
function room(): Room {
  const r = roomOfRects(200, 100, [{ outer: rect(0, 50, 200, 100), holes: [rect(90, 60, 110, 80)] }])
  r.testWalk = { ...r.testWalk, start: { x: 10, y: 90 } }
  return r
}

const poly = (id: string, ring: [number, number][], extra: Partial<Hotspot> = {}): Hotspot => ({
  id,
  name: id,
  shape: { kind: 'polygon', outer: ring },
  properties: {},
  ...extra,
})

/** Rows of a 200 px wide mask: `id` over x 20..39 on rows 10..19, else empty. */
function paintedRows(id: number): string[] {
  return Array.from({ length: 100 }, (_, y) => (y >= 10 && y < 20 ? `20 20:${id} 160` : '200'))
}

describe('hotspotAt', () => {
  it('answers the last hotspot in the list that holds the point, painted by its mask id', () => {
    const r = room()
    r.hotspots = [
      poly('sky', rect(0, 0, 200, 50)),
      { id: 'sign', name: 'Sign', shape: { kind: 'mask', maskId: 7 }, properties: {} },
      poly('sun', rect(150, 5, 170, 25)),
    ]
    r.hotspotMask = { rows: paintedRows(7) }
    expect(parseRoom(r, 'room.json').hotspots).toHaveLength(3)
    expect(hotspotAt(r, { x: 25, y: 15 }, {})?.id).toBe('sign')
    expect(hotspotAt(r, { x: 155, y: 10 }, {})?.id).toBe('sun')
    expect(hotspotAt(r, { x: 100, y: 40 }, {})?.id).toBe('sky')
    expect(hotspotAt(r, { x: 100, y: 90 }, {})).toBeNull()
    // Pixel (39, 19) is the sign's last; (40, 19) is not, nor is (25, 20).
    expect(hotspotAt(r, { x: 39.9, y: 19.9 }, {})?.id).toBe('sign')
    expect(hotspotAt(r, { x: 40, y: 15 }, {})?.id).toBe('sky')
    // Reorder: the sky last is on top of the sign.
    r.hotspots = [r.hotspots[1], r.hotspots[2], r.hotspots[0]]
    expect(hotspotAt(r, { x: 25, y: 15 }, {})?.id).toBe('sky')
  })

  it('skips hotspots whose enabledBy does not hold, unless asked for all (null flags)', () => {
    const r = room()
    r.hotspots = [poly('door', rect(0, 0, 50, 50), { enabledBy: 'doorOpen' })]
    expect(hotspotAt(r, { x: 10, y: 10 }, { doorOpen: false })).toBeNull()
    expect(hotspotAt(r, { x: 10, y: 10 }, { doorOpen: true })?.id).toBe('door')
    expect(hotspotAt(r, { x: 10, y: 10 }, null)?.id).toBe('door')
  })
})

describe('hotspot pixels', () => {
  it('counts mask pixels and polygon pixel centres inside the room', () => {
    const r = room()
    r.hotspots = [
      { id: 'sign', name: 'Sign', shape: { kind: 'mask', maskId: 3 }, properties: {} },
      poly('half-out', rect(190, 0, 230, 10)),
      poly('gone', rect(300, 0, 320, 10)),
    ]
    r.hotspotMask = { rows: paintedRows(3) }
    const cells = hotspotCells(r)
    expect(hotspotPixelCount(r, r.hotspots[0], cells)).toBe(200)
    expect(hotspotPixelCount(r, r.hotspots[1], cells)).toBe(100)
    expect(hotspotPixelCount(r, r.hotspots[2], cells)).toBe(0)
  })
})

describe('hotspotWalkTarget', () => {
  it('goes to the walk-to point when there is one', () => {
    const r = room()
    const h = poly('tree', rect(150, 0, 180, 40), { walkTo: { x: 165, y: 70 } })
    const grid = navWorldForRoom(r, null, {}).grid()
    expect(hotspotWalkTarget(r, h, grid, { x: 10, y: 90 })).toEqual({ x: 165, y: 70 })
  })

  it('else to the first pixel of its shape a walk from the character reaches', () => {
    const r = room()
    // A rug on the floor from x 120 to 140: reached first at its left edge.
    const rug = poly('rug', rect(120, 55, 140, 95))
    const grid = navWorldForRoom(r, null, {}).grid()
    const to = hotspotWalkTarget(r, rug, grid, { x: 10, y: 90 })!
    expect(to.x).toBe(120.5)
    expect(to.y).toBeGreaterThan(55)
    expect(to.y).toBeLessThan(95)
    // A shelf above the floor: nothing of it is walkable, no target.
    expect(hotspotWalkTarget(r, poly('shelf', rect(10, 0, 40, 40)), grid, { x: 10, y: 90 })).toBeNull()
  })
})

describe('lint of hotspots', () => {
  const project = projectWith([{ id: 'gateShut', default: true }])

  function linted(r: Room, flags = {}) {
    return lintRoom(r, project, null, flags, { footWidthPx: 0 }).filter((e) => e.kind.startsWith('hotspot'))
  }

  it('names a walk-to point off the floor, in a hole, behind a closed gate and on an island', () => {
    const r = room()
    r.polygons.push({ id: 'island', areaId: 1, outer: rect(0, 0, 30, 30), holes: [] })
    r.gates = [
      {
        id: 'g',
        name: 'Fence',
        kind: 'block-polygon',
        polygon: rect(150, 50, 200, 100),
        flagExpression: 'gateShut',
      },
    ]
    r.hotspots = [
      poly('cloud', rect(100, 10, 120, 30), { walkTo: { x: 100, y: 40 } }),
      poly('well', rect(95, 65, 105, 75), { walkTo: { x: 100, y: 70 } }),
      poly('cart', rect(160, 60, 190, 90), { walkTo: { x: 175, y: 75 } }),
      poly('nest', rect(5, 5, 25, 25), { walkTo: { x: 15, y: 15 } }),
      poly('bench', rect(40, 60, 60, 70), { walkTo: { x: 50, y: 80 } }),
    ]
    const entries = linted(r)
    expect(entries.map((e) => e.id)).toEqual([
      'hotspot-walk-to-unreachable:cloud',
      'hotspot-walk-to-unreachable:well',
      'hotspot-walk-to-unreachable:cart',
      'hotspot-walk-to-unreachable:nest',
    ])
    expect(entries[0].message).toBe(
      "The walk-to point (100, 40) of hotspot 'cloud' is outside the walkable area; nobody can reach it",
    )
    expect(entries[1].message).toContain('is in a hole of the walkable area')
    expect(entries[2].message).toContain("is behind a closed gate ('Fence')")
    expect(entries[3].message).toContain('on a walkable patch that the start point (10, 90) does not join')
    expect(entries[2].at).toEqual({ x: 175, y: 75 })
    // The gate open: the cart's walk-to point is reachable.
    expect(linted(r, { gateShut: false }).map((e) => e.id)).not.toContain('hotspot-walk-to-unreachable:cart')
  })

  it('names a hotspot with no pixels and leaves out one switched off in this state', () => {
    const r = room()
    r.hotspots = [
      { id: 'sign', name: 'Sign', shape: { kind: 'mask', maskId: 4 }, properties: {} },
      { id: 'poster', name: 'Poster', shape: { kind: 'mask', maskId: 5 }, properties: {} },
      poly('outside', rect(300, 10, 320, 20), { enabledBy: 'gateShut' }),
    ]
    r.hotspotMask = { rows: paintedRows(4) }
    expect(linted(r).map((e) => e.message)).toEqual([
      "Hotspot 'Poster' has no pixels (mask id 5); nobody can click it",
      "Hotspot 'outside' has no pixels inside the room; nobody can click it",
    ])
    expect(linted(r, { gateShut: false }).map((e) => e.id)).toEqual(['hotspot-no-pixels:poster'])
  })
})
