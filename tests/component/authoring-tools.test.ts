/**
 * The authoring tools without Pixi: pixel operations of the mask tools, a brush
 * stroke and a rectangle as single undo steps with pixel-exact results, the polygon
 * tool refusing a crossing outline with markers, the select tool dragging a vertex,
 * mask import rules (grey, colour, alpha) and conversions between mask and polygons.
 */
import { describe, expect, it } from 'vitest'
import {
  fillEllipse,
  fillRect,
  fillRegion,
  strokeSegment,
  type MaskBuffer,
} from '../../src/renderer/editing/tools/mask-paint'
import { BrushTool, EraserTool } from '../../src/renderer/editing/tools/brush-tool'
import { RectangleTool } from '../../src/renderer/editing/tools/shape-fill-tool'
import { HoleTool, WalkPolygonTool } from '../../src/renderer/editing/tools/polygon-tools'
import { SelectTool } from '../../src/renderer/editing/tools/select-tool'
import { snapInRoom } from '../../src/renderer/editing/tools/snapping'
import type { Selection, ToolContext, ToolPointer } from '../../src/renderer/editing/tools/tool'
import type { LayerId } from '../../src/renderer/editing/stores/layers'
import type { Command } from '../../src/renderer/editing/stores/history'
import {
  importMaskCommand,
  maskPreview,
  missingAreas,
  planMaskImport,
} from '../../src/renderer/editing/tools/mask-import'
import { mount } from '@vue/test-utils'
import MaskImportDialog from '../../src/renderer/editing/components/MaskImportDialog.vue'
import {
  maskFromPolygons,
  simplifyTraced,
  traceAreas,
  vertexCount,
} from '../../src/renderer/editing/tools/conversions'
import { makeTarget, roundTrip, type TestTarget } from './commands/fixture'

function buffer(width: number, height: number): MaskBuffer {
  return { data: new Uint8Array(width * height), width, height }
}
function count(m: MaskBuffer, v: number): number {
  return m.data.reduce((n, x) => n + (x === v ? 1 : 0), 0)
}

describe('mask pixel operations', () => {
  it('a 1 px brush paints exactly the pixels under the path; a 5 px round dab lacks its corners', () => {
    const m = buffer(10, 10)
    const dirty = strokeSegment(m, { x: 1.5, y: 1.5 }, { x: 5.5, y: 1.5 }, 1, 'round', 7)
    expect(dirty).toEqual({ x: 1, y: 1, width: 5, height: 1 })
    expect(count(m, 7)).toBe(5)
    const n = buffer(7, 7)
    expect(strokeSegment(n, { x: 3.5, y: 3.5 }, { x: 3.5, y: 3.5 }, 5, 'round', 1)).toEqual({
      x: 1,
      y: 1,
      width: 5,
      height: 5,
    })
    expect(count(n, 1)).toBe(21)
    expect(n.data[1 * 7 + 1]).toBe(0)
    expect(n.data[1 * 7 + 2]).toBe(1)
    const sq = buffer(7, 7)
    strokeSegment(sq, { x: 3.5, y: 3.5 }, { x: 3.5, y: 3.5 }, 5, 'square', 1)
    expect(count(sq, 1)).toBe(25)
  })
  it('fills rectangles by pixel centres, ellipses inside their box, and bucket-fills one region', () => {
    const m = buffer(10, 10)
    expect(fillRect(m, { x: 2, y: 3 }, { x: 5, y: 5 }, 1)).toEqual({ x: 2, y: 3, width: 3, height: 2 })
    expect(count(m, 1)).toBe(6)
    const e = buffer(10, 10)
    fillEllipse(e, { x: 0, y: 0 }, { x: 10, y: 10 }, 2)
    expect(e.data[0]).toBe(0)
    expect(e.data[5 * 10 + 5]).toBe(2)
    expect(e.data[5 * 10 + 0]).toBe(2)
    // Two rooms separated by a wall: the fill stays on its side.
    const f = buffer(6, 3)
    for (let y = 0; y < 3; y++) f.data[y * 6 + 3] = 9
    expect(fillRegion(f, 0, 0, 4)).toEqual({ x: 0, y: 0, width: 3, height: 3 })
    expect(count(f, 4)).toBe(9)
    expect(fillRegion(f, 0, 0, 4)).toBeNull()
  })
})

