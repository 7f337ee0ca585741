/**
 * History store: the undo history as the panels and the toolbar see it — the steps of
 * the open room and of the project, in the order they were made. It holds nothing of its
 * own: the stacks live in stores/edit-history.ts (one per room, one for the project), and
 * every edit goes through `editor.edit`. Selection and viewport never enter the history.
 *
 * Glossary
 * - step: a command done (or undone) by the author; a drag or a brush stroke is one step.
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { useEditorStore } from './editor'

export type { Command } from '../commands/command'

export const useHistoryStore = defineStore('history', () => {
  const editor = useEditorStore()
  const done = computed(() => editor.historyEntries.done)
  const undone = computed(() => editor.historyEntries.undone)
  const canUndo = computed(() => editor.canUndo)
  const canRedo = computed(() => editor.canRedo)
  const dirty = computed(() => editor.dirty)
  /** Changes on every edit, undo and redo. */
  const revision = computed(() => editor.revision)
  return {
    done,
    undone,
    canUndo,
    canRedo,
    dirty,
    revision,
    execute: editor.edit,
    undo: editor.undo,
    redo: editor.redo,
  }
})
