/**
 * The benchmark's batch figures (bench/run.ts): every algorithm variant over a room's
 * pairs, through the one batch runner (src/shared/measure/batch.ts) that the editor's
 * worker and `walkbox batch` use too, so the three measure alike.
 *
 * Glossary
 * - variant: an algorithm with options and the label its table row carries.
 * - figures: what the tables need of one variant: per-pair query times (ms, the runner's
 *   median over runs), the length ratios of reached pairs, the valid and reached counts,
 *   each pair's length (null when not reached), prepare time and bytes.
 *
 * Units: ms, room px, bytes.
 */
import { runBatch, type BatchRunResult, type Pair } from '../src/shared/measure/batch'
import type { NavWorld, OptionValues } from '../src/shared/nav/types'
import type { AlgorithmId } from '../src/shared/nav/registry'

export interface BenchVariant {
  label: string
  id: AlgorithmId
  options: OptionValues
}

export interface AlgoFigures {
  id: AlgorithmId
  times: number[]
  ratios: number[]
  valid: number
  reached: number
  prepareMs: number
  bytes: number
  lengths: (number | null)[]
}

export interface BenchBatchOptions {
  /** Pairs each variant answers untimed first. */
  warmUp: number
  /** Timed runs of a query of 1 ms or more (their median counts); shorter ones are repeated by the runner. */
  slowRuns?: number
  /** Optimal lengths per pair, when already computed. */
  optimal?: readonly (number | null)[]
}

/** Run every variant over the pairs; figures per variant label, and the runner's result. */
export function benchBatch(
  world: NavWorld,
  pairs: readonly Pair[],
  variants: readonly BenchVariant[],
  options: BenchBatchOptions,
): { figures: Map<string, AlgoFigures>; result: BatchRunResult } {
  const result = runBatch(world, pairs, variants, {
    warmUp: options.warmUp,
    slowRuns: options.slowRuns,
    optimal: options.optimal,
  })
  const figures = new Map<string, AlgoFigures>()
  result.summary.forEach((s, k) => {
    const rows = result.rows.filter((r) => r.algorithm === s.algorithm)
    figures.set(s.algorithm, {
      id: variants[k].id,
      times: rows.map((r) => r.queryMs),
      ratios: rows.filter((r) => r.reached && r.lengthRatio !== null).map((r) => r.lengthRatio as number),
      valid: s.valid,
      reached: s.reached,
      prepareMs: s.prepareMs,
      bytes: s.bytes,
      lengths: rows.map((r) => (r.reached ? r.length : null)),
    })
  })
  return { figures, result }
}
