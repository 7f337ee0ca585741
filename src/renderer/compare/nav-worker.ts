/**
 * The nav worker: runs the navigation core off the UI thread. A thin shell around the
 * nav service (nav-service.ts): messages in, the service's posts out, with the buffers of
 * debug layers transferred rather than copied.
 *
 * Glossary
 * - yield: a zero-delay turn of the worker's event loop through a MessageChannel (timers
 *   would be clamped to 4 ms after a few nested turns), so queued messages get read.
 *
 * Units: see protocol.ts.
 */
import type { MainToWorker, WorkerToMain } from './protocol'
import { createNavService } from './nav-service'

/** The parts of DedicatedWorkerGlobalScope this file uses (the web tsconfig has no WebWorker lib). */
interface WorkerScope {
  postMessage(message: WorkerToMain, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (e: MessageEvent<MainToWorker>) => void): void
}

const scope = self as unknown as WorkerScope
const channel = new MessageChannel()
const turns: (() => void)[] = []
channel.port1.onmessage = () => turns.shift()?.()

function yieldNow(): Promise<void> {
  return new Promise((resolve) => {
    turns.push(resolve)
    channel.port2.postMessage(null)
  })
}

const service = createNavService((message, transfer) => scope.postMessage(message, transfer), yieldNow)
scope.addEventListener('message', (e) => service.handle(e.data))
