/**
 * Viewport store: zoom, pan and the cursor's room position. Never recorded in
 * undo history (DESIGN.md: selection and viewport are not edits).
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Point } from '../../shared/geometry/types'
import {
  actualSize,
  fitRoom,
  panBy,
  zoomAt,
  ZOOM_STEP,
  type ScreenPoint,
  type Viewport,
} from '../canvas/viewport'

export const useViewportStore = defineStore('viewport', () => {
  const viewport = ref<Viewport>({ zoom: 1, offsetX: 0, offsetY: 0 })
  const canvasWidth = ref(800)
  const canvasHeight = ref(600)
  /** The room point under the cursor, or null when the cursor is off the canvas. */
  const cursor = ref<Point | null>(null)
  /** Rulers along the canvas's top and left edges (View › Show Rulers). */
  const showRulers = ref(false)
  const zoomPercent = computed(() => Math.round(viewport.value.zoom * 1000) / 10)

  function setCanvasSize(w: number, h: number): void {
    canvasWidth.value = w
    canvasHeight.value = h
  }
  function zoomAtPoint(anchor: ScreenPoint, factor: number): void {
    viewport.value = zoomAt(viewport.value, anchor, factor)
  }
  function zoomCentre(factor: number): void {
    zoomAtPoint({ sx: canvasWidth.value / 2, sy: canvasHeight.value / 2 }, factor)
  }
  function pan(dsx: number, dsy: number): void {
    viewport.value = panBy(viewport.value, dsx, dsy)
  }
  function fit(roomWidth: number, roomHeight: number): void {
    viewport.value = fitRoom(roomWidth, roomHeight, canvasWidth.value, canvasHeight.value)
  }
  function toActualSize(): void {
    viewport.value = actualSize(viewport.value, canvasWidth.value, canvasHeight.value)
  }
  return {
    viewport,
    canvasWidth,
    canvasHeight,
    cursor,
    showRulers,
    zoomPercent,
    setCanvasSize,
    zoomAtPoint,
    zoomIn: () => zoomCentre(ZOOM_STEP),
    zoomOut: () => zoomCentre(1 / ZOOM_STEP),
    pan,
    fit,
    toActualSize,
  }
})
