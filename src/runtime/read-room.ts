/**
 * Reads a runtime room file in the game, without the editor's schema library: the file
 * was written by Walkbox's exporter, so only its shape is checked (format, version 1 or 2,
 * the fields the runtime uses, numbers finite), each problem named with the file and field;
 * the prepared navmesh (version 2) is checked in full (runtime-navmesh.ts).
 *
 * Units: room px.
 */
import {
  checkRuns,
  decodeRuns,
  RUNTIME_FORMAT,
  runtimeVersionProblem,
  type RuntimeRoomFile,
} from '../shared/formats/runtime-file'
import { readNavmesh, type RuntimeNavmesh } from '../shared/formats/runtime-navmesh'
import type { TriangulationLike } from '../shared/nav/polygon/tri-mesh'
import type { Room } from '../shared/room/schema'
import { checkRuntimeHotspots } from './check-hotspots'

export interface RuntimeRoomData {
  room: Room
  flags: Record<string, boolean>
  /** Decodes the area mask (its runs were checked on reading), or null when the file has none. */
  mask: (() => Uint8Array) | null
  /** The mask's runs as the file holds them (the navmesh's fingerprint reads them), or null. */
  maskRuns: number[] | null
  /** Decodes the scale map (checked likewise), or null. */
  scaleMap: (() => { width: number; height: number; values: Uint8Array }) | null
  /** The prepared navmesh (version 2), checked; null when the file has none or one of a later section version. */
  navmesh: (RuntimeNavmesh & { mesh: TriangulationLike }) | null
}

function failAt(file: string, field: string, expected: string): never {
  throw new Error(`${file}: ${field}: expected ${expected}`)
}

function whole(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1_000_000
}

function finiteRing(ring: unknown): boolean {
  if (!Array.isArray(ring) || ring.length < 3) return false
  for (const p of ring as unknown[])
    if (!Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return false
  return true
}

const LISTS = ['areas', 'polygons', 'gates', 'zones'] as const

export function readRoomFile(data: unknown, file: string): RuntimeRoomData {
  const f = (typeof data === 'string' ? JSON.parse(data) : data) as Partial<RuntimeRoomFile> | null
  const fail = failAt.bind(null, file)
  if (f?.format !== RUNTIME_FORMAT)
    throw new Error(`${file}: not a Walkbox runtime room (format is not '${RUNTIME_FORMAT}')`)
  const versionProblem = runtimeVersionProblem(f.version)
  if (versionProblem) throw new Error(`${file}: ${versionProblem}`)
  const room = f.room as Room | undefined
  if (!room || typeof room !== 'object') fail('room', 'an object')
  const size = room!.size
  if (!size || !whole(size.width) || !whole(size.height)) fail('room.size', 'a width and height in whole px')
  for (const key of LISTS) if (!Array.isArray(room![key])) fail(`room.${key}`, 'a list')
  if (!room!.nodeGraph || !Array.isArray(room!.nodeGraph.nodes) || !Array.isArray(room!.nodeGraph.joins))
    fail('room.nodeGraph', 'nodes and joins')
  if (!room!.scaling || !Array.isArray(room!.scaling.linear)) fail('room.scaling', 'a mode and linear stops')
  if (room!.authoritative !== 'mask' && room!.authoritative !== 'polygons')
    fail('room.authoritative', "'mask' or 'polygons'")
  const polygons = room!.polygons
  for (let i = 0; i < polygons.length; i++) {
    const p = polygons[i]
    let ok = finiteRing(p.outer) && Array.isArray(p.holes)
    for (let h = 0; ok && h < p.holes.length; h++) ok = finiteRing(p.holes[h])
    if (!ok) fail(`room.polygons[${i}]`, 'an outer ring and holes of finite points')
  }
  const wb = room!.walkBehinds
  if (wb !== undefined) {
    if (!wb || !Array.isArray(wb.areas) || !Array.isArray(wb.rows) || wb.rows.length !== size!.height)
      fail('room.walkBehinds', 'areas and one row of runs per room row')
    wb.areas.forEach((a, i) => {
      if (!Number.isInteger(a?.id) || a.id < 1 || a.id > 255 || !Number.isFinite(a.baseline))
        fail(`room.walkBehinds.areas[${i}]`, 'an id 1..255 and a finite baseline')
    })
  }
  checkRuntimeHotspots(room!, file)
  const { width, height } = size!
  // The mask and scale map are checked now and decoded when first asked for (a room's first
  // path from its prepared navmesh needs neither).
  const maskRuns = f.mask ? f.mask.runs : null
  if (maskRuns) checkRuns(maskRuns, width * height, `${file}: mask`)
  const mask = maskRuns ? () => decodeRuns(maskRuns, width * height, `${file}: mask`) : null
  if (room!.authoritative === 'mask' && !mask)
    throw new Error(`${file}: the room's mask is authoritative but the file has no mask`)
  const scale = f.scaleMap
  if (scale) {
    if (!whole(scale.width) || !whole(scale.height)) fail('scaleMap', 'a width and height in whole px')
    checkRuns(scale.runs, scale.width * scale.height, `${file}: scaleMap`)
  }
  const scaleMap = scale
    ? () => ({
        width: scale.width,
        height: scale.height,
        values: decodeRuns(scale.runs, scale.width * scale.height, `${file}: scaleMap`),
      })
    : null
  const flags: Record<string, boolean> = {}
  const given = (f.flags ?? {}) as Record<string, unknown>
  for (const k in given) if (Object.hasOwn(given, k) && typeof given[k] === 'boolean') flags[k] = given[k]
  // Version 1 has no navmesh; a version 1 file that carries one anyway is read as version 2 would.
  const navmesh = f.navmesh === undefined ? null : readNavmesh(f.navmesh, file)
  return { room: room!, flags, mask, maskRuns, scaleMap, navmesh }
}
