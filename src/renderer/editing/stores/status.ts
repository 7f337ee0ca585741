/**
 * Status store: the status line (the last message, info or error) and whether the editor
 * is busy with host work. Every store and panel reports here; the status bar shows it.
 *
 * Glossary
 * - guarded work: host work run with `guarded(label, work)`: busy while it runs, and a
 *   failure becomes one line on the status line ("label: reason") instead of a throw.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { engineLabel } from '../../../shared/formats/engines'
import type { GameFolderInfo } from '../../../shared/host'

export type StatusKind = 'info' | 'error'

/** An engine's name for the status line. */
export function engineName(engine: GameFolderInfo['engine']): string {
  return engineLabel(engine)
}

export const useStatusStore = defineStore('status', () => {
  const status = ref<{ kind: StatusKind; text: string }>({ kind: 'info', text: 'Starting…' })
  const busy = ref(false)

  function report(kind: StatusKind, text: string): void {
    status.value = { kind, text }
  }
  function reportError(error: unknown): void {
    report('error', error instanceof Error ? error.message : String(error))
  }

  /** Run host work: busy meanwhile; a failure is reported as "label: reason" and gives undefined. */
  async function guarded<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
    busy.value = true
    try {
      return await work()
    } catch (err) {
      console.error(label, err)
      report('error', `${label}: ${err instanceof Error ? err.message : String(err)}`)
      return undefined
    } finally {
      busy.value = false
    }
  }

  return { status, busy, report, reportError, guarded }
})
