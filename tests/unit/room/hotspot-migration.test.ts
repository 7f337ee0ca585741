/**
 * The format's migration turns nothing existing into a hotspot by guess: rooms written before
 * the hotspot layer (the version 0 draft, and version 1 rooms from before it with trigger
 * zones, AGS regions, walk-to room points and walk-behinds) load with no hotspots, and
 * everything they had stays where it was.
 */
import { describe, expect, it } from 'vitest'
import { roomFromJson } from '../../../src/shared/room/load'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import type { Room } from '../../../src/shared/room/schema'
import { sample } from '../analysis/rooms'
import { fullRoom } from './fixtures'

/** The fixture room as a Walkbox without the hotspot layer wrote it, with what looks like hotspots. */
function roomBeforeHotspots(): Room {
  const room = fullRoom()
  delete room.hotspots
  delete room.hotspotMask
  room.points = [
    { id: 'hexit-walk-to', name: 'the Holodeck (walk-to)', x: 160, y: 150 },
    { id: 'calendar', name: 'calendar', x: 100, y: 160 },
  ]
  room.zones[0] = { ...room.zones[0], name: 'Calendar', properties: { agsRegion: '1', agsHotspot: '2' } }
  return room
}

describe('no hotspot by guess', () => {
  it('a version 1 room from before the hotspot layer loads with no hotspots and all it had', () => {
    const before = roomBeforeHotspots()
    const loaded = roomFromJson(JSON.parse(JSON.stringify(before)), 'rooms/porch/room.json')
    expect(loaded.migrations).toEqual([])
    expect(loaded.value.hotspots).toBeUndefined()
    expect(loaded.value.hotspotMask).toBeUndefined()
    expect(loaded.value).toEqual(normaliseRoom(before))
  })

  it('the version 0 draft migrates to a room with zones and no hotspots', () => {
    const draft = {
      formatVersion: 0,
      id: 'office',
      name: 'Office',
      width: 100,
      height: 80,
      areas: [{ id: 1, name: 'Floor', colour: '#3cb371' }],
      walkPolygons: [
        {
          id: 1,
          area: 1,
          points: [
            { x: 0, y: 40 },
            { x: 100, y: 40 },
            { x: 100, y: 80 },
          ],
          holes: [],
        },
      ],
      zones: [
        {
          id: 'calendar',
          name: 'Look at calendar',
          polygon: [
            { x: 10, y: 10 },
            { x: 20, y: 10 },
            { x: 20, y: 20 },
          ],
          onStand: 'lookCalendar',
        },
      ],
    }
    const loaded = roomFromJson(draft, 'rooms/office/room.json')
    expect(loaded.fromVersion).toBe(0)
    expect(loaded.value.hotspots).toBeUndefined()
    expect(loaded.value.zones.map((z) => [z.id, z.events.stand])).toEqual([['calendar', 'lookCalendar']])
  })

  it('the sample courtyard has no hotspots', async () => {
    const { room } = await sample()
    expect(room.hotspots).toBeUndefined()
  })
})
