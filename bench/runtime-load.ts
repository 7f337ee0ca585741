/**
 * Loading a room, warm: what a game pays when it enters a room it has the bytes of, up to
 * the first path. Per room of bench/runtime-peers.ts:
 * - runtime: `loadRoom(json)` of the shipped runtime on the room's runtime file as
 *   `response.json()` gives it (parsed before the timer starts, afresh for each load) and
 *   its first `findPath`; and `loadRoom(text)`, the JSON parse included;
 * - runtime, old file: `loadRoom(json)` on the file without its prepared navmesh (format
 *   version 1: the runtime builds the navmesh on the first path);
 * - Detour: `importNavMesh` of the navmesh's exported bytes (same triangles, and merged
 *   convex polygons), the query object with its buffers, and the first path.
 * Each is timed alone, in a seeded random order, `loads` times after as many untimed (the JIT); the
 * median and p95 count. The file sizes are given beside: the runtime file as written, gzipped,
 * and the part the prepared navmesh takes; Detour's exported navmesh.
 *
 * Units: ms, bytes.
 */
import { gzipSync } from 'node:zlib'
import { readRuntimeRoom } from '../src/shared/formats/runtime'
import { navWorldForRoom } from '../src/shared/analysis/room-world'
import { createRandom, randomPairs } from '../src/shared/measure/random'
import { fixed, markdownTable, median, quantile } from '../src/cli/table'
import { detourRoom, importDetourRoom } from './peers/detour'
import type { RuntimeModule } from './runtime-dist'
import { runtimeFileOf, shuffle, type PeerRoom } from './runtime-peers'

/** The file as format version 1 wrote it: no prepared navmesh. */
export function withoutPreparedNavmesh(text: string): string {
  const file = JSON.parse(text) as Record<string, unknown>
  delete file.navmesh
  file.version = 1
  return JSON.stringify(file) + '\n'
}

/** The section; `loads` timed loads per implementation and room, after as many untimed. */
export async function runtimeLoadSection(
  runtime: RuntimeModule,
  rooms: PeerRoom[],
  seed: number,
  loads: number,
  out: (line?: string) => void,
): Promise<void> {
  const LOADS = loads
  out(`### Warm load of a room and its first path (${LOADS} loads each, interleaved)`)
  out()
  const rows: (string | number)[][] = []
  const sizes: (string | number)[][] = []
  for (const peer of rooms) {
    const text = runtimeFileOf(peer)
    const old = withoutPreparedNavmesh(text)
    const read = readRuntimeRoom(text)
    const world = navWorldForRoom(read.room, read.mask, read.flags)
    const [ax, ay, bx, by] = randomPairs(world, 1, seed)[0]
    const a = { x: ax, y: ay }
    const b = { x: bx, y: by }
    const built = { triangles: detourRoom(world, 'triangles'), convex: detourRoom(world, 'convex') }
    const bytes = { triangles: built.triangles.exportBytes(), convex: built.convex.exportBytes() }
    built.triangles.destroy()
    built.convex.destroy()
    // Each load returns what frees it afterwards, untimed (Detour's WebAssembly memory). The
    // parsed files are made before the timer starts.
    let json: unknown = null
    let oldJson: unknown = null
    const loads: [string, () => (() => void) | null][] = [
      ['runtime, loadRoom(json)', () => (runtime.loadRoom(json).findPath(a, b), null)],
      ['runtime, loadRoom(text), parse included', () => (runtime.loadRoom(text).findPath(a, b), null)],
      ['runtime, old file (no prepared navmesh)', () => (runtime.loadRoom(oldJson).findPath(a, b), null)],
      ...(['triangles', 'convex'] as const).map((build): [string, () => () => void] => [
        `Detour import, ${build === 'triangles' ? 'same triangles' : 'merged convex polygons'}`,
        () => {
          const d = importDetourRoom(bytes[build], build)
          d.findPath(a, b)
          return () => d.destroy()
        },
      ]),
    ]
    const times = loads.map(() => [] as number[])
    const order = loads.map((_, j) => j)
    const random = createRandom(seed)
    for (let i = 0; i < 2 * LOADS; i++) {
      shuffle(order, random)
      for (let j = 0; j < loads.length; j++) {
        const which = order[j]
        json = JSON.parse(text)
        oldJson = JSON.parse(old)
        const start = performance.now()
        const free = loads[which][1]()
        const ms = performance.now() - start
        free?.()
        if (i >= LOADS) times[which].push(ms)
      }
    }
    // Each load against Detour's import of the same triangles (the target: at most 1).
    const detour = loads.findIndex(([label]) => label.endsWith('same triangles'))
    loads.forEach(([label], j) => {
      rows.push([
        peer.name,
        label,
        fixed(median(times[j]), 3),
        fixed(quantile(times[j], 0.95), 3),
        fixed(median(times[j]) / median(times[detour]), 2),
      ])
    })
    const section = text.length - JSON.stringify({ ...JSON.parse(text), navmesh: undefined }).length - 1
    sizes.push([
      peer.name,
      text.length,
      gzipSync(text, { level: 9 }).length,
      old.length,
      section,
      bytes.triangles.length,
      bytes.convex.length,
    ])
  }
  out(markdownTable(['room', 'load', '>median ms', '>p95 ms', '>median / Detour'], rows))
  out()
  out('File sizes, bytes:')
  out()
  out(
    markdownTable(
      [
        'room',
        '>runtime file',
        '>gzipped',
        '>without navmesh (v1)',
        '>navmesh part',
        '>Detour navmesh',
        '>Detour convex',
      ],
      sizes,
    ),
  )
  out()
}
