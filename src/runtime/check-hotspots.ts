/**
 * The shape check of a runtime room file's hotspots (read-room.ts calls it): each hotspot
 * has an id, a name, a polygon of finite points or a mask id 1..255, finite walk-to and
 * look-at points when given, and text properties; the painted hotspots' mask has one row of
 * runs per room row. Files written before hotspots existed have none, and are read as they
 * were (the field is optional and needs no runtime file version of its own).
 *
 * Units: room px.
 */
import type { Room } from '../shared/room/schema'
import { hotspotRowProblem } from '../shared/analysis/hotspots'

/** Throws `${file}: room.hotspots[i]: expected …` for the first field that is not as written. */
export function checkRuntimeHotspots(room: Room, file: string): void {
  const wrong = (field: string, problem: string): never => {
    throw new Error(`${file}: ${field}: ${problem}`)
  }
  const fail = (field: string, expected: string): never => wrong(field, `expected ${expected}`)
  const hotspots: unknown = room.hotspots
  if (hotspots === undefined) return
  if (!Array.isArray(hotspots)) fail('room.hotspots', 'a list')
  const point = (p: unknown) =>
    p === undefined ||
    (typeof p === 'object' &&
      p !== null &&
      Number.isFinite((p as { x: unknown }).x) &&
      Number.isFinite((p as { y: unknown }).y))
  let painted = false
  room.hotspots!.forEach((h, i) => {
    const at = `room.hotspots[${i}]`
    if (!h || typeof h.id !== 'string' || typeof h.name !== 'string') fail(at, 'an id and a name')
    const shape = h.shape as { kind?: unknown; outer?: unknown; maskId?: unknown } | undefined
    if (shape?.kind === 'polygon') {
      const ring = shape.outer
      if (
        !Array.isArray(ring) ||
        ring.length < 3 ||
        !ring.every((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]))
      )
        fail(`${at}.shape`, 'an outer ring of finite points')
    } else if (shape?.kind === 'mask') {
      const id = shape.maskId
      if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 255)
        fail(`${at}.shape`, 'a mask id 1..255')
      painted = true
    } else fail(`${at}.shape`, "a kind 'polygon' or 'mask'")
    if (!point(h.walkTo)) fail(`${at}.walkTo`, 'a point of finite x and y')
    if (!point(h.lookAt)) fail(`${at}.lookAt`, 'a point of finite x and y')
    if (typeof h.properties !== 'object' || h.properties === null) fail(`${at}.properties`, 'an object')
  })
  const rows: unknown = room.hotspotMask?.rows
  if (!painted && rows === undefined) return
  if (!Array.isArray(rows) || rows.length !== room.size.height)
    fail('room.hotspotMask', 'one row of runs per room row')
  const bad = hotspotRowProblem(rows as unknown[], room.size.width)
  if (bad) wrong(`room.hotspotMask.rows[${bad.y}]`, bad.problem)
}
