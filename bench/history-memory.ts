/**
 * Undo history memory: the heap that 1000 vertex moves leave in a room's undo stack, on the
 * sample courtyard and on the same room grown 4, 16 and 64 times (copies of its walk
 * polygon, gates and zones beside the original). The figures of docs/benchmarks.md
 * ("Undo history memory").
 *
 *   tsx bench/history-memory.ts [--moves N]
 *
 * It needs the garbage collector exposed (`node --expose-gc`); started without it, it runs
 * itself again in a child process that has it.
 *
 * Glossary
 * - vertex move: `moveVertexCommand` on a vertex of the first walk polygon's outline, applied
 *   and recorded as the editor does (`editor.edit`), one pixel right and back again.
 * - history bytes: heap used after the moves minus heap used before, both after a full
 *   collection, with the stack still referenced; per move = that / moves.
 * - counted for the cap: the history's own estimate (UndoStack.bytes), which the project's
 *   memory cap adds up.
 * - room size: vertices of every ring of the room, and its JSON size.
 *
 * Units: bytes; KiB for the room's JSON.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { moveVertexCommand } from '../src/renderer/editing/commands/room-commands'
import type { EditTarget } from '../src/renderer/editing/commands/edit-target'
import { UndoStack } from '../src/renderer/editing/commands/undo-stack'
import type { Room } from '../src/shared/room/schema'
import { markdownTable } from '../src/cli/table'

const { values } = parseArgs({ options: { moves: { type: 'string', default: '1000' } } })
const MOVES = Number(values.moves)
const SAMPLE = resolve(import.meta.dirname, '../resources/sample-project/rooms/courtyard/room.json')

/** The sample room with `copies` copies of its polygons, gates and zones (fresh ids). */
function grownRoom(copies: number): Room {
  const room = JSON.parse(readFileSync(SAMPLE, 'utf8')) as Room
  const { polygons, gates, zones } = room
  for (let c = 1; c < copies; c++) {
    room.polygons = [
      ...room.polygons,
      ...polygons.map((p) => ({ ...structuredClone(p), id: `${p.id}-${c}` })),
    ]
    room.gates = [...room.gates, ...gates.map((g) => ({ ...structuredClone(g), id: `${g.id}-${c}` }))]
    room.zones = [...room.zones, ...zones.map((z) => ({ ...structuredClone(z), id: `${z.id}-${c}` }))]
  }
  return room
}

function vertices(room: Room): number {
  let n = 0
  for (const p of room.polygons) n += p.outer.length + p.holes.reduce((s, h) => s + h.length, 0)
  for (const g of room.gates) n += g.polygon?.length ?? 0
  for (const z of room.zones) n += z.shape.kind === 'polygon' ? z.shape.outer.length : 0
  return n
}

function heap(): number {
  const gc = (globalThis as { gc?: () => void }).gc!
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** Heap bytes per vertex move kept by the undo stack, for a room grown `copies` times. */
function bytesPerMove(copies: number): { room: Room; perMove: number; counted: number } {
  const room = grownRoom(copies)
  const target: EditTarget = { room, mask: null, setMask: () => {}, maskChanged: () => {} }
  const polygonId = room.polygons[0].id
  const stack = new UndoStack()
  const before = heap()
  for (let i = 0; i < MOVES; i++) {
    const ring = room.polygons[0].outer
    const index = Math.floor(i / 2) % ring.length
    const [x, y] = ring[index]
    const command = moveVertexCommand(target, { ring: { kind: 'outer', polygonId }, index }, [
      x + (i % 2 ? -1 : 1),
      y,
    ])
    command.apply()
    stack.record(command)
  }
  const after = heap()
  if (stack.done.length === 0) throw new Error('No move was recorded.')
  return { room, perMove: (after - before) / MOVES, counted: (stack.bytes ?? NaN) / MOVES }
}

function main(): void {
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') {
    const child = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        join(import.meta.dirname, 'history-memory.ts'),
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit' },
    )
    process.exitCode = child.status ?? 1
    return
  }
  const rows: (string | number)[][] = []
  for (const copies of [1, 4, 16, 64]) {
    const { room, perMove, counted } = bytesPerMove(copies)
    rows.push([
      copies === 1 ? 'sample courtyard' : `courtyard x${copies}`,
      room.polygons.length,
      vertices(room),
      (JSON.stringify(room).length / 1024).toFixed(1),
      Math.round(perMove),
      Math.round(counted),
    ])
  }
  process.stdout.write(`## Undo history memory (${MOVES} vertex moves)\n\n`)
  process.stdout.write(
    markdownTable(
      [
        'room',
        '>walk polygons',
        '>vertices',
        '>room JSON KiB',
        '>history bytes per move',
        '>counted for the cap',
      ],
      rows,
    ) + '\n',
  )
}

main()
