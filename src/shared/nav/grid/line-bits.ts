/**
 * Bit-packed lines of the padded walk grid, for jump point search to scan 32 cells at a
 * time (the block-based jumping of Harabor & Grastien 2014).
 *
 * Glossary
 * - line: a row (for horizontal scans) or a column (for vertical scans, a transposed
 *   copy) of the padded grid (see grid/octile-grid.ts); bit i of word w stands for
 *   position 32w + i along the line; 1 = walkable. Positions past the grid are 0.
 * - event: where a straight scan must stop: a blocked cell on the scanned line (the scan
 *   fails there) or a forced neighbour (a walkable cell on the line beside it whose
 *   predecessor along the scan is blocked; the scan returns that position).
 * - forward / backward: scanning towards larger / smaller positions.
 *
 * Units: positions in padded cells; memory in bytes (2 bits per padded cell).
 */

/** Lowest set bit position (v !== 0). */
function lowBit(v: number): number {
  return 31 - Math.clz32(v & -v)
}

export class LineBits {
  /** Words per line (one spare word at the end, so scans can read one past the last). */
  readonly words: number
  readonly lines: number
  readonly bits: Int32Array

  /**
   * Lines over a row-major byte grid `cells` (`width` x `height`, walkable where `cells[i] & mask`):
   * its rows, or with `transpose` its columns.
   */
  constructor(cells: Uint8Array, width: number, height: number, mask: number, transpose: boolean) {
    const lines = transpose ? width : height
    const length = transpose ? height : width
    this.lines = lines
    this.words = (length >> 5) + 2
    const W = this.words
    const bits = new Int32Array(lines * W)
    this.bits = bits
    for (let r = 0; r < height; r++) {
      const o = r * width
      for (let c = 0; c < width; c++) {
        if ((cells[o + c] & mask) === 0) continue
        if (transpose) bits[c * W + (r >> 5)] |= 1 << (r & 31)
        else bits[r * W + (c >> 5)] |= 1 << (c & 31)
      }
    }
  }

  get bytes(): number {
    return this.bits.byteLength
  }

  /**
   * Scan line `line` (1 <= line < lines - 1) from position `from` (exclusive) forward (dir 1) or
   * backward (dir -1). Returns the position of the first forced neighbour or of `goalPos`
   * (-1 when the goal is not on this line) if met first; -1 when a blocked cell comes first.
   */
  scan(line: number, from: number, dir: number, goalPos: number): number {
    const bits = this.bits
    const W = this.words
    const base = line * W
    const up = base - W
    const dn = base + W
    if (dir > 0) {
      const start = from + 1
      let w = start >> 5
      let mask = -1 << (start & 31)
      for (; w < W - 1; w++) {
        const cw = bits[base + w]
        const uw = bits[up + w]
        const dw = bits[dn + w]
        const uPrev = (uw << 1) | (w > 0 ? bits[up + w - 1] >>> 31 : 0)
        const dPrev = (dw << 1) | (w > 0 ? bits[dn + w - 1] >>> 31 : 0)
        const events = (~cw | (uw & ~uPrev) | (dw & ~dPrev)) & mask
        mask = -1
        if (events !== 0) {
          const pos = (w << 5) + lowBit(events)
          if (goalPos > from && goalPos <= pos) return goalPos
          return (cw >>> (pos & 31)) & 1 ? pos : -1
        }
      }
      return -1
    }
    const start = from - 1
    if (start < 0) return -1
    let w = start >> 5
    const top = start & 31
    let mask = top === 31 ? -1 : (1 << (top + 1)) - 1
    for (; w >= 0; w--) {
      const cw = bits[base + w]
      const uw = bits[up + w]
      const dw = bits[dn + w]
      const uNext = (uw >>> 1) | (bits[up + w + 1] << 31)
      const dNext = (dw >>> 1) | (bits[dn + w + 1] << 31)
      const events = (~cw | (uw & ~uNext) | (dw & ~dNext)) & mask
      mask = -1
      if (events !== 0) {
        const pos = (w << 5) + 31 - Math.clz32(events)
        if (goalPos >= 0 && goalPos < from && goalPos >= pos) return goalPos
        return (cw >>> (pos & 31)) & 1 ? pos : -1
      }
    }
    return -1
  }
}
