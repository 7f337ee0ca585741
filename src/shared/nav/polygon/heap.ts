/**
 * A binary min-heap of integer ids keyed by numbers, on typed arrays, for the
 * graph searches of the polygon pathfinders.
 *
 * Glossary
 * - id: a non-negative integer naming a search node (a vertex, a triangle, a join end).
 * - key: the priority (f = g + h in A*); the smallest key is popped first.
 * - lazy deletion: an id may be pushed again with a better key; the caller skips
 *   stale entries when it pops them (by comparing with its own best g).
 *
 * Units: keys are whatever the caller uses (room px for path lengths).
 */
export class MinHeap {
  private ids: Int32Array
  private keys: Float64Array
  private count = 0

  constructor(capacity = 64) {
    this.ids = new Int32Array(Math.max(4, capacity))
    this.keys = new Float64Array(Math.max(4, capacity))
  }

  get size(): number {
    return this.count
  }

  clear(): void {
    this.count = 0
  }

  /** The smallest key, or Infinity when empty. */
  peekKey(): number {
    return this.count > 0 ? this.keys[0] : Infinity
  }

  push(id: number, key: number): void {
    if (this.count === this.ids.length) this.grow()
    let i = this.count++
    const ids = this.ids
    const keys = this.keys
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (keys[parent] <= key) break
      ids[i] = ids[parent]
      keys[i] = keys[parent]
      i = parent
    }
    ids[i] = id
    keys[i] = key
  }

  /** Removes and returns the id with the smallest key; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1
    const ids = this.ids
    const keys = this.keys
    const top = ids[0]
    const n = --this.count
    if (n > 0) {
      const id = ids[n]
      const key = keys[n]
      let i = 0
      for (;;) {
        let child = 2 * i + 1
        if (child >= n) break
        if (child + 1 < n && keys[child + 1] < keys[child]) child++
        if (keys[child] >= key) break
        ids[i] = ids[child]
        keys[i] = keys[child]
        i = child
      }
      ids[i] = id
      keys[i] = key
    }
    return top
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2)
    const keys = new Float64Array(this.keys.length * 2)
    ids.set(this.ids)
    keys.set(this.keys)
    this.ids = ids
    this.keys = keys
  }

  /** Bytes held by the arrays. */
  get bytes(): number {
    return this.ids.byteLength + this.keys.byteLength
  }
}
