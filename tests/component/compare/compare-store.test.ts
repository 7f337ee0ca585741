/**
 * The compare store with the nav service running in-process behind a fake worker port: a
 * start and a goal give one answer per enabled algorithm, a disabled algorithm is not run,
 * and nothing is asked of the worker while the editor workspace is shown.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { WorkerPort } from '../../../src/renderer/compare/nav-client'
import type { MainToWorker, QueryMessage, WorkerToMain } from '../../../src/renderer/compare/protocol'
import { useCompareStore } from '../../../src/renderer/compare/compare-store'
import { useWorkspaceStore } from '../../../src/renderer/editing/stores/workspace'
import { createNavService } from '../../../src/renderer/compare/nav-service'
import { emptyProject } from '../../../src/shared/room/schema'
import { doorRoom } from './fixtures'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'
import { openRoomInEditor } from '../support/editor'

/** A worker port whose worker is the nav service in this thread; `sent` records what the store asked. */
function inProcessPort(sent: MainToWorker[]): WorkerPort {
  const port: WorkerPort = {
    onmessage: null,
    postMessage(message) {
      sent.push(message)
      service.handle(structuredClone(message))
    },
    terminate: () => undefined,
  }
  const service = createNavService(
    (m: WorkerToMain) => setTimeout(() => port.onmessage?.({ data: m } as MessageEvent<WorkerToMain>), 0),
    () => new Promise((resolve) => setTimeout(resolve, 0)),
  )
  return port
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !ok(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(ok()).toBe(true)
}

beforeEach(() => setActivePinia(createPinia()))

describe('compare store', () => {
  it('answers a start and a goal with every enabled algorithm, and only while the workspace is shown', async () => {
    openRoomInEditor(doorRoom(), {
      project: {
        ...emptyProject({ name: 'Test' }),
        flags: [{ id: 'doorOpen', name: 'Door open', default: true }],
      },
    })
    await nextTick()
    const compare = useCompareStore()
    const sent: MainToWorker[] = []
    compare.connect(() => inProcessPort(sent))
    compare.setEnabled('downscaled-grid', false)
    compare.setStart({ x: 20, y: 20 })
    compare.setGoal({ x: 180, y: 100 })
    expect(sent.filter((m) => m.type === 'query')).toHaveLength(0)

    useWorkspaceStore().setMode('compare')
    await nextTick()
    // One query, shared out among the live workers: every enabled algorithm asked once.
    const queries = sent.filter((m): m is QueryMessage => m.type === 'query')
    expect(queries.length).toBeGreaterThanOrEqual(1)
    expect(new Set(queries.map((q) => q.id)).size).toBe(1)
    const asked = queries.flatMap((q) => q.algorithms.map((a) => a.id)).sort()
    expect(asked).toEqual(ALGORITHM_IDS.filter((id) => id !== 'downscaled-grid').sort())
    expect(sent[0].type).toBe('world')
    await until(() => compare.doneId === compare.queryId && compare.queryId > 0)
    const answered = Object.keys(compare.results).sort()
    expect(answered).toEqual(ALGORITHM_IDS.filter((id) => id !== 'downscaled-grid').sort())
    expect(answered).not.toContain('downscaled-grid')
    expect(Object.values(compare.results).every((r) => r.reached)).toBe(true)
    expect(compare.optimalLength).toBeGreaterThan(170)
    compare.disconnect()
  })
})
