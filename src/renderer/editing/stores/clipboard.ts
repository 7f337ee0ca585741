/**
 * Clipboard store: the last thing copied or cut (a detached JSON copy, see
 * editing/actions/clipboard.ts). It lives as long as the editor, across rooms, so a shape
 * copied in one room pastes into another. Not an edit: never in the undo history.
 */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Clip } from '../actions/clipboard'

export const useClipboardStore = defineStore('clipboard', () => {
  const clip = shallowRef<Clip | null>(null)
  function put(c: Clip | null): void {
    clip.value = c
  }
  return { clip, put }
})
