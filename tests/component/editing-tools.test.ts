/**
 * The everyday editing tools without Pixi: copy, cut and paste (within a room and into
 * another, centred on the pointer, one command each), snapping (grid crossings, vertices,
 * edges, and whole px when off), and the measure tool's distance and angle.
 */
import { describe, expect, it } from 'vitest'
import { copySelection, pasteCommand, PASTE_OFFSET } from '../../src/renderer/editing/actions/clipboard'
import { deleteSelectionCommand } from '../../src/renderer/editing/actions/selection-actions'
import { formatMeasurement, measure, MeasureTool } from '../../src/renderer/editing/tools/measure-tool'
import { niceStep, rulerTicks } from '../../src/renderer/editing/canvas/ruler-ticks'
import { WalkPolygonTool } from '../../src/renderer/editing/tools/polygon-tools'
import { SelectTool } from '../../src/renderer/editing/tools/select-tool'
import { snapInRoom } from '../../src/renderer/editing/tools/snapping'
import type { ToolContext, ToolOptions, ToolPointer } from '../../src/renderer/editing/tools/tool'
import type { Command } from '../../src/renderer/editing/stores/history'
import { emptyRoom } from '../../src/shared/room/schema'
import { makeTarget, type TestTarget } from './commands/fixture'

/** A second room of the project: bigger, one walk polygon, no gates or zones. */
function otherRoom(): TestTarget {
  const t = makeTarget()
  const room = emptyRoom({ id: 'cellar', width: 200, height: 100 })
  room.polygons = [
    {
      id: 'polygon-1',
      areaId: 1,
      outer: [
        [0, 0],
        [200, 0],
        [200, 100],
        [0, 100],
      ],
      holes: [],
    },
  ]
  Object.assign(t, { room })
  return t
}

describe('copy, cut and paste', () => {
  it('pastes a walk polygon with its hole into another room centred on the pointer, shape kept, as one command', () => {
    const from = makeTarget()
    const clip = copySelection(from, { kind: 'polygon', polygonId: 'floor' })!
    const to = otherRoom()
    const before = JSON.stringify(to.room)
    // The floor spans 0..16 x 0..8: its centre (8, 4) goes to the pointer (100, 50).
    const { command, select } = pasteCommand(to, clip, { x: 100.4, y: 49.7 })
    command.apply()
    const pasted = to.room.polygons.find((p) => p.id === command.created)!
    expect(select).toEqual({ kind: 'polygon', polygonId: pasted.id })
    expect(pasted.id).toBe('polygon-2')
    expect(pasted.outer).toEqual([
      [92, 46],
      [108, 46],
      [108, 54],
      [92, 54],
    ])
    expect(pasted.holes).toEqual([
      [
        [94, 48],
        [96, 48],
        [96, 50],
      ],
    ])
    command.invert()
    expect(JSON.stringify(to.room)).toBe(before)
  })

  it('pastes a hole into the walk polygon under the pointer, and refuses one away from any floor', () => {
    const from = makeTarget()
    const clip = copySelection(from, { kind: 'polygon', polygonId: 'floor', hole: 0 })!
    expect(clip.kind).toBe('hole')
    const to = otherRoom()
    const { command, select } = pasteCommand(to, clip, { x: 50, y: 50 })
    command.apply()
    expect(to.room.polygons[0].holes).toEqual([
      [
        [49, 49],
        [51, 49],
        [51, 51],
      ],
    ])
    expect(select).toEqual({ kind: 'polygon', polygonId: 'polygon-1', hole: 0 })
    const empty = otherRoom()
    empty.room.polygons = []
    expect(() => pasteCommand(empty, clip, { x: 50, y: 50 })).toThrow(/over a walk polygon/)
  })

  it('pastes a gate, a zone and a node under fresh ids; without a pointer 10 px off the original', () => {
    const t = makeTarget()
    // Room around them (near the edge a copy goes the other way: duplicate-near-edge.test.ts).
    t.room.size = { width: 200, height: 100 }
    for (const s of [
      { kind: 'gate', gateId: 'door' },
      { kind: 'zone', zoneId: 'mat' },
      { kind: 'node', nodeId: 'b' },
    ] as const) {
      const clip = copySelection(t, s)!
      const { command } = pasteCommand(t, clip, null)
      command.apply()
    }
    expect(t.room.gates[1]).toMatchObject({ id: 'gate-1', name: 'Door', flagExpression: '!open' })
    expect(t.room.gates[1].polygon![0]).toEqual([8 + PASTE_OFFSET, PASTE_OFFSET])
    expect(t.room.zones[1]).toMatchObject({ id: 'zone-1', properties: { sound: 'creak' } })
    expect(t.room.nodeGraph.nodes[2]).toEqual({ id: 'node-1', x: 10 + PASTE_OFFSET, y: 5 + PASTE_OFFSET })
  })

  it('cut is copy then delete: the copy pastes back what was deleted', () => {
    const t = makeTarget()
    const original = JSON.stringify(t.room.gates)
    const clip = copySelection(t, { kind: 'gate', gateId: 'door' })!
    deleteSelectionCommand(t, { kind: 'gate', gateId: 'door' }).apply()
    expect(t.room.gates).toEqual([])
    // At the pointer where its centre was (8.5, 4), the gate comes back where it was.
    pasteCommand(t, clip, { x: 8.5, y: 4 }).command.apply()
    expect(t.room.gates[0].polygon).toEqual(JSON.parse(original)[0].polygon)
  })

  it('a join cannot be copied', () => {
    expect(copySelection(makeTarget(), { kind: 'join', index: 0 })).toBeNull()
  })
})

