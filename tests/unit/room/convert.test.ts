import { describe, expect, it } from 'vitest'
import { areaToWalkPolygon, walkPolygonToArea } from '../../../src/shared/room/convert'
import { fullRoom } from './fixtures'

describe('coordinate conversions', () => {
  it('turns a walk polygon into geometry and back', () => {
    const polygon = fullRoom().polygons[0]
    const area = walkPolygonToArea(polygon)
    expect(area.outer[1]).toEqual({ x: 300, y: 100 })
    expect(area.holes[0]).toHaveLength(4)
    expect(areaToWalkPolygon(area, polygon.id, polygon.areaId)).toEqual(polygon)
  })
})
