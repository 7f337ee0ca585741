/**
 * The UI thread's side of a nav worker: numbers queries and batches, sends the world only
 * when its revision changes (with a copy of the mask, transferred), and drops answers to
 * queries older than the newest one sent.
 *
 * Glossary
 * - worker port: anything with postMessage / onmessage / terminate (a Worker, or a fake in
 *   tests).
 * - stale: see protocol.ts.
 *
 * Units: room px; ms.
 */
import type { Point } from '../../shared/geometry/types'
import {
  isStale,
  type AlgorithmRequest,
  type BatchDoneMessage,
  type BatchProgressMessage,
  type ClockMessage,
  type MainToWorker,
  type QueryDoneMessage,
  type ResultMessage,
  type TimingMessage,
  type WorkerToMain,
} from './protocol'

export interface WorkerPort {
  postMessage(message: MainToWorker, transfer: Transferable[]): void
  onmessage: ((e: MessageEvent<WorkerToMain>) => void) | null
  terminate(): void
}

export interface NavClientHandlers {
  onResult?(m: ResultMessage): void
  onQueryDone?(m: QueryDoneMessage): void
  onBatchProgress?(m: BatchProgressMessage): void
  onBatchDone?(m: BatchDoneMessage): void
  onError?(message: string, id?: number): void
  /** Re-timed queries (not stale ones) and the worker's clock (see workers/query-timing.ts). */
  onTiming?(m: TimingMessage | ClockMessage): void
}

export class NavClient {
  private nextId = 1
  private newestQuery = 0
  private sentRevision: string | null = null
  /** Answers dropped because a newer query had been sent (for the status line and tests). */
  dropped = 0

  constructor(
    private readonly port: WorkerPort,
    private readonly handlers: NavClientHandlers,
  ) {
    port.onmessage = (e) => this.receive(e.data)
  }

  get revision(): string | null {
    return this.sentRevision
  }

  /**
   * Send the room in a state, unless this revision was sent already. `world` is called
   * only when it is sent, so a goal dragged over an unchanged room serialises nothing.
   */
  setWorld(
    revision: string,
    world: () => { roomJson: string; mask: Uint8Array | null; flags: Record<string, boolean> },
  ): void {
    if (revision === this.sentRevision) return
    this.sentRevision = revision
    const { roomJson, mask, flags } = world()
    const copy = mask ? mask.slice() : null
    this.port.postMessage(
      { type: 'world', revision, roomJson, mask: copy, flags: { ...flags } },
      copy ? [copy.buffer] : [],
    )
  }

  query(from: Point, to: Point, algorithms: AlgorithmRequest[], debug: boolean): number {
    const id = this.nextId++
    this.newestQuery = id
    this.port.postMessage(
      {
        type: 'query',
        id,
        revision: this.sentRevision ?? '',
        from: { x: from.x, y: from.y },
        to: { x: to.x, y: to.y },
        algorithms: algorithms.map((a) => ({ id: a.id, options: { ...a.options } })),
        debug,
      },
      [],
    )
    return id
  }

  batch(pairs: number, seed: number, algorithms: AlgorithmRequest[], minDistance = 0): number {
    const id = this.nextId++
    this.port.postMessage(
      {
        type: 'batch',
        id,
        revision: this.sentRevision ?? '',
        pairs,
        seed,
        minDistance,
        algorithms: algorithms.map((a) => ({ id: a.id, options: { ...a.options } })),
      },
      [],
    )
    return id
  }

  cancelBatch(id: number): void {
    this.port.postMessage({ type: 'cancel-batch', id }, [])
  }

  private receive(m: WorkerToMain): void {
    switch (m.type) {
      case 'result':
        if (isStale(m.queryId, this.newestQuery)) {
          this.dropped++
          return
        }
        this.handlers.onResult?.(m)
        return
      case 'query-done':
        if (isStale(m.queryId, this.newestQuery)) return
        this.handlers.onQueryDone?.(m)
        return
      case 'batch-progress':
        this.handlers.onBatchProgress?.(m)
        return
      case 'batch-done':
        this.handlers.onBatchDone?.(m)
        return
      case 'error':
        this.handlers.onError?.(m.message, m.id)
        return
      case 'timing':
      case 'clock':
        if (m.type === 'clock' || !isStale(m.queryId, this.newestQuery)) this.handlers.onTiming?.(m)
        return
    }
  }

  terminate(): void {
    this.port.terminate()
  }
}
