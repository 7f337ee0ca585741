/**
 * The Floor from picture panel in jsdom, with the editor's own stores and the floor tool
 * (its worker run in this thread): a click proposes, the Tolerance slider proposes again,
 * Apply is one named undo step that undo takes back entirely, Cancel changes nothing, and
 * a mask on a polygon room is applied only after the author says yes.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import FloorPanel from '../../../src/renderer/editing/components/FloorPanel.vue'
import { useDialogsStore } from '../../../src/renderer/editing/stores/dialogs'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { useHistoryStore } from '../../../src/renderer/editing/stores/history'
import { useLayersStore } from '../../../src/renderer/editing/stores/layers'
import { createSession } from '../../../src/renderer/editing/stores/room-session'
import { useToolsStore } from '../../../src/renderer/editing/stores/tools'
import type { FloorTool } from '../../../src/renderer/editing/tools/floor-tool'
import type { ToolPointer } from '../../../src/renderer/editing/tools/tool'
import { emptyProject, emptyRoom, type Room } from '../../../src/shared/room/schema'
import { plankedRoom } from '../../support/floor-pictures'
import { installFloorWorker } from '../support/floor-worker'

const W = 240
const H = 180

let pinia: ReturnType<typeof createPinia>
let panel: VueWrapper | null = null
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
  installFloorWorker()
})
afterEach(() => {
  panel?.unmount()
  panel = null
  vi.unstubAllGlobals()
})

/** A room on screen with a made background (planks, a worn patch, a rug), the floor tool active. */
async function floorRoom(
  edit: (room: Room) => void = () => undefined,
): Promise<{ room: Room; tool: FloorTool }> {
  const editor = useEditorStore()
  const room = emptyRoom({ id: 'lounge', width: W, height: H })
  edit(room)
  const project = emptyProject({ name: 'Floors' })
  project.rooms.push({ id: room.id, name: room.name, folder: `rooms/${room.id}` })
  editor.project = project
  const { picture } = plankedRoom(W, H, { worn: { x0: 0.1, y0: 0.5, x1: 0.3, y1: 0.9 } })
  editor.putSession(createSession({ room, background: picture, mask: null, scaleMap: null }))
  editor.showSession(room.id)
  const tools = useToolsStore()
  tools.activate('floor')
  panel = mount(FloorPanel, { global: { plugins: [pinia] } })
  await vi.waitFor(() => expect(status()).toBe('ready'))
  return { room: editor.room!, tool: tools.active as FloorTool }
}

function status(): string | undefined {
  return panel?.find('[data-testid="floor-status"]').attributes('data-status')
}

function size(): string {
  return panel!.get('[data-testid="floor-size"]').text()
}

function click(tool: FloorTool, x: number, y: number): void {
  const e: ToolPointer = {
    point: { x, y },
    button: 0,
    shift: false,
    alt: false,
    primaryModifier: false,
    zoom: 1,
  }
  tool.pointerDown(e)
}

async function proposed(): Promise<void> {
  await vi.waitFor(() => expect(status()).toBe('proposed'))
  await flushPromises()
}

function pixelsShown(): number {
  return Number(/Proposal: ([\d,]+) px/.exec(size())![1].replace(/,/g, ''))
}

