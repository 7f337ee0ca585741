/**
 * The compare walk store with the nav service in-process behind fake worker ports (the
 * Compare worker and the walk's own planner) and a fake animation clock: a door closed on
 * the way makes the walk re-plan and end "stopped N px short of the click, at (x, y): ..."
 * (never "arrived"), the Compare start marker stays where the author put it, and "Start
 * from here" moves it to the character. A click behind the closed door is walked to the
 * closest walkable point and the walk says how far short it stopped and why; another room
 * clears the walk's log.
 */
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { WorkerPort } from '../../../src/renderer/compare/nav-client'
import type { MainToWorker, WorkerToMain } from '../../../src/renderer/compare/protocol'
import { useCompareStore } from '../../../src/renderer/compare/compare-store'
import { useCompareWalkStore } from '../../../src/renderer/compare/compare-walk'
import { useRoomStateStore } from '../../../src/renderer/editing/stores/room-state'
import { useWorkspaceStore } from '../../../src/renderer/editing/stores/workspace'
import { createNavService } from '../../../src/renderer/compare/nav-service'
import { emptyProject } from '../../../src/shared/room/schema'
import { doorRoom } from './fixtures'
import { openRoomInEditor } from '../support/editor'

function inProcessPort(): WorkerPort {
  const port: WorkerPort = {
    onmessage: null,
    postMessage(message: MainToWorker) {
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

async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 4000 && !ok(); i++) await new Promise((r) => setTimeout(r, 2))
  expect(ok(), what).toBe(true)
}

/** Animation frames from a timer, each 50 ms of walk clock later than the last. */
let frameClock = 0
beforeEach(() => {
  setActivePinia(createPinia())
  frameClock = performance.now()
  vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) =>
    setTimeout(() => cb((frameClock += 50)), 1),
  )
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id))
})
afterEach(() => vi.unstubAllGlobals())

describe('compare walk', () => {
  it('stops short at the closed door, says so, and leaves the start marker where it was', async () => {
    openRoomInEditor(doorRoom(), {
      project: {
        ...emptyProject({ name: 'Test' }),
        flags: [{ id: 'doorOpen', name: 'Door open', default: true }],
      },
    })
    await nextTick()
    const compare = useCompareStore()
    const walk = useCompareWalkStore()
    const roomState = useRoomStateStore()
    compare.connect(inProcessPort)
    walk.usePlannerWorker(inProcessPort)
    useWorkspaceStore().setMode('compare')
    compare.setEnabled('downscaled-grid', false)
    compare.setStart({ x: 20, y: 60 })
    compare.setGoal({ x: 180, y: 60 })
    await nextTick()
    await until(() => compare.doneId === compare.queryId && compare.queryId > 0, 'the answers')
    walk.algorithm = 'navmesh-funnel'
    walk.walkCurrent()
    expect(walk.status).toBe('walking')
    await until(() => (walk.frame?.position.x ?? 0) > 40, 'the walk to get going')
    roomState.setFlag('doorOpen', false)
    await until(() => walk.status === 'stopped-short', 'the walk to stop short')

    const kinds = walk.timeline.map((e) => e.kind)
    expect(kinds).toContain('replan')
    expect(kinds).not.toContain('arrive')
    const last = walk.timeline.at(-1)!
    expect(last.kind).toBe('stopped-short')
    expect(last.text).toMatch(
      /^stopped \d+ px short of the click, at \(\d+, \d+\): no walkable way leads to the click$/,
    )
    const at = walk.frame!.position
    // West of the door (x 100..110), far from the goal.
    expect(at.x).toBeLessThanOrEqual(101)
    expect(last.text).toContain(`(${Math.round(at.x)}, ${Math.round(at.y)})`)
    // The start marker did not follow the character.
    expect(compare.start).toEqual({ x: 20, y: 60 })

    walk.startFromHere()
    expect(compare.start).toEqual({ x: at.x, y: at.y })
    walk.stop()
    compare.disconnect()
  })

  it('says how far short of a click behind a closed gate it stopped, and why; another room clears the log', async () => {
    openRoomInEditor(doorRoom(), {
      project: {
        ...emptyProject({ name: 'Test' }),
        flags: [{ id: 'doorOpen', name: 'Door open', default: false }],
      },
    })
    await nextTick()
    const compare = useCompareStore()
    const walk = useCompareWalkStore()
    compare.connect(inProcessPort)
    walk.usePlannerWorker(inProcessPort)
    useWorkspaceStore().setMode('compare')
    compare.setStart({ x: 20, y: 60 })
    await nextTick()
    walk.algorithm = 'navmesh-funnel'
    // Inside the closed door (x 100..110): the closest walkable point is on its west side.
    walk.walkTo({ x: 104, y: 60 })
    await until(() => walk.status === 'stopped-short', 'the walk to stop short of the click')
    const last = walk.timeline.at(-1)!
    expect(last.kind).toBe('stopped-short')
    expect(last.text).toMatch(
      /^stopped ([45]) px short of the click, at \(\d+, 60\) \(snapped, \1 px\): the click is behind a closed gate \('Door'\)$/,
    )
    expect(walk.timeline.some((e) => e.kind === 'arrive')).toBe(false)

    // Another room: the log of this one goes.
    const other = doorRoom()
    other.id = 'other-room'
    openRoomInEditor(other)
    await nextTick()
    expect(walk.timeline).toEqual([])
    expect(walk.status).toBe('idle')
    compare.disconnect()
  })
})
