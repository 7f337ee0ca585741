/**
 * The batch map: where an algorithm's batch paths go wrong or slow. Each pair is a mark at
 * its goal (and a faint line from its start), coloured by the chosen measure; the pure part
 * (which colour each pair gets) lives here, the painting in BatchMap.vue.
 *
 * Glossary
 * - ratio measure: length ratio to the optimum; 1 is cold, `RATIO_HOT` and above is hot.
 * - time measure: the pair's query time as a percentile among the algorithm's pairs
 *   (slowest = hot), so that every algorithm uses the whole colour range.
 * - unreached: drawn grey whatever the measure; invalid (left the walkable area): flagged.
 *
 * Units: room px for positions; 0..1 for heat.
 */
import type { AlgorithmId } from '../../shared/nav/registry'
import type { BatchDoneMessage } from './protocol'

/** Length ratio drawn at full heat. */
export const RATIO_HOT = 1.25

export type MapMeasure = 'ratio' | 'time'

export interface PairMark {
  pair: number
  fromX: number
  fromY: number
  toX: number
  toY: number
  /** 0 (cold) .. 1 (hot); null when unreached. */
  heat: number | null
  invalid: boolean
}

export function pairMarks(
  done: Pick<BatchDoneMessage, 'pairs' | 'rows'>,
  algorithm: AlgorithmId,
  measure: MapMeasure,
): PairMark[] {
  const rows = done.rows.filter((r) => r.id === algorithm)
  const order = rows.map((r, i) => ({ ms: r.queryMs, i })).sort((a, b) => a.ms - b.ms)
  const percentile = new Map<number, number>()
  order.forEach((o, rank) => percentile.set(o.i, order.length > 1 ? rank / (order.length - 1) : 0))
  return rows.map((r, i) => {
    const [fromX, fromY, toX, toY] = done.pairs[r.pair] ?? [0, 0, 0, 0]
    let heat: number | null = null
    if (r.reached) {
      heat =
        measure === 'time'
          ? (percentile.get(i) ?? 0)
          : Math.min(1, Math.max(0, ((r.lengthRatio ?? 1) - 1) / (RATIO_HOT - 1)))
    }
    return { pair: r.pair, fromX, fromY, toX, toY, heat, invalid: !r.valid }
  })
}
