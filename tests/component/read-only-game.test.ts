/**
 * A game folder Walkbox may not write, in the editor: the canvas notice says why and offers
 * Save As; Save never asks the host to save in place but keeps the edits with Save As (a
 * cancelled Save As says where edits can go and keeps them unsaved; the unsaved-work prompt
 * goes on only when the copy was saved). An AGS 3 game is not one of them: its .crm rooms
 * are written in place.
 */
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import CanvasNotices from '../../src/renderer/project/components/CanvasNotices.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { useStatusStore } from '../../src/renderer/editing/stores/status'
import type { GameFolderInfo, OpenedProject } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject } from '../../src/shared/room/schema'

const LINE =
  'its folder cannot be written (a read-only file system): Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

const CHOSEN_LINE =
  'Walkbox writes nothing into it, not even .walkbox; File › Save As keeps your edits as a Walkbox project elsewhere'

/** An AGS 3 game: its .crm rooms are written in place like any game's files, so it is not read-only. */
const AGS3_GAME: GameFolderInfo = { engine: 'ags3', name: 'tumbleweed', rooms: 1, readOnly: null }

async function openReadOnlyGame(answers: (OpenedProject | null)[], chosen = false, game?: GameFolderInfo) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const calls: string[] = []
  const editor = useEditorStore()
  editor.host = {
    recentProjects: async () => [],
    saveProject: async () => {
      calls.push('saveProject')
      throw new Error('EROFS: read-only file system')
    },
    saveProjectAs: async () => {
      calls.push('saveProjectAs')
      return answers.shift() ?? null
    },
  } as unknown as WalkboxHost
  const project = emptyProject({ name: 'Curb' })
  await editor.adoptProject({
    ref: '/scratch/curb',
    project,
    rooms: [],
    game: game
      ? game
      : chosen
        ? {
            engine: 'tiled',
            name: 'curb',
            rooms: 0,
            readOnly: null,
            readOnlyFolder: CHOSEN_LINE,
            readOnlyChosen: true,
          }
        : { engine: 'tiled', name: 'curb', rooms: 0, readOnly: null, readOnlyFolder: LINE },
  })
  const notices = mount(CanvasNotices, { global: { plugins: [pinia] } })
  return { editor, notices, calls, status: useStatusStore() }
}

describe('a read-only game folder in the editor', () => {
  it('shows the notice with Save As, and Save goes to Save As, never to the game', async () => {
    const copy = { ref: '/kept/curb', project: emptyProject({ name: 'curb copy' }), rooms: [] }
    const { editor, notices, calls, status } = await openReadOnlyGame([null, copy])
    const notice = notices.get('[data-testid="read-only-game"]')
    expect(notice.text()).toContain(`The game curb is read-only here: ${LINE}.`)

    expect(await useProjectIoStore().save()).toBe(false)
    expect(status.status.text).toBe(
      'Not saved: Walkbox may not write in the game folder; choose where Save As keeps your edits.',
    )
    expect(await useProjectIoStore().save()).toBe(true)
    expect(calls).toEqual(['saveProjectAs', 'saveProjectAs'])
    expect(status.status.text).toBe(
      'Saved as curb copy, a Walkbox project of its own (the read-only game is as it was).',
    )
    expect(editor.projectRef).toBe('/kept/curb')
    expect(editor.game).toBeNull()
    await notices.vm.$nextTick()
    expect(notices.find('[data-testid="read-only-game"]').exists()).toBe(false)
  })

  it('Dismiss hides the notice for this project', async () => {
    const { notices } = await openReadOnlyGame([])
    await notices.get('[data-testid="read-only-game"] button:last-of-type').trigger('click')
    expect(notices.find('[data-testid="read-only-game"]').exists()).toBe(false)
  })

  it('says the author chose read-only (File › Open Game Folder Read-Only…), never that writing was refused', async () => {
    const { notices, calls, status } = await openReadOnlyGame([null], true)
    const notice = notices.get('[data-testid="read-only-game"]')
    expect(notice.text()).toContain(`You opened the game curb read-only: ${CHOSEN_LINE}.`)
    expect(notice.text()).not.toMatch(/refused|cannot be written|read-only here/)
    expect(await useProjectIoStore().save()).toBe(false)
    expect(calls).toEqual(['saveProjectAs'])
    expect(status.status.text).toBe(
      'Not saved: you opened the game read-only; choose where Save As keeps your edits.',
    )
  })

  it('an AGS 3 game is not read-only: no notice, and Save saves into the game, not Save As', async () => {
    const { notices, calls } = await openReadOnlyGame([], false, AGS3_GAME)
    expect(notices.find('[data-testid="read-only-game"]').exists()).toBe(false)
    // The host double's in-place save fails: what matters is that Save went there.
    expect(await useProjectIoStore().save()).toBe(false)
    expect(calls).toEqual(['saveProject'])
  })

  it('an AGS 3 game the author opened read-only says it was their choice', async () => {
    const { status } = await openReadOnlyGame([null], true, {
      ...AGS3_GAME,
      readOnlyFolder: CHOSEN_LINE,
      readOnlyChosen: true,
    })
    expect(await useProjectIoStore().save()).toBe(false)
    expect(status.status.text).toBe(
      'Not saved: you opened the game read-only; choose where Save As keeps your edits.',
    )
  })
})
