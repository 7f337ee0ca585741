/**
 * Viewport store: zoom, pan and the cursor's room position. Never recorded in
 * undo history (DESIGN.md: selection and viewport are not edits). A room shown fitted
 * (and not zoomed or panned since) fits again when the canvas is resized (the window).
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Point } from '../../../shared/geometry/types'
import {
  actualSize,
  fitRoom,
  panBy,
  zoomAt,
  ZOOM_STEP,
  type ScreenPoint,
  type Viewport,
} from '../canvas/viewport'

function sameViewport(a: Viewport, b: Viewport): boolean {
  return a.zoom === b.zoom && a.offsetX === b.offsetX && a.offsetY === b.offsetY
}

export const useViewportStore = defineStore('viewport', () => {
  const viewport = ref<Viewport>({ zoom: 1, offsetX: 0, offsetY: 0 })
  const canvasWidth = ref(800)
  const canvasHeight = ref(600)
  /** The room point under the cursor, or null when the cursor is off the canvas. */
  const cursor = ref<Point | null>(null)
  /** Rulers along the canvas's top and left edges (View › Show Rulers). */
  const showRulers = ref(false)
  const zoomPercent = computed(() => Math.round(viewport.value.zoom * 1000) / 10)

  /** The last fit, while the author has not zoomed or panned since: a resized canvas fits again. */
  let lastFit: { roomWidth: number; roomHeight: number; result: Viewport } | null = null

  function setCanvasSize(w: number, h: number): void {
    const resized = w !== canvasWidth.value || h !== canvasHeight.value
    canvasWidth.value = w
    canvasHeight.value = h
    const f = lastFit
    if (resized && f && sameViewport(viewport.value, f.result) && w > 0 && h > 0)
      fit(f.roomWidth, f.roomHeight)
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
    lastFit = { roomWidth, roomHeight, result: viewport.value }
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
