/**
 * The nav worker's service, driven directly: queries are answered per algorithm with
 * metrics, queries that arrive while it is busy coalesce to the newest, a closed gate gives
 * `reached: false` and opening it reaches, and batches report progress and can be cancelled.
 */
import { describe, expect, it } from 'vitest'
import type { AlgorithmId } from '../../../src/shared/nav/registry'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import type { AlgorithmRequest, MainToWorker, WorkerToMain } from '../../../src/renderer/compare/protocol'
import { createNavService, OWN_ENDS_PX } from '../../../src/renderer/compare/nav-service'
import { doorRoom } from './fixtures'

function harness() {
  const posted: WorkerToMain[] = []
  const service = createNavService(
    (m) => posted.push(m),
    () => new Promise((resolve) => setTimeout(resolve, 0)),
  )
  const send = (m: MainToWorker) => service.handle(m)
  const world = (revision: string, doorOpen: boolean) =>
    send({ type: 'world', revision, roomJson: JSON.stringify(doorRoom()), mask: null, flags: { doorOpen } })
  return { posted, service, send, world }
}

const all = (ids: readonly AlgorithmId[] = ALGORITHM_IDS): AlgorithmRequest[] =>
  ids.map((id) => ({ id, options: {} }))

describe('nav service', () => {
  it('answers a query with every algorithm, metrics measured against the optimum', async () => {
    const h = harness()
    h.world('r1', true)
    h.send({
      type: 'query',
      id: 1,
      revision: 'r1',
      from: { x: 20, y: 20 },
      to: { x: 180, y: 100 },
      algorithms: all(),
      debug: true,
    })
    await h.service.idle()
    const results = h.posted.flatMap((m) => (m.type === 'result' ? [m.result] : []))
    expect(results.map((r) => r.algorithm)).toEqual(ALGORITHM_IDS)
    const done = h.posted.find((m) => m.type === 'query-done')
    expect(done).toMatchObject({ queryId: 1, superseded: false })
    const optimum = (done as { optimalLength: number }).optimalLength
    expect(optimum).toBeGreaterThan(Math.hypot(160, 80) - 1)
    for (const r of results) {
      expect(r.reached, r.algorithm).toBe(true)
      expect(r.metrics.valid, r.algorithm).toBe(true)
      // Nothing beats the optimum: an algorithm whose ends moved is measured between its own ends.
      // (A grid rasterised from polygons may shave a hair off within the 1 px rasterisation allowance.)
      expect(r.metrics.lengthRatio!, r.algorithm).toBeGreaterThanOrEqual(0.9999)
      const moved = Math.max(
        Math.hypot(r.start.x - 20, r.start.y - 20),
        Math.hypot(r.goal.x - 180, r.goal.y - 100),
      )
      if (moved <= OWN_ENDS_PX) expect(r.metrics.length).toBeCloseTo(r.metrics.lengthRatio! * optimum, 6)
    }
    const yardstick = results.find((r) => r.algorithm === 'any-angle-optimal')!
    expect(yardstick.metrics.lengthRatio).toBeCloseTo(1, 6)
    // Debug layers came along as typed arrays.
    expect(results.some((r) => r.debug.some((d) => d.kind === 'cells'))).toBe(true)
  })

  it('coalesces queries that arrive while it is busy: only the first and the newest are answered', async () => {
    const h = harness()
    h.world('r1', true)
    const q = (id: number, x: number): MainToWorker => ({
      type: 'query',
      id,
      revision: 'r1',
      from: { x: 20, y: 20 },
      to: { x, y: 100 },
      algorithms: all(['octile-astar', 'navmesh-funnel', 'visibility-polygon']),
      debug: false,
    })
    h.send(q(1, 150))
    h.send(q(2, 160))
    h.send(q(3, 170))
    await h.service.idle()
    const answered = new Set(h.posted.flatMap((m) => (m.type === 'result' ? [m.queryId] : [])))
    expect([...answered].sort()).not.toContain(2)
    expect(answered.has(3)).toBe(true)
    const done = h.posted.filter((m) => m.type === 'query-done')
    expect(done.find((m) => m.queryId === 1)).toMatchObject({ superseded: true })
    expect(done.find((m) => m.queryId === 3)).toMatchObject({ superseded: false })
    const last = h.posted.filter((m) => m.type === 'result' && m.queryId === 3)
    expect(last).toHaveLength(3)
  })

  it('stops at the closed door (reached: false) and goes through it when the flag opens it', async () => {
    const h = harness()
    const query = (revision: string, id: number): MainToWorker => ({
      type: 'query',
      id,
      revision,
      from: { x: 20, y: 60 },
      to: { x: 180, y: 60 },
      algorithms: all(),
      debug: false,
    })
    h.world('closed', false)
    h.send(query('closed', 1))
    await h.service.idle()
    h.world('open', true)
    h.send(query('open', 2))
    await h.service.idle()
    const results = (id: number) =>
      h.posted.flatMap((m) => (m.type === 'result' && m.queryId === id ? [m.result] : []))
    for (const r of results(1)) {
      expect(r.reached, r.algorithm).toBe(false)
      expect(r.points.at(-1)!.x, r.algorithm).toBeLessThan(101)
      expect(r.metrics.lengthRatio).toBeNull()
    }
    for (const r of results(2)) expect(r.reached, r.algorithm).toBe(true)
  })

  it('moves a goal inside a hole to the closest pixel centre outside it, the same for every algorithm', async () => {
    const h = harness()
    h.world('r1', true)
    h.send({
      type: 'query',
      id: 1,
      revision: 'r1',
      from: { x: 20, y: 20 },
      to: { x: 45, y: 60 },
      algorithms: all(['visibility-polygon', 'navmesh-funnel']),
      debug: false,
    })
    await h.service.idle()
    const results = h.posted.flatMap((m) => (m.type === 'result' ? [m.result] : []))
    expect(results).toHaveLength(2)
    for (const r of results) {
      // The hole's outline is at x 40: the pixel centre just outside it.
      expect(r.snap.goal, r.algorithm).toEqual({ at: { x: 39.5, y: 59.5 }, px: 6 })
      expect(r.goal, r.algorithm).toEqual({ x: 39.5, y: 59.5 })
      expect(r.reason, r.algorithm).toContain('goal not walkable, snapped, 6 px')
    }
  })

  it('measures an algorithm that moved its goal against the optimum between the ends it used', async () => {
    const h = harness()
    const room = doorRoom()
    room.nodeGraph = {
      nodes: [
        { id: 'a', x: 20, y: 90 },
        { id: 'b', x: 105, y: 60 },
        { id: 'c', x: 180, y: 90 },
      ],
      joins: [
        { a: 'a', b: 'b', oneWay: false, cost: 1 },
        { a: 'b', b: 'c', oneWay: false, cost: 1 },
      ],
    }
    h.send({
      type: 'world',
      revision: 'g',
      roomJson: JSON.stringify(room),
      mask: null,
      flags: { doorOpen: true },
    })
    h.send({
      type: 'query',
      id: 1,
      revision: 'g',
      from: { x: 20, y: 90 },
      to: { x: 180, y: 30 },
      algorithms: all(['node-graph', 'navmesh-funnel']),
      debug: false,
    })
    await h.service.idle()
    const results = h.posted.flatMap((m) => (m.type === 'result' ? [m.result] : []))
    const graph = results.find((r) => r.algorithm === 'node-graph')!
    expect(graph.reached).toBe(true)
    // Its goal is on the join b-c, well away from the click; its path is shorter than the click's optimum...
    expect(Math.hypot(graph.goal.x - 180, graph.goal.y - 30)).toBeGreaterThan(20)
    const funnel = results.find((r) => r.algorithm === 'navmesh-funnel')!
    expect(graph.metrics.length).toBeLessThan(funnel.metrics.length)
    // ...yet its ratio is against the optimum to its own goal, so it is not below 1.
    expect(graph.metrics.lengthRatio!).toBeGreaterThanOrEqual(1 - 1e-9)
  })

  it('runs a seeded batch with progress, and the same seed gives the same pairs', async () => {
    const h = harness()
    h.world('r1', true)
    h.send({
      type: 'batch',
      id: 7,
      revision: 'r1',
      pairs: 12,
      seed: 42,
      minDistance: 0,
      algorithms: all(['navmesh-funnel', 'jps']),
    })
    await h.service.idle()
    const progress = h.posted.filter((m) => m.type === 'batch-progress')
    expect(progress.at(-1)).toMatchObject({ done: 12, total: 12 })
    const done = h.posted.find((m) => m.type === 'batch-done')!
    if (done.type !== 'batch-done') throw new Error('no batch-done')
    expect(done.cancelled).toBe(false)
    expect(done.pairs).toHaveLength(12)
    expect(done.rows).toHaveLength(24)
    expect(done.rows.every((r) => r.reached && r.valid)).toBe(true)

    const again = harness()
    again.world('r1', true)
    again.send({
      type: 'batch',
      id: 1,
      revision: 'r1',
      pairs: 12,
      seed: 42,
      minDistance: 0,
      algorithms: all(['jps']),
    })
    await again.service.idle()
    const second = again.posted.find((m) => m.type === 'batch-done')
    expect(second?.type === 'batch-done' && second.pairs).toEqual(done.pairs)
  })

  it('cancels a running batch between pairs', async () => {
    const h = harness()
    h.world('r1', true)
    h.send({
      type: 'batch',
      id: 3,
      revision: 'r1',
      pairs: 500,
      seed: 1,
      minDistance: 0,
      algorithms: all(['octile-astar']),
    })
    // Cancel once the first progress report is out (after 5 pairs).
    while (!h.posted.some((m) => m.type === 'batch-progress')) await new Promise((r) => setTimeout(r, 0))
    h.send({ type: 'cancel-batch', id: 3 })
    await h.service.idle()
    const done = h.posted.find((m) => m.type === 'batch-done')
    expect(done).toMatchObject({ cancelled: true })
    if (done?.type !== 'batch-done') throw new Error('no batch-done')
    expect(done.pairs.length).toBeGreaterThanOrEqual(5)
    expect(done.pairs.length).toBeLessThan(500)
    expect(done.rows).toHaveLength(done.pairs.length)
  })

  it('reports a query for a revision it was never sent', async () => {
    const h = harness()
    h.send({
      type: 'query',
      id: 1,
      revision: 'nope',
      from: { x: 0, y: 0 },
      to: { x: 1, y: 1 },
      algorithms: all(['jps']),
      debug: false,
    })
    await h.service.idle()
    expect(h.posted[0]).toMatchObject({ type: 'error', id: 1 })
  })
})
