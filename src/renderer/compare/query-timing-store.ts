/**
 * Query-timing store: what the live nav worker re-measured after it answered (see
 * workers/query-timing.ts): per algorithm the newest query's time by repetition, and the
 * worker's clock (its step and whether it runs cross-origin isolated), sent once.
 *
 * Glossary
 * - timing: a 'timing' message; it belongs to one query id and one algorithm, and the
 *   metrics table uses it only for the answer of that same query.
 *
 * Units: ms.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AlgorithmId } from '../../shared/nav/registry'
import type { ClockMessage, TimingMessage } from './protocol'

export const useQueryTimingStore = defineStore('query-timing', () => {
  const timings = shallowRef<Partial<Record<AlgorithmId, TimingMessage>>>({})
  const clock = ref<ClockMessage | null>(null)

  function receive(m: TimingMessage | ClockMessage): void {
    if (m.type === 'clock') clock.value = m
    else timings.value = { ...timings.value, [m.algorithm]: m }
  }

  /** The re-timing of this algorithm's answer to query `queryId`, if there is one. */
  function timingFor(id: AlgorithmId, queryId: number): TimingMessage | null {
    const t = timings.value[id]
    return t && t.queryId === queryId ? t : null
  }

  return { timings, clock, receive, timingFor }
})
