/**
 * The distance buffer of `flood-fill` and its flood loop (breadth-first, 4-connected,
 * layer by layer). flood-fill.ts holds the algorithm; this file holds the buffer's layout
 * and the one loop that costs time, in two implementations that give identical buffers
 * and queues:
 *
 * - a WebAssembly kernel, written as text in flood-kernel.wat and assembled by
 *   `npm run build:wasm` into flood-kernel.wasm.ts (338 bytes, committed; a unit test
 *   checks they are the text's), used wherever WebAssembly may be compiled: Node,
 *   workers, pages whose content security policy allows 'wasm-unsafe-eval';
 * - the same loop in TypeScript, used where WebAssembly is missing or refused.
 *
 * Why: a far query floods about a million pixels. V8 runs the TypeScript loop at 15-25 ns
 * a pixel (bounds checks, two signed comparisons per neighbour); the WebAssembly loop
 * has no bounds checks (guard pages), tests "not reached" with one unsigned comparison,
 * and runs at about 10 ns a pixel, close to the same loop in C (gcc -O2, about 9 ns on
 * this machine). `npm run bench` prints both loops.
 *
 * Glossary
 * - border: one ring of blocked pixels around the room, so the flood needs no bounds
 *   checks: index = (row + 1) * (width + 2) + col + 1. Index 0 is a border pixel.
 * - value: -1 blocked; else the flood's base + the number of 4-connected steps to the
 *   flood's source for pixels the current flood reached; 0 <= value < base for walkable
 *   pixels it did not reach. Read unsigned, "not reached" is exactly value < base.
 * - layer: the pixels at one distance from the source. The loop takes a whole layer,
 *   then checks whether to stop.
 * - stopAt: the flood stops after the layer in which this pixel is reached (so every
 *   pixel as close to the source as it has its distance); pass 0 (a border pixel, never
 *   reached) to flood the whole region.
 *
 * Memory: dist and the queue live in one WebAssembly.Memory (dist first) when the kernel
 * is used, else in plain typed arrays. Same bytes either way.
 */

import { FLOOD_KERNEL_WASM } from './flood-kernel.wasm'

export type FloodKernelKind = 'wasm' | 'js'

export interface FloodLayout {
  /** Room size, px. */
  width: number
  height: number
  /** Values per buffer row: the room's width plus the border on both sides. */
  stride: number
  /** Buffer values. */
  length: number
  /** Buffer index of room pixel (c, r); c, r may be -1 .. size (the border). */
  index(c: number, r: number): number
  /** Room column of a buffer index. */
  col(i: number): number
  /** Room row of a buffer index. */
  row(i: number): number
}

export function floodLayout(width: number, height: number): FloodLayout {
  const stride = width + 2
  return {
    width,
    height,
    stride,
    length: stride * (height + 2),
    index: (c, r) => (r + 1) * stride + c + 1,
    col: (i) => (i % stride) - 1,
    row: (i) => Math.floor(i / stride) - 1,
  }
}

export interface FloodBuffers {
  kind: FloodKernelKind
  layout: FloodLayout
  /** The distance buffer (see the glossary). */
  dist: Int32Array
  /** Flood queue of buffer indices; a flood leaves the pixels it reached in queue[0..count). */
  queue: Int32Array
  /** Bytes held: dist and the queue (for WebAssembly, the whole memory, rounded up to 64 KiB pages). */
  bytes: number
  /** Floods from `from` with distances base, base + 1, ...; stops once `stopAt` is reached; returns the pixel count. */
  flood(from: number, stopAt: number, base: number): number
}

/**
 * The part of the WebAssembly API used here. Declared locally because the Node typings
 * this core is also checked against declare WebAssembly's types but not its values.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> }
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer }
}

let compiled: { api: WasmApi; module: object } | null | undefined

/** The compiled module (once per thread), or null where WebAssembly is missing or refused. */
function kernelModule(): { api: WasmApi; module: object } | null {
  if (compiled === undefined) {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly
    try {
      compiled = api ? { api, module: new api.Module(FLOOD_KERNEL_WASM) } : null
    } catch {
      compiled = null // e.g. a page whose content security policy does not allow 'wasm-unsafe-eval'
    }
  }
  return compiled
}

