/**
 * The floor service: what the floor worker does (floor-worker.ts), written without the
 * worker so that tests can drive it directly. It prepares the room's background once
 * (src/shared/analysis/floor-proposal.ts), keeps the last growth so that a new margin only
 * re-cuts it, and answers with an outline for the preview and the exact pixel count; on
 * Apply, with the room-size mask or the traced and simplified polygons.
 *
 * Glossary
 * - key: which background the UI means (a number it gives each picture it sends); a request
 *   for another key than the prepared one is answered with an error, never with the wrong
 *   picture's floor.
 * - growth: the floor grown from one seed at one tolerance (a new margin reuses it).
 * - outline: the proposal traced at work size and lightly simplified, room px: the preview.
 *
 * Units: room px; ms (performance.now()).
 */
import {
  floorMask,
  floorOutline,
  growFloor,
  prepareFloorPicture,
  type FloorGrowth,
  type FloorPicture,
} from '../../../shared/analysis/floor-proposal'
import type { AreaPolygon, Point } from '../../../shared/geometry/types'
import { simplifyAreas, traceMask } from '../../../shared/geometry/vectorise'

/** What the floor is asked for: where it was clicked, at which tolerance and margin. */
export interface FloorAsk {
  seed: Point
  /** 0..1 */
  tolerance: number
  /** Room px. */
  margin: number
}

export type FloorRequest =
  | { type: 'prepare'; key: number; width: number; height: number; data: Uint8Array }
  | ({ type: 'propose'; id: number; key: number } & FloorAsk)
  | ({ type: 'result'; id: number; key: number; as: 'mask' } & FloorAsk)
  | ({ type: 'result'; id: number; key: number; as: 'polygons'; simplify: number } & FloorAsk)

export type FloorReply =
  | { type: 'prepared'; key: number; ms: number; workWidth: number; workHeight: number }
  | {
      type: 'proposal'
      id: number
      outline: AreaPolygon[]
      /** Room px of the proposal (exact: the mask Apply writes has this many). */
      pixels: number
      /** Growing (0 when only the margin changed) and cutting, ms. */
      growMs: number
      cutMs: number
    }
  | { type: 'mask'; id: number; mask: Uint8Array; pixels: number }
  | { type: 'polygons'; id: number; polygons: AreaPolygon[]; pixels: number }
  | { type: 'error'; id?: number; key?: number; message: string }

export type FloorPost = (reply: FloorReply, transfer: Transferable[]) => void

export interface FloorService {
  handle(request: FloorRequest): void
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

export function createFloorService(post: FloorPost): FloorService {
  let prepared: { key: number; picture: FloorPicture } | null = null
  let grown: { seed: Point; tolerance: number; growth: FloorGrowth } | null = null

  /** The growth for `ask` (the last one when seed and tolerance are the same) and its time, ms. */
  function growth(key: number, ask: FloorAsk): { growth: FloorGrowth; ms: number } {
    if (!prepared || prepared.key !== key) throw new Error('The background changed; click the floor again.')
    if (
      grown &&
      grown.growth.picture === prepared.picture &&
      grown.seed.x === ask.seed.x &&
      grown.seed.y === ask.seed.y &&
      grown.tolerance === ask.tolerance
    )
      return { growth: grown.growth, ms: 0 }
    const t0 = performance.now()
    const made = growFloor(prepared.picture, ask.seed, ask.tolerance)
    grown = { seed: { ...ask.seed }, tolerance: ask.tolerance, growth: made }
    return { growth: made, ms: performance.now() - t0 }
  }

  function handle(request: FloorRequest): void {
    switch (request.type) {
      case 'prepare': {
        try {
          const t0 = performance.now()
          const { key, width, height, data } = request
          const picture = prepareFloorPicture({ width, height, data })
          prepared = { key, picture }
          grown = null
          post(
            {
              type: 'prepared',
              key,
              ms: performance.now() - t0,
              workWidth: picture.workWidth,
              workHeight: picture.workHeight,
            },
            [],
          )
        } catch (e) {
          prepared = null
          post({ type: 'error', key: request.key, message: message(e) }, [])
        }
        return
      }
      case 'propose': {
        try {
          const { growth: g, ms } = growth(request.key, request)
          const t0 = performance.now()
          const { pixels } = floorMask(g, request.margin)
          const outline = floorOutline(g, request.margin)
          post(
            { type: 'proposal', id: request.id, outline, pixels, growMs: ms, cutMs: performance.now() - t0 },
            [],
          )
        } catch (e) {
          post({ type: 'error', id: request.id, message: message(e) }, [])
        }
        return
      }
      case 'result': {
        try {
          const { growth: g } = growth(request.key, request)
          const { mask, pixels } = floorMask(g, request.margin)
          if (request.as === 'mask') {
            post({ type: 'mask', id: request.id, mask, pixels }, [mask.buffer])
            return
          }
          const { width, height } = g.picture
          const polygons = simplifyAreas(
            traceMask(width, height, (i) => mask[i] === 1),
            request.simplify,
          )
          post({ type: 'polygons', id: request.id, polygons, pixels }, [])
        } catch (e) {
          post({ type: 'error', id: request.id, message: message(e) }, [])
        }
        return
      }
    }
  }

  return { handle }
}
