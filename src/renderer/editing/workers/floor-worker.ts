/**
 * The floor worker: proposes a walk area from the background off the UI thread (preparing a
 * 4096 x 2304 background takes about a second). A thin shell around the floor service
 * (floor-service.ts): requests in, replies out, the mask's buffer transferred.
 *
 * Units: see floor-service.ts.
 */
import { createFloorService, type FloorReply, type FloorRequest } from './floor-service'

/** The parts of DedicatedWorkerGlobalScope this file uses (the web tsconfig has no WebWorker lib). */
interface WorkerScope {
  postMessage(message: FloorReply, transfer: Transferable[]): void
  addEventListener(type: 'message', listener: (e: MessageEvent<FloorRequest>) => void): void
}

const scope = self as unknown as WorkerScope
const service = createFloorService((reply, transfer) => scope.postMessage(reply, transfer))
scope.addEventListener('message', (e) => service.handle(e.data))
