/**
 * The UI thread's side of "Floor from picture": holds what the author asked (the click, the
 * tolerance, the margin) and the proposal shown for it, and talks to the floor worker
 * (editing/workers/floor-service.ts). The background is sent once per picture; moving the tolerance
 * slider re-grows, changing the margin only re-cuts. Requests are coalesced: one proposal is
 * worked on at a time, and while it runs only the newest ask waits, so a slider dragged fast
 * shows its latest position, not a queue of old ones. Nothing here edits the room: the
 * proposal becomes an edit only through `result` and the command the caller makes of it.
 *
 * Glossary
 * - port: anything with postMessage / onmessage / terminate (a Worker, or the service run in
 *   place in tests).
 * - state: a snapshot of what the panel and the preview show, replaced (never mutated) on
 *   every change; listeners hear about each replacement.
 * - picture: the decoded background (RgbaImage) the proposal is read from; recognised by
 *   identity (a room's background is a new object when it changes).
 *
 * Units: room px; ms.
 */
import { DEFAULT_FLOOR_TOLERANCE } from '../../../shared/analysis/floor-proposal'
import type { AreaPolygon, Point } from '../../../shared/geometry/types'
import type { RgbaImage } from '../../../shared/room/rgba-image'
import type { FloorAsk, FloorReply, FloorRequest } from '../workers/floor-service'

export interface FloorPort {
  postMessage(message: FloorRequest, transfer: Transferable[]): void
  onmessage: ((e: MessageEvent<FloorReply>) => void) | null
  terminate(): void
}

export interface FloorState {
  /**
   * 'no-picture': the room has no background; 'preparing': the background is being read;
   * 'ready': click the floor; 'growing': a proposal is on its way; 'proposed': one is shown;
   * 'error': see `error`.
   */
  status: 'no-picture' | 'preparing' | 'ready' | 'growing' | 'proposed' | 'error'
  /** Where the author clicked, room px (null before a click or after Cancel). */
  seed: Point | null
  /** 0..1 */
  tolerance: number
  /** Room px. */
  margin: number
  /** The proposal's outline (room px) for the preview; null while there is none. */
  outline: AreaPolygon[] | null
  /** Room px the proposal covers (what Apply writes). */
  pixels: number | null
  /** How long reading the background took, and the last grow and cut, ms. */
  prepareMs: number | null
  growMs: number | null
  cutMs: number | null
  error: string | null
}

export type FloorResult =
  | { as: 'mask'; mask: Uint8Array; pixels: number }
  | { as: 'polygons'; polygons: AreaPolygon[]; pixels: number }

interface Waiting {
  resolve(result: FloorResult): void
  reject(error: Error): void
}

export class FloorProposer {
  private port: FloorPort | null = null
  private picture: RgbaImage | null = null
  private pictureKey = 0
  private preparedKey = 0
  private nextId = 1
  /** The proposal being worked on (its id), and the newest ask waiting behind it. */
  private inFlight: number | null = null
  private pending = false
  private readonly results = new Map<number, Waiting>()
  private listeners = new Set<(state: FloorState) => void>()
  private current: FloorState

  constructor(
    private readonly makePort: () => FloorPort,
    margin = 0,
  ) {
    this.current = {
      status: 'no-picture',
      seed: null,
      tolerance: DEFAULT_FLOOR_TOLERANCE,
      margin,
      outline: null,
      pixels: null,
      prepareMs: null,
      growMs: null,
      cutMs: null,
      error: null,
    }
  }

  get state(): FloorState {
    return this.current
  }

