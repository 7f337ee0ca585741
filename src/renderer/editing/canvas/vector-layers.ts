/**
 * Drawing the room's vector layers into Pixi Graphics: gates (closed gates red and
 * hatched, open gates outlined; an 'open-area' gate as its area's walk polygons, or as the
 * outline of its area's mask pixels when the area has no walk polygons), trigger zones, the node graph (one-way joins with
 * an arrow), scaling stops as handles, and the active tool's preview. Pure drawing:
 * nothing here reads or writes a store.
 *
 * Glossary
 * - hairline: a stroke `px` screen px wide at any zoom (width = px / zoom room px).
 * - hatch: diagonal lines clipped to a polygon (even-odd scanline along the diagonal).
 *
 * Units: room px; stroke widths given in screen px and divided by the zoom.
 */
import type { Graphics } from 'pixi.js'
import type { SnapTarget } from '../tools/snapping'
import type { AreaPolygon, Point } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type { Room } from '../../../shared/room/schema'
import type { RoomNavState } from '../../../shared/analysis/room-world'
import type { ToolPreview } from '../tools/tool'

function flat(points: readonly Point[]): number[] {
  const out: number[] = []
  for (const p of points) out.push(p.x, p.y)
  return out
}

/**
 * Diagonal hatch lines (45°, every `gap` room px) clipped to a ring, or to several rings
 * even-odd (an outline and its holes: the holes stay clear).
 */
export function hatchSegments(
  ring: readonly Point[],
  gap: number,
  holes: readonly (readonly Point[])[] = [],
): [Point, Point][] {
  // Lines x - y = c; intersect every edge, pair the crossings along the line.
  const rings = [ring, ...holes]
  let lo = Infinity
  let hi = -Infinity
  for (const p of ring) {
    lo = Math.min(lo, p.x - p.y)
    hi = Math.max(hi, p.x - p.y)
  }
  const out: [Point, Point][] = []
  for (let c = Math.ceil(lo / gap) * gap; c <= hi; c += gap) {
    const ts: number[] = []
    for (const ring of rings)
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]
        const b = ring[(i + 1) % ring.length]
        const fa = a.x - a.y - c
        const fb = b.x - b.y - c
        if (fa < 0 === fb < 0) continue
        const t = fa / (fa - fb)
        ts.push(a.x + (b.x - a.x) * t)
      }
    ts.sort((p, q) => p - q)
    for (let k = 0; k + 1 < ts.length; k += 2)
      out.push([
        { x: ts[k], y: ts[k] - c },
        { x: ts[k + 1], y: ts[k + 1] - c },
      ])
  }
  return out
}

/**
 * Gates in the current state: a closed gate hatched red, an open one outlined green. A
 * 'block-polygon' gate is its polygon (closed: it blocks walking); an 'open-area' gate is the
 * walk polygons of its area (closed: the area is not walkable), or, for an area given only by
 * the mask, the outline of its mask pixels (`maskArea`: traced, pixel-exact). Redrawn when a
 * flag changes.
 */
export function drawGates(
  g: Graphics,
  room: Room,
  state: RoomNavState | null,
  zoom: number,
  selectedId: string | null,
  maskArea: (areaId: number) => readonly AreaPolygon[] = () => [],
): void {
  const w = 1.5 / zoom
  for (const gate of room.gates) {
    if (gate.kind === 'open-area' && gate.areaId !== undefined) {
      const closed = state ? !state.enabledAreas.has(gate.areaId) : false
      const id = gate.areaId
      const own = room.polygons.filter((p) => p.areaId === id)
      const shapes: AreaPolygon[] =
        own.length > 0
          ? own.map((p) => ({ outer: coordsToRing(p.outer), holes: p.holes.map(coordsToRing) }))
          : [...maskArea(id)]
      for (const { outer, holes } of shapes) {
        if (closed) {
          for (const [a, b] of hatchSegments(outer, 8 / zoom, holes)) g.moveTo(a.x, a.y).lineTo(b.x, b.y)
          g.stroke({ color: 0xff3b3b, width: w, alpha: 0.9 })
        }
        for (const ring of [outer, ...holes])
          g.poly(flat(ring)).stroke({
            color: closed ? 0xff3b3b : 0x7ee787,
            width: (gate.id === selectedId ? 3 : 2) / zoom,
            alpha: 1,
          })
      }
      continue
    }
    if (gate.kind !== 'block-polygon' || !gate.polygon) continue
    const ring = coordsToRing(gate.polygon)
    const closed = state
      ? state.blockers.some(
          (b) =>
            b.outer.length === ring.length && b.outer.every((p, i) => p.x === ring[i].x && p.y === ring[i].y),
        )
      : true
    if (closed) {
      g.poly(flat(ring)).fill({ color: 0xff3b3b, alpha: 0.3 })
      for (const [a, b] of hatchSegments(ring, 8 / zoom)) g.moveTo(a.x, a.y).lineTo(b.x, b.y)
      g.stroke({ color: 0xff3b3b, width: w, alpha: 0.9 })
    }
    g.poly(flat(ring)).stroke({
      color: closed ? 0xff3b3b : 0x7ee787,
      width: (gate.id === selectedId ? 3 : 2) / zoom,
      alpha: 1,
    })
  }
}

