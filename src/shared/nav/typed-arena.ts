/**
 * Typed arrays carved out of one ArrayBuffer. A typed array of more than a few dozen bytes
 * gets a backing store of its own, which costs about a microsecond to make and to collect;
 * a mesh and what is prepared on it need a dozen or more, so they take one buffer and cut it
 * into views (each a few tens of nanoseconds).
 *
 * Glossary
 * - plan: the lengths of the arrays to carve, counted first (`TypedArena.plan`), so that the
 *   buffer is made once at its final size.
 * - slot: each array starts on an 8-byte boundary, so any element type fits.
 *
 * Units: bytes, element counts.
 */

/** Bytes an array of `count` elements of `size` bytes takes in an arena (rounded up to 8). */
function slot(count: number, size: number): number {
  return Math.ceil((count * size) / 8) * 8
}

export class TypedArena {
  private readonly buffer: ArrayBuffer
  private offset = 0

  /** An arena for arrays whose byte sizes (element count x element size) were added up with `TypedArena.bytes`. */
  constructor(bytes: number) {
    this.buffer = new ArrayBuffer(bytes)
  }

  /** The bytes to reserve for arrays of these [count, element size] pairs. */
  static bytes(arrays: readonly (readonly [number, number])[]): number {
    let total = 0
    for (const [count, size] of arrays) total += slot(count, size)
    return total
  }

  private take(count: number, size: number): number {
    const at = this.offset
    this.offset += slot(count, size)
    if (this.offset > this.buffer.byteLength) throw new Error('TypedArena: more asked than planned')
    return at
  }

  f64(count: number): Float64Array {
    return new Float64Array(this.buffer, this.take(count, 8), count)
  }

  f32(count: number): Float32Array {
    return new Float32Array(this.buffer, this.take(count, 4), count)
  }

  i32(count: number): Int32Array {
    return new Int32Array(this.buffer, this.take(count, 4), count)
  }

  u32(count: number): Uint32Array {
    return new Uint32Array(this.buffer, this.take(count, 4), count)
  }

  i8(count: number): Int8Array {
    return new Int8Array(this.buffer, this.take(count, 1), count)
  }

  u8(count: number): Uint8Array {
    return new Uint8Array(this.buffer, this.take(count, 1), count)
  }
}
