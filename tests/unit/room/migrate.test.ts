import { describe, expect, it } from 'vitest'
import { migrate, MigrationError, MIGRATIONS } from '../../../src/shared/room/migrate'
import type { MigrationStep } from '../../../src/shared/room/migrate'
import { projectFromJson, roomFromJson } from '../../../src/shared/room/load'
import { fullProject, fullRoom } from './fixtures'

/** A room as the pre-release draft (version 0) wrote it. */
function draftRoom() {
  return {
    formatVersion: 0,
    id: 'porch',
    name: 'Porch',
    width: 320,
    height: 200,
    background: 'background.png',
    walkMask: 'walkmask.png',
    areas: [{ id: 1, name: 'Floor', colour: '#3CB371' }],
    walkPolygons: [
      {
        id: 1,
        area: 1,
        // Drawn anticlockwise in the draft; normalising turns it round.
        points: [
          { x: 10, y: 190 },
          { x: 300, y: 190 },
          { x: 300, y: 100 },
          { x: 10, y: 100 },
        ],
        holes: [],
      },
    ],
    nodes: [
      { id: 2, x: 5, y: 6 },
      { id: 1, x: 1, y: 2 },
    ],
    joins: [{ a: 2, b: 1 }],
    scaleStops: [
      { y: 190, scale: 100 },
      { y: 100, scale: 50 },
    ],
    zones: [
      {
        id: 'mat',
        name: 'Mat',
        polygon: [
          { x: 1, y: 1 },
          { x: 9, y: 1 },
          { x: 9, y: 9 },
        ],
        onEnter: 'hi',
      },
    ],
  }
}

describe('migrations', () => {
  it('runs the version 0 draft up to version 1, then validates and normalises', () => {
    const loaded = roomFromJson(draftRoom(), 'rooms/porch/room.json')
    expect(loaded.fromVersion).toBe(0)
    expect(loaded.migrations).toHaveLength(1)
    expect(loaded.migrations[0]).toMatch(/^0 -> 1: /)
    const room = loaded.value
    expect(room.formatVersion).toBe(1)
    expect(room.size).toEqual({ width: 320, height: 200 })
    expect(room.mask).toBe('walkmask.png')
    expect(room.authoritative).toBe('mask')
    expect(room.areas[0].colour).toBe('#3cb371')
    expect(room.polygons[0]).toEqual({
      id: '1',
      areaId: 1,
      outer: [
        [10, 100],
        [300, 100],
        [300, 190],
        [10, 190],
      ],
      holes: [],
    })
    expect(room.nodeGraph.nodes.map((n) => n.id)).toEqual(['1', '2'])
    expect(room.nodeGraph.joins).toEqual([{ a: '1', b: '2', oneWay: false, cost: 1 }])
    expect(room.scaling).toEqual({
      mode: 'linear',
      linear: [
        {
          areaId: 0,
          stops: [
            { y: 100, scale: 50 },
            { y: 190, scale: 100 },
          ],
        },
      ],
    })
    expect(room.zones[0].events).toEqual({ enter: 'hi', exit: '', stand: '' })
    expect(room.gates).toEqual([])
  })

  it('migrates a version 0 project', () => {
    const loaded = projectFromJson({
      formatVersion: 0,
      name: 'Old',
      rooms: [{ id: 'a', name: 'A', folder: 'a' }],
    })
    expect(loaded.value).toEqual({
      formatVersion: 1,
      appVersion: '0.0.0',
      name: 'Old',
      rooms: [{ id: 'a', name: 'A', folder: 'a' }],
      flags: [],
      characters: [],
    })
  })

  it('leaves current files alone', () => {
    expect(roomFromJson(fullRoom()).value).toEqual(fullRoom())
    expect(projectFromJson(fullProject()).migrations).toEqual([])
  })

  it('refuses newer versions, missing and odd versions', () => {
    expect(() => migrate('project', { ...fullProject(), formatVersion: 3 }, 'project.walkbox.json')).toThrow(
      'project.walkbox.json: formatVersion 3 is newer than this Walkbox reads (1)',
    )
    expect(() => migrate('room', { id: 'x' }, 'room.json')).toThrow(
      'room.json: expected a formatVersion field (a whole number)',
    )
    expect(() => migrate('room', { formatVersion: '1' }, 'room.json')).toThrow(
      'expected formatVersion to be a whole number, found "1"',
    )
    expect(() => migrate('room', [], 'room.json')).toThrow('expected a JSON object at the top level')
    expect(() => migrate('room', { formatVersion: -1 }, 'room.json')).toThrow(
      'formatVersion -1 is older than this Walkbox reads (0..1)',
    )
    expect(() => migrate('room', { formatVersion: 3 }, 'room.json')).toThrow(MigrationError)
  })

  it('runs a longer chain step by step, in order, without touching the input', () => {
    const log: string[] = []
    const step = (from: number): MigrationStep => ({
      from,
      to: from + 1,
      summary: `step ${from}`,
      project: (d) => {
        log.push(`p${from}`)
        return { ...d, formatVersion: from + 1, [`s${from}`]: true }
      },
      room: (d) => ({ ...d, formatVersion: from + 1 }),
    })
    const chain = [step(12), step(10), step(11)]
    const input = { formatVersion: 10 }
    const result = migrate('project', input, 'p.json', chain, 13)
    expect(log).toEqual(['p10', 'p11', 'p12'])
    expect(result.data).toEqual({ formatVersion: 13, s10: true, s11: true, s12: true })
    expect(result.applied).toEqual(['10 -> 11: step 10', '11 -> 12: step 11', '12 -> 13: step 12'])
    expect(input).toEqual({ formatVersion: 10 })
  })

  it('reports a gap, a step that forgets the version, and a step that throws', () => {
    const ok = (from: number): MigrationStep => ({
      from,
      to: from + 1,
      summary: '',
      project: (d) => ({ ...d, formatVersion: from + 1 }),
      room: (d) => ({ ...d, formatVersion: from + 1 }),
    })
    expect(() => migrate('room', { formatVersion: 0 }, 'r.json', [ok(0), ok(2)], 3)).toThrow(
      'r.json: no migration from formatVersion 1',
    )
    const forgetful = { ...ok(0), room: (d: Record<string, unknown>) => d }
    expect(() => migrate('room', { formatVersion: 0 }, 'r.json', [forgetful], 1)).toThrow(
      'migration from 0 did not produce formatVersion 1',
    )
    const broken = {
      ...ok(0),
      room: () => {
        throw new Error('boom')
      },
    }
    expect(() => migrate('room', { formatVersion: 0 }, 'r.json', [broken], 1)).toThrow(
      'r.json: migrating from formatVersion 0 to 1 failed: boom',
    )
  })

  it('has a chain that ends at the current version with no gaps', () => {
    const froms = MIGRATIONS.map((s) => s.from)
    MIGRATIONS.forEach((s, i) => {
      expect(s.to).toBe(s.from + 1)
      if (i > 0) expect(s.from).toBe(froms[i - 1] + 1)
    })
    expect(MIGRATIONS[MIGRATIONS.length - 1].to).toBe(1)
  })
})
