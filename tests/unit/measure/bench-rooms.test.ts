/**
 * Every room of ../shared/bench/rooms (the five polygon rooms, escoria-room02 in both
 * states, and the MonoAGS masks) runs through every algorithm of the registry with no
 * invalid path: seeded pairs of walkable points plus the rooms' own named points. Data is
 * read in place.
 *
 * Units: room px.
 */
import { readdirSync, readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { measurePath } from '../../../src/shared/measure/metrics'
import { randomPairs } from '../../../src/shared/measure/random'
import { benchRoomWorld, parseBenchRoom } from '../../../src/shared/measure/readers/bench-room'
import { maskAreasFromImages, type AreaImage } from '../../../src/shared/measure/readers/mask-areas'
import { ALGORITHM_IDS, pathfinders } from '../../../src/shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../../../src/shared/nav/run'
import type { NavWorld } from '../../../src/shared/nav/types'
import { createNavWorld } from '../../../src/shared/nav/world'
import { benchPath } from '../../support/bench-data'

const PAIRS = 25

interface Case {
  name: string
  world: () => Promise<NavWorld> | NavWorld
  points: Record<string, { x: number; y: number }>
}

function cases(): Case[] {
  const dir = benchPath('rooms')
  const out: Case[] = []
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('monoags'))
    .sort()) {
    const room = parseBenchRoom(JSON.parse(readFileSync(benchPath('rooms', file), 'utf8')), file)
    out.push({ name: file, world: () => benchRoomWorld(room, {}, file), points: room.points })
    for (const state of room.states) {
      out.push({
        name: `${file} (${state.name})`,
        world: () => benchRoomWorld(room, { [state.name]: true }, file),
        points: room.points,
      })
    }
  }
  out.push({
    name: 'monoags-brokencurbstreet masks',
    points: {},
    world: async () => {
      const sidecar = JSON.parse(
        readFileSync(benchPath('rooms', 'monoags-brokencurbstreet.json'), 'utf8'),
      ) as {
        masks: { file: string }[]
      }
      const images: AreaImage[] = []
      for (const m of sidecar.masks) {
        const { data, info } = await sharp(benchPath('rooms', m.file))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
        images.push({ width: info.width, height: info.height, data: new Uint8Array(data) })
      }
      const { grid } = maskAreasFromImages(images, 'auto')
      return createNavWorld({
        width: grid.width,
        height: grid.height,
        authoritative: 'mask',
        mask: grid,
        revision: 'monoags',
      })
    },
  })
  return out
}

describe('every bench room through every algorithm', () => {
  it('runs every registered algorithm', () => {
    expect(pathfinders.map((p) => p.id)).toEqual(ALGORITHM_IDS)
  })

  for (const c of cases()) {
    it(`${c.name}: no invalid path, no error`, async () => {
      const world = await c.world()
      const pairs = randomPairs(world, PAIRS, 11)
      const named = Object.values(c.points)
      for (let i = 0; i + 1 < named.length; i++) {
        pairs.push([named[i].x, named[i].y, named[i + 1].x, named[i + 1].y])
      }
      expect(pairs.length).toBeGreaterThanOrEqual(PAIRS)
      const problems: string[] = []
      for (const id of ALGORITHM_IDS) {
        const prepared = prepareAlgorithm(world, id)
        for (const p of pairs) {
          const result = runQuery(prepared, { x: p[0], y: p[1] }, { x: p[2], y: p[3] })
          const m = measurePath(world, result, null, { clearance: false })
          if (!m.valid)
            problems.push(`${id} [${p.join(', ')}]: ${m.defects.map((d) => d.message).join('; ')}`)
        }
      }
      expect(problems).toEqual([])
    })
  }
})
