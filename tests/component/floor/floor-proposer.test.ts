/**
 * Floor from picture off the UI thread: the floor service (editing/workers/floor-service.ts) and the
 * UI side that talks to it (editing/tools/floor-proposer.ts), through an in-thread port. The
 * background is read once; the slider re-grows, the margin only re-cuts; a fast slider is
 * coalesced to its newest position; a stale picture is never answered with its floor.
 */
import { describe, expect, it } from 'vitest'
import { FloorProposer, type FloorState } from '../../../src/renderer/editing/tools/floor-proposer'
import {
  createFloorService,
  type FloorReply,
  type FloorRequest,
} from '../../../src/renderer/editing/workers/floor-service'
import { prepareFloorPicture, proposeFloor } from '../../../src/shared/analysis/floor-proposal'
import { plankedRoom } from '../../support/floor-pictures'
import { inThreadFloorPort } from '../support/floor-worker'

/** Resolves with the first state that passes `test`. */
function until(proposer: FloorProposer, test: (s: FloorState) => boolean): Promise<FloorState> {
  if (test(proposer.state)) return Promise.resolve(proposer.state)
  return new Promise((resolve) => {
    const stop = proposer.subscribe((s) => {
      if (!test(s)) return
      stop()
      resolve(s)
    })
  })
}

function picture() {
  const { picture } = plankedRoom(240, 180, { worn: { x0: 0.1, y0: 0.5, x1: 0.3, y1: 0.9 } })
  return picture
}

describe('the floor service', () => {
  it('prepares once, proposes, re-cuts a new margin without growing again, and gives the mask and the polygons', () => {
    const replies: FloorReply[] = []
    const service = createFloorService((reply) => replies.push(reply))
    const pic = picture()
    service.handle({ type: 'prepare', key: 1, width: 240, height: 180, data: pic.data.slice() })
    expect(replies[0]).toMatchObject({ type: 'prepared', key: 1, workWidth: 240, workHeight: 180 })
    const ask = { seed: { x: 200.5, y: 150.5 }, tolerance: 0.3, margin: 0 }
    service.handle({ type: 'propose', id: 1, key: 1, ...ask })
    const first = replies[1] as Extract<FloorReply, { type: 'proposal' }>
    const expected = proposeFloor(prepareFloorPicture(pic), ask.seed, ask)
    expect(first.type).toBe('proposal')
    expect(first.pixels).toBe(expected.pixels)
    expect(first.outline.length).toBeGreaterThan(0)
    service.handle({ type: 'propose', id: 2, key: 1, ...ask, margin: 6 })
    const recut = replies[2] as Extract<FloorReply, { type: 'proposal' }>
    expect(recut.growMs).toBe(0)
    expect(recut.pixels).toBeLessThan(first.pixels)
    service.handle({ type: 'result', id: 3, key: 1, as: 'mask', ...ask })
    const mask = replies[3] as Extract<FloorReply, { type: 'mask' }>
    expect(mask.mask).toEqual(expected.mask)
    service.handle({ type: 'result', id: 4, key: 1, as: 'polygons', simplify: 1.5, ...ask })
    const polygons = replies[4] as Extract<FloorReply, { type: 'polygons' }>
    expect(polygons.pixels).toBe(expected.pixels)
    expect(polygons.polygons).toHaveLength(1)
    expect(polygons.polygons[0].holes).toHaveLength(1)
  })

  it('answers a request for another picture than the one read with an error, not a floor', () => {
    const replies: FloorReply[] = []
    const service = createFloorService((reply) => replies.push(reply))
    service.handle({ type: 'prepare', key: 2, width: 240, height: 180, data: picture().data.slice() })
    service.handle({ type: 'propose', id: 9, key: 1, seed: { x: 10, y: 150 }, tolerance: 0.3, margin: 0 })
    expect(replies[1]).toEqual({
      type: 'error',
      id: 9,
      message: 'The background changed; click the floor again.',
    })
    service.handle({ type: 'prepare', key: 3, width: 10, height: 10, data: new Uint8Array(12) })
    expect(replies[2]).toEqual({
      type: 'error',
      key: 3,
      message: 'floor proposal: expected 10x10 RGBA pixels, got 12 bytes',
    })
  })
})

describe('the floor proposer', () => {
  it('reads the background once, then each click and slider position grows from it', async () => {
    const log: FloorRequest[] = []
    const proposer = new FloorProposer(() => inThreadFloorPort(log), 3)
    const pic = picture()
    proposer.setPicture(pic)
    proposer.setPicture(pic)
    expect(proposer.state.status).toBe('preparing')
    await until(proposer, (s) => s.status === 'ready')
    expect(proposer.state.prepareMs).not.toBeNull()
    proposer.propose({ x: 200.5, y: 150.5 })
    const usual = await until(proposer, (s) => s.status === 'proposed')
    proposer.setTolerance(0)
    const strict = await until(proposer, (s) => s.status === 'proposed' && s.tolerance === 0)
    // The worn patch is left out at tolerance 0: a smaller floor.
    expect(strict.pixels!).toBeLessThan(usual.pixels!)
    expect(log.filter((m) => m.type === 'prepare')).toHaveLength(1)
    expect(log.filter((m) => m.type === 'propose')).toHaveLength(2)
    // The room's own pixels were copied, not taken.
    expect(pic.data.byteLength).toBe(240 * 180 * 4)
  })

  it('coalesces a fast slider: while one proposal is worked on only the newest position waits', async () => {
    const log: FloorRequest[] = []
    const proposer = new FloorProposer(() => inThreadFloorPort(log))
    proposer.setPicture(picture())
    proposer.propose({ x: 200.5, y: 150.5 })
    for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]) proposer.setTolerance(t)
    const done = await until(proposer, (s) => s.status === 'proposed')
    const asked = log
      .filter((m) => m.type === 'propose')
      .map((m) => (m.type === 'propose' ? m.tolerance : -1))
    // The click's own proposal, then the newest position only.
    expect(asked).toEqual([0.3, 0.6])
    expect(done.tolerance).toBe(0.6)
    const alone = proposeFloor(prepareFloorPicture(picture()), { x: 200.5, y: 150.5 }, { tolerance: 0.6 })
    expect(done.pixels).toBe(alone.pixels)
  })

  it('drops the proposal on Cancel and on a new picture, and never shows a stale answer', async () => {
    const proposer = new FloorProposer(() => inThreadFloorPort())
    proposer.setPicture(picture())
    proposer.propose({ x: 200.5, y: 150.5 })
    await until(proposer, (s) => s.status === 'proposed')
    proposer.clear()
    expect(proposer.state).toMatchObject({ seed: null, outline: null, pixels: null, status: 'ready' })
    // A click, then another picture before the answer: the answer is not shown.
    proposer.propose({ x: 200.5, y: 150.5 })
    proposer.setPicture(plankedRoom(100, 80).picture)
    expect(proposer.state).toMatchObject({ seed: null, status: 'preparing' })
    await until(proposer, (s) => s.status === 'ready')
    expect(proposer.state.outline).toBeNull()
    await expect(proposer.result('mask')).rejects.toThrow('Click the floor in the background first.')
    proposer.setPicture(null)
    expect(proposer.state.status).toBe('no-picture')
  })
})
