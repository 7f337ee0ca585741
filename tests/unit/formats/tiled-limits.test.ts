/**
 * Tiled maps over Walkbox's limits are refused before the work that grows with them, and
 * the refusal lists the first problems one per line, in text and in --json, leaving no
 * project behind; many objects of one name get their ids in linear time.
 *
 * Units: px, counts.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TiledMapRefused } from '../../../src/shared/formats/tiled/external-files'
import { tiledMapToRoom } from '../../../src/shared/formats/tiled/read-map'
import { tmxToTiledMap } from '../../../src/shared/formats/tiled/tmx'
import { MAX_POINTS, MAX_ZONES } from '../../../src/shared/limits'
import { walkbox } from '../cli/run-walkbox'

function tmx(objects: string[], size = 'width="40" height="25"'): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" ${size} tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">`,
    ' <objectgroup id="1" name="things">',
    ...objects,
    ' </objectgroup>',
    '</map>',
    '',
  ].join('\n')
}

const many = (n: number, type: string, first = 1) =>
  Array.from(
    { length: n },
    (_, i) =>
      `  <object id="${first + i}" name="same" type="${type}" x="${i % 600}" y="${i % 380}" width="4" height="4"${type === 'point' ? '><point/></object>' : '/>'}`,
  )

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-tiled-limits-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('Tiled maps over the limits', () => {
  it('refuses with every problem, one line each, before any id is given', () => {
    const text = tmx([...many(MAX_ZONES + 1, 'zone'), ...many(MAX_POINTS + 5, 'point', 5000)])
    let refused: TiledMapRefused | undefined
    try {
      tiledMapToRoom(tmxToTiledMap(text, 'big.tmx'), 'big.tmx')
    } catch (e) {
      refused = e as TiledMapRefused
    }
    expect(refused).toBeInstanceOf(TiledMapRefused)
    expect(refused!.problems).toEqual([
      `${MAX_ZONES + 1} zone objects; a room holds at most ${MAX_ZONES}`,
      `${MAX_POINTS + 5} point objects; a room holds at most ${MAX_POINTS}`,
    ])
    expect(refused!.message.split('\n')).toEqual([
      'big.tmx: refused: 2 problems',
      `  ${MAX_ZONES + 1} zone objects; a room holds at most ${MAX_ZONES}`,
      `  ${MAX_POINTS + 5} point objects; a room holds at most ${MAX_POINTS}`,
    ])
  })

  it('reads a polygon of 9,000 vertices (a start tag over 100 kB)', () => {
    const points = Array.from({ length: 9000 }, (_, i) => {
      const t = (i / 9000) * 2 * Math.PI
      return `${(300 + 250.125 * Math.cos(t)).toFixed(4)},${(300 + 250.125 * Math.sin(t)).toFixed(4)}`
    }).join(' ')
    const text = tmx([
      `  <object id="1" name="big" type="walkable" x="0" y="0"><polygon points="${points}"/></object>`,
    ])
    expect(points.length).toBeGreaterThan(100_000)
    const { room } = tiledMapToRoom(tmxToTiledMap(text, 'big.tmx'), 'big.tmx')
    expect(room.polygons[0].outer).toHaveLength(9000)
  })

  it('gives 1000 zones of one name distinct ids in order', () => {
    const { room } = tiledMapToRoom(tmxToTiledMap(tmx(many(MAX_ZONES, 'zone')), 'ok.tmx'), 'ok.tmx')
    expect(room.zones.slice(0, 3).map((z) => z.id)).toEqual(['same', 'same-2', 'same-3'])
    expect(new Set(room.zones.map((z) => z.id)).size).toBe(MAX_ZONES)
  })

  it('walkbox import lists the problems of a 10^9-tile map in text and --json, and makes no project', async () => {
    await writeFile(
      join(dir, 'huge.tmx'),
      tmx([], 'width="31623" height="31623"').replace(
        ' <objectgroup',
        ' <layer id="5" name="floor" width="31623" height="31623"><data encoding="csv">0</data></layer>\n <objectgroup',
      ),
    )
    const out = join(dir, 'huge-project')
    const text = await walkbox('import', join(dir, 'huge.tmx'), '--out', out)
    expect(text.code).toBe(2)
    expect(text.stderr.trim().split('\n')).toEqual([
      'walkbox: huge.tmx: refused: 2 problems',
      '  1000014129 tiles in its tile layers; Walkbox reads at most 16777216',
      '  the map is 505968x505968 px (31623x31623 tiles of 16x16); a room side is at most 16384 px',
    ])
    const json = await walkbox('import', join(dir, 'huge.tmx'), '--out', out, '--json')
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toEqual({
      error: 'huge.tmx: refused: 2 problems',
      problems: [
        '1000014129 tiles in its tile layers; Walkbox reads at most 16777216',
        'the map is 505968x505968 px (31623x31623 tiles of 16x16); a room side is at most 16384 px',
      ],
      problemCount: 2,
    })
    expect(existsSync(out)).toBe(false)
  }, 60_000)

  it('walkbox import lists the schema problems of a room too, one line each, and makes no project', async () => {
    await writeFile(
      join(dir, 'far.tmx'),
      tmx([
        '  <object id="1" name="a" type="walkable" x="5000000" y="10" width="20" height="20"/>',
        '  <object id="2" name="b" type="zone" x="10" y="-3000000" width="20" height="20"/>',
      ]),
    )
    const out = join(dir, 'far-project')
    const r = await walkbox('import', join(dir, 'far.tmx'), '--out', out, '--json')
    expect(r.code).toBe(2)
    const report = JSON.parse(r.stdout) as { error: string; problems: string[]; problemCount: number }
    expect(report.error).toBe(
      "room 'far': polygons[0].outer[0][0]: expected a number from -1000000 to 1000000 (and 7 more problems)",
    )
    expect(report.problemCount).toBe(8)
    expect(report.problems[0]).toBe('polygons[0].outer[0][0]: expected a number from -1000000 to 1000000')
    expect(report.problems[4]).toBe('zones[0].shape.outer[0][1]: expected a number from -1000000 to 1000000')
    expect(r.stderr.split('\n')[1]).toBe(
      '  polygons[0].outer[0][0]: expected a number from -1000000 to 1000000',
    )
    expect(existsSync(out)).toBe(false)
  }, 60_000)
})
