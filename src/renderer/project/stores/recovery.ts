/**
 * Recovery store: writes the open project's unsaved work to its recovery slot shortly
 * after every change (RECOVERY_DELAY_MS after the last one), removes the slot when the
 * work is saved, undone back to the saved state or discarded, and holds the offer to
 * restore a copy found when a project opens. While an offer waits for an answer nothing
 * is written, so the older copy is never overwritten unseen.
 *
 * Glossary
 * - offer: a recovery copy of the project just opened, from a session that ended with
 *   unsaved work.
 */
import { defineStore } from 'pinia'
import { shallowRef, watch } from 'vue'
import { useEditorStore } from '../../editing/stores/editor'
import { useStatusStore } from '../../editing/stores/status'
import { indexedDbSlots, type RecoveryCopy, type RecoverySlots } from '../recovery/slots'
import { recoveryCopy, RECOVERY_DELAY_MS, restoreCommand, roomsToOpen } from '../recovery/recovery'

export const useRecoveryStore = defineStore('recovery', () => {
  const editor = useEditorStore()
  let slots: RecoverySlots = indexedDbSlots()
  const offer = shallowRef<RecoveryCopy | null>(null)
  /** When the open project's unsaved work was last copied (null: no copy now). */
  const copiedAt = shallowRef<Date | null>(null)
  let timer: ReturnType<typeof setTimeout> | null = null
  /** The project whose slot the last write or removal was for, and the revision it saw. */
  let written: { ref: string; revision: number } | null = null

  /** Use other slots (tests). */
  function useSlots(next: RecoverySlots): void {
    slots = next
  }

  /** Write (or, with nothing unsaved, remove) the slot of the open project now. */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
    const ref = editor.projectRef
    const project = editor.project
    if (!ref || !project || offer.value) return
    const revision = editor.revision
    if (written?.ref === ref && written.revision === revision) return
    try {
      if (editor.dirty) {
        const copy = recoveryCopy(ref, project, editor.sessions.values())
        await slots.write(copy)
        copiedAt.value = new Date(copy.savedAt)
      } else {
        await slots.remove(ref)
        copiedAt.value = null
      }
      written = { ref, revision }
    } catch (error) {
      useStatusStore().report(
        'error',
        `Could not keep a recovery copy (${error instanceof Error ? error.message : String(error)}); save soon.`,
      )
    }
  }

  function schedule(): void {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void flush(), RECOVERY_DELAY_MS)
  }

  /** Look for a copy of the project just opened. */
  async function check(): Promise<void> {
    offer.value = null
    written = null
    copiedAt.value = null
    const ref = editor.projectRef
    if (!ref) return
    try {
      const found = await slots.read(ref)
      if (found && editor.projectRef === ref) offer.value = found
    } catch {
      // No slot storage: nothing to offer.
    }
  }

  /** Put the offered copy back as one undo step. */
  async function restore(): Promise<boolean> {
    const copy = offer.value
    const project = editor.project
    if (!copy || !project) return false
    const done = await editor.editProject(
      (t) => restoreCommand(t, copy, () => editor.emit(editor.activeRoomId, ['walk-mask'])),
      roomsToOpen(copy, project),
      { quiet: true },
    )
    if (!done) return false
    offer.value = null
    useStatusStore().report('info', 'Restored the recovered work; save to keep it.')
    schedule()
    return true
  }

  /** Drop the offered copy for good. */
  async function discard(): Promise<void> {
    const copy = offer.value
    offer.value = null
    if (copy) await slots.remove(copy.projectRef).catch(() => undefined)
    schedule()
  }

  /** The author chose to lose the unsaved work of `ref` (Don't Save). */
  async function forget(ref: string): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
    written = { ref, revision: -1 }
    await slots.remove(ref).catch(() => undefined)
  }

  watch(
    () => editor.revision,
    () => schedule(),
  )
  watch(
    () => [editor.projectOpened, editor.projectRef],
    () => void check(),
  )

  return { offer, copiedAt, useSlots, flush, check, restore, discard, forget }
})
