/**
 * Duplicate near the room's edge: the copy goes 10 px right and below, else left and/or
 * above, else by the largest offset that keeps it in the room; a walk-behind nearly as large
 * as the room is refused with one line and nothing changes. The same rule for walk-behinds,
 * walk polygons, gates, zones, hotspots and points, through Ctrl+D (edit.duplicate, one
 * undo step) and through a paste with the pointer off the canvas.
 */
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEditorActions } from '../../src/renderer/shell/actions/editor-actions'
import { pasteCommand } from '../../src/renderer/editing/actions/clipboard'
import { duplicateSelectionCommand } from '../../src/renderer/editing/actions/selection-actions'
import {
  copyObjects,
  duplicateObjectsCommand,
  pasteObjectsCommand,
} from '../../src/renderer/editing/commands/objects-clip-commands'
import type { EditTarget } from '../../src/renderer/editing/commands/edit-target'
import { useEditorStore } from '../../src/renderer/editing/stores/editor'
import { useSelectionStore } from '../../src/renderer/editing/stores/selection'
import { useStatusStore } from '../../src/renderer/editing/stores/status'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'
import type { ObjectRef } from '../../src/renderer/editing/tools/object-refs'
import { emptyRoom, type Coord, type Room } from '../../src/shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRows } from '../../src/shared/room/walk-behinds'
import { openRoomInEditor } from './support/editor'

const W = 100
const H = 60

/** A W x H room with walk-behind 1 over pixels x0..x1-1, y0..y1-1 (and nothing else). */
function roomWithWalkBehind(x0: number, y0: number, x1: number, y1: number): Room {
  const room = emptyRoom({ id: 'hall', width: W, height: H })
  const cells = new Uint8Array(W * H)
  for (let y = y0; y < y1; y++) cells.fill(1, y * W + x0, y * W + x1)
  room.walkBehinds = {
    areas: [{ id: 1, name: 'Pillar', baseline: y1 - 1 }],
    rows: encodeWalkBehindRows(cells, W, H),
  }
  return room
}

function targetOf(room: Room): EditTarget {
  return { room, mask: null, setMask: () => undefined, maskChanged: () => undefined }
}

/** The box (x0, y0, x1, y1 exclusive) of walk-behind `id`'s pixels, or null. */
function pixelBox(room: Room, id: number): [number, number, number, number] | null {
  const cells = decodeWalkBehindRows(room.walkBehinds!.rows, W, H)
  let box: [number, number, number, number] | null = null
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (cells[y * W + x] === id)
        box = box
          ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)]
          : [x, y, x + 1, y + 1]
  return box
}

const PILLAR: ObjectRef = { kind: 'walk-behind', id: '1' }

describe('Duplicate of a walk-behind keeps the copy in the room', () => {
  it.each([
    ['in the middle: 10 px right and below', [40, 20, 48, 30], [50, 30, 58, 40]],
    ['at the right edge: left and below', [90, 20, 100, 30], [80, 30, 90, 40]],
    ['at the bottom edge: right and above', [40, 52, 48, 60], [50, 42, 58, 50]],
    ['in the bottom-right corner: left and above', [92, 55, 100, 60], [82, 45, 90, 50]],
    ['as wide as the room less 4 px: 4 px across, 10 down', [0, 10, 96, 20], [4, 20, 100, 30]],
    ['as wide as the room: straight down', [0, 10, 100, 20], [0, 20, 100, 30]],
  ] as const)('%s', (_, [x0, y0, x1, y1], expected) => {
    const room = roomWithWalkBehind(x0, y0, x1, y1)
    const t = targetOf(room)
    const before = structuredClone(room)
    const { command, refs } = duplicateObjectsCommand(t, [PILLAR])
    command.apply()
    expect(refs).toEqual([{ kind: 'walk-behind', id: '2' }])
    expect(pixelBox(room, 2)).toEqual(expected)
    // The original keeps the pixels the copy does not cover; its copy's baseline moved with it.
    expect(room.walkBehinds!.areas[1]).toMatchObject({
      id: 2,
      name: 'Pillar',
      baseline: y1 - 1 + expected[1] - y0,
    })
    command.invert()
    expect(room).toEqual(before)
  })

  it.each([
    ['as large as the room', [0, 0, 100, 60]],
    ['only 2 px smaller than the room each way', [1, 1, 99, 59]],
  ] as const)('is refused, saying why, when it is %s', (_, [x0, y0, x1, y1]) => {
    const room = roomWithWalkBehind(x0, y0, x1, y1)
    const before = JSON.stringify(room)
    expect(() => duplicateObjectsCommand(targetOf(room), [PILLAR])).toThrow(
      'The walk-behind is nearly as large as the room: a copy 3 px or more away would leave it; nothing was duplicated.',
    )
    expect(JSON.stringify(room)).toBe(before)
  })

  it('a group with a polygon reaching past the room still duplicates: its walk-behind stays inside', () => {
    const room = roomWithWalkBehind(90, 50, 100, 60)
    // An imported polygon larger than the room (kept as drawn): no offset keeps it in.
    room.polygons = [
      {
        id: 'floor',
        areaId: 1,
        outer: [
          [-5, -5],
          [105, -5],
          [105, 65],
        ],
        holes: [],
      },
    ]
    const { command, refs } = duplicateObjectsCommand(targetOf(room), [
      PILLAR,
      { kind: 'polygon', id: 'floor' },
    ])
    command.apply()
    expect(pixelBox(room, 2)).toEqual([80, 40, 90, 50])
    expect(room.polygons.find((p) => p.id === refs.find((r) => r.kind === 'polygon')!.id)!.outer[0]).toEqual([
      -15, -15,
    ])
  })

  it('a paste with the pointer off the canvas follows the same rule in the room it lands in', () => {
    const room = roomWithWalkBehind(90, 50, 100, 60)
    const clip = copyObjects(room, [PILLAR])
    const t = targetOf(room)
    pasteObjectsCommand(t, clip, null).command.apply()
    expect(pixelBox(room, 2)).toEqual([80, 40, 90, 50])
    // The pointer over the canvas still decides where an anchored paste goes (and refuses off the room).
    expect(() => pasteObjectsCommand(t, clip, { x: 99, y: 30 })).toThrow(/would leave the room/)
  })
})

