/**
 * Outliner store: which objects of each room the author has hidden or locked in the
 * outliner. Editor view state, like the layers' eyes and locks: never an edit (not in the
 * undo history), never in a room or project file, so nothing an engine or the pathfinding
 * reads depends on it; it lasts while the project is open (docs/format.md, "What is not
 * saved"). A hidden object is not drawn on the Edit canvas and cannot be picked there; a
 * locked one is drawn but cannot be picked, moved or marquee-selected. Both still count for
 * pathfinding, Compare and export.
 *
 * Glossary
 * - key: an object's ref as text (object-refs.ts `refKey`), per room id.
 *
 * Units: none.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useEditorStore } from './editor'
import { useLayersStore } from './layers'
import { layerOfRef, refKey, type ObjectRef } from '../tools/object-refs'

type Flags = Record<string, { hidden: Set<string>; locked: Set<string> }>

export const useOutlinerStore = defineStore('outliner', () => {
  const editor = useEditorStore()
  const layers = useLayersStore()
  const flags = ref<Flags>({})
  /** Bumped on every hide/lock change, for the views to redraw. */
  const revision = ref(0)

  function of(roomId: string | null): { hidden: Set<string>; locked: Set<string> } {
    const id = roomId ?? ''
    return (flags.value[id] ??= { hidden: new Set(), locked: new Set() })
  }
  const current = computed(() => {
    void revision.value
    return of(editor.activeRoomId)
  })

  function has(which: 'hidden' | 'locked', ref: ObjectRef): boolean {
    return current.value[which].has(refKey(ref))
  }
  const isHidden = (ref: ObjectRef): boolean => has('hidden', ref)
  const isLocked = (ref: ObjectRef): boolean => has('locked', ref)
  /** May the canvas pick, move or marquee this object (its layer shown and unlocked too)? */
  function pickable(ref: ObjectRef): boolean {
    const layer = layerOfRef(ref)
    if (layer && (!layers.layer(layer).visible || layers.layer(layer).locked)) return false
    return !isHidden(ref) && !isLocked(ref)
  }
  function set(which: 'hidden' | 'locked', ref: ObjectRef, on: boolean): void {
    const s = of(editor.activeRoomId)[which]
    if (on) s.add(refKey(ref))
    else s.delete(refKey(ref))
    revision.value++
  }
  function toggleHidden(ref: ObjectRef): void {
    set('hidden', ref, !isHidden(ref))
  }
  function toggleLocked(ref: ObjectRef): void {
    set('locked', ref, !isLocked(ref))
  }
  /** The hidden keys of the room on screen (the views filter what they draw by them). */
  const hiddenKeys = computed<ReadonlySet<string>>(() => current.value.hidden)

  return { revision, has, isHidden, isLocked, pickable, toggleHidden, toggleLocked, set, hiddenKeys }
})