export function drawZones(g: Graphics, room: Room, zoom: number, selectedId: string | null): void {
  for (const zone of room.zones) {
    if (zone.shape.kind !== 'polygon') continue
    const ring = coordsToRing(zone.shape.outer)
    g.poly(flat(ring)).fill({ color: 0xf5a623, alpha: 0.18 })
    g.poly(flat(ring)).stroke({ color: 0xf5a623, width: (zone.id === selectedId ? 3 : 1.5) / zoom, alpha: 1 })
  }
}

export function drawNodeGraph(
  g: Graphics,
  room: Room,
  zoom: number,
  selected: { node?: string; join?: number },
): void {
  const byId = new Map(room.nodeGraph.nodes.map((n) => [n.id, n]))
  room.nodeGraph.joins.forEach((join, i) => {
    const a = byId.get(join.a)
    const b = byId.get(join.b)
    if (!a || !b) return
    const colour = i === selected.join ? 0xffe066 : 0xb48cff
    g.moveTo(a.x, a.y)
      .lineTo(b.x, b.y)
      .stroke({ color: colour, width: 2 / zoom })
    if (join.oneWay) {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1
      const ux = (b.x - a.x) / len
      const uy = (b.y - a.y) / len
      const mx = (a.x + b.x) / 2
      const my = (a.y + b.y) / 2
      const s = 9 / zoom
      g.poly([
        mx + ux * s,
        my + uy * s,
        mx - ux * s - uy * s * 0.7,
        my - uy * s + ux * s * 0.7,
        mx - ux * s + uy * s * 0.7,
        my - uy * s - ux * s * 0.7,
      ]).fill({ color: colour })
    }
  })
  for (const n of room.nodeGraph.nodes) {
    g.circle(n.x, n.y, 5 / zoom)
      .fill({ color: n.id === selected.node ? 0xffe066 : 0xb48cff })
      .stroke({ color: 0x1b1c20, width: 1 / zoom })
  }
}

export function drawScaleStops(
  g: Graphics,
  room: Room,
  areaId: number,
  zoom: number,
  selectedIndex: number | null,
): void {
  const gradient = room.scaling.linear.find((l) => l.areaId === areaId)
  if (!gradient) return
  if (room.scaling.mode === 'map') {
    // Not in use while the scale map decides: thin dim lines, no handles.
    for (const stop of gradient.stops)
      g.moveTo(0, stop.y)
        .lineTo(room.size.width, stop.y)
        .stroke({ color: 0x5ad1ff, width: 1 / zoom, alpha: 0.25 })
    return
  }
  gradient.stops.forEach((stop, i) => {
    const colour = i === selectedIndex ? 0xffe066 : 0x5ad1ff
    g.moveTo(0, stop.y)
      .lineTo(room.size.width, stop.y)
      .stroke({ color: colour, width: 1.5 / zoom, alpha: 0.9 })
    g.rect(4 / zoom, stop.y - 6 / zoom, 14 / zoom, 12 / zoom).fill({ color: colour })
  })
}

