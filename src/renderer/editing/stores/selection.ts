/**
 * Selection store: what the author has selected on the canvas (a shape, a vertex,
 * a node, a join, a scale stop), and the objects of a multi-selection (shift-click,
 * marquee, the outliner) across layers. Not an edit: never in the undo history. Cleared
 * when the room changes and when the selected thing disappears (e.g. after undo).
 *
 * Glossary
 * - current: the one selection tools and property panels edit (a vertex, a shape …).
 * - objects: every selected object (object-refs.ts); a single shape selection is also
 *   its one object. Move, rotate, scale, flip and align act on `objects`.
 */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Room } from '../../../shared/room/schema'
import type { Selection } from '../tools/tool'
import { refExists, refOfSelection, sameRef, selectionOfRef, type ObjectRef } from '../tools/object-refs'

/** Does the selection still name something in the room? */
export function selectionExists(room: Room | null, s: Selection | null): boolean {
  if (!room || !s) return false
  switch (s.kind) {
    case 'polygon': {
      const p = room.polygons.find((q) => q.id === s.polygonId)
      if (!p) return false
      const ring = s.hole !== undefined ? p.holes[s.hole] : p.outer
      return ring !== undefined && (s.vertex === undefined || s.vertex < ring.length)
    }
    case 'gate':
      return room.gates.some((g) => g.id === s.gateId)
    case 'zone':
      return room.zones.some((z) => z.id === s.zoneId)
    case 'hotspot': {
      const h = room.hotspots?.find((x) => x.id === s.hotspotId)
      if (!h) return false
      return s.vertex === undefined || (h.shape.kind === 'polygon' && s.vertex < h.shape.outer.length)
    }
    case 'point':
      return room.points?.some((p) => p.id === s.pointId) ?? false
    case 'node':
      return room.nodeGraph.nodes.some((n) => n.id === s.nodeId)
    case 'join':
      return s.index < room.nodeGraph.joins.length
    case 'scale-stop':
      return (room.scaling.linear.find((l) => l.areaId === s.areaId)?.stops.length ?? 0) > s.index
  }
}

export const useSelectionStore = defineStore('selection', () => {
  const current = shallowRef<Selection | null>(null)
  const objects = shallowRef<readonly ObjectRef[]>([])
  /** Select one thing (or nothing): the multi-selection becomes its object. */
  function select(s: Selection | null): void {
    current.value = s
    const ref = refOfSelection(s)
    const now = objects.value
    // A vertex picked on a shape that is part of the multi-selection keeps the others.
    if (
      ref &&
      now.length > 1 &&
      now.some((r) => sameRef(r, ref)) &&
      s &&
      'vertex' in s &&
      s.vertex !== undefined
    )
      return
    objects.value = ref ? [ref] : []
  }
  /** Select these objects; the last one is the current selection when a tool can edit it. */
  function setObjects(refs: readonly ObjectRef[]): void {
    objects.value = [...refs]
    const last = refs[refs.length - 1]
    current.value = last ? selectionOfRef(last) : null
  }
  /** Shift-click: add the object, or take it out when it is selected. */
  function toggle(ref: ObjectRef): void {
    const now = objects.value
    setObjects(now.some((r) => sameRef(r, ref)) ? now.filter((r) => !sameRef(r, ref)) : [...now, ref])
  }
  function isSelected(ref: ObjectRef): boolean {
    return objects.value.some((r) => sameRef(r, ref))
  }
  /** Drop what no longer exists in `room` (after an undo, a delete). */
  function prune(room: Room | null): void {
    const kept = room ? objects.value.filter((r) => refExists(room, r)) : []
    if (kept.length !== objects.value.length) objects.value = kept
    if (!selectionExists(room, current.value)) current.value = null
  }
  return { current, objects, select, setObjects, toggle, isSelected, prune }
})
