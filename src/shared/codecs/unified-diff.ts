/**
 * A unified diff of two texts (what `diff -u` and `git diff` print), for dry runs that
 * show what writing into a game's own file would change.
 *
 * Glossary
 * - edit script: the shortest list of kept, removed and added lines turning the old lines
 *   into the new (Myers' O(ND) algorithm); past MAX_EDIT_DISTANCE changed lines the middle
 *   between the common head and tail is shown as removed and added whole.
 * - hunk: a run of changes with up to CONTEXT_LINES kept lines around it; hunks closer than
 *   twice that are joined.
 *
 * Units: lines (1-based in hunk headers).
 */
import { MAX_EDIT_DISTANCE } from '../limits'

export const CONTEXT_LINES = 3

type Op = { kind: ' ' | '-' | '+'; line: string }

const splitLines = (text: string): string[] => {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** The shortest edit script from `a` to `b`, or null when it needs more than `max` edits. */
function myers(a: string[], b: string[], max: number): Op[] | null {
  const n = a.length
  const m = b.length
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        // Walk the trace back from (n, m): each step is a snake (kept lines) after one edit.
        const ops: Op[] = []
        let cx = n
        let cy = m
        for (let dd = d; dd > 0; dd--) {
          const pv = trace[dd]
          const kk = cx - cy
          const down = kk === -dd || (kk !== dd && pv[offset + kk - 1] < pv[offset + kk + 1])
          const pk = down ? kk + 1 : kk - 1
          const px = pv[offset + pk]
          const py = px - pk
          while (cx > px && cy > py) {
            ops.push({ kind: ' ', line: a[--cx] })
            cy--
          }
          if (down) ops.push({ kind: '+', line: b[--cy] })
          else ops.push({ kind: '-', line: a[--cx] })
        }
        while (cx > 0 && cy > 0) {
          ops.push({ kind: ' ', line: a[--cx] })
          cy--
        }
        return ops.reverse()
      }
    }
  }
  return null
}

/** The unified diff turning `before` into `after` under the name `file`; '' when they are equal. */
export function unifiedDiff(before: string, after: string, file: string): string {
  if (before === after) return ''
  const a = splitLines(before)
  const b = splitLines(after)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++
  const midA = a.slice(head, a.length - tail)
  const midB = b.slice(head, b.length - tail)
  const middle = myers(midA, midB, Math.min(MAX_EDIT_DISTANCE, midA.length + midB.length)) ?? [
    ...midA.map((line): Op => ({ kind: '-', line })),
    ...midB.map((line): Op => ({ kind: '+', line })),
  ]
  const ops: Op[] = [
    ...a.slice(0, head).map((line): Op => ({ kind: ' ', line })),
    ...middle,
    ...a.slice(a.length - tail).map((line): Op => ({ kind: ' ', line })),
  ]
  const out = [`--- a/${file}`, `+++ b/${file}`]
  let i = 0
  while (i < ops.length) {
    while (i < ops.length && ops[i].kind === ' ') i++
    if (i >= ops.length) break
    // A hunk from CONTEXT_LINES before this change to CONTEXT_LINES after the last change
    // that is not separated from the next by more than 2 x CONTEXT_LINES kept lines.
    const start = Math.max(0, i - CONTEXT_LINES)
    let end = i
    let kept = 0
    for (let j = i; j < ops.length; j++) {
      if (ops[j].kind === ' ') {
        kept++
        if (kept > 2 * CONTEXT_LINES) break
      } else {
        kept = 0
        end = j
      }
    }
    const stop = Math.min(ops.length, end + 1 + CONTEXT_LINES)
    let oldStart = 1
    let newStart = 1
    for (let j = 0; j < start; j++) {
      if (ops[j].kind !== '+') oldStart++
      if (ops[j].kind !== '-') newStart++
    }
    const body = ops.slice(start, stop)
    const oldCount = body.filter((o) => o.kind !== '+').length
    const newCount = body.filter((o) => o.kind !== '-').length
    out.push(
      `@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@`,
      ...body.map((o) => `${o.kind}${o.line}`),
    )
    i = stop
  }
  return out.join('\n') + '\n'
}
