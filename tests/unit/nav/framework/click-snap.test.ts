/**
 * Where a click lands (nav/click-snap.ts): the grid's 4-connected components kept as runs,
 * and the one rule every caller applies before any algorithm runs: an end off the walkable
 * area moves to the closest pixel centre reachable from the other end. Checked on small
 * grids and polygon rooms, and on the sample courtyard (a start in the fountain's hole, goals
 * under the closed doorway gate), where the CLI's compare and the runtime must give the same
 * landing point and the same distance (Compare in Chromium: tests/e2e/click-lands.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { componentAt, gridComponents } from '../../../../src/shared/nav/grid/components'
import { snapNotes, snapQueryEnds } from '../../../../src/shared/nav/click-snap'
import { worldFromGrid, worldFromPolygons } from '../../../../src/shared/nav/world'
import { navWorldForRoom } from '../../../../src/shared/analysis/room-world'
import { compare } from '../../../../src/cli/commands'
import { ALGORITHM_IDS } from '../../../../src/shared/nav/registry'
import { loadRoom } from '../../../../src/runtime/index'
import { exportRuntimeRoom } from '../../../../src/shared/formats/runtime'
import { sample } from '../../analysis/rooms'

/** A grid from rows of '#' (walkable) and '.' (blocked). */
function grid(rows: string[]) {
  const width = rows[0].length
  const height = rows.length
  const cells = new Uint8Array(width * height)
  rows.forEach((row, r) => [...row].forEach((ch, c) => (cells[r * width + c] = ch === '#' ? 1 : 0)))
  return { width, height, cells }
}

describe('gridComponents', () => {
  it('joins side neighbours only: a diagonal touch is two components', () => {
    const g = grid(['##..', '##..', '..##', '..##'])
    const c = gridComponents(g)
    expect(c.count).toBe(2)
    expect(componentAt(c, 0, 0)).toBe(componentAt(c, 1, 1))
    expect(componentAt(c, 2, 2)).not.toBe(componentAt(c, 1, 1))
    expect(componentAt(c, 2, 0)).toBe(-1)
    expect(componentAt(c, -1, 0)).toBe(-1)
  })

  it('joins runs through rows below that bridge them (a U shape is one component)', () => {
    const g = grid(['#.#.#', '#.#.#', '#####'])
    const c = gridComponents(g)
    expect(c.count).toBe(1)
    expect(new Set([0, 2, 4].map((x) => componentAt(c, x, 0)))).toEqual(new Set([0]))
  })
})

describe('snapQueryEnds', () => {
  // Two rooms joined by nothing: left 0..9, right 14..19 (x), both 0..9 (y); a hole at 4..6.
  const two = worldFromGrid(
    20,
    10,
    grid(
      Array.from({ length: 10 }, (_, r) =>
        [...Array(20)]
          .map((_, c) => ((c >= 10 && c < 14) || (r >= 4 && r <= 6 && c >= 4 && c <= 6) ? '.' : '#'))
          .join(''),
      ).map((row) => row),
    ).cells,
  )

  it('leaves walkable ends alone, also when they cannot reach each other', () => {
    const ends = snapQueryEnds(two, { x: 1.5, y: 1.5 }, { x: 16.5, y: 1.5 })
    expect(ends).toEqual({
      start: { x: 1.5, y: 1.5 },
      goal: { x: 16.5, y: 1.5 },
      startSnap: null,
      goalSnap: null,
    })
  })

  it('moves a start in a hole to the closest pixel centre reachable from the goal', () => {
    const ends = snapQueryEnds(two, { x: 5.5, y: 5.2 }, { x: 1.5, y: 1.5 })
    expect(ends.start.x === 3.5 || ends.start.x === 7.5 || ends.start.y === 3.5 || ends.start.y === 7.5).toBe(
      true,
    )
    expect(ends.startSnap?.px).toBe(2)
    expect(ends.goalSnap).toBeNull()
    expect(snapNotes(ends)).toEqual(['start not walkable, snapped, 2 px'])
  })

  it('moves a goal in the gap to the side the start can reach, not the closer other side', () => {
    // x 13.2 is 0.8 px from the right room and 3.7 px from the left one.
    const fromLeft = snapQueryEnds(two, { x: 1.5, y: 2.5 }, { x: 13.2, y: 2.5 })
    expect(fromLeft.goal).toEqual({ x: 9.5, y: 2.5 })
    expect(fromLeft.goalSnap?.px).toBe(4)
    const fromRight = snapQueryEnds(two, { x: 18.5, y: 2.5 }, { x: 13.2, y: 2.5 })
    expect(fromRight.goal).toEqual({ x: 14.5, y: 2.5 })
    expect(fromRight.goalSnap?.px).toBe(1)
  })

  it('moves both ends when neither is walkable: the start to the closest pixel, the goal to its side', () => {
    const ends = snapQueryEnds(two, { x: 14.8, y: -3 }, { x: 11, y: 5.5 })
    expect(ends.start).toEqual({ x: 14.5, y: 0.5 })
    expect(ends.goal).toEqual({ x: 14.5, y: 5.5 })
    expect(ends.startSnap?.px).toBe(4)
    expect(ends.goalSnap?.px).toBe(4)
  })

  it('lands inside the polygons of a polygon room, at a pixel centre', () => {
    const square = [
      { x: 10, y: 10 },
      { x: 90, y: 10 },
      { x: 90, y: 90 },
      { x: 10, y: 90 },
    ]
    const world = worldFromPolygons(100, 100, [{ outer: square, holes: [] }])
    const ends = snapQueryEnds(world, { x: 50, y: 50 }, { x: 50.2, y: 97.2 })
    expect(ends.goal).toEqual({ x: 50.5, y: 89.5 })
    expect(world.isWalkable(ends.goal)).toBe(true)
    expect(ends.goalSnap?.px).toBe(8)
  })
})

