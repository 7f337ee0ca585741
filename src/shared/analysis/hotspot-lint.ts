/**
 * Lint of the room's hotspots (lint.ts calls it): a walk-to point nobody can reach, and a
 * hotspot with no pixels. Checked in one game state, as the rest of lint; a hotspot switched
 * off in that state (its `enabledBy` does not hold) cannot be clicked and is not checked.
 *
 * Glossary
 * - unreachable walk-to point: not walkable in this state (off the walk area, in a hole,
 *   behind a closed gate, in a closed area: goal-snap.ts says which), or walkable but on a
 *   patch the start point's patch does not join (4-connected, as lint's islands).
 * - no pixels: a painted hotspot none of whose mask pixels is left, or a polygon whose
 *   outline holds no pixel centre of the room (hotspots.ts).
 * - overlap: painted hotspots cannot overlap (one mask, one id per pixel); polygons may, and
 *   the last in the list is on top, so nothing is reported for them.
 *
 * Units: room px.
 */
import { signedArea } from '../geometry/polygon'
import type { Point, Ring } from '../geometry/types'
import type { NavWorld } from '../nav/types'
import { coordsToRing } from '../room/convert'
import type { Hotspot, Room } from '../room/schema'
import { whyNotWalkable } from './goal-snap'
import { hotspotCells, hotspotMaskCounts, hotspotPixelCount } from './hotspots'
import { holds, type FlagState } from './room-world'

export interface HotspotLintEntry {
  id: string
  severity: 'warning'
  kind: 'hotspot-walk-to-unreachable' | 'hotspot-no-pixels'
  message: string
  at: Point
}

function fmt(p: Point): string {
  return `(${Math.round(p.x)}, ${Math.round(p.y)})`
}

/** The hotspot as the author knows it: its name, else its id. */
function label(h: Hotspot): string {
  return h.name || h.id
}

/** Where a hotspot is, to jump to: its walk-to point, its outline's middle, or the room's centre. */
function placeOf(room: Room, h: Hotspot): Point {
  if (h.shape.kind === 'polygon') {
    const ring: Ring = coordsToRing(h.shape.outer)
    const a = signedArea(ring)
    if (Math.abs(a) > 1e-9) {
      let cx = 0
      let cy = 0
      let prev = ring[ring.length - 1]
      for (const p of ring) {
        const cross = prev.x * p.y - p.x * prev.y
        cx += (prev.x + p.x) * cross
        cy += (prev.y + p.y) * cross
        prev = p
      }
      return { x: cx / (6 * a), y: cy / (6 * a) }
    }
    return { x: ring[0].x, y: ring[0].y }
  }
  return h.walkTo ? { ...h.walkTo } : { x: room.size.width / 2, y: room.size.height / 2 }
}

/**
 * The hotspot findings of the room in the state `flags` (complete flag values). `labels`
 * gives the walkable patch (4-connected component) of each pixel of `world`'s grid, -1 where
 * not walkable, and `startLabel` the start point's patch (-1: none), as lint computes them.
 */
export function hotspotEntries(
  room: Room,
  mask: Uint8Array | null,
  flags: FlagState,
  world: NavWorld,
  patches: () => { labels: Int32Array; startLabel: number },
): HotspotLintEntry[] {
  const entries: HotspotLintEntry[] = []
  const hotspots = room.hotspots ?? []
  if (hotspots.length === 0) return entries
  const cells = hotspotCells(room)
  const counts = hotspotMaskCounts(cells)
  const { width, height } = room.size
  for (const h of hotspots) {
    if (!holds(h.enabledBy, flags)) continue
    const pixels =
      h.shape.kind === 'mask' ? (counts.get(h.shape.maskId) ?? 0) : hotspotPixelCount(room, h, cells)
    if (pixels === 0)
      entries.push({
        id: `hotspot-no-pixels:${h.id}`,
        severity: 'warning',
        kind: 'hotspot-no-pixels',
        at: placeOf(room, h),
        message:
          h.shape.kind === 'mask'
            ? `Hotspot '${label(h)}' has no pixels (mask id ${h.shape.maskId}); nobody can click it`
            : `Hotspot '${label(h)}' has no pixels inside the room; nobody can click it`,
      })
    const to = h.walkTo
    if (!to) continue
    const unreachable = (why: string): void => {
      entries.push({
        id: `hotspot-walk-to-unreachable:${h.id}`,
        severity: 'warning',
        kind: 'hotspot-walk-to-unreachable',
        at: { x: to.x, y: to.y },
        message: `The walk-to point ${fmt(to)} of hotspot '${label(h)}' ${why}; nobody can reach it`,
      })
    }
    if (!world.isWalkable(to)) {
      unreachable(whyNotWalkable(room, mask, flags, to) ?? 'is outside the walkable area')
      continue
    }
    const c = Math.floor(to.x)
    const r = Math.floor(to.y)
    if (c < 0 || r < 0 || c >= width || r >= height) continue
    const { labels, startLabel } = patches()
    const here = labels[r * width + c]
    if (startLabel >= 0 && here >= 0 && here !== startLabel)
      unreachable(`is on a walkable patch that the start point ${fmt(room.testWalk.start)} does not join`)
  }
  return entries
}
