/**
 * Pixel counts per id kept in step by the writes (editing/commands/mask-counts.ts): whatever the mask
 * tools do (dabs, strokes, rectangles, ellipses, polygons, bucket fills) and whatever undo
 * writes back, the kept counts equal a fresh count of the mask; a stroke's live feedback
 * updates the Walk areas panel without bumping the editor's revision (nothing else recounts).
 */
import fc from 'fast-check'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { describe, expect, it } from 'vitest'
import {
  fillEllipse,
  fillPolygon,
  fillRect,
  fillRegion,
  strokeSegment,
  type MaskBuffer,
} from '../../src/renderer/editing/tools/mask-paint'
import { countsOf, keptCounts, writeRectCounted } from '../../src/renderer/editing/commands/mask-counts'
import { readMaskRect } from '../../src/renderer/editing/commands/mask-patch'
import { dirtyTexels } from '../../src/renderer/editing/canvas/indexed-overlay'
import AreasPanel from '../../src/renderer/editing/components/AreasPanel.vue'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import type { LoadedRoom } from '../../src/shared/host'
import type { WalkboxHost } from '../../src/shared/host-methods'
import { emptyProject, emptyRoom } from '../../src/shared/room/schema'

function fresh(mask: Uint8Array): number[] {
  const out = new Array<number>(256).fill(0)
  for (const v of mask) out[v]++
  return out
}

const W = 24
const H = 18

const op = fc.oneof(
  fc.record({
    kind: fc.constant('stroke' as const),
    a: fc.tuple(
      fc.double({ min: -4, max: W + 4, noNaN: true }),
      fc.double({ min: -4, max: H + 4, noNaN: true }),
    ),
    b: fc.tuple(
      fc.double({ min: -4, max: W + 4, noNaN: true }),
      fc.double({ min: -4, max: H + 4, noNaN: true }),
    ),
    size: fc.integer({ min: 1, max: 9 }),
    round: fc.boolean(),
    value: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    kind: fc.constantFrom('rect' as const, 'ellipse' as const),
    a: fc.tuple(fc.integer({ min: -3, max: W + 3 }), fc.integer({ min: -3, max: H + 3 })),
    b: fc.tuple(fc.integer({ min: -3, max: W + 3 }), fc.integer({ min: -3, max: H + 3 })),
    value: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('polygon' as const),
    ring: fc.array(
      fc.tuple(
        fc.double({ min: -3, max: W + 3, noNaN: true }),
        fc.double({ min: -3, max: H + 3, noNaN: true }),
      ),
      {
        minLength: 3,
        maxLength: 6,
      },
    ),
    value: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('bucket' as const),
    at: fc.tuple(fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 0, max: H - 1 })),
    value: fc.integer({ min: 0, max: 4 }),
  }),
)

describe('kept pixel counts', () => {
  it('equal a fresh count after any mask tool writes and any undo of them', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 12 }), (ops) => {
        const data = new Uint8Array(W * H)
        const m: MaskBuffer = { data, width: W, height: H, counts: countsOf(data) }
        for (const o of ops) {
          const before = data.slice()
          let rect = null
          if (o.kind === 'stroke')
            rect = strokeSegment(
              m,
              { x: o.a[0], y: o.a[1] },
              { x: o.b[0], y: o.b[1] },
              o.size,
              o.round ? 'round' : 'square',
              o.value,
            )
          else if (o.kind === 'rect')
            rect = fillRect(m, { x: o.a[0], y: o.a[1] }, { x: o.b[0], y: o.b[1] }, o.value)
          else if (o.kind === 'ellipse')
            rect = fillEllipse(m, { x: o.a[0], y: o.a[1] }, { x: o.b[0], y: o.b[1] }, o.value)
          else if (o.kind === 'polygon')
            rect = fillPolygon(
              m,
              o.ring.map(([x, y]) => ({ x, y })),
              o.value,
            )
          else if (o.kind === 'bucket') rect = fillRegion(m, o.at[0], o.at[1], o.value)
          expect([...keptCounts(data)!]).toEqual(fresh(data))
          // Undo writes the rectangle's bytes back: the counts follow again.
          if (rect) {
            writeRectCounted(data, W, rect, readMaskRect(before, W, rect))
            expect([...keptCounts(data)!]).toEqual(fresh(data))
            writeRectCounted(data, W, rect, readMaskRect(before, W, rect))
          }
        }
      }),
    )
  })

  it('are counted once per mask array, and not for a mask nobody asked about', () => {
    const data = new Uint8Array(10).fill(2)
    expect(keptCounts(data)).toBeUndefined()
    const counts = countsOf(data)
    expect(counts[2]).toBe(10)
    expect(countsOf(data)).toBe(counts)
  })
})

describe('a stroke in the Walk areas panel', () => {
  it('updates the count live, without bumping the editor revision', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const editor = useEditorStore()
    const mask = new Uint8Array(40 * 30)
    mask.fill(1, 0, 100)
    editor.host = {
      loadRoom: async (): Promise<LoadedRoom> => ({
        room: { ...emptyRoom({ id: 'r', name: 'R', width: 40, height: 30 }), authoritative: 'mask' },
        background: null,
        mask,
        scaleMap: null,
        problems: [],
        warnings: [],
      }),
    } as unknown as WalkboxHost
    const project = emptyProject({ name: 'Game' })
    project.rooms = [{ id: 'r', name: 'R', folder: 'rooms/r' }]
    await editor.adoptProject({ ref: 'game', project, rooms: [] })
    const panel = mount(AreasPanel, { global: { plugins: [pinia] } })
    expect(panel.get('[data-area="1"] .count').text()).toBe('100')
    const target = editor.editTarget()!
    const live = target.mask!
    const revision = editor.revision
    const m: MaskBuffer = { data: live, width: 40, height: 30, counts: countsOf(live) }
    target.maskChanged(strokeSegment(m, { x: 10.5, y: 20.5 }, { x: 30.5, y: 20.5 }, 3, 'square', 1))
    await nextTick()
    expect(editor.revision).toBe(revision)
    // 23 columns (dabs from x 9 to 29, 3 px wide) by 3 rows, on fresh pixels.
    expect(fresh(live)[1]).toBe(100 + 23 * 3)
    expect(panel.get('[data-area="1"] .count').text()).toBe(String(100 + 23 * 3))
  })
})

describe('the mask overlay upload of a dab', () => {
  it('covers the rows of the dab only, whatever the room size', () => {
    const dab = { x: 100, y: 40, width: 20, height: 20 }
    for (const tileWidth of [1920, 2048]) {
      const [start, end] = dirtyTexels(tileWidth, dab)
      expect(start).toBe(40 * tileWidth + 100)
      expect(end).toBe(59 * tileWidth + 120)
      // At most the dab's rows of the tile.
      expect(end - start).toBeLessThanOrEqual(dab.height * tileWidth)
    }
  })
})