  subscribe(listener: (state: FloorState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private update(change: Partial<FloorState>): void {
    this.current = { ...this.current, ...change }
    for (const listener of this.listeners) listener(this.current)
  }

  private connect(): FloorPort {
    if (this.port) return this.port
    const port = this.makePort()
    port.onmessage = (e) => this.receive(e.data)
    this.port = port
    return port
  }

  /**
   * The background to read the floor from (null: the room has none). A new picture drops the
   * proposal and is sent to the worker (a copy: the room keeps its own); the same picture
   * again does nothing.
   */
  setPicture(picture: RgbaImage | null): void {
    if (picture === this.picture && (picture || this.current.status === 'no-picture')) return
    this.picture = picture
    this.pending = false
    this.pictureKey++
    if (!picture) {
      this.update({ status: 'no-picture', seed: null, outline: null, pixels: null, error: null })
      return
    }
    const data = picture.data.slice()
    this.update({
      status: 'preparing',
      seed: null,
      outline: null,
      pixels: null,
      error: null,
      prepareMs: null,
    })
    this.connect().postMessage(
      { type: 'prepare', key: this.pictureKey, width: picture.width, height: picture.height, data },
      [data.buffer],
    )
  }

  /** Propose the floor around `seed` (a click). */
  propose(seed: Point): void {
    if (!this.picture) return
    this.update({ seed: { x: seed.x, y: seed.y } })
    this.ask()
  }

  /** A new tolerance (0..1): the floor is grown again from the same click. */
  setTolerance(tolerance: number): void {
    if (!Number.isFinite(tolerance)) return
    this.update({ tolerance: Math.min(1, Math.max(0, tolerance)) })
    this.ask()
  }

  /** A new margin (room px, 0 or more): the same floor is cut again. */
  setMargin(margin: number): void {
    if (!Number.isFinite(margin)) return
    this.update({ margin: Math.max(0, margin) })
    this.ask()
  }

  /** Drop the proposal (Cancel, another tool, another room); the background stays read. */
  clear(): void {
    this.pending = false
    if (this.current.seed === null && this.current.outline === null) return
    this.update({ seed: null, outline: null, pixels: null, status: this.idleStatus(), error: null })
  }

  /** The status with no proposal: is there a picture, and has it been read? */
  private idleStatus(): FloorState['status'] {
    return !this.picture ? 'no-picture' : this.preparedKey === this.pictureKey ? 'ready' : 'preparing'
  }

  /** What to ask the worker now: the click, tolerance and margin shown. */
  private askNow(): FloorAsk | null {
    const { seed, tolerance, margin } = this.current
    return seed ? { seed, tolerance, margin } : null
  }

  private ask(): void {
    const now = this.askNow()
    if (!now || !this.picture) return
    if (this.inFlight !== null) {
      this.pending = true
      if (this.current.status !== 'growing') this.update({ status: 'growing' })
      return
    }
    const id = this.nextId++
    this.inFlight = id
    if (this.current.status !== 'growing') this.update({ status: 'growing' })
    this.connect().postMessage({ type: 'propose', id, key: this.pictureKey, ...now }, [])
  }

  /**
   * The proposal shown, at room size: the mask (1 on the floor) or its outline traced and
   * simplified by `simplify` room px. Rejects when there is none or the worker fails.
   */
  result(as: 'mask'): Promise<Extract<FloorResult, { as: 'mask' }>>
  result(as: 'polygons', simplify: number): Promise<Extract<FloorResult, { as: 'polygons' }>>
  result(as: 'mask' | 'polygons', simplify = 0): Promise<FloorResult> {
    const now = this.askNow()
    if (!now || !this.picture) return Promise.reject(new Error('Click the floor in the background first.'))
    const id = this.nextId++
    const request: FloorRequest =
      as === 'mask'
        ? { type: 'result', id, key: this.pictureKey, as, ...now }
        : { type: 'result', id, key: this.pictureKey, as, simplify, ...now }
    return new Promise<FloorResult>((resolve, reject) => {
      this.results.set(id, { resolve, reject })
      this.connect().postMessage(request, [])
    })
  }

  private receive(reply: FloorReply): void {
    switch (reply.type) {
      case 'prepared':
        if (reply.key !== this.pictureKey) return
        this.preparedKey = reply.key
        this.update({
          prepareMs: reply.ms,
          status: this.current.status === 'preparing' ? 'ready' : this.current.status,
        })
        return
      case 'proposal':
        if (reply.id !== this.inFlight) return
        this.inFlight = null
        if (this.pending) {
          // A newer ask waited: show nothing stale, work on that one.
          this.pending = false
          this.ask()
          return
        }
        if (!this.current.seed) {
          this.update({ status: this.idleStatus() })
          return
        }
        this.update({
          status: 'proposed',
          outline: reply.outline,
          pixels: reply.pixels,
          growMs: reply.growMs > 0 ? reply.growMs : this.current.growMs,
          cutMs: reply.cutMs,
          error: null,
        })
        return
      case 'mask':
        this.results.get(reply.id)?.resolve({ as: 'mask', mask: reply.mask, pixels: reply.pixels })
        this.results.delete(reply.id)
        return
      case 'polygons':
        this.results
          .get(reply.id)
          ?.resolve({ as: 'polygons', polygons: reply.polygons, pixels: reply.pixels })
        this.results.delete(reply.id)
        return
      case 'error': {
        const waiting = reply.id !== undefined ? this.results.get(reply.id) : undefined
        if (waiting && reply.id !== undefined) {
          this.results.delete(reply.id)
          waiting.reject(new Error(reply.message))
          return
        }
        if (reply.key !== undefined && reply.key !== this.pictureKey) return
        if (reply.id !== undefined && reply.id === this.inFlight) {
          this.inFlight = null
          if (this.pending) {
            this.pending = false
            this.ask()
            return
          }
        }
        this.update({ status: 'error', error: reply.message, outline: null, pixels: null })
        return
      }
    }
  }

  /** Stop the worker (the tool is gone). */
  dispose(): void {
    this.port?.terminate()
    this.port = null
    for (const waiting of this.results.values()) waiting.reject(new Error('The floor worker stopped.'))
    this.results.clear()
  }
}
