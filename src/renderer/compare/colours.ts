/**
 * One colour per algorithm, the same in the overlay, the legend, the side-by-side panes,
 * the metrics table and the batch charts.
 *
 * Glossary
 * - colour: '#rrggbb' text for the DOM and SVG; `colourNumber` gives Pixi's 0xrrggbb.
 *
 * Units: none.
 */
import type { AlgorithmId } from '../../shared/nav/types'

export const ALGORITHM_COLOURS: Readonly<Record<AlgorithmId, string>> = {
  'sampled-grid': '#ff9f1c',
  'visibility-polygon': '#2ec4b6',
  'downscaled-grid': '#e71d73',
  'flood-fill': '#f9e900',
  'node-graph': '#a06cd5',
  'navmesh-funnel': '#3a86ff',
  jps: '#ff5d5d',
  'octile-astar': '#8ac926',
  'any-angle-optimal': '#ffffff',
}

export function colourNumber(colour: string): number {
  return parseInt(colour.replace('#', ''), 16)
}
