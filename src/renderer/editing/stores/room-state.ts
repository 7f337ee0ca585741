/**
 * Room state store: the game-state flags the author is looking at (a state bar
 * toggles them), and the nav world of the open room in that state. Everything that
 * depends on walkability (overlays, lint, the comparison workspace, the test walk)
 * reads it from here. View state: toggling a flag is not an edit of the room.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { flagValues, roomNavState, type FlagState } from '../../../shared/analysis/room-world'
import { useEditorStore } from './editor'

export const useRoomStateStore = defineStore('room-state', () => {
  const editor = useEditorStore()
  /** Flags the author switched away from their project defaults. */
  const overrides = ref<Record<string, boolean>>({})

  /** Every project flag with its current value. */
  const flags = computed<FlagState>(() => flagValues(editor.project, overrides.value))
  const navState = computed(() => (editor.room ? roomNavState(editor.room, flags.value) : null))
  /** Changes whenever the room, its mask or the state changes: a key for nav caches. */
  const revision = computed(() => `${editor.roomRevision}.${editor.revision}|${navState.value?.key ?? ''}`)

  function setFlag(id: string, value: boolean): void {
    overrides.value = { ...overrides.value, [id]: value }
  }
  function toggleFlag(id: string): void {
    setFlag(id, !flags.value[id])
  }
  function resetFlags(): void {
    overrides.value = {}
  }
  return { overrides, flags, navState, revision, setFlag, toggleFlag, resetFlags }
})