function context(target: TestTarget, layer: LayerId = 'walk-mask') {
  const done: Command[] = []
  const reports: string[] = []
  let selection: Selection | null = null
  const ctx: ToolContext = {
    target: () => target,
    execute: (c) => {
      c.apply()
      done.push(c)
      return c
    },
    options: {
      brushSize: 1,
      brushShape: 'round',
      areaId: 2,
      walkBehindId: 1,
      scaleAreaId: 0,
      snapToPixels: true,
      snap: false,
      gridStep: 16,
      showGrid: false,
    },
    activeLayer: () => layer,
    selection: () => selection,
    select: (s) => (selection = s),
    report: (_kind, text) => reports.push(text),
    previewChanged: () => undefined,
    scaleAt: () => 100,
    characterHeight: () => 100,
    snap: (p, zoom, extra) =>
      snapInRoom(
        target.room,
        p,
        zoom,
        { snap: ctx.options.snap, gridStep: ctx.options.gridStep, pixels: ctx.options.snapToPixels },
        extra,
      ),
  }
  return { ctx, done, reports, selection: () => selection }
}
const at = (x: number, y: number, extra: Partial<ToolPointer> = {}): ToolPointer => ({
  point: { x, y },
  button: 0,
  shift: false,
  alt: false,
  primaryModifier: false,
  zoom: 10,
  ...extra,
})

describe('mask tools', () => {
  it('a brush stroke is one command that undoes to the original pixels; the eraser writes 0', () => {
    const t = makeTarget()
    const original = t.mask!.slice()
    const { ctx, done } = context(t)
    const brush = new BrushTool(ctx)
    brush.pointerDown(at(10.5, 6.5))
    expect(brush.mode).toBe('painting')
    brush.pointerMove(at(12.5, 6.5))
    brush.pointerMove(at(14.5, 6.5))
    brush.pointerUp(at(14.5, 6.5))
    expect(done.map((c) => c.label)).toEqual(['Paint area 2'])
    expect(Array.from(t.mask!.slice(6 * 20 + 9, 6 * 20 + 16))).toEqual([0, 2, 2, 2, 2, 2, 0])
    done[0].invert()
    expect(t.mask).toEqual(original)
    done[0].apply()
    const eraser = new EraserTool(ctx)
    eraser.pointerDown(at(11.5, 6.5))
    eraser.pointerUp(at(11.5, 6.5))
    expect(done.at(-1)!.label).toBe('Erase')
    expect(t.mask![6 * 20 + 11]).toBe(0)
    expect(t.mask![6 * 20 + 12]).toBe(2)
  })
  it('a cancelled stroke leaves no pixel and no command', () => {
    const t = makeTarget()
    const original = t.mask!.slice()
    const { ctx, done } = context(t)
    const brush = new BrushTool(ctx)
    brush.pointerDown(at(10.5, 6.5))
    brush.pointerMove(at(15.5, 8.5))
    expect(brush.keyDown('Escape')).toBe(true)
    expect(t.mask).toEqual(original)
    expect(done).toHaveLength(0)
  })
  it('the rectangle tool fills on release as one command', () => {
    const t = makeTarget()
    const { ctx, done } = context(t)
    const rect = new RectangleTool(ctx)
    rect.pointerDown(at(10, 5))
    rect.pointerMove(at(12, 7))
    rect.pointerUp(at(13, 8))
    expect(done.map((c) => c.label)).toEqual(['Rectangle in area 2'])
    expect(t.mask![5 * 20 + 10]).toBe(2)
    expect(t.mask![7 * 20 + 12]).toBe(2)
    expect(t.mask![8 * 20 + 13]).toBe(0)
  })
})

