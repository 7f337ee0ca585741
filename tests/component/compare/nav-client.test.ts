/**
 * The UI side of the worker: the world goes once per revision with a transferred copy of the
 * mask (the editor's mask stays usable), and answers to queries older than the newest one
 * sent are dropped. With a pool of workers, a query's algorithms are shared out by expected
 * cost, each share cheapest first; the query is done only when every worker's part is, and
 * answers or parts of an older query from any worker are never passed on.
 */
import { describe, expect, it } from 'vitest'
import {
  ANSWER_OVERHEAD_MS,
  DEFAULT_COST_MS,
  NavClient,
  shareOut,
  type WorkerPort,
} from '../../../src/renderer/compare/nav-client'
import type {
  MainToWorker,
  QueryDoneMessage,
  QueryMessage,
  WireResult,
  WorkerToMain,
} from '../../../src/renderer/compare/protocol'
import type { AlgorithmId } from '../../../src/shared/nav/registry'

function fakePort() {
  const sent: { message: MainToWorker; transfer: Transferable[] }[] = []
  const port: WorkerPort = {
    postMessage: (message, transfer) => sent.push({ message, transfer }),
    onmessage: null,
    terminate: () => undefined,
  }
  const reply = (m: WorkerToMain) => port.onmessage?.({ data: m } as MessageEvent<WorkerToMain>)
  return { port, sent, reply }
}

function result(algorithm: WireResult['algorithm'], queryMs = 0): WireResult {
  const p = { x: 1, y: 1 }
  return {
    algorithm,
    points: [p],
    reached: true,
    from: p,
    to: p,
    snap: { start: null, goal: null },
    start: p,
    goal: p,
    queryMs,
    prepareMs: 0,
    expanded: 0,
    bytes: 0,
    metrics: {
      length: 0,
      lengthRatio: 1,
      optimum: 10,
      turns: 0,
      turningDeg: 0,
      clearance: 0,
      valid: true,
      defects: [],
    },
    debug: [],
  }
}

describe('NavClient', () => {
  it('sends the world once per revision (built only then), with a copy of the mask in the transfer list', () => {
    const { port, sent } = fakePort()
    const client = new NavClient(port, {})
    const mask = Uint8Array.from([0, 1, 1, 2])
    let built = 0
    const world = (f: boolean) => () => {
      built++
      return { roomJson: '{}', mask, flags: { f } }
    }
    client.setWorld('a', world(true))
    client.setWorld('a', world(true))
    client.setWorld('b', world(false))
    expect(sent.map((s) => s.message.type)).toEqual(['world', 'world'])
    expect(built).toBe(2)
    const first = sent[0]
    if (first.message.type !== 'world') throw new Error('expected a world message')
    expect(first.message.mask).not.toBe(mask)
    expect(first.transfer).toEqual([first.message.mask!.buffer])
    structuredClone(first.transfer[0], { transfer: first.transfer as ArrayBuffer[] })
    expect(Array.from(mask)).toEqual([0, 1, 1, 2])
  })

  it('drops results of queries older than the newest one sent', () => {
    const { port, reply } = fakePort()
    const got: number[] = []
    const client = new NavClient(port, { onResult: (m) => got.push(m.queryId) })
    client.setWorld('a', () => ({ roomJson: '{}', mask: null, flags: {} }))
    const q1 = client.query({ x: 0, y: 0 }, { x: 1, y: 1 }, [{ id: 'jps', options: {} }], false)
    reply({ type: 'result', queryId: q1, revision: 'a', result: result('jps') })
    const q2 = client.query({ x: 0, y: 0 }, { x: 2, y: 2 }, [{ id: 'jps', options: {} }], false)
    reply({ type: 'result', queryId: q1, revision: 'a', result: result('jps') })
    reply({ type: 'result', queryId: q2, revision: 'a', result: result('jps') })
    expect(got).toEqual([q1, q2])
    expect(client.dropped).toBe(1)
  })
})

