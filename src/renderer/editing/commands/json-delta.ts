/**
 * Deltas of JSON values: what changed between two versions of a room field, kept small
 * enough that the undo history grows with the size of an edit, not with the size of the
 * room. A vertex move keeps the two numbers of one vertex (and the path to it), not the
 * room's polygons.
 *
 * Glossary
 * - delta: the difference between a value before and after an edit; `patch` turns one into
 *   the other in either direction.
 * - item: an element of an array (a polygon, a gate, a vertex …). Arrays are compared item
 *   by item from both ends; the changed run in the middle is kept (a splice), and when that
 *   run is one item on both sides that are objects or arrays, the delta goes into it.
 * - copy on write: `patch` never changes the value it is given; it returns a new value that
 *   shares every unchanged part with the old one (so the views see a new field and redraw).
 * - absent: `undefined`, an optional field or key that is not there.
 *
 * Units: bytes for `deltaBytes` (an estimate of the heap a delta keeps).
 */

export type Delta =
  /** The whole value replaced (or made absent, or made present). */
  | { readonly kind: 'set'; readonly before: unknown; readonly after: unknown }
  /** An object with some keys changed, each by its own delta. */
  | { readonly kind: 'keys'; readonly keys: readonly (readonly [string, Delta])[] }
  /** An array with the items from `start` replaced: `removed` before, `inserted` after. */
  | {
      readonly kind: 'splice'
      readonly start: number
      readonly removed: unknown[]
      readonly inserted: unknown[]
    }
  /** An array with one item changed by its own delta. */
  | { readonly kind: 'item'; readonly index: number; readonly delta: Delta }

type Obj = Record<string, unknown>

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

/** Deep equality of JSON values (absent keys equal undefined ones). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (isObject(a)) {
    if (!isObject(b)) return false
    for (const k in a) if (!jsonEqual(a[k], b[k])) return false
    for (const k in b) if (!(k in a) && b[k] !== undefined) return false
    return true
  }
  return false
}

/** The delta from `before` to `after`; null when they are equal. Stored values are copies. */
export function diffJson(before: unknown, after: unknown): Delta | null {
  if (jsonEqual(before, after)) return null
  if (isObject(before) && isObject(after)) {
    const keys: [string, Delta][] = []
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const d = diffJson(before[k], after[k])
      if (d) keys.push([k, d])
    }
    return { kind: 'keys', keys }
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    let start = 0
    const shorter = Math.min(before.length, after.length)
    while (start < shorter && jsonEqual(before[start], after[start])) start++
    let tail = 0
    while (
      tail < shorter - start &&
      jsonEqual(before[before.length - 1 - tail], after[after.length - 1 - tail])
    )
      tail++
    const removed = before.slice(start, before.length - tail)
    const inserted = after.slice(start, after.length - tail)
    const [was] = removed
    const now = inserted[0]
    if (
      removed.length === 1 &&
      inserted.length === 1 &&
      ((isObject(was) && isObject(now)) || (Array.isArray(was) && Array.isArray(now)))
    ) {
      return { kind: 'item', index: start, delta: diffJson(was, now)! }
    }
    return { kind: 'splice', start, removed: copy(removed), inserted: copy(inserted) }
  }
  return { kind: 'set', before: copy(before), after: copy(after) }
}

/**
 * `value` with `delta` applied forwards (before -> after) or backwards; a new value sharing
 * its unchanged parts with `value`, which is left as it was. Inserted values are copies.
 */
export function patchJson(value: unknown, delta: Delta, direction: 'forward' | 'back'): unknown {
  const forward = direction === 'forward'
  switch (delta.kind) {
    case 'set':
      return copy(forward ? delta.after : delta.before)
    case 'keys': {
      if (!isObject(value)) throw new Error('The history does not match the room: an object was expected.')
      const out: Obj = { ...value }
      for (const [k, d] of delta.keys) {
        const next = patchJson(value[k], d, direction)
        if (next === undefined) delete out[k]
        else out[k] = next
      }
      return out
    }
    case 'splice': {
      if (!Array.isArray(value)) throw new Error('The history does not match the room: a list was expected.')
      const out = value.slice()
      const gone = forward ? delta.removed.length : delta.inserted.length
      out.splice(delta.start, gone, ...copy(forward ? delta.inserted : delta.removed))
      return out
    }
    case 'item': {
      if (!Array.isArray(value) || delta.index >= value.length)
        throw new Error('The history does not match the room: a list item was expected.')
      const out = value.slice()
      out[delta.index] = patchJson(value[delta.index], delta.delta, direction)
      return out
    }
  }
}

/** An estimate of the heap a JSON value keeps (V8-like sizes: 16 B a number, 32 B an object …). */
export function jsonBytes(value: unknown): number {
  if (value === undefined || value === null || typeof value === 'boolean') return 0
  if (typeof value === 'number') return 16
  if (typeof value === 'string') return 16 + value.length
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + 8 + jsonBytes(v), 32)
  if (isObject(value)) {
    let n = 32
    for (const k in value) n += 16 + jsonBytes(value[k])
    return n
  }
  return 16
}

/** An estimate of the heap a delta keeps (its nodes and the values it stores). */
export function deltaBytes(delta: Delta): number {
  switch (delta.kind) {
    case 'set':
      return 48 + jsonBytes(delta.before) + jsonBytes(delta.after)
    case 'keys':
      return delta.keys.reduce((n, [k, d]) => n + 48 + k.length + deltaBytes(d), 48)
    case 'splice':
      return 80 + jsonBytes(delta.removed) + jsonBytes(delta.inserted)
    case 'item':
      return 48 + deltaBytes(delta.delta)
  }
}
