/**
 * Selection store: what the author has selected on the canvas (a shape, a vertex,
 * a node, a join, a scale stop). Not an edit: never in the undo history. Cleared
 * when the room changes and when the selected thing disappears (e.g. after undo).
 */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Room } from '../../shared/room/schema'
import type { Selection } from '../tools/tool'

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
  function select(s: Selection | null): void {
    current.value = s
  }
  return { current, select }
})
