/**
 * The walk-behind layer in the editor without Pixi: the Walk-behinds panel's commands (add,
 * baseline, remove) and the mask tools painting the layer through its edit target, each
 * one undo step, with the room's rows following every paint, undo and redo.
 *
 * Units: room px.
 */
import { describe, expect, it } from 'vitest'
import { emptyRoom } from '../../src/shared/room/schema'
import { decodeWalkBehindRows } from '../../src/shared/room/walk-behinds'
import {
  createSession,
  sessionTarget,
  walkBehindTarget,
} from '../../src/renderer/editing/stores/room-session'
import {
  addWalkBehindCommand,
  removeWalkBehindCommand,
  updateWalkBehindCommand,
} from '../../src/renderer/editing/commands/walk-behind-commands'
import { BaselineTool } from '../../src/renderer/editing/tools/baseline-tool'
import { BrushTool } from '../../src/renderer/editing/tools/brush-tool'
import { RectangleTool } from '../../src/renderer/editing/tools/shape-fill-tool'
import type { Command } from '../../src/renderer/editing/commands/command'
import type { ToolContext, ToolPointer } from '../../src/renderer/editing/tools/tool'

function setup() {
  const session = createSession({
    room: emptyRoom({ id: 'hall', width: 20, height: 10 }),
    background: null,
    mask: null,
    scaleMap: null,
  })
  const changed: string[] = []
  const roomTarget = sessionTarget(session, () => changed.push('walk-mask'))
  const done: Command[] = []
  const reports: string[] = []
  const ctx: ToolContext = {
    target: () => walkBehindTarget(session, () => changed.push('walk-behinds')),
    execute: (c) => {
      c.apply()
      done.push(c)
      return c
    },
    options: {
      brushSize: 1,
      brushShape: 'square',
      areaId: 1,
      walkBehindId: 1,
      scaleAreaId: 0,
      snapToPixels: true,
      snap: false,
      gridStep: 16,
      showGrid: false,
    },
    activeLayer: () => 'walk-behinds',
    selection: () => null,
    select: () => undefined,
    report: (_kind, text) => reports.push(text),
    previewChanged: () => undefined,
    scaleAt: () => 100,
    characterHeight: () => 100,
    snap: (p) => ({ point: p, target: null }),
  }
  const run = (c: Command) => {
    c.apply()
    done.push(c)
    return c
  }
  return { session, roomTarget, ctx, done, reports, run }
}

const at = (x: number, y: number): ToolPointer => ({
  point: { x, y },
  button: 0,
  shift: false,
  alt: false,
  primaryModifier: false,
  zoom: 10,
})

describe('the walk-behind layer in the editor', () => {
  it('refuses to paint before a walk-behind exists, with a message', () => {
    const { ctx, done, reports } = setup()
    const brush = new BrushTool(ctx)
    brush.pointerDown(at(3.5, 3.5))
    brush.pointerUp(at(3.5, 3.5))
    expect(done).toEqual([])
    expect(reports).toEqual(['Add a walk-behind first (Walk-behinds panel), then paint it.'])
  })

  it('adds a walk-behind, paints it as one step that rows follow through undo and redo, and removes it', () => {
    const { session, roomTarget, ctx, done, run } = setup()
    const add = run(addWalkBehindCommand(roomTarget))
    expect(add.created).toBe(1)
    expect(session.room.walkBehinds).toEqual({
      areas: [{ id: 1, name: 'Walk-behind 1', baseline: 8 }],
      rows: Array(10).fill('20'),
    })
    const rect = new RectangleTool(ctx)
    rect.pointerDown(at(2, 3))
    rect.pointerMove(at(6, 5))
    rect.pointerUp(at(6, 5))
    expect(done.at(-1)!.label).toBe('Rectangle in walk-behind 1')
    expect(session.room.walkBehinds!.rows.slice(2, 6)).toEqual(['20', '2 4:1 14', '2 4:1 14', '20'])
    done.at(-1)!.invert()
    expect(session.room.walkBehinds!.rows).toEqual(Array(10).fill('20'))
    done.at(-1)!.apply()
    expect(session.room.walkBehinds!.rows[3]).toBe('2 4:1 14')
    // The baseline moves as one step; removing the walk-behind takes its pixels and the layer.
    run(updateWalkBehindCommand(roomTarget, 1, { baseline: 4.4 }))
    expect(session.room.walkBehinds!.areas[0].baseline).toBe(4)
    const remove = run(removeWalkBehindCommand(roomTarget, 1))
    expect(session.room.walkBehinds).toBeUndefined()
    remove.invert()
    const cells = decodeWalkBehindRows(session.room.walkBehinds!.rows, 20, 10)
    expect(cells.filter((v) => v === 1).length).toBe(8)
  })

  it('a second walk-behind gets the next id and paints its own pixels over the first', () => {
    const { session, roomTarget, ctx, run } = setup()
    run(addWalkBehindCommand(roomTarget))
    run(addWalkBehindCommand(roomTarget))
    expect(session.room.walkBehinds!.areas.map((a) => a.id)).toEqual([1, 2])
    ctx.options.walkBehindId = 2
    const brush = new BrushTool(ctx)
    brush.pointerDown(at(0.5, 0.5))
    brush.pointerMove(at(3.5, 0.5))
    brush.pointerUp(at(3.5, 0.5))
    expect(session.room.walkBehinds!.rows[0]).toBe('4:2 16')
  })

  it('the baseline tool drags a baseline line as one undo step; a press away from every line says why it does nothing', () => {
    const { session, roomTarget, ctx, done, run, reports } = setup()
    run(addWalkBehindCommand(roomTarget))
    const tool = new BaselineTool(ctx)
    // zoom 10: 6 screen px = 0.6 room px; the baseline is at y=8.
    tool.pointerDown({ ...at(5, 6), zoom: 10 })
    expect(tool.mode).toBe('idle')
    expect(reports.at(-1)).toBe(
      "No baseline here: press on a dashed baseline to drag it (the nearest, Walk-behind 1's, is at y=8, 2 px away).",
    )
    tool.pointerDown({ ...at(5, 8.3), zoom: 10 })
    expect(tool.mode).toBe('dragging-baseline')
    tool.pointerMove(at(5, 4.6))
    expect(tool.preview()?.rings?.[0].points).toEqual([
      { x: 0, y: 5 },
      { x: 20, y: 5 },
    ])
    tool.pointerUp(at(5, 3.2))
    expect(done.at(-1)!.label).toBe('Baseline of walk-behind 1 to y=3')
    expect(session.room.walkBehinds!.areas[0].baseline).toBe(3)
    done.at(-1)!.invert()
    expect(session.room.walkBehinds!.areas[0].baseline).toBe(8)
  })
})
