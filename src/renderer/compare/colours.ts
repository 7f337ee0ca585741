/**
 * One colour per algorithm (given by the algorithm list), the same in the overlay, the legend, the side-by-side panes,
 * the metrics table and the batch charts.
 *
 * Glossary
 * - colour: '#rrggbb' text for the DOM and SVG; `colourNumber` gives Pixi's 0xrrggbb.
 *
 * Units: none.
 */
import { ALGORITHMS, type AlgorithmId } from '../../shared/nav/registry'

/** The colour of each algorithm, from the algorithm list (src/shared/nav/registry.ts). */
export const ALGORITHM_COLOURS: Readonly<Record<AlgorithmId, string>> = Object.fromEntries(
  ALGORITHMS.map((a) => [a.pathfinder.id, a.colour]),
) as Record<AlgorithmId, string>

export function colourNumber(colour: string): number {
  return parseInt(colour.replace('#', ''), 16)
}