describe('outline tools', () => {
  it('draws a polygon, refuses a crossing one with a marker, and draws a hole in its polygon', () => {
    const t = makeTarget()
    t.room.polygons = []
    const { ctx, done, reports } = context(t, 'walk-polygons')
    const tool = new WalkPolygonTool(ctx)
    for (const [x, y] of [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 4],
    ])
      tool.pointerDown(at(x, y))
    expect(tool.keyDown('Enter')).toBe(true)
    expect(done).toHaveLength(0)
    expect(reports.at(-1)).toMatch(/crosses itself/)
    expect(tool.preview()?.markers?.some((m) => m.cross && m.point.x === 2 && m.point.y === 2)).toBe(true)
    tool.keyDown('Escape')
    for (const [x, y] of [
      [0, 0],
      [10, 0],
      [10, 8],
      [0, 8],
    ])
      tool.pointerDown(at(x, y))
    // Clicking the first point again closes the outline.
    tool.pointerDown(at(0.2, 0.3))
    expect(done.map((c) => c.label)).toEqual(['Draw walk polygon'])
    expect(t.room.polygons[0]).toMatchObject({ id: 'polygon-1', areaId: 2 })
    const hole = new HoleTool(ctx)
    for (const [x, y] of [
      [2, 2],
      [4, 2],
      [4, 4],
    ])
      hole.pointerDown(at(x, y))
    hole.keyDown('Enter')
    expect(t.room.polygons[0].holes).toEqual([
      [
        [2, 2],
        [4, 2],
        [4, 4],
      ],
    ])
    const outside = new HoleTool(ctx)
    for (const [x, y] of [
      [12, 2],
      [14, 2],
      [14, 4],
    ])
      outside.pointerDown(at(x, y))
    outside.keyDown('Enter')
    expect(reports.at(-1)).toMatch(/inside a walk polygon/)
  })
  it('the select tool drags a vertex as one command and refuses a drag that crosses', () => {
    const t = makeTarget()
    const { ctx, done, reports, selection } = context(t, 'walk-polygons')
    const tool = new SelectTool(ctx)
    tool.pointerDown(at(16, 8))
    expect(selection()).toEqual({ kind: 'polygon', polygonId: 'floor', vertex: 2 })
    tool.pointerMove(at(17, 9))
    tool.pointerUp(at(18, 9))
    expect(done.map((c) => c.label)).toEqual(['Move vertex'])
    expect(t.room.polygons[0].outer[2]).toEqual([18, 9])
    tool.pointerDown(at(18, 9))
    tool.pointerUp(at(8, -5))
    expect(done).toHaveLength(1)
    expect(reports.at(-1)).toMatch(/crosses itself/)
    expect(tool.preview()?.markers?.some((m) => m.cross)).toBe(true)
  })
  it("refuses a drag that takes a hole out of its floor, with the Hole tool's words, and leaves the room as it was", () => {
    const t = makeTarget()
    const before = JSON.stringify(t.room)
    const { ctx, done, reports } = context(t, 'walk-polygons')
    const tool = new SelectTool(ctx)
    // The hole (2,2)-(4,2)-(4,4): drag its corner (4,4) out past the floor's bottom edge (y = 8).
    tool.pointerDown(at(4, 4))
    tool.pointerMove(at(4, 7))
    tool.pointerUp(at(4, 9.5))
    expect(done).toHaveLength(0)
    expect(reports.at(-1)).toBe("The hole must lie inside walk polygon 'floor'. It was not changed.")
    expect(tool.preview()?.markers?.some((m) => m.cross)).toBe(true)
    // The floor's corner (16,8) dragged over the hole, so the hole would stick out of the floor.
    tool.pointerDown(at(16, 8))
    tool.pointerUp(at(3, 3.5))
    expect(done).toHaveLength(0)
    expect(reports.at(-1)).toBe("The hole must lie inside walk polygon 'floor'. It was not changed.")
    expect(JSON.stringify(t.room)).toBe(before)
    // A drag that keeps the hole inside is taken.
    tool.pointerDown(at(4, 4))
    tool.pointerUp(at(5, 6))
    expect(done.map((c) => c.label)).toEqual(['Move vertex'])
    expect(t.room.polygons[0].holes[0]).toContainEqual([5, 6])
  })
  it('a click on an edge (a hole edge) without a drag selects the ring and edits nothing; a drag inserts a vertex', () => {
    const t = makeTarget()
    const before = JSON.stringify(t.room)
    const { ctx, done, selection } = context(t, 'walk-polygons')
    const tool = new SelectTool(ctx)
    // The hole's top edge (2,2)-(4,2), half way.
    tool.pointerDown(at(3, 2))
    tool.pointerUp(at(3, 2))
    expect(done).toHaveLength(0)
    expect(JSON.stringify(t.room)).toBe(before)
    expect(selection()).toMatchObject({ polygonId: 'floor' })
    expect(selection()).not.toHaveProperty('vertex')
    // Dragged, the press on the edge inserts a vertex: one step.
    tool.pointerDown(at(3, 2))
    tool.pointerMove(at(3, 1.5))
    tool.pointerUp(at(3, 1))
    expect(done.map((c) => c.label)).toEqual(['Insert vertex'])
    expect(t.room.polygons[0].holes[0]).toContainEqual([3, 1])
  })
  it('the Hole tool refuses a hole whose corners are inside but whose edge leaves a U-shaped floor', () => {
    const t = makeTarget()
    // A U: the notch x 6..10, y 0..6 is not floor.
    t.room.polygons[0].outer = [
      [0, 0],
      [6, 0],
      [6, 6],
      [10, 6],
      [10, 0],
      [16, 0],
      [16, 8],
      [0, 8],
    ]
    t.room.polygons[0].holes = []
    const { ctx, done, reports } = context(t, 'walk-polygons')
    const hole = new HoleTool(ctx)
    for (const [x, y] of [
      [2, 2],
      [14, 2],
      [14, 3],
      [2, 3],
    ])
      hole.pointerDown(at(x, y))
    hole.keyDown('Enter')
    expect(done).toHaveLength(0)
    expect(reports.at(-1)).toBe("The hole must lie inside walk polygon 'floor'.")
    expect(hole.preview()?.markers?.some((m) => m.cross)).toBe(true)
    expect(t.room.polygons[0].holes).toEqual([])
  })
})