/** Does 'auto' get the WebAssembly loop here? */
export function wasmFloodAvailable(): boolean {
  return kernelModule() !== null
}

const PAGE_BYTES = 65536

function wasmBuffers(
  kernel: { api: WasmApi; module: object },
  layout: FloodLayout,
  queueLength: number,
): FloodBuffers {
  const distBytes = layout.length * 4
  const memory = new kernel.api.Memory({ initial: Math.ceil((distBytes + queueLength * 4) / PAGE_BYTES) })
  const instance = new kernel.api.Instance(kernel.module, { env: { memory } })
  const run = instance.exports.flood as (
    from: number,
    stop: number,
    base: number,
    row: number,
    queue: number,
  ) => number
  const rowBytes = layout.stride * 4
  return {
    kind: 'wasm',
    layout,
    bytes: memory.buffer.byteLength,
    dist: new Int32Array(memory.buffer, 0, layout.length),
    queue: new Int32Array(memory.buffer, distBytes, queueLength),
    flood: (from, stopAt, base) => run(from, stopAt, base, rowBytes, distBytes),
  }
}

function jsBuffers(layout: FloodLayout, queueLength: number): FloodBuffers {
  const dist = new Int32Array(layout.length)
  const queue = new Int32Array(queueLength)
  const row = layout.stride
  return {
    kind: 'js',
    layout,
    bytes: dist.byteLength + queue.byteLength,
    dist,
    queue,
    flood(from: number, stopAt: number, base: number): number {
      let head = 0
      let tail = 0
      dist[from] = base
      queue[tail++] = from
      let layerEnd = tail
      let nd = base + 1
      for (;;) {
        if (head === layerEnd) {
          if (head === tail || dist[stopAt] >= base) break
          layerEnd = tail
          nd++
        }
        const p = queue[head++]
        // Not reached: 0 <= v < base. Two signed comparisons keep V8 on small integers
        // (the unsigned form, v >>> 0 < base, measured about 1.6x slower).
        let n = p + 1
        let v = dist[n]
        if (v >= 0 && v < base) {
          dist[n] = nd
          queue[tail++] = n
        }
        n = p - 1
        v = dist[n]
        if (v >= 0 && v < base) {
          dist[n] = nd
          queue[tail++] = n
        }
        n = p + row
        v = dist[n]
        if (v >= 0 && v < base) {
          dist[n] = nd
          queue[tail++] = n
        }
        n = p - row
        v = dist[n]
        if (v >= 0 && v < base) {
          dist[n] = nd
          queue[tail++] = n
        }
      }
      return tail
    },
  }
}

/**
 * A distance buffer for a room of `cells` (row-major, 0 = blocked) with its flood, every
 * walkable pixel 0 and everything else -1. The queue holds `queueLength` entries (a flood
 * takes each pixel at most once). `kind` 'auto' takes the WebAssembly kernel when it can.
 */
export function createFloodBuffers(
  width: number,
  height: number,
  cells: Uint8Array,
  queueLength: number,
  kind: FloodKernelKind | 'auto' = 'auto',
): FloodBuffers {
  const layout = floodLayout(width, height)
  const kernel = kind === 'js' ? null : kernelModule()
  if (kind === 'wasm' && !kernel) throw new Error('WebAssembly cannot be compiled here')
  const buffers = kernel ? wasmBuffers(kernel, layout, queueLength) : jsBuffers(layout, queueLength)
  const { dist } = buffers
  dist.fill(-1)
  for (let r = 0; r < height; r++) {
    const o = r * width
    for (let c = 0; c < width; c++) if (cells[o + c] !== 0) dist[layout.index(c, r)] = 0
  }
  return buffers
}
