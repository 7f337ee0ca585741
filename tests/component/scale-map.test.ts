/**
 * The Scaling panel's scale map in jsdom: switching the mode, importing a map (refused
 * when its size is not the room's, nothing changed), min / max validation, undo and redo
 * of every change, the ghost's scale read from the map, and what save sends.
 */
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import ScalingPanel from '../../src/renderer/editing/components/ScalingPanel.vue'
import StatusBar from '../../src/renderer/shell/components/StatusBar.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useProjectIoStore } from '../../src/renderer/project/stores/project-io'
import { useHistoryStore } from '../../src/renderer/editing/stores/history'
import { useToolsStore } from '../../src/renderer/editing/stores/tools'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import { emptyRoom, type Room } from '../../src/shared/room/schema'
import type { ImportedImage, RgbaImage, RoomSave, SaveProjectRequest } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { openRoomInEditor } from './support/editor'

const W = 20
const H = 10
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A vertical gradient: grey 0 on the top row, 255 on the bottom row. */
function gradient(width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    const grey = Math.round((255 * y) / (height - 1))
    for (let x = 0; x < width; x++) data.set([grey, grey, grey, 255], (y * width + x) * 4)
  }
  return { width, height, data }
}

function imported(image: RgbaImage, fileName = 'depth.png'): ImportedImage {
  return { fileName, bytes: new Uint8Array([...PNG_HEAD, 1, 2, 3]), image }
}

interface FakeHost {
  host: WalkboxHost
  next: (ImportedImage | null)[]
  /** Every room a save wrote. */
  saved: RoomSave[]
}

function fakeHost(): FakeHost {
  const fake: FakeHost = { next: [], saved: [], host: undefined as unknown as WalkboxHost }
  fake.host = {
    kind: 'browser',
    importImage: async () => fake.next.shift() ?? null,
    saveProject: async (req: SaveProjectRequest) => {
      fake.saved.push(...req.rooms)
      return { savedAt: '', backup: null, project: req.project }
    },
  } as unknown as WalkboxHost
  return fake
}

