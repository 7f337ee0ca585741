/**
 * Undo history: every edit is a named, invertible command. A drag or a brush
 * stroke is one command. Selection and viewport never enter the history.
 *
 * Glossary
 * - command: { label, apply, invert }; apply does the edit, invert undoes it exactly.
 * - saved index: the history position that matches the file on disk; the project is
 *   dirty whenever the current position differs from it.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'

export interface Command {
  /** Shown in the history list and the Undo/Redo menu labels ("Paint area 2"). */
  label: string
  apply(): void
  invert(): void
}

export const useHistoryStore = defineStore('history', () => {
  const done = shallowRef<Command[]>([])
  const undone = shallowRef<Command[]>([])
  const savedAt = ref(0)
  /** Bumped on every change so that views can react. */
  const revision = ref(0)

  const canUndo = computed(() => done.value.length > 0)
  const canRedo = computed(() => undone.value.length > 0)
  const dirty = computed(() => done.value.length !== savedAt.value)

  function execute(command: Command): void {
    command.apply()
    done.value = [...done.value, command]
    undone.value = []
    // Redo of the saved state is no longer possible: the file can only match if it was behind us.
    if (savedAt.value > done.value.length - 1) savedAt.value = -1
    revision.value++
  }
  function undo(): void {
    const command = done.value.at(-1)
    if (!command) return
    command.invert()
    done.value = done.value.slice(0, -1)
    undone.value = [...undone.value, command]
    revision.value++
  }
  function redo(): void {
    const command = undone.value.at(-1)
    if (!command) return
    command.apply()
    undone.value = undone.value.slice(0, -1)
    done.value = [...done.value, command]
    revision.value++
  }
  function markSaved(): void {
    savedAt.value = done.value.length
  }
  function clear(): void {
    done.value = []
    undone.value = []
    savedAt.value = 0
    revision.value++
  }
  return { done, undone, canUndo, canRedo, dirty, revision, execute, undo, redo, markSaved, clear }
})