describe('the sample courtyard: one landing point and one distance everywhere', () => {
  async function courtyard(gateOpen: boolean) {
    const { project, room, mask } = await sample()
    const flags = { gateOpen }
    return { project, room, mask, flags, world: navWorldForRoom(room, mask, flags) }
  }

  it('lands a start in the fountain hole at one point for every algorithm; the runtime says the same distance', async () => {
    const c = await courtyard(true)
    const from = { x: 520, y: 760 }
    const to = { x: 1700, y: 760 }
    expect(c.world.isWalkable(from)).toBe(false)
    const report = compare(
      'courtyard',
      c.world,
      from,
      to,
      ALGORITHM_IDS.map((id) => ({ id, options: {}, label: id })),
    )
    const landed = report.snapped.start!
    expect(landed.px).toBeGreaterThan(0)
    expect(c.world.isWalkable({ x: landed.at[0], y: landed.at[1] })).toBe(true)
    for (const row of report.results) {
      expect(row.snapped.start, row.algorithm).toEqual(landed)
      expect(row.reached, row.algorithm).toBe(true)
      expect(row.reason, row.algorithm).toContain(`start not walkable, snapped, ${landed.px} px`)
      // Every path begins where the start landed, but node-graph's, which walks on its joins only.
      if (row.algorithm === 'node-graph') continue
      expect(
        Math.hypot(row.points[0][0] - landed.at[0], row.points[0][1] - landed.at[1]),
        row.algorithm,
      ).toBeLessThanOrEqual(1)
    }
    // The runtime too.
    const file = exportRuntimeRoom(c.room, c.mask, null, c.project.flags).text
    const runtime = loadRoom(JSON.parse(file), { flags: c.flags })
    const path = runtime.findPath(from, to)
    expect(path.snapped?.start).toEqual({ at: { x: landed.at[0], y: landed.at[1] }, px: landed.px })
    expect(path.points[0]).toEqual({ x: landed.at[0], y: landed.at[1] })
  })

  it('gives goals at 1029,776 and 1030,776 under the closed gate the same verdict from every algorithm', async () => {
    const c = await courtyard(false)
    const from = { x: 300, y: 940 }
    const verdicts = new Set<string>()
    for (const to of [
      { x: 1029, y: 776 },
      { x: 1030, y: 776 },
    ]) {
      const report = compare(
        'courtyard',
        c.world,
        from,
        to,
        ALGORITHM_IDS.map((id) => ({ id, options: {}, label: id })),
      )
      const goal = report.snapped.goal!
      // West of the gate (x < 1020), the side the start can reach.
      expect(goal.at[0]).toBeLessThan(1020)
      for (const row of report.results)
        verdicts.add(`${row.reached}:${row.snapped.goal?.px === undefined ? '' : 'snapped'}`)
      const runtime = loadRoom(JSON.parse(exportRuntimeRoom(c.room, c.mask, null, c.project.flags).text), {
        flags: c.flags,
      })
      expect(runtime.findPath(from, to).snapped?.goal?.px).toBe(goal.px)
    }
    expect([...verdicts]).toEqual(['true:snapped'])
  })
})
