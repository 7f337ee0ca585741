/**
 * Workspace store: which workspace fills the window — the room editor or the
 * comparison workspace (every algorithm on the same click). View state only.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type WorkspaceMode = 'edit' | 'compare'

export const useWorkspaceStore = defineStore('workspace', () => {
  const mode = ref<WorkspaceMode>('edit')
  function setMode(m: WorkspaceMode): void {
    mode.value = m
  }
  return { mode, setMode }
})
