/**
 * The room + flags -> nav world bridge, on the sample project: gates close and open
 * the doorway, areas switch off, and algorithms see the change.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { flagValues, holds, navWorldForRoom, roomNavState } from '../../../src/shared/analysis/room-world'
import { projectFromText, roomFromText } from '../../../src/shared/room/load'
import { repoRoot } from '../../support/bench-data'
import { prepareAlgorithm, runQuery } from '../../../src/shared/nav/run'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')

async function sample() {
  const project = projectFromText(await readFile(`${SAMPLE}/project.walkbox.json`, 'utf8')).value
  const room = roomFromText(await readFile(`${SAMPLE}/rooms/courtyard/room.json`, 'utf8')).value
  return { project, room }
}

const west = { x: 300, y: 940 }
const east = { x: 1700, y: 760 }

describe('navWorldForRoom', () => {
  it('reads flag defaults and overrides, and expressions with unknown flags as false', async () => {
    const { project } = await sample()
    expect(flagValues(project)).toEqual({ gateOpen: true })
    expect(flagValues(project, { gateOpen: false })).toEqual({ gateOpen: false })
    expect(holds(undefined, {})).toBe(true)
    expect(holds('!gateOpen', { gateOpen: false })).toBe(true)
    expect(holds('ghost', {})).toBe(false)
  })

  it('closes the doorway while the gate flag says so, for every algorithm', async () => {
    const { project, room } = await sample()
    const open = navWorldForRoom(room, null, flagValues(project))
    const closed = navWorldForRoom(room, null, flagValues(project, { gateOpen: false }))
    expect(roomNavState(room, flagValues(project, { gateOpen: false })).blockers).toHaveLength(1)
    expect(open.key).not.toBe(closed.key)
    for (const id of ALGORITHM_IDS) {
      const through = runQuery(prepareAlgorithm(open, id), west, east)
      expect(through.reached, id).toBe(true)
      const blocked = runQuery(prepareAlgorithm(closed, id), west, east)
      expect(blocked.reached, id).toBe(false)
      // It stops on the west side of the closed gate, as close to the goal as it can get.
      expect(blocked.points.at(-1)!.x, id).toBeLessThan(1021)
    }
    // The authored join through the doorway is cut while the gate is closed; the others stay.
    expect(closed.authoredGraph()!.joins).toHaveLength(room.nodeGraph.joins.length - 1)
    expect(closed.authoredGraph()!.joins.some((j) => j.a === 'door-west' && j.b === 'door-east')).toBe(false)
  })

  it('drops the polygons and mask pixels of an area that is switched off', async () => {
    const { project, room } = await sample()
    const withFlag = {
      ...room,
      areas: room.areas.map((a) => (a.id === 1 ? { ...a, enabledBy: 'gateOpen' } : a)),
    }
    const mask = new Uint8Array(room.size.width * room.size.height)
    mask.fill(1, 0, mask.length / 2)
    mask.fill(2, mask.length / 2)
    const maskRoom = { ...withFlag, authoritative: 'mask' as const, mask: 'walkmask.png' }
    const off = navWorldForRoom(maskRoom, mask, flagValues(project, { gateOpen: false }))
    expect(off.isWalkable({ x: 10, y: 10 })).toBe(false)
    expect(off.isWalkable({ x: 10, y: 1070 })).toBe(true)
    const on = navWorldForRoom(maskRoom, mask, flagValues(project))
    expect(on.isWalkable({ x: 10, y: 10 })).toBe(true)
    const polyOff = navWorldForRoom(withFlag, null, flagValues(project, { gateOpen: false }))
    expect(polyOff.polygons()).toHaveLength(0)
  })
})
