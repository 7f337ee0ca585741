/**
 * What the author is told about hostile geometry: lint names what the walkable region
 * leaves out and where; a room where nothing is walkable is refused by the CLI in one line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lintRoom } from '../../../src/shared/analysis/lint'
import { emptyRoom } from '../../../src/shared/room/schema'
import { walkbox } from '../cli/run-walkbox'

function room() {
  const r = emptyRoom({ id: 'hostile', width: 100, height: 50 })
  r.polygons = [
    {
      id: 'floor',
      areaId: 1,
      outer: [
        [2, 2],
        [98, 2],
        [98, 48],
        [2, 48],
      ],
      holes: [
        [
          [70, 20],
          [110, 20],
          [110, 30],
          [70, 30],
        ],
        [
          [120, 5],
          [130, 5],
          [130, 10],
        ],
      ],
    },
    {
      id: 'sliver',
      areaId: 1,
      outer: [
        [10, 10],
        [50, 10],
        [90, 10],
      ],
      holes: [],
    },
  ]
  r.testWalk.start = { x: 10, y: 40 }
  return r
}

describe('lint on hostile geometry', () => {
  it('names a hole reaching its outline (where), a hole outside it, and a zero-area outline', () => {
    const entries = lintRoom(room(), null, null, {}, { footWidthPx: 0 })
    const found = entries.map((e) => [e.kind, e.message])
    expect(found).toContainEqual([
      'hole-outside',
      "Hole 1 of walk polygon 'floor' reaches its outline at (98, 20); only the part inside the outline is cut out",
    ])
    expect(found).toContainEqual([
      'hole-outside',
      "Hole 2 of walk polygon 'floor' lies outside its outline; it cuts nothing out",
    ])
    expect(found).toContainEqual([
      'zero-area',
      "Walk polygon 'sliver' encloses no area; nobody can walk on it",
    ])
    const reach = entries.find((e) => e.id === 'hole-outside:floor:0')!
    expect(reach.at.x).toBeCloseTo(98, 6)
    expect(reach.at.y).toBeGreaterThanOrEqual(20)
    expect(reach.at.y).toBeLessThanOrEqual(30)
  })
})

describe('the CLI and a room where nothing is walkable', () => {
  it('refuses a zero-area room in one line, exit 2, before any query', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-zero-'))
    const file = join(dir, 'flat.json')
    writeFileSync(
      file,
      JSON.stringify({
        width: 200,
        height: 100,
        walkable: [
          [10, 10],
          [100, 10],
          [190, 10],
        ],
        holes: [],
      }),
    )
    const run = await walkbox('batch', file, '--pairs', '10')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim()).toBe(
      'walkbox: flat.json: nothing is walkable: the walk polygons enclose no area',
    )
  })
})