describe('floor from picture panel', () => {
  it('proposes from a click, and again from the same click when the tolerance slider moves', async () => {
    const { tool } = await floorRoom()
    expect(panel!.text()).toContain('Click the floor in the background.')
    expect(size()).toBe('Proposal: —')
    click(tool, 200, 150)
    await proposed()
    const usual = pixelsShown()
    expect(size()).toMatch(/^Proposal: [\d,]+ px \(\d+\.\d % of the room\)$/)
    // The preview: the floor's outline with the rug as a hole, and the click.
    const preview = tool.preview()!
    expect(preview.rings!.length).toBe(2)
    expect(preview.rings![0].holes).toHaveLength(1)
    expect(preview.markers![0].point).toEqual({ x: 200.5, y: 150.5 })
    // Tolerance 0 leaves the worn patch out.
    await panel!.get('input[aria-label="Floor tolerance"]').setValue('0')
    await vi.waitFor(() => expect(pixelsShown()).toBeLessThan(usual))
    expect(panel!.get('.num').text()).toBe('0.00')
    // A larger margin cuts the same floor smaller.
    const strict = pixelsShown()
    await panel!.get('input[aria-label="Floor margin"]').setValue('6')
    await vi.waitFor(() => expect(pixelsShown()).toBeLessThan(strict))
    expect(useHistoryStore().done).toHaveLength(0)
  })

  it('applies the proposal as a mask area in one undo step, and undo takes all of it back', async () => {
    const { room, tool } = await floorRoom()
    const editor = useEditorStore()
    const before = JSON.stringify(room)
    click(tool, 200, 150)
    await proposed()
    const shown = pixelsShown()
    // A new room walks its polygons, and has none: applying a mask makes the mask its truth.
    expect((panel!.get('input[value="polygons"]').element as HTMLInputElement).checked).toBe(true)
    await panel!.get('input[value="mask"]').setValue(true)
    expect(panel!.get('[data-testid="floor-truth-note"]').text()).toBe(
      'This room walks its polygons: Apply makes the mask authoritative.',
    )
    await panel!.get('select[aria-label="Floor area"]').setValue('1')
    await panel!.get('[data-testid="floor-apply"]').trigger('click')
    await vi.waitFor(() => expect(useHistoryStore().done).toHaveLength(1))
    expect(useHistoryStore().done[0].label).toBe(
      `Floor from picture: ${shown.toLocaleString('en-US')} px to area 1`,
    )
    expect(editor.room!.authoritative).toBe('mask')
    expect([...editor.mask!].filter((v) => v === 1)).toHaveLength(shown)
    // The proposal is gone; the tool waits for the next click.
    await flushPromises()
    expect(status()).toBe('ready')
    expect(tool.preview()).toBeNull()
    // The mask layer (now the truth) is the one worked on, and the tool is still Floor.
    expect(useLayersStore().active).toBe('walk-mask')
    expect(useToolsStore().active?.id).toBe('floor')
    editor.undo()
    expect(editor.mask).toBeNull()
    expect(JSON.stringify(editor.room)).toBe(before)
    expect(useHistoryStore().done).toHaveLength(0)
  })

  it('applies the proposal as polygons in a new area in one undo step', async () => {
    const { tool } = await floorRoom()
    const editor = useEditorStore()
    click(tool, 200, 150)
    await proposed()
    expect((panel!.get('select[aria-label="Floor area"]').element as HTMLSelectElement).value).toBe('1')
    await panel!.get('select[aria-label="Floor area"]').setValue('new')
    await panel!.get('[data-testid="floor-apply"]').trigger('click')
    await vi.waitFor(() => expect(useHistoryStore().done).toHaveLength(1))
    const room = editor.room!
    expect(room.areas.map((a) => a.name)).toEqual(['Walkable', 'Floor'])
    expect(room.polygons).toHaveLength(1)
    expect(room.polygons[0]).toMatchObject({ id: 'floor-1', areaId: 2 })
    expect(room.polygons[0].holes).toHaveLength(1)
    // The new area is the one the mask tools paint next, as Add area makes it.
    expect(useToolsStore().options.areaId).toBe(2)
    editor.undo()
    expect(editor.room!.polygons).toEqual([])
    expect(editor.room!.areas.map((a) => a.name)).toEqual(['Walkable'])
  })

  it('cancels without changing anything', async () => {
    const { room, tool } = await floorRoom()
    const editor = useEditorStore()
    const before = JSON.stringify(room)
    click(tool, 200, 150)
    await proposed()
    await panel!.get('[data-testid="floor-cancel"]').trigger('click')
    expect(status()).toBe('ready')
    expect(tool.preview()).toBeNull()
    expect(size()).toBe('Proposal: —')
    expect((panel!.get('[data-testid="floor-apply"]').element as HTMLButtonElement).disabled).toBe(true)
    // Escape drops a proposal too.
    click(tool, 200, 150)
    await proposed()
    expect(tool.keyDown('Escape')).toBe(true)
    expect(tool.preview()).toBeNull()
    expect(JSON.stringify(editor.room)).toBe(before)
    expect(editor.mask).toBeNull()
    expect(useHistoryStore().done).toHaveLength(0)
    expect(editor.dirty).toBe(false)
  })

  it('asks before a mask area would replace the polygons a room walks, and changes nothing on No', async () => {
    const { tool } = await floorRoom((room) => {
      room.polygons = [
        {
          id: 'polygon-1',
          areaId: 1,
          outer: [
            [0, 100],
            [60, 100],
            [60, 180],
            [0, 180],
          ],
          holes: [],
        },
      ]
    })
    const editor = useEditorStore()
    const dialogs = useDialogsStore()
    click(tool, 200, 150)
    await proposed()
    await panel!.get('input[value="mask"]').setValue(true)
    expect(panel!.get('[data-testid="floor-truth-note"]').text()).toBe(
      'This room walks its polygons: Apply asks before making the mask authoritative.',
    )
    await panel!.get('[data-testid="floor-apply"]').trigger('click')
    await vi.waitFor(() => expect(dialogs.current?.kind).toBe('confirm'))
    expect(dialogs.current?.props).toMatchObject({ confirm: 'Apply and use the mask' })
    dialogs.answer(false)
    await flushPromises()
    expect(useHistoryStore().done).toHaveLength(0)
    expect(editor.room!.authoritative).toBe('polygons')
    expect(status()).toBe('proposed')
    await panel!.get('[data-testid="floor-apply"]').trigger('click')
    await vi.waitFor(() => expect(dialogs.current?.kind).toBe('confirm'))
    dialogs.answer(true)
    await vi.waitFor(() => expect(useHistoryStore().done).toHaveLength(1))
    expect(editor.room!.authoritative).toBe('mask')
    expect(editor.room!.polygons).toHaveLength(1)
  })

  it('says so when the room has no background, and a click reports it', async () => {
    const editor = useEditorStore()
    const room = emptyRoom({ id: 'void', width: W, height: H })
    editor.project = emptyProject({ name: 'Floors' })
    editor.putSession(createSession({ room, background: null, mask: null, scaleMap: null }))
    editor.showSession(room.id)
    const tools = useToolsStore()
    tools.activate('floor')
    panel = mount(FloorPanel, { global: { plugins: [pinia] } })
    await flushPromises()
    expect(status()).toBe('no-picture')
    expect(panel.text()).toContain('This room has no background to read a floor from.')
    click(tools.active as FloorTool, 100, 100)
    expect(editor.status.text).toBe('This room has no background to read a floor from: add one first.')
  })
})
