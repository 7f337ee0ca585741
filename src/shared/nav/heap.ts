/**
 * A binary min-heap of (key, value) pairs held in two typed arrays: the open list of
 * every search in nav (grid cells, graph vertices, triangles, join ends).
 *
 * Glossary
 * - key: the priority (smaller pops first); the searches store f = g + h here, with
 *   a tie-break folded into the fraction where they need one.
 * - value: a non-negative int32 payload naming a search node (a cell index, a vertex).
 * - lazy deletion: a search never decreases a key in place; it pushes the node again
 *   and skips the stale copy when it pops. So the heap can hold more entries than
 *   there are nodes; it grows by doubling.
 *
 * Units: keys are whatever the caller uses (scaled integer costs); memory in bytes.
 */

export class MinHeap {
  keys: Float64Array
  values: Int32Array
  size = 0
  /** The key of the entry that `pop` returned last. */
  lastKey = 0

  constructor(capacity = 1024) {
    const cap = Math.max(8, capacity | 0)
    this.keys = new Float64Array(cap)
    this.values = new Int32Array(cap)
  }

  /** Bytes held by the two arrays. */
  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength
  }

  clear(): void {
    this.size = 0
  }

  push(key: number, value: number): void {
    if (this.size === this.keys.length) this.grow()
    const keys = this.keys
    const values = this.values
    let i = this.size++
    // Sift up: move parents down until the new key's place is found.
    while (i > 0) {
      const parent = (i - 1) >> 1
      const pk = keys[parent]
      if (pk <= key) break
      keys[i] = pk
      values[i] = values[parent]
      i = parent
    }
    keys[i] = key
    values[i] = value
  }

  /** The smallest key, or Infinity when empty. */
  peekKey(): number {
    return this.size > 0 ? this.keys[0] : Infinity
  }

  /** Remove and return the value with the smallest key (its key is left in `lastKey`); -1 when empty. */
  pop(): number {
    if (this.size === 0) return -1
    const keys = this.keys
    const values = this.values
    const top = values[0]
    this.lastKey = keys[0]
    const n = --this.size
    if (n > 0) {
      const key = keys[n]
      const value = values[n]
      let i = 0
      // Sift down the former last entry from the root.
      for (;;) {
        let child = 2 * i + 1
        if (child >= n) break
        const right = child + 1
        if (right < n && keys[right] < keys[child]) child = right
        if (keys[child] >= key) break
        keys[i] = keys[child]
        values[i] = values[child]
        i = child
      }
      keys[i] = key
      values[i] = value
    }
    return top
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2)
    keys.set(this.keys)
    const values = new Int32Array(this.values.length * 2)
    values.set(this.values)
    this.keys = keys
    this.values = values
  }
}
