/**
 * The objects of a room as the outliner and multi-select know them: one reference per
 * walk polygon, hole, mask walk area, gate, zone, walk-behind, hotspot and point, its
 * name, its layer, its outline (for hit tests, marquee and transforms) and the
 * single-object selection a tool understands.
 *
 * Glossary
 * - object ref: `{ kind, id }` (a hole adds `hole`), see object-ref.ts.
 * - key: the ref as one string ('gate:door', 'hole:p-1#0'), for sets and maps.
 * - bounds: the axis-aligned box of an object's points; painted and area objects have none.
 *
 * Units: room px.
 */
import type { Point } from '../../../shared/geometry/types'
import { coordsToRing } from '../../../shared/room/convert'
import type { Room } from '../../../shared/room/schema'
import type { LayerId } from '../stores/layers'
import type { Selection } from './tool'

import type { ObjectKind, ObjectRef } from './object-ref'

export type { ObjectKind, ObjectRef } from './object-ref'

export interface Bounds {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

export function refKey(ref: ObjectRef): string {
  return ref.kind === 'hole' ? `hole:${ref.id}#${ref.hole}` : `${ref.kind}:${ref.id}`
}

export function sameRef(a: ObjectRef, b: ObjectRef): boolean {
  return refKey(a) === refKey(b)
}

/** The layer an object lives on (selecting it in the outliner makes that layer active). */
export function layerOfRef(ref: ObjectRef): LayerId | null {
  switch (ref.kind) {
    case 'polygon':
    case 'hole':
      return 'walk-polygons'
    case 'area':
      return 'walk-mask'
    case 'gate':
      return 'gates'
    case 'zone':
      return 'zones'
    case 'walk-behind':
      return 'walk-behinds'
    case 'hotspot':
      return 'hotspots'
    case 'point':
      return null
  }
}

/** The object a single selection names (its vertex dropped), or null (nodes, joins, stops). */
export function refOfSelection(s: Selection | null): ObjectRef | null {
  if (!s) return null
  switch (s.kind) {
    case 'polygon':
      return s.hole !== undefined
        ? { kind: 'hole', id: s.polygonId, hole: s.hole }
        : { kind: 'polygon', id: s.polygonId }
    case 'gate':
      return { kind: 'gate', id: s.gateId }
    case 'zone':
      return { kind: 'zone', id: s.zoneId }
    case 'hotspot':
      return { kind: 'hotspot', id: s.hotspotId }
    case 'point':
      return { kind: 'point', id: s.pointId }
    default:
      return null
  }
}

/** The single selection the select tool and the property panels use for an object, or null. */
export function selectionOfRef(ref: ObjectRef): Selection | null {
  switch (ref.kind) {
    case 'polygon':
      return { kind: 'polygon', polygonId: ref.id }
    case 'hole':
      return { kind: 'polygon', polygonId: ref.id, hole: ref.hole }
    case 'gate':
      return { kind: 'gate', gateId: ref.id }
    case 'zone':
      return { kind: 'zone', zoneId: ref.id }
    case 'hotspot':
      return { kind: 'hotspot', hotspotId: ref.id }
    case 'point':
      return { kind: 'point', pointId: ref.id }
    default:
      return null
  }
}

/** The outline of an object (a point is a ring of one point), or null when it has none (painted, area-based). */
export function outlineOf(room: Room, ref: ObjectRef): Point[] | null {
  switch (ref.kind) {
    case 'polygon': {
      const p = room.polygons.find((q) => q.id === ref.id)
      return p ? coordsToRing(p.outer) : null
    }
    case 'hole': {
      const h = room.polygons.find((q) => q.id === ref.id)?.holes[ref.hole ?? -1]
      return h ? coordsToRing(h) : null
    }
    case 'gate': {
      const g = room.gates.find((q) => q.id === ref.id)
      return g?.polygon ? coordsToRing(g.polygon) : null
    }
    case 'zone': {
      const z = room.zones.find((q) => q.id === ref.id)
      return z?.shape.kind === 'polygon' ? coordsToRing(z.shape.outer) : null
    }
    case 'hotspot': {
      const h = room.hotspots?.find((q) => q.id === ref.id)
      return h?.shape.kind === 'polygon' ? coordsToRing(h.shape.outer) : null
    }
    case 'point': {
      const p = room.points?.find((q) => q.id === ref.id)
      return p ? [{ x: p.x, y: p.y }] : null
    }
    default:
      return null
  }
}

export function boundsOf(points: readonly Point[]): Bounds | null {
  if (points.length === 0) return null
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  for (const p of points) {
    b.minX = Math.min(b.minX, p.x)
    b.minY = Math.min(b.minY, p.y)
    b.maxX = Math.max(b.maxX, p.x)
    b.maxY = Math.max(b.maxY, p.y)
  }
  return b
}

/** One object of the outliner: its ref, the name shown, and whether it can be renamed or moved. */
export interface RoomObject {
  ref: ObjectRef
  name: string
  /** What a rename changes: the object's name, or (walk polygons, which have none) its id. */
  renames: 'name' | 'id' | null
}

export interface ObjectGroup {
  id: 'polygons' | 'areas' | 'gates' | 'zones' | 'walk-behinds' | 'hotspots' | 'points'
  label: string
  objects: RoomObject[]
}

/** Every object of the room by kind, in file order (holes follow their polygon). */
export function roomObjects(room: Room): ObjectGroup[] {
  const polygons: RoomObject[] = []
  for (const p of room.polygons) {
    polygons.push({ ref: { kind: 'polygon', id: p.id }, name: p.id, renames: 'id' })
    p.holes.forEach((_, hole) =>
      polygons.push({ ref: { kind: 'hole', id: p.id, hole }, name: `hole ${hole + 1}`, renames: null }),
    )
  }
  /** Objects named by their `name` (a numbered id shows as '<kind> <id>' while it has none). */
  const named = (
    kind: ObjectKind,
    list: readonly { id: string | number; name?: string }[],
    unnamed: (id: string | number) => string,
  ): RoomObject[] =>
    list.map((o) => ({ ref: { kind, id: String(o.id) }, name: o.name || unnamed(o.id), renames: 'name' }))
  const itself = (id: string | number) => String(id)
  return [
    { id: 'polygons', label: 'Walk polygons', objects: polygons },
    { id: 'areas', label: 'Mask walk areas', objects: named('area', room.areas, (id) => `area ${id}`) },
    { id: 'gates', label: 'Gates', objects: named('gate', room.gates, itself) },
    { id: 'zones', label: 'Trigger zones', objects: named('zone', room.zones, itself) },
    {
      id: 'walk-behinds',
      label: 'Walk-behinds',
      objects: named('walk-behind', room.walkBehinds?.areas ?? [], (id) => `walk-behind ${id}`),
    },
    { id: 'hotspots', label: 'Hotspots', objects: named('hotspot', room.hotspots ?? [], itself) },
    { id: 'points', label: 'Points', objects: named('point', room.points ?? [], itself) },
  ]
}

/** Does the ref still name something in the room? */
export function refExists(room: Room, ref: ObjectRef): boolean {
  if (ref.kind === 'area') return room.areas.some((a) => String(a.id) === ref.id)
  if (ref.kind === 'walk-behind') return (room.walkBehinds?.areas ?? []).some((w) => String(w.id) === ref.id)
  if (ref.kind === 'hotspot') return (room.hotspots ?? []).some((h) => h.id === ref.id)
  if (ref.kind === 'gate') return room.gates.some((g) => g.id === ref.id)
  if (ref.kind === 'zone') return room.zones.some((z) => z.id === ref.id)
  if (ref.kind === 'point') return (room.points ?? []).some((p) => p.id === ref.id)
  const p = room.polygons.find((q) => q.id === ref.id)
  return !!p && (ref.kind === 'polygon' || (ref.hole ?? -1) < p.holes.length)
}
