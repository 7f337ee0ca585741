/**
 * The UI thread's side of the nav workers: numbers queries and batches, sends the world only
 * when its revision changes (with a copy of the mask per worker, transferred), shares each
 * query's algorithms out among its workers, and drops answers to queries older than the
 * newest one sent.
 *
 * Glossary
 * - worker port: anything with postMessage / onmessage / terminate (a Worker, or a fake in
 *   tests).
 * - stale: see protocol.ts.
 * - pool: the client's workers (one per core for the live answers). A query's algorithms
 *   are shared out so that each worker has about the same expected work (largest first onto
 *   the least loaded), and each worker answers its share cheapest first, so the fast
 *   algorithms answer first and the slow ones stream in. Batches go to the first worker.
 * - part: one worker's share of a query. The query is done when every part is.
 * - expected cost: per algorithm, a running mean of the query times it reported plus
 *   `ANSWER_OVERHEAD_MS` for its metrics; `DEFAULT_COST_MS` before it has answered.
 *
 * Units: room px; ms.
 */
import type { Point } from '../../shared/geometry/types'
import type { AlgorithmId } from '../../shared/nav/registry'
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

/** Expected cost of an algorithm that has not answered yet, ms. */
export const DEFAULT_COST_MS = 1
/** Time an answer takes beside its query (metrics, posting), ms. */
export const ANSWER_OVERHEAD_MS = 1

/**
 * Share `algorithms` out among `workers` workers: the most expensive first, each onto the
 * worker with the least expected work so far; every share then runs cheapest first. Empty
 * shares are kept (one per worker, in worker order).
 */
export function shareOut(
  algorithms: readonly AlgorithmRequest[],
  cost: (id: AlgorithmId) => number,
  workers: number,
): AlgorithmRequest[][] {
  const shares: AlgorithmRequest[][] = Array.from({ length: Math.max(1, workers) }, () => [])
  const load = shares.map(() => 0)
  const byCost = algorithms.map((a, i) => ({ a, i, c: cost(a.id) }))
  byCost.sort((x, y) => y.c - x.c || x.i - y.i)
  for (const { a, c } of byCost) {
    let w = 0
    for (let k = 1; k < load.length; k++) if (load[k] < load[w]) w = k
    shares[w].push(a)
    load[w] += c
  }
  for (const share of shares) share.reverse()
  return shares
}

interface OpenQuery {
  id: number
  partsLeft: number
  optimalLength: number | null
  superseded: boolean
}

export class NavClient {
  private nextId = 1
  private newestQuery = 0
  private sentRevision: string | null = null
  private readonly ports: readonly WorkerPort[]
  /** The first worker: batches run there. */
  private readonly port: WorkerPort
  private readonly costs = new Map<AlgorithmId, number>()
  private open: OpenQuery | null = null
  /** Answers dropped because a newer query had been sent (for the status line and tests). */
  dropped = 0

  /** One worker, or a pool of them (see the glossary). */
  constructor(
    ports: WorkerPort | readonly WorkerPort[],
    private readonly handlers: NavClientHandlers,
  ) {
    this.ports = Array.isArray(ports) ? [...ports] : [ports as WorkerPort]
    if (this.ports.length === 0) throw new Error('A nav client needs at least one worker.')
    this.port = this.ports[0]
    for (const port of this.ports) port.onmessage = (e) => this.receive(e.data)
  }

  /** Workers in the pool. */
  get workers(): number {
    return this.ports.length
  }

  /** The expected cost of an algorithm, ms (see the glossary). */
  expectedCost(id: AlgorithmId): number {
    return this.costs.get(id) ?? DEFAULT_COST_MS
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
    for (const port of this.ports) {
      const copy = mask ? mask.slice() : null
      port.postMessage(
        { type: 'world', revision, roomJson, mask: copy, flags: { ...flags } },
        copy ? [copy.buffer] : [],
      )
    }
  }

  /**
   * Ask every algorithm of `algorithms` for a path, shared out among the workers; answers to
   * older queries are dropped from now on. Returns the query's id.
   */
  query(from: Point, to: Point, algorithms: AlgorithmRequest[], debug: boolean): number {
    const id = this.nextId++
    this.newestQuery = id
    const shares = shareOut(algorithms, (a) => this.expectedCost(a), this.ports.length)
    // Every worker is sent its share, even an empty one: a newer query is what makes a worker
    // skip the rest of an older one, and an empty share is answered as done at once.
    const parts = shares.map((share, i) => ({ share, port: this.ports[i] }))
    this.open = { id, partsLeft: parts.length, optimalLength: null, superseded: false }
    for (const { share, port } of parts) {
      port.postMessage(
        {
          type: 'query',
          id,
          revision: this.sentRevision ?? '',
          from: { x: from.x, y: from.y },
          to: { x: to.x, y: to.y },
          algorithms: share.map((a) => ({ id: a.id, options: { ...a.options } })),
          debug,
        },
        [],
      )
    }
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
      case 'result': {
        const r = m.result
        const seen = this.costs.get(r.algorithm)
        const cost = r.queryMs + ANSWER_OVERHEAD_MS
        this.costs.set(r.algorithm, seen === undefined ? cost : (seen + cost) / 2)
        if (isStale(m.queryId, this.newestQuery)) {
          this.dropped++
          return
        }
        this.handlers.onResult?.(m)
        return
      }
      case 'query-done': {
        const open = this.open
        if (isStale(m.queryId, this.newestQuery) || !open || open.id !== m.queryId) return
        open.partsLeft--
        open.optimalLength ??= m.optimalLength
        open.superseded ||= m.superseded
        if (open.partsLeft > 0) return
        this.open = null
        this.handlers.onQueryDone?.({ ...m, optimalLength: open.optimalLength, superseded: open.superseded })
        return
      }
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
    for (const port of this.ports) port.terminate()
  }
}
