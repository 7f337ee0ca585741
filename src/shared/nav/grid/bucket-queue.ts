/**
 * A bucket queue (Dial 1969) for searches with small non-negative integer key steps:
 * an open list with O(1) push and amortised O(1) pop.
 *
 * Glossary
 * - key: a non-negative integer priority (f in scaled cost units). Every key pushed must
 *   lie in [current minimum, current minimum + SPAN), which holds for A* with a
 *   consistent heuristic when SPAN exceeds twice the largest step cost.
 * - bucket: the entries of one key, a singly linked stack in a shared entry pool, found
 *   through a circular array of SPAN heads indexed by key mod SPAN. Equal keys pop last
 *   in, first out (the most recently reached node first).
 * - entry pool: one Int32Array of (value, next) pairs. Popped entries go on a free list
 *   and are reused, so the pool grows (by doubling) only to the most entries a query
 *   has held at once.
 *
 * Units: keys in the caller's integer cost units; memory in bytes.
 */

const SPAN = 4096
const MASK = SPAN - 1

export class BucketQueue {
  /** The largest key step this queue supports. */
  static readonly SPAN = SPAN
  readonly heads = new Int32Array(SPAN).fill(-1)
  /** Entry k is (pool[2k] = value, pool[2k + 1] = next entry or -1). */
  pool: Int32Array
  used = 0
  /** Head of the free list of popped entries, or -1. */
  free = -1
  size = 0
  /** Key of the bucket being drained; the smallest key in the queue. */
  current = 0

  constructor(capacity = 4096) {
    this.pool = new Int32Array(2 * Math.max(16, capacity | 0))
  }

  get bytes(): number {
    return this.heads.byteLength + this.pool.byteLength
  }

  /** Empty the queue; the next keys start at `minKey`. */
  reset(minKey: number): void {
    if (this.used > 0) this.heads.fill(-1)
    this.used = 0
    this.free = -1
    this.size = 0
    this.current = minKey
  }

  push(key: number, value: number): void {
    const b = key & MASK
    let e = this.free
    if (e >= 0) this.free = this.pool[2 * e + 1]
    else {
      e = this.used++
      if (2 * e === this.pool.length) this.grow()
    }
    const pool = this.pool
    pool[2 * e] = value
    pool[2 * e + 1] = this.heads[b]
    this.heads[b] = e
    this.size++
  }

  private grow(): void {
    const bigger = new Int32Array(this.pool.length * 2)
    bigger.set(this.pool)
    this.pool = bigger
  }

  /** Remove and return a value with the smallest key (then in `current`). The queue must not be empty. */
  pop(): number {
    const heads = this.heads
    let key = this.current
    let b = key & MASK
    while (heads[b] < 0) {
      key++
      b = key & MASK
    }
    this.current = key
    const pool = this.pool
    const e = heads[b]
    heads[b] = pool[2 * e + 1]
    pool[2 * e + 1] = this.free
    this.free = e
    this.size--
    return pool[2 * e]
  }
}
