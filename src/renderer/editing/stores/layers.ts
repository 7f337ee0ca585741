/**
 * Layers store: which layers of the room are shown, locked, and how opaque; and
 * which one is active (the active layer decides what tools do). View state, not
 * an edit: never recorded in undo history.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

import type { LayerId } from '../../../shared/tools'

export type { LayerId }

export interface LayerState {
  id: LayerId
  label: string
  visible: boolean
  locked: boolean
  /** 0..1 */
  opacity: number
}

const DEFAULT_LAYERS: LayerState[] = [
  { id: 'background', label: 'Background', visible: true, locked: true, opacity: 1 },
  { id: 'walk-mask', label: 'Walk mask areas', visible: true, locked: false, opacity: 0.45 },
  { id: 'walk-behinds', label: 'Walk-behinds', visible: true, locked: false, opacity: 0.5 },
  { id: 'walk-polygons', label: 'Walk polygons', visible: true, locked: false, opacity: 1 },
  { id: 'gates', label: 'Gates', visible: true, locked: false, opacity: 1 },
  { id: 'node-graph', label: 'Node graph', visible: true, locked: false, opacity: 1 },
  { id: 'scaling', label: 'Scaling', visible: false, locked: false, opacity: 1 },
  { id: 'zones', label: 'Trigger zones', visible: true, locked: false, opacity: 0.6 },
  { id: 'hotspots', label: 'Hotspots', visible: true, locked: false, opacity: 0.55 },
  { id: 'points', label: 'Points', visible: true, locked: false, opacity: 1 },
]

export const useLayersStore = defineStore('layers', () => {
  const layers = ref<LayerState[]>(DEFAULT_LAYERS.map((l) => ({ ...l })))
  const active = ref<LayerId>('walk-polygons')

  function layer(id: LayerId): LayerState {
    const found = layers.value.find((l) => l.id === id)
    if (!found) throw new Error(`Unknown layer '${id}'.`)
    return found
  }
  function setVisible(id: LayerId, visible: boolean): void {
    layer(id).visible = visible
  }
  function setLocked(id: LayerId, locked: boolean): void {
    layer(id).locked = locked
  }
  function setOpacity(id: LayerId, opacity: number): void {
    layer(id).opacity = Math.min(1, Math.max(0, opacity))
  }
  function activate(id: LayerId): void {
    active.value = id
  }
  return { layers, active, layer, setVisible, setLocked, setOpacity, activate }
})
