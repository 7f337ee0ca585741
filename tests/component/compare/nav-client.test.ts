/**
 * The UI side of the worker: the world goes once per revision with a transferred copy of the
 * mask (the editor's mask stays usable), and answers to queries older than the newest one
 * sent are dropped.
 */
import { describe, expect, it } from 'vitest'
import { NavClient, type WorkerPort } from '../../../src/renderer/compare/nav-client'
import type { MainToWorker, WireResult, WorkerToMain } from '../../../src/renderer/compare/protocol'

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

function result(algorithm: WireResult['algorithm']): WireResult {
  const p = { x: 1, y: 1 }
  return {
    algorithm,
    points: [p],
    reached: true,
    from: p,
    to: p,
    start: p,
    goal: p,
    queryMs: 0,
    prepareMs: 0,
    expanded: 0,
    bytes: 0,
    metrics: { length: 0, lengthRatio: 1, turns: 0, turningDeg: 0, clearance: 0, valid: true, defects: [] },
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