describe('mask import and conversions', () => {
  const image = (pixels: number[][]) => ({
    fileName: 'walk.png',
    bytes: new Uint8Array([1, 2, 3]),
    image: { width: pixels.length, height: 1, data: new Uint8Array(pixels.flat()) },
  })
  it('imports a one-area picture into the chosen area, painted over the mask, as one undo step', () => {
    const t = makeTarget()
    t.room.size = { width: 10, height: 2 }
    t.mask = new Uint8Array([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0])
    // A 5x1 alpha mask at 1:2 of the 10x2 room: its pixels 2 and 3 are walkable.
    const picked = image([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 255],
      [0, 0, 0, 255],
      [0, 0, 0, 0],
    ])
    const plan = planMaskImport(picked, t.room, 3)
    expect([plan.singleArea, plan.read.scale, plan.read.summary]).toEqual([true, 2, '1 area: 3'])
    expect(missingAreas(plan.read, t.room.areas).map((a) => a.id)).toEqual([3])
    roundTrip(t, importMaskCommand(t, plan, 'add'), (r) => {
      expect([...r.mask!]).toEqual([1, 1, 1, 1, 3, 3, 3, 3, 0, 0, 1, 1, 1, 1, 3, 3, 3, 3, 0, 0])
      expect(r.room.areas.map((a) => a.id)).toEqual([1, 2, 3])
    })
    roundTrip(t, importMaskCommand(t, plan, 'replace'), (r) => {
      expect([...r.mask!]).toEqual([0, 0, 0, 0, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 0, 0])
    })
  })
  it('shows a preview of what a mask picture was read as, each area in its colour', () => {
    const t = makeTarget()
    t.room.size = { width: 10, height: 2 }
    const picked = image([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 255],
      [0, 0, 0, 255],
      [0, 0, 0, 0],
    ])
    const plan = planMaskImport(picked, t.room, 3)
    const preview = maskPreview(plan.read.cells, t.room.size, t.room.areas)
    expect([preview.width, preview.height]).toEqual([10, 2])
    expect([...preview.ids]).toEqual([...plan.read.cells])
    // Area 3 is new: it gets the colour a new area would get.
    expect(Object.keys(preview.colours)).toEqual(['3'])
    // A big room is shown at most 240 px on its longer side, ids kept.
    const big = new Uint8Array(1920 * 1080).fill(2)
    const small = maskPreview(big, { width: 1920, height: 1080 }, [{ id: 2, colour: '#4a90d9' }])
    expect([small.width, small.height]).toEqual([240, 135])
    expect(small.colours).toEqual({ 2: '#4a90d9' })
    const dialog = mount(MaskImportDialog, {
      props: {
        fileName: 'walk.png',
        stored: { width: 5, height: 1 },
        room: { width: 10, height: 2 },
        rule: 'alpha',
        scale: 2,
        summary: '1 area: 3',
        singleArea: true,
        areas: [{ id: 1, name: 'Walkable' }],
        areaId: 1,
        freeId: 3,
        hasMask: true,
        newAreas: [3],
        preview,
      },
    })
    const canvas = dialog.get('[data-testid="mask-import-preview"]')
    expect([
      canvas.attributes('width'),
      canvas.attributes('height'),
      canvas.attributes('data-areas'),
    ]).toEqual(['10', '2', '3'])
    dialog.unmount()
  })
  it('imports grey ids and creates the areas the room lacks', () => {
    const t = makeTarget()
    t.room.size = { width: 3, height: 1 }
    t.mask = null
    const plan = planMaskImport(
      image([
        [0, 0, 0, 255],
        [2, 2, 2, 255],
        [7, 7, 7, 255],
      ]),
      t.room,
      1,
    )
    expect([plan.singleArea, plan.read.summary]).toEqual([false, '2 areas: 2, 7'])
    roundTrip(t, importMaskCommand(t, plan, 'replace'), (r) => {
      expect([...r.mask!]).toEqual([0, 2, 7])
      expect(r.room.areas.map((a) => a.id)).toEqual([1, 2, 7])
      expect(r.room.mask).toBe('walkmask.png')
    })
    expect(() => planMaskImport({ ...image([[0, 0, 0, 255]]), fileName: 'x.png' }, t.room, 1)).toThrow(
      "x.png: is 1×1 px; expected the room's size 3×1",
    )
  })
  it('traces the mask into polygons per area and rasterises them back to the same pixels', () => {
    const t = makeTarget()
    t.mask!.fill(0)
    for (let y = 2; y < 6; y++) t.mask!.fill(1, y * 20 + 2, y * 20 + 8)
    for (let y = 1; y < 9; y++) t.mask!.fill(2, y * 20 + 12, y * 20 + 18)
    const polygons = simplifyTraced(traceAreas(t.mask!, 20, 10), 0.5)
    expect(polygons.map((p) => [p.id, p.areaId])).toEqual([
      ['area1-1', 1],
      ['area2-1', 2],
    ])
    expect(vertexCount(polygons)).toBe(8)
    t.room.polygons = polygons
    expect(maskFromPolygons(t.room)).toEqual(t.mask)
  })
})