describe('Duplicate of outlines and points near the edge', () => {
  /** A W x H room with a walk polygon, a gate, a zone, a polygon hotspot and a point at the right edge. */
  function edgeRoom(): Room {
    const room = emptyRoom({ id: 'hall', width: W, height: H })
    const square = (x: number, y: number, s: number): Coord[] => [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
    ]
    room.polygons = [{ id: 'floor', areaId: 1, outer: square(80, 20, 20), holes: [] }]
    room.gates = [
      { id: 'door', name: 'Door', kind: 'block-polygon', polygon: square(95, 55, 5), flagExpression: '' },
    ]
    room.zones = [
      {
        id: 'mat',
        name: 'Mat',
        shape: { kind: 'polygon', outer: square(40, 52, 8) },
        events: { enter: '', exit: '', stand: '' },
        properties: {},
      },
    ]
    room.hotspots = [
      {
        id: 'sign',
        name: 'Sign',
        description: '',
        properties: {},
        shape: { kind: 'polygon', outer: square(92, 1, 8) },
      },
    ]
    room.points = [{ id: 'spot', name: 'Entrance', x: 99, y: 59 }]
    return room
  }

  it('walk polygons, gates, zones and hotspots go the way that keeps them in the room', () => {
    const room = edgeRoom()
    const t = targetOf(room)
    const cases = [
      [{ kind: 'polygon', polygonId: 'floor' }, () => room.polygons[1].outer[0], [70, 30]],
      [{ kind: 'gate', gateId: 'door' }, () => room.gates[1].polygon![0], [85, 45]],
      [{ kind: 'zone', zoneId: 'mat' }, () => (room.zones[1].shape as { outer: Coord[] }).outer[0], [50, 42]],
      [
        { kind: 'hotspot', hotspotId: 'sign' },
        () => (room.hotspots![1].shape as { outer: Coord[] }).outer[0],
        [82, 11],
      ],
    ] as const
    for (const [selection, firstVertex, expected] of cases) {
      const command = duplicateSelectionCommand(t, selection)!
      command.apply()
      expect(firstVertex(), selection.kind).toEqual(expected)
      command.invert()
    }
    expect(room).toEqual(edgeRoom())
  })

  it('a point in the corner goes left and above; an outline as large as the room moves the usual 10 px', () => {
    const room = edgeRoom()
    const t = targetOf(room)
    const point = duplicateObjectsCommand(t, [{ kind: 'point', id: 'spot' }]).command
    point.apply()
    expect(room.points!.map((p) => [p.x, p.y])).toEqual([
      [99, 59],
      [89, 49],
    ])
    point.invert()
    room.polygons[0].outer = [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ]
    const floor = duplicateSelectionCommand(t, { kind: 'polygon', polygonId: 'floor' })!
    floor.apply()
    expect(room.polygons[1].outer[0]).toEqual([10, 10])
  })

  it('a single-object paste off the canvas keeps the copy in the room too', () => {
    const room = edgeRoom()
    const t = targetOf(room)
    const clip = { kind: 'gate', gate: structuredClone(room.gates[0]) } as const
    pasteCommand(t, clip, null).command.apply()
    expect(room.gates[1].polygon![0]).toEqual([85, 45])
  })
})

describe('Ctrl+D on a walk-behind at the edge', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('duplicates it inside the room as one undo step', async () => {
    openRoomInEditor(roomWithWalkBehind(92, 55, 100, 60))
    const editor = useEditorStore()
    const selection = useSelectionStore()
    const actions = createEditorActions()
    const before = JSON.stringify(editor.room)
    selection.setObjects([PILLAR])
    useViewportStore().cursor = null
    await actions.run('edit.duplicate')
    expect(editor.historyEntries.done.map((c) => c.label)).toEqual(['Duplicate 1 object'])
    expect(useStatusStore().status.text).toBe('Duplicate 1 object')
    expect(pixelBox(editor.room!, 2)).toEqual([82, 45, 90, 50])
    expect(pixelBox(editor.room!, 1)).toEqual([92, 55, 100, 60])
    expect(selection.objects).toEqual([{ kind: 'walk-behind', id: '2' }])
    await actions.run('edit.undo')
    expect(JSON.stringify(editor.room)).toBe(before)
  })

  it('refuses a walk-behind as large as the room with one line, changing nothing', async () => {
    openRoomInEditor(roomWithWalkBehind(0, 0, W, H))
    const editor = useEditorStore()
    const before = JSON.stringify(editor.room)
    useSelectionStore().setObjects([PILLAR])
    await createEditorActions().run('edit.duplicate')
    expect(useStatusStore().status).toMatchObject({
      kind: 'error',
      text: 'The walk-behind is nearly as large as the room: a copy 3 px or more away would leave it; nothing was duplicated.',
    })
    expect(editor.historyEntries.done).toEqual([])
    expect(JSON.stringify(editor.room)).toBe(before)
  })
})