let pinia: ReturnType<typeof createPinia>
let fake: FakeHost
beforeEach(() => {
  pinia = createPinia()
  setActivePinia(pinia)
  const editor = useEditorStore()
  fake = fakeHost()
  editor.host = fake.host
  openRoomInEditor(emptyRoom({ id: 'hall', width: W, height: H }), { ref: 'projects/test' })
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function scaling(): Room['scaling'] {
  return JSON.parse(JSON.stringify(useEditorStore().room!.scaling)) as Room['scaling']
}

async function importVia(panel: VueWrapper, image: ImportedImage | null): Promise<void> {
  fake.next.push(image)
  const button = panel.findAll('button').find((b) => b.text() === 'Import scale map…')!
  await button.trigger('click')
  await flush()
}

describe('scaling panel: scale map', () => {
  it('switches modes as undoable steps and refuses the map mode without a map', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const history = useHistoryStore()
    const mode = panel.get('select[aria-label="Scaling mode"]')
    expect(mode.findAll('option').map((o) => o.text())).toEqual(['None', 'Linear gradients', 'Scale map'])
    await mode.setValue('linear')
    expect(scaling().mode).toBe('linear')
    expect(history.done.at(-1)?.label).toBe('Scaling: linear')
    await mode.setValue('map')
    expect(scaling().mode).toBe('linear')
    expect(panel.get('[role="alert"]').text()).toBe('Import a scale map before choosing it.')
    expect(history.done).toHaveLength(1)
    history.undo()
    expect(scaling().mode).toBe('none')
    history.redo()
    expect(scaling().mode).toBe('linear')
  })

  it('imports a map of the room size: mode map, file, default range; undo and redo', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const editor = useEditorStore()
    const history = useHistoryStore()
    const image = gradient(W, H)
    await importVia(panel, imported(image))
    expect(scaling()).toEqual({
      mode: 'map',
      linear: [],
      map: { file: 'scalemap.png', min: 50, max: 100 },
    })
    expect(editor.scaleMap).toBe(image)
    expect(history.done.at(-1)?.label).toBe('Import scale map depth.png')
    expect(panel.get('[data-testid="scale-map-file"]').text()).toContain('scalemap.png')
    expect(panel.get('[data-testid="scale-map-file"]').text()).toContain('depth.png')
    expect((panel.get('input[aria-label="Scale map min percent"]').element as HTMLInputElement).value).toBe(
      '50',
    )

    history.undo()
    await flush()
    expect(scaling()).toEqual({ mode: 'none', linear: [] })
    expect(editor.scaleMap).toBeNull()
    expect(panel.find('input[aria-label="Scale map min percent"]').exists()).toBe(false)
    history.redo()
    await flush()
    expect(scaling().mode).toBe('map')
    expect(editor.scaleMap).toBe(image)
    expect(panel.find('input[aria-label="Scale map min percent"]').exists()).toBe(true)
  })

  it('refuses a map whose size is not the room size, with a message, and changes nothing', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const editor = useEditorStore()
    const history = useHistoryStore()
    await importVia(panel, imported(gradient(W, H + 1), 'tall.png'))
    expect(panel.get('[role="alert"]').text()).toBe(
      "The scale map tall.png is 20×11 px; it must be the room's size, 20×10 px. Nothing was changed.",
    )
    expect(editor.status).toEqual({ kind: 'error', text: panel.get('[role="alert"]').text() })
    expect(scaling()).toEqual({ mode: 'none', linear: [] })
    expect(editor.scaleMap).toBeNull()
    expect(history.done).toHaveLength(0)
    // A cancelled dialog changes nothing either.
    await importVia(panel, null)
    expect(history.done).toHaveLength(0)
  })

  it('validates min and max (above 0) and undoes and redoes each change', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const history = useHistoryStore()
    await importVia(panel, imported(gradient(W, H)))
    const min = () => panel.get('input[aria-label="Scale map min percent"]')
    const max = () => panel.get('input[aria-label="Scale map max percent"]')

    for (const bad of ['0', '-5', '']) {
      await min().setValue(bad)
      expect(panel.get('[role="alert"]').text()).toBe(
        'The min scale must be a number above 0 %. It was not changed.',
      )
      expect(scaling().map?.min).toBe(50)
      expect((min().element as HTMLInputElement).value).toBe('50')
    }
    await max().setValue('0')
    expect(panel.get('[role="alert"]').text()).toBe(
      'The max scale must be a number above 0 %. It was not changed.',
    )
    expect(history.done).toHaveLength(1)

    await min().setValue('40')
    expect(panel.find('[role="alert"]').exists()).toBe(false)
    await max().setValue('120')
    expect(scaling().map).toEqual({ file: 'scalemap.png', min: 40, max: 120 })
    expect(history.done.map((c) => c.label)).toEqual([
      'Import scale map depth.png',
      'Scale map min 40 %',
      'Scale map max 120 %',
    ])
    history.undo()
    expect(scaling().map).toEqual({ file: 'scalemap.png', min: 40, max: 100 })
    history.undo()
    await flush()
    expect(scaling().map).toEqual({ file: 'scalemap.png', min: 50, max: 100 })
    expect((min().element as HTMLInputElement).value).toBe('50')
    history.redo()
    history.redo()
    expect(scaling().map).toEqual({ file: 'scalemap.png', min: 40, max: 120 })
  })

  it('removes the map (scaling off) as one step that undo brings back with its image', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const editor = useEditorStore()
    const history = useHistoryStore()
    const image = gradient(W, H)
    await importVia(panel, imported(image))
    await panel
      .findAll('button')
      .find((b) => b.text() === 'Remove')!
      .trigger('click')
    expect(scaling()).toEqual({ mode: 'none', linear: [] })
    expect(editor.scaleMap).toBeNull()
    expect(history.done.at(-1)?.label).toBe('Remove scale map')
    history.undo()
    expect(scaling()).toEqual({ mode: 'map', linear: [], map: { file: 'scalemap.png', min: 50, max: 100 } })
    expect(editor.scaleMap).toBe(image)
    history.redo()
    expect(scaling().map).toBeUndefined()
    expect(editor.scaleMap).toBeNull()
  })

  it('the ghost reads its scale from the map at the cursor', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const bar = mount(StatusBar, { global: { plugins: [pinia] } })
    const editor = useEditorStore()
    const tools = useToolsStore()
    const view = useViewportStore()
    editor.room!.testWalk.height = 200
    tools.activate('scale')
    await importVia(panel, imported(gradient(W, H)))
    const ghostAt = async (y: number) => {
      view.cursor = { x: 5.5, y }
      await flush()
      return bar.get('[data-testid="ghost"]').text()
    }
    // Row 0 is black (min 50 %), row 9 white (max 100 %), row 3 grey 85 -> 50 + 50 * 85 / 255.
    expect(await ghostAt(0.5)).toBe('ghost 50% · 100 px')
    expect(await ghostAt(9.5)).toBe('ghost 100% · 200 px')
    expect(await ghostAt(3.5)).toBe('ghost 66.7% · 133 px')
    await panel.get('input[aria-label="Scale map max percent"]').setValue('150')
    expect(await ghostAt(9.5)).toBe('ghost 150% · 300 px')
    useHistoryStore().undo()
    expect(await ghostAt(9.5)).toBe('ghost 100% · 200 px')
    // Back to no scaling: the ghost is full size everywhere.
    await panel.get('select[aria-label="Scaling mode"]').setValue('none')
    expect(await ghostAt(0.5)).toBe('ghost 100% · 200 px')
  })

  it('save sends the imported PNG bytes with the map, and nothing again once saved', async () => {
    const panel = mount(ScalingPanel, { global: { plugins: [pinia] } })
    const io = useProjectIoStore()
    const file = imported(gradient(W, H))
    await importVia(panel, file)
    await panel.get('input[aria-label="Scale map min percent"]').setValue('25')
    expect(await io.save()).toBe(true)
    expect(fake.saved).toHaveLength(1)
    expect(fake.saved[0].scaleMap).toBe(file.bytes)
    expect(fake.saved[0].room.scaling.map).toEqual({ file: 'scalemap.png', min: 25, max: 100 })
    // Nothing changed since: a second save writes no room.
    expect(await io.save()).toBe(true)
    expect(fake.saved).toHaveLength(1)
    // A later edit saves the room again, without the map's bytes (the file on disk is current).
    await panel.get('input[aria-label="Scale map min percent"]').setValue('30')
    expect(await io.save()).toBe(true)
    expect(fake.saved).toHaveLength(2)
    expect(fake.saved[1].scaleMap).toBeUndefined()
    expect(fake.saved[1].room.scaling.map).toEqual({ file: 'scalemap.png', min: 30, max: 100 })
  })
})