describe('NavClient timings', () => {
  it('passes on re-timings of the newest query and the clock, and drops re-timings of older queries', () => {
    const { port, reply } = fakePort()
    const seen: WorkerToMain[] = []
    const client = new NavClient(port, { onTiming: (m) => seen.push(m) })
    client.setWorld('a', () => ({ roomJson: '{}', mask: null, flags: {} }))
    const old = client.query({ x: 0, y: 0 }, { x: 1, y: 1 }, [{ id: 'jps', options: {} }], false)
    const newest = client.query({ x: 0, y: 0 }, { x: 2, y: 2 }, [{ id: 'jps', options: {} }], false)
    const timing = (queryId: number): WorkerToMain => ({
      type: 'timing',
      queryId,
      revision: 'a',
      algorithm: 'jps',
      medianMs: 0.01,
      minMs: 0.009,
      maxMs: 0.012,
      samples: [0.01, 0.009, 0.012],
      runs: 3,
      calls: 512,
    })
    reply(timing(old))
    reply(timing(newest))
    reply({ type: 'clock', resolutionMs: 0.1, crossOriginIsolated: false })
    expect(seen.map((m) => (m.type === 'timing' ? m.queryId : m.type))).toEqual([newest, 'clock'])
  })
})

const ask = (ids: AlgorithmId[]) => ids.map((id) => ({ id, options: {} }))
const queriesIn = (sent: { message: MainToWorker }[]) =>
  sent.map((s) => s.message).filter((m): m is QueryMessage => m.type === 'query')

describe('shareOut', () => {
  it('balances expected cost, most expensive first onto the least loaded, each share cheapest first', () => {
    const cost: Partial<Record<AlgorithmId, number>> = {
      'octile-astar': 8,
      'downscaled-grid': 6,
      'flood-fill': 4,
      jps: 1,
      'navmesh-funnel': 0.5,
      'sampled-grid': 0.4,
    }
    const shares = shareOut(
      ask(['sampled-grid', 'octile-astar', 'jps', 'downscaled-grid', 'navmesh-funnel', 'flood-fill']),
      (id) => cost[id]!,
      2,
    )
    // 8 -> A; 6 -> B; 4 -> B (10); 1, 0.5, 0.4 -> A (9.9): loads 9.9 and 10.
    expect(shares.map((s) => s.map((a) => a.id))).toEqual([
      ['sampled-grid', 'navmesh-funnel', 'jps', 'octile-astar'],
      ['flood-fill', 'downscaled-grid'],
    ])
    const loads = shares.map((s) => s.reduce((t, a) => t + cost[a.id]!, 0))
    expect(Math.abs(loads[0] - loads[1])).toBeLessThan(1)
  })

  it('keeps one share per worker (empty ones too) and every algorithm exactly once', () => {
    const ids: AlgorithmId[] = ['jps', 'flood-fill']
    const shares = shareOut(ask(ids), () => 1, 4)
    expect(shares).toHaveLength(4)
    expect(
      shares
        .flat()
        .map((a) => a.id)
        .sort(),
    ).toEqual([...ids].sort())
    expect(shareOut([], () => 1, 3)).toEqual([[], [], []])
    expect(shareOut(ask(ids), () => 1, 0)).toHaveLength(1)
  })
})