export function drawPreview(g: Graphics, preview: ToolPreview | null, zoom: number): void {
  if (!preview) return
  const w = 1.5 / zoom
  for (const ring of preview.rings ?? []) {
    if (ring.points.length < 2) continue
    if (ring.fill !== undefined && ring.closed) {
      g.poly(flat(ring.points)).fill({ color: ring.fill, alpha: 0.25 })
      for (const hole of ring.holes ?? []) if (hole.length >= 3) g.poly(flat(hole)).cut()
    }
    if (ring.dashed) {
      const pts = ring.closed ? [...ring.points, ring.points[0]] : ring.points
      const dash = 6 / zoom
      for (let i = 0; i + 1 < pts.length; i++) {
        const a = pts[i]
        const b = pts[i + 1]
        const len = Math.hypot(b.x - a.x, b.y - a.y)
        for (let d = 0; d < len; d += dash * 2) {
          const t0 = d / len
          const t1 = Math.min(1, (d + dash) / len)
          g.moveTo(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0).lineTo(
            a.x + (b.x - a.x) * t1,
            a.y + (b.y - a.y) * t1,
          )
        }
      }
      g.stroke({ color: ring.colour, width: w })
    } else {
      g.poly(flat(ring.points), ring.closed).stroke({ color: ring.colour, width: w })
    }
  }
  for (const m of preview.markers ?? []) {
    const s = (m.size ?? 3) / zoom
    if (m.cross) {
      g.moveTo(m.point.x - s, m.point.y - s).lineTo(m.point.x + s, m.point.y + s)
      g.moveTo(m.point.x + s, m.point.y - s).lineTo(m.point.x - s, m.point.y + s)
      g.stroke({ color: m.colour, width: 2.5 / zoom })
      g.circle(m.point.x, m.point.y, s * 1.4).stroke({ color: m.colour, width: 1.5 / zoom })
    } else {
      g.rect(m.point.x - s, m.point.y - s, 2 * s, 2 * s)
        .fill({ color: m.colour })
        .stroke({ color: 0x000000, width: 1 / zoom })
    }
  }
  if (preview.snap) drawSnapTarget(g, preview.snap, zoom)
  if (preview.brush) {
    const { x, y, size, shape } = preview.brush
    if (shape === 'round') g.circle(x, y, size / 2)
    else g.rect(x - size / 2, y - size / 2, size, size)
    g.stroke({ color: 0xffffff, width: w }).stroke({ color: 0x000000, width: w / 2 })
  }
  if (preview.ghost) {
    const { feet, height } = preview.ghost
    const head = height * 0.13
    const bodyW = height * 0.28
    g.ellipse(feet.x, feet.y, bodyW * 0.6, Math.max(1, height * 0.03)).fill({ color: 0x000000, alpha: 0.35 })
    g.roundRect(feet.x - bodyW / 2, feet.y - height + head * 2, bodyW, height - head * 2, bodyW * 0.3).fill({
      color: 0xffffff,
      alpha: 0.55,
    })
    g.circle(feet.x, feet.y - height + head, head).fill({ color: 0xffffff, alpha: 0.55 })
    g.rect(feet.x - bodyW / 2, feet.y - height, bodyW, height).stroke({ color: 0xffe066, width: w })
  }
}

/** The colour of a highlighted snap target (a bright cyan, apart from every layer's colours). */
export const SNAP_COLOUR = 0x00e5ff

/** A snap target: a ring on a vertex, the caught edge drawn thick with a dot, a small cross on a grid crossing. */
export function drawSnapTarget(g: Graphics, target: SnapTarget, zoom: number): void {
  const { x, y } = target.point
  const r = 7 / zoom
  if (target.kind === 'edge') {
    g.moveTo(target.from.x, target.from.y)
      .lineTo(target.to.x, target.to.y)
      .stroke({ color: SNAP_COLOUR, width: 3 / zoom })
    g.circle(x, y, 4 / zoom).fill({ color: SNAP_COLOUR })
    return
  }
  if (target.kind === 'vertex') {
    g.circle(x, y, r).stroke({ color: SNAP_COLOUR, width: 2.5 / zoom })
    g.circle(x, y, 3 / zoom).fill({ color: SNAP_COLOUR })
    return
  }
  g.moveTo(x - r, y)
    .lineTo(x + r, y)
    .moveTo(x, y - r)
    .lineTo(x, y + r)
    .stroke({ color: SNAP_COLOUR, width: 2 / zoom })
}

/** Smallest on-screen spacing of grid lines, screen px: a denser grid is not drawn. */
const MIN_GRID_SCREEN_PX = 4

/** The grid over a room of `width` x `height` room px, every `step` room px (one line width on screen). */
export function drawGrid(g: Graphics, width: number, height: number, step: number, zoom: number): void {
  if (step * zoom < MIN_GRID_SCREEN_PX) return
  for (let x = 0; x <= width; x += step) g.moveTo(x, 0).lineTo(x, height)
  for (let y = 0; y <= height; y += step) g.moveTo(0, y).lineTo(width, y)
  g.stroke({ color: 0xffffff, width: 1 / zoom, alpha: 0.18 })
}