describe('snapping', () => {
  const settings = { snap: true, gridStep: 16, pixels: true }

  it('puts a point on the nearest grid crossing, or on whole px when snapping is off', () => {
    const room = emptyRoom({ id: 'r', width: 200, height: 200 })
    expect(snapInRoom(room, { x: 37.2, y: 58.1 }, 1, settings)).toEqual({
      point: { x: 32, y: 64 },
      target: { kind: 'grid', point: { x: 32, y: 64 } },
    })
    expect(snapInRoom(room, { x: 37.2, y: 58.1 }, 1, { ...settings, snap: false })).toEqual({
      point: { x: 37, y: 58 },
      target: null,
    })
  })

  it('prefers a vertex, then an edge, within a reach that is the same on screen at every zoom', () => {
    const { room } = makeTarget()
    // The floor's corner (16, 8) is 0.5 room px away: 5 screen px at zoom 10.
    expect(snapInRoom(room, { x: 15.6, y: 8.3 }, 10, settings).target).toEqual({
      kind: 'vertex',
      point: { x: 16, y: 8 },
    })
    // 0.4 room px under the floor's top edge (4 screen px), 3.7 room px from any vertex:
    // the point goes onto the edge.
    const onEdge = snapInRoom(room, { x: 12.3, y: 0.4 }, 10, settings)
    expect(onEdge.target?.kind).toBe('edge')
    expect(onEdge.point).toEqual({ x: 12.3, y: 0 })
    // Zoomed out to 10 %, 10 screen px reach 100 room px: the corner (16, 0) catches it.
    expect(snapInRoom(room, { x: 12.3, y: 0.4 }, 0.1, settings).target?.kind).toBe('vertex')
  })

  it('finds through its index what a scan of every vertex and edge finds, also after an edit and for long edges', () => {
    const room = emptyRoom({ id: 'r', width: 6000, height: 4000 })
    let seed = 7
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 1000
    for (let k = 0; k < 30; k++) {
      const cx = rand() + 100
      const cy = rand() + 100
      room.polygons.push({
        id: `p${k}`,
        areaId: 1,
        outer: [
          [cx, cy],
          [cx + 40 + rand() / 10, cy + rand() / 50],
          [cx + 20, cy + 30 + rand() / 20],
        ],
        holes: [],
      })
    }
    // A long edge (over many cells) across the room.
    room.gates.push({
      id: 'long',
      name: 'Long',
      kind: 'block-polygon',
      polygon: [
        [0, 0],
        [5000, 3000],
        [0, 3000],
      ],
      flagExpression: 'true',
    })
    const brute = (p: { x: number; y: number }, zoom: number) => {
      const rings = [...room.polygons.map((q) => q.outer), room.gates[0].polygon!]
      let best: [number, number] | null = null
      let bestD = (10 / zoom) ** 2
      for (const r of rings)
        for (const [x, y] of r) {
          const d = (x - p.x) ** 2 + (y - p.y) ** 2
          if (d <= bestD) [bestD, best] = [d, [x, y]]
        }
      if (best) return `vertex ${best[0]},${best[1]}`
      let edge = ''
      let edgeD = (7 / zoom) ** 2
      for (const r of rings)
        for (let i = 0; i < r.length; i++) {
          const [ax, ay] = r[i]
          const [bx, by] = r[(i + 1) % r.length]
          const t = Math.max(
            0,
            Math.min(
              1,
              ((p.x - ax) * (bx - ax) + (p.y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
            ),
          )
          const d = (ax + t * (bx - ax) - p.x) ** 2 + (ay + t * (by - ay) - p.y) ** 2
          if (d <= edgeD) [edgeD, edge] = [d, `edge ${ax},${ay}`]
        }
      return edge || 'grid'
    }
    const found = (p: { x: number; y: number }, zoom: number) => {
      const t = snapInRoom(room, p, zoom, settings).target!
      return t.kind === 'vertex'
        ? `vertex ${t.point.x},${t.point.y}`
        : t.kind === 'edge'
          ? `edge ${t.from.x},${t.from.y}`
          : 'grid'
    }
    let caught = 0
    for (let i = 0; i < 2000; i++) {
      const p = { x: rand() * 1.3, y: rand() * 1.3 }
      const zoom = [0.25, 1, 4][i % 3]
      expect(found(p, zoom), `${p.x},${p.y} at ${zoom}`).toBe(brute(p, zoom))
      if (brute(p, zoom) !== 'grid') caught++
    }
    expect(caught).toBeGreaterThan(200)
    // An edit replaces the polygons: the index follows.
    room.polygons = [
      {
        id: 'new',
        areaId: 1,
        outer: [
          [2000, 200],
          [2100, 200],
          [2050, 300],
        ],
        holes: [],
      },
    ]
    expect(found({ x: 2001, y: 201 }, 1)).toBe('vertex 2000,200')
    expect(found({ x: 2500, y: 1500 }, 1)).toBe('edge 0,0')
  })

  it('the walk polygon tool places snapped vertices and shows the target under the pointer', () => {
    const t = otherRoom()
    t.room.polygons = []
    const done: Command[] = []
    const options: ToolOptions = {
      brushSize: 1,
      brushShape: 'round',
      areaId: 1,
      walkBehindId: 1,
      scaleAreaId: 0,
      snapToPixels: true,
      snap: true,
      gridStep: 10,
      showGrid: true,
    }
    const ctx = plainContext(t, options, done)
    const tool = new WalkPolygonTool(ctx)
    for (const [x, y] of [
      [11, 12],
      [52, 9],
      [48, 41],
    ]) {
      tool.pointerMove(at(x, y, 1))
      tool.pointerDown(at(x, y, 1))
    }
    tool.pointerMove(at(31, 38, 1))
    expect(tool.preview()?.snap).toEqual({ kind: 'grid', point: { x: 30, y: 40 } })
    tool.keyDown('Enter')
    expect(done.map((c) => c.label)).toEqual(['Draw walk polygon'])
    expect(t.room.polygons[0].outer).toEqual([
      [10, 10],
      [50, 10],
      [50, 40],
    ])
  })
})

describe('select tool vertex drags snap', () => {
  /** Two 60 px squares side by side: polygon-1 at x 0..60, polygon-2 at x 100..160. */
  function twoSquares(): TestTarget {
    const t = otherRoom()
    const square = (id: string, x: number) => ({
      id,
      areaId: 1,
      outer: [
        [x, 0],
        [x + 60, 0],
        [x + 60, 60],
        [x, 60],
      ] as [number, number][],
      holes: [],
    })
    t.room.polygons = [square('polygon-1', 0), square('polygon-2', 100)]
    return t
  }
  const snapOn: ToolOptions = {
    brushSize: 1,
    brushShape: 'round',
    areaId: 1,
    walkBehindId: 1,
    scaleAreaId: 0,
    snapToPixels: true,
    snap: true,
    gridStep: 16,
    showGrid: false,
  }

  /** Drag polygon-1's corner (60, 60) through `path`; what the preview showed at the last move. */
  function dragCorner(t: TestTarget, path: [number, number][], options = snapOn) {
    const done: Command[] = []
    const tool = new SelectTool(plainContext(t, options, done))
    tool.pointerDown(at(60, 60, 1))
    for (const [x, y] of path) tool.pointerMove(at(x, y, 1))
    const shown = tool.preview()?.snap ?? null
    const [x, y] = path[path.length - 1]
    tool.pointerUp(at(x, y, 1))
    return { done, shown, outer: t.room.polygons[0].outer }
  }

  it("onto another polygon's vertex, highlighted, as one undo step", () => {
    const t = twoSquares()
    const { done, shown, outer } = dragCorner(t, [
      [70, 62],
      [85, 61],
      [97, 62],
    ])
    expect(shown).toEqual({ kind: 'vertex', point: { x: 100, y: 60 } })
    expect(outer[2]).toEqual([100, 60])
    expect(done.map((c) => c.label)).toEqual(['Move vertex'])
  })

  it("onto another polygon's edge", () => {
    const t = twoSquares()
    const { shown, outer } = dragCorner(t, [[103, 30]])
    expect(shown).toMatchObject({ kind: 'edge', point: { x: 100, y: 30 } })
    expect(outer[2]).toEqual([100, 30])
  })

  it('never onto itself or its own edges: a small drag goes to the grid', () => {
    const t = twoSquares()
    // (63, 58) is 3.6 px from where the vertex was and 2-3 px from both its edges.
    const { done, shown, outer } = dragCorner(t, [[63, 58]])
    expect(shown).toEqual({ kind: 'grid', point: { x: 64, y: 64 } })
    expect(outer[2]).toEqual([64, 64])
    expect(done).toHaveLength(1)
  })

  it('with snapping off, only whole px and no highlight', () => {
    const t = twoSquares()
    const { shown, outer } = dragCorner(t, [[97.4, 62.2]], { ...snapOn, snap: false })
    expect(shown).toBeNull()
    expect(outer[2]).toEqual([97, 62])
  })
})

describe('measure tool', () => {
  it('reads (10,10) -> (40,50) as 50.0 px at 53.1°, and right, down, left, up as 0, 90, 180, -90', () => {
    expect(formatMeasurement(measure({ x: 10, y: 10 }, { x: 40, y: 50 }))).toBe('50.0 px · 53.1°')
    const o = { x: 0, y: 0 }
    expect([
      measure(o, { x: 5, y: 0 }).angle,
      measure(o, { x: 0, y: 5 }).angle,
      measure(o, { x: -5, y: 0 }).angle,
      measure(o, { x: 0, y: -5 }).angle,
    ]).toEqual([0, 90, 180, -90])
  })

  it('a drag shows the reading as a label and on the status line, and edits nothing', () => {
    const t = otherRoom()
    const done: Command[] = []
    const reports: string[] = []
    const ctx = plainContext(t, undefined, done, reports)
    const tool = new MeasureTool(ctx)
    tool.pointerDown(at(10.2, 9.8, 2))
    tool.pointerMove(at(25, 30, 2))
    tool.pointerUp(at(40.1, 50.3, 2))
    expect(tool.preview()?.labels?.[0].text).toBe('50.0 px · 53.1°')
    expect(reports).toEqual(['Measured 50.0 px · 53.1°'])
    expect(done).toEqual([])
    expect(tool.keyDown('Escape')).toBe(true)
    expect(tool.preview()).toBeNull()
  })
})

describe('rulers', () => {
  it('label every 1, 2 or 5 × 10^k room px, at least 60 screen px apart, with fifths between', () => {
    expect([niceStep(0.3), niceStep(60), niceStep(137.9), niceStep(250), niceStep(501)]).toEqual([
      0.5, 100, 200, 500, 1000,
    ])
    // Room px 0 at screen 100, 1:1: labels every 100 room px, minor ticks every 20.
    const ticks = rulerTicks(400, 100, 1)
    expect(ticks.filter((t) => t.major).map((t) => [t.value, t.at])).toEqual([
      [-100, 0],
      [0, 100],
      [100, 200],
      [200, 300],
      [300, 400],
    ])
    expect(
      ticks
        .filter((t) => !t.major)
        .slice(0, 4)
        .map((t) => t.value),
    ).toEqual([-80, -60, -40, -20])
    // Zoomed out to 43.5 %: labels every 200 room px (87 screen px), no minor ticks closer than 6 px.
    const far = rulerTicks(800, 10, 0.435)
    expect(
      far
        .filter((t) => t.major)
        .map((t) => t.value)
        .slice(0, 3),
    ).toEqual([0, 200, 400])
    for (let i = 1; i < far.length; i++) expect(far[i].at - far[i - 1].at).toBeGreaterThanOrEqual(6)
  })
})

function at(x: number, y: number, zoom: number): ToolPointer {
  return { point: { x, y }, button: 0, shift: false, alt: false, primaryModifier: false, zoom }
}

function plainContext(
  target: TestTarget,
  options: ToolOptions = {
    brushSize: 1,
    brushShape: 'round',
    areaId: 1,
    walkBehindId: 1,
    scaleAreaId: 0,
    snapToPixels: true,
    snap: false,
    gridStep: 16,
    showGrid: false,
  },
  done: Command[] = [],
  reports: string[] = [],
): ToolContext {
  return {
    target: () => target,
    execute: (c) => {
      c.apply()
      done.push(c)
      return c
    },
    options,
    activeLayer: () => 'walk-polygons',
    selection: () => null,
    select: () => undefined,
    report: (_kind, text) => reports.push(text),
    previewChanged: () => undefined,
    scaleAt: () => 100,
    characterHeight: () => 100,
    snap: (p, zoom, extra, skip) =>
      snapInRoom(
        target.room,
        p,
        zoom,
        { snap: options.snap, gridStep: options.gridStep, pixels: options.snapToPixels },
        extra,
        skip,
      ),
  }
}