describe('NavClient with a pool of workers', () => {
  function pool(n: number) {
    const fakes = Array.from({ length: n }, fakePort)
    const results: [number, AlgorithmId][] = []
    const done: QueryDoneMessage[] = []
    const client = new NavClient(
      fakes.map((f) => f.port),
      {
        onResult: (m) => results.push([m.queryId, m.result.algorithm]),
        onQueryDone: (m) => done.push(m),
      },
    )
    client.setWorld('a', () => ({ roomJson: '{}', mask: Uint8Array.from([1, 0]), flags: {} }))
    return { fakes, results, done, client }
  }
  const doneMsg = (queryId: number, optimalLength: number | null, superseded = false): WorkerToMain => ({
    type: 'query-done',
    queryId,
    revision: 'a',
    optimalLength,
    superseded,
  })

  it('sends the world to every worker, each with its own copy of the mask', () => {
    const { fakes } = pool(2)
    const masks = fakes.map((f) => {
      const m = f.sent[0].message
      if (m.type !== 'world') throw new Error('expected a world message')
      return m.mask!
    })
    expect(masks[0]).not.toBe(masks[1])
    expect(masks[0].buffer).not.toBe(masks[1].buffer)
    expect(fakes[1].sent[0].transfer).toEqual([masks[1].buffer])
  })

  it('shares a query out and says it is done only when every part is', () => {
    const { fakes, results, done, client } = pool(2)
    const q = client.query({ x: 0, y: 0 }, { x: 5, y: 5 }, ask(['jps', 'flood-fill', 'octile-astar']), false)
    const parts = fakes.map((f) => queriesIn(f.sent))
    expect(parts.map((p) => p.length)).toEqual([1, 1])
    expect(parts.every((p) => p[0].id === q)).toBe(true)
    expect(parts.flatMap((p) => p[0].algorithms.map((a) => a.id)).sort()).toEqual(
      ['flood-fill', 'jps', 'octile-astar'].sort(),
    )
    fakes[1].reply({
      type: 'result',
      queryId: q,
      revision: 'a',
      result: result(parts[1][0].algorithms[0].id),
    })
    fakes[1].reply(doneMsg(q, null))
    expect(done).toHaveLength(0)
    expect(results).toHaveLength(1)
    fakes[0].reply(doneMsg(q, 42))
    expect(done).toHaveLength(1)
    expect(done[0]).toMatchObject({ queryId: q, optimalLength: 42, superseded: false })
    // A repeated part changes nothing.
    fakes[0].reply(doneMsg(q, 42))
    expect(done).toHaveLength(1)
  })

  it('never passes on answers or parts of a query a newer one replaced, from any worker', () => {
    const { fakes, results, done, client } = pool(2)
    const q1 = client.query({ x: 0, y: 0 }, { x: 5, y: 5 }, ask(['jps', 'flood-fill']), false)
    const q2 = client.query({ x: 0, y: 0 }, { x: 6, y: 6 }, ask(['jps', 'flood-fill']), false)
    for (const f of fakes) {
      f.reply({ type: 'result', queryId: q1, revision: 'a', result: result('jps') })
      f.reply(doneMsg(q1, 10))
    }
    expect(results).toEqual([])
    expect(done).toEqual([])
    expect(client.dropped).toBe(2)
    fakes[0].reply({ type: 'result', queryId: q2, revision: 'a', result: result('jps') })
    fakes[1].reply({ type: 'result', queryId: q2, revision: 'a', result: result('flood-fill') })
    fakes[0].reply(doneMsg(q2, 11))
    fakes[1].reply(doneMsg(q2, 11, true))
    expect(results).toEqual([
      [q2, 'jps'],
      [q2, 'flood-fill'],
    ])
    expect(done.map((d) => [d.queryId, d.superseded])).toEqual([[q2, true]])
  })

  it('learns each algorithm’s cost from its answers and shares the next query by it', () => {
    const { fakes, client } = pool(2)
    expect(client.expectedCost('jps')).toBe(DEFAULT_COST_MS)
    const q = client.query({ x: 0, y: 0 }, { x: 5, y: 5 }, ask(['jps', 'flood-fill', 'sampled-grid']), false)
    fakes[0].reply({ type: 'result', queryId: q, revision: 'a', result: result('flood-fill', 30) })
    fakes[0].reply({ type: 'result', queryId: q, revision: 'a', result: result('jps', 1) })
    fakes[1].reply({ type: 'result', queryId: q, revision: 'a', result: result('sampled-grid', 2) })
    expect(client.expectedCost('flood-fill')).toBe(30 + ANSWER_OVERHEAD_MS)
    // The expensive one alone on one worker, the two cheap ones on the other, cheapest first.
    client.query({ x: 0, y: 0 }, { x: 6, y: 6 }, ask(['jps', 'flood-fill', 'sampled-grid']), false)
    const latest = fakes.map((f) =>
      queriesIn(f.sent)
        .at(-1)!
        .algorithms.map((a) => a.id),
    )
    expect(latest).toContainEqual(['flood-fill'])
    expect(latest).toContainEqual(['jps', 'sampled-grid'])
  })

  it('sends every worker the newest query, an empty share too, so that each stops its older one', () => {
    const { fakes, done, client } = pool(3)
    client.query({ x: 0, y: 0 }, { x: 5, y: 5 }, ask(['jps', 'flood-fill', 'octile-astar']), false)
    const q = client.query({ x: 0, y: 0 }, { x: 6, y: 6 }, ask(['jps']), false)
    const newest = fakes.map((f) => queriesIn(f.sent).at(-1)!)
    expect(newest.map((m) => m.id)).toEqual([q, q, q])
    expect(newest.map((m) => m.algorithms.length).sort()).toEqual([0, 0, 1])
    fakes[0].reply(doneMsg(q, null))
    fakes[1].reply(doneMsg(q, null))
    expect(done).toHaveLength(0)
    fakes[2].reply(doneMsg(q, null))
    expect(done).toHaveLength(1)
  })

  it('terminates every worker', () => {
    let ended = 0
    const ports = [fakePort(), fakePort()].map((f) => ({ ...f.port, terminate: () => ended++ }))
    new NavClient(ports, {}).terminate()
    expect(ended).toBe(2)
  })
})
