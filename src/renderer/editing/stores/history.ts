/**
 * History store: the undo history as the panels and the toolbar see it — the steps of
 * the open room (Undo, Redo), and apart from them those of the project (Undo Project Change). It holds nothing of its
 * own: the stacks live in editing/stores/edit-history.ts (one per room, one for the project), and
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
  /** The project's own history (rooms, flags, characters), undone apart from the rooms'. */
  const projectDone = computed(() => editor.projectEntries.done)
  const projectUndone = computed(() => editor.projectEntries.undone)
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
    projectDone,
    projectUndone,
    canUndoProject: computed(() => editor.canUndoProject),
    canRedoProject: computed(() => editor.canRedoProject),
    undoProject: editor.undoProject,
    redoProject: editor.redoProject,
  }
})
