/**
 * The floor worker without a worker, for jsdom: its service (editing/workers/floor-service.ts) run
 * in this thread behind a port that answers as a worker does, one message at a time, in
 * order, on a later turn of the event loop. `installFloorWorker` puts it behind `new Worker`
 * so that the editor's own floor tool uses it.
 */
import { vi } from 'vitest'
import { createFloorService, type FloorRequest } from '../../../src/renderer/editing/workers/floor-service'
import type { FloorPort } from '../../../src/renderer/editing/tools/floor-proposer'

/** A port to the floor service run in place; `log` gets every request sent. */
export function inThreadFloorPort(log: FloorRequest[] = []): FloorPort {
  const port: FloorPort = {
    onmessage: null,
    postMessage(message) {
      log.push(message)
      setTimeout(() => service.handle(message))
    },
    terminate() {
      port.onmessage = null
    },
  }
  const service = createFloorService((reply) =>
    setTimeout(() => port.onmessage?.({ data: reply } as MessageEvent<typeof reply>)),
  )
  return port
}

/** Make `new Worker(…)` give in-thread floor ports (undone by vi.unstubAllGlobals); the requests sent to them. */
export function installFloorWorker(): FloorRequest[] {
  const log: FloorRequest[] = []
  vi.stubGlobal(
    'Worker',
    class {
      constructor() {
        return inThreadFloorPort(log)
      }
    },
  )
  return log
}
