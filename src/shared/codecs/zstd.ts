/**
 * A Zstandard decoder (RFC 8878; facebook/zstd doc/zstd_compression_format.md), written
 * for the tile layers Tiled 1.8 writes with compression="zstd", and safe on untrusted input:
 * every read is bounds-checked, the output never grows past `maxOutput` (refused as soon
 * as it would), every loop is bounded by the input or the output, and each failure is one
 * line starting "zstd: ".
 *
 * Reads everything zstd writes without a dictionary: Zstandard frames (every header field,
 * the content checksum verified with XXH64), skippable frames (skipped), frames one after
 * another, Raw, RLE and Compressed blocks, literals (raw, RLE, Huffman with 1 or 4
 * streams, treeless reuse of the previous table), Huffman tables (direct and
 * FSE-compressed weights), sequences (predefined, RLE, FSE and repeat modes) and repeat
 * offsets. A frame that names a dictionary is refused.
 *
 * Glossary
 * - frame: one independent compressed unit: magic number, header, blocks, checksum.
 * - window: how far back a match may reach, from the frame header (or the content size).
 * - block: at most min(window, 128 KiB) bytes of output; Compressed blocks hold literals
 *   and sequences.
 * - sequence: copy `ll` literals, then `ml` bytes from `offset` bytes back.
 * - FSE: finite state entropy; a table of 2^log states, each naming a symbol and how to
 *   reach the next state (bits to read, baseline).
 * - backward bitstream: read from its last byte down; the highest 1 bit of the last byte
 *   marks where it starts.
 *
 * Units: bytes, bits.
 */
import { xxh64Halves } from './xxh64'
import { ZSTD_MAX_WINDOW_LOG } from '../limits'

export type ZstdFailure = 'truncated' | 'damaged' | 'unsupported' | 'too-large' | 'checksum'

/** A zstd failure: what kind and one line saying what. */
export class ZstdError extends Error {
  constructor(
    readonly failure: ZstdFailure,
    message: string,
  ) {
    super(`zstd: ${message}`)
    this.name = 'ZstdError'
  }
}

const MAX_WINDOW = 2 ** ZSTD_MAX_WINDOW_LOG
/** The largest block, bytes (RFC 8878: Block_Maximum_Size is at most 128 KiB). */
const MAX_BLOCK = 128 * 1024

const MAGIC = 0xfd2fb528
const SKIPPABLE_MASK = 0xfffffff0
const SKIPPABLE = 0x184d2a50

const truncated = (what: string) => new ZstdError('truncated', `truncated (${what})`)
const damaged = (what: string) => new ZstdError('damaged', `damaged data (${what})`)

const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`

// ---------------------------------------------------------------------------------------
// FSE tables

/** An FSE decoding table: per state, the symbol, the bits to read and the baseline. */
export interface FseTable {
  log: number
  symbol: Uint8Array
  bits: Uint8Array
  base: Uint16Array
}

/**
 * The decoding table of a normalised distribution (`norm[s]` is the probability of symbol
 * s; -1 is "less than 1"), whose points add up to 2^log. Throws when they do not fill it.
 */
export function fseTable(norm: ArrayLike<number>, count: number, log: number): FseTable {
  const size = 1 << log
  const symbol = new Uint8Array(size)
  const bits = new Uint8Array(size)
  const base = new Uint16Array(size)
  const next = new Uint16Array(count)
  let high = size - 1
  for (let s = 0; s < count; s++) {
    if (norm[s] === -1) {
      if (high < 0) throw damaged('an FSE table holds more symbols than states')
      symbol[high--] = s
      next[s] = 1
    } else next[s] = norm[s]
  }
  const step = (size >> 1) + (size >> 3) + 3
  const mask = size - 1
  let pos = 0
  for (let s = 0; s < count; s++) {
    const p = norm[s]
    for (let k = 0; k < p; k++) {
      if (pos > high) throw damaged('an FSE table overflows its states')
      symbol[pos] = s
      pos = (pos + step) & mask
      // Less-than-1 symbols hold the top states; the walk visits every state once.
      let guard = size
      while (pos > high && guard-- > 0) pos = (pos + step) & mask
    }
  }
  if (pos !== 0) throw damaged("an FSE table's probabilities do not fill it")
  for (let i = 0; i < size; i++) {
    const s = symbol[i]
    if (norm[s] === -1) {
      bits[i] = log
      base[i] = 0
    } else {
      const x = next[s]++
      const nb = log - (31 - Math.clz32(x))
      bits[i] = nb
      base[i] = (x << nb) - size
    }
  }
  return { log, symbol, bits, base }
}

/** A one-state table that always gives `s` (RLE mode). */
function rleTable(s: number): FseTable {
  return { log: 0, symbol: Uint8Array.of(s), bits: Uint8Array.of(0), base: Uint16Array.of(0) }
}

/**
 * Reads an FSE table description forward from `at` (not past `end`): the table and the
 * bytes it took. `maxLog` and `maxSymbol` are the limits of the table's kind.
 */
function readFseTable(
  src: Uint8Array,
  at: number,
  end: number,
  maxLog: number,
  maxSymbol: number,
  what: string,
): { table: FseTable; size: number } {
  // Bits are read little-endian; bytes past `end` read as zeros and are refused at the end.
  let bit = 0
  const peek = (n: number): number => {
    let v = 0
    for (let i = 0; i < n; i++) {
      const b = bit + i
      const byte = at + (b >> 3)
      if (byte < end && (src[byte] >> (b & 7)) & 1) v |= 1 << i
    }
    return v
  }
  if (at >= end) throw truncated(`${what} table`)
  const log = peek(4) + 5
  bit = 4
  if (log > maxLog) throw damaged(`${what} table log ${log} is over ${maxLog}`)
  const total = 1 << log
  const norm = new Int16Array(maxSymbol + 1)
  let points = 0
  let s = 0
  while (points < total) {
    if (s > maxSymbol) throw damaged(`${what} table names symbols past ${maxSymbol}`)
    const left = total - points + 1 // largest value, plus one
    const nb = 32 - Math.clz32(left) // smallest n with 2^n > left
    const lowCount = (1 << nb) - 1 - left
    const small = peek(nb - 1)
    let value: number
    if (small < lowCount) {
      value = small
      bit += nb - 1
    } else {
      value = peek(nb)
      if (value >= 1 << (nb - 1)) value -= lowCount
      bit += nb
    }
    if (at + ((bit + 7) >> 3) > end) throw truncated(`${what} table`)
    const prob = value - 1
    norm[s++] = prob
    points += prob === -1 ? 1 : prob
    if (prob === 0) {
      // Repeat flags: 2 bits each, 3 means another follows.
      for (;;) {
        const r = peek(2)
        bit += 2
        if (at + ((bit + 7) >> 3) > end) throw truncated(`${what} table`)
        s += r
        if (s > maxSymbol + 1) throw damaged(`${what} table names symbols past ${maxSymbol}`)
        if (r !== 3) break
      }
    }
  }
  if (points !== total) throw damaged(`${what} table's probabilities add up past ${total}`)
  return { table: fseTable(norm, s, log), size: (bit + 7) >> 3 }
}

// The predefined distributions (RFC 8878, "Default Distributions").
const LL_DEFAULT = [
  4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1,
  -1,
]
const ML_DEFAULT = [
  1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
]
const OF_DEFAULT = [
  1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1,
]

/** The predefined tables: literals lengths, offsets, match lengths. */
export const PREDEFINED = {
  ll: fseTable(LL_DEFAULT, LL_DEFAULT.length, 6),
  of: fseTable(OF_DEFAULT, OF_DEFAULT.length, 5),
  ml: fseTable(ML_DEFAULT, ML_DEFAULT.length, 6),
}

// Literals length and match length codes: baseline and extra bits.
const LL_BASE = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512,
  1024, 2048, 4096, 8192, 16384, 32768, 65536,
]
const LL_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14,
  15, 16,
]
const ML_BASE: number[] = []
const ML_BITS: number[] = []
for (let c = 0; c < 32; c++) {
  ML_BASE.push(c + 3)
  ML_BITS.push(0)
}
ML_BASE.push(
  35,
  37,
  39,
  41,
  43,
  47,
  51,
  59,
  67,
  83,
  99,
  131,
  259,
  515,
  1027,
  2051,
  4099,
  8195,
  16387,
  32771,
  65539,
)
ML_BITS.push(1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)

/** 2^code, the baseline of each offset code. */
const OF_BASE = Array.from({ length: 32 }, (_, c) => 2 ** c)

const LL_MAX_SYMBOL = 35
const ML_MAX_SYMBOL = 52
/** Offset codes past 31 would reach past 2^32; the reference decoder stops there too. */
const OF_MAX_SYMBOL = 31

// ---------------------------------------------------------------------------------------
// Backward bitstreams

/**
 * A bitstream read from its end: `pos` bits are left, bit 0 being the lowest bit of the
 * byte at `start`. Reads below `start` give zeros (the caller checks `pos` afterwards).
 */
class BackBits {
  src: Uint8Array
  start: number
  pos: number

  constructor(src: Uint8Array, start: number, end: number, what: string) {
    if (end <= start) throw damaged(`${what}: an empty bitstream`)
    const last = src[end - 1]
    if (last === 0) throw damaged(`${what}: a bitstream without its end mark`)
    this.src = src
    this.start = start
    this.pos = (end - 1 - start) * 8 + (31 - Math.clz32(last))
  }

  /** The `n` (0..24) bits below `pos`, low bits first, without moving. */
  peek(n: number): number {
    const from = this.pos - n
    if (from >= 0) {
      const byte = this.start + (from >> 3)
      const src = this.src
      let word: number
      if (byte + 3 < src.length)
        word = src[byte] | (src[byte + 1] << 8) | (src[byte + 2] << 16) | (src[byte + 3] << 24)
      else {
        // Near the end of the array: the bits wanted all lie before it.
        word = 0
        for (let i = src.length - 1 - byte; i >= 0; i--) word = (word << 8) | src[byte + i]
      }
      return (word >>> (from & 7)) & ((1 << n) - 1)
    }
    if (this.pos <= 0) return 0
    // Fewer than n bits left: they are the high bits, zeros below.
    const have = this.pos
    const src = this.src
    let word = 0
    for (let i = (have - 1) >> 3; i >= 0; i--) word = (word << 8) | src[this.start + i]
    return ((word & ((1 << have) - 1)) << (n - have)) >>> 0
  }

  /** Reads `n` (0..31) bits; a read past the stream's start throws. */
  read(n: number, what: string): number {
    if (n === 0) return 0
    if (n > this.pos) throw damaged(`${what}: a bitstream read past its start`)
    if (n > 24) {
      const high = this.peek(n - 16)
      this.pos -= n - 16
      const low = this.peek(16)
      this.pos -= 16
      return high * 65536 + low
    }
    const v = this.peek(n)
    this.pos -= n
    return v
  }
}

// ---------------------------------------------------------------------------------------
// Huffman literals

/** A Huffman decoding table: 2^maxBits entries of (symbol << 4) | code length. */
interface HuffTable {
  maxBits: number
  entries: Uint16Array
}

/** Reads a Huffman tree description at `at`: the table and the bytes it took. */
function readHuffTable(src: Uint8Array, at: number, end: number): { table: HuffTable; size: number } {
  if (at >= end) throw truncated('Huffman table')
  const header = src[at]
  const weights = new Uint8Array(256)
  let count: number
  let size: number
  if (header >= 128) {
    count = header - 127
    size = 1 + ((count + 1) >> 1)
    if (at + size > end) throw truncated('Huffman weights')
    for (let i = 0; i < count; i++) {
      const b = src[at + 1 + (i >> 1)]
      weights[i] = i & 1 ? b & 15 : b >> 4
    }
  } else {
    if (header === 0) throw damaged('Huffman weights of no bytes')
    size = 1 + header
    if (at + size > end) throw truncated('Huffman weights')
    const wEnd = at + size
    const { table, size: tableSize } = readFseTable(src, at + 1, wEnd, 6, 12, 'Huffman weights')
    const bits = new BackBits(src, at + 1 + tableSize, wEnd, 'Huffman weights')
    let s1 = bits.peek(table.log)
    bits.pos -= table.log
    let s2 = bits.peek(table.log)
    bits.pos -= table.log
    if (bits.pos < 0) throw damaged('Huffman weights: their states are cut short')
    count = 0
    const step = (state: number): number => {
      const nb = table.bits[state]
      const v = bits.peek(nb)
      bits.pos -= nb
      return table.base[state] + v
    }
    for (;;) {
      if (count >= 255) throw damaged('more than 255 Huffman weights')
      weights[count++] = table.symbol[s1]
      s1 = step(s1)
      if (bits.pos < 0) {
        weights[count++] = table.symbol[s2]
        break
      }
      if (count >= 255) throw damaged('more than 255 Huffman weights')
      weights[count++] = table.symbol[s2]
      s2 = step(s2)
      if (bits.pos < 0) {
        if (count >= 255) throw damaged('more than 255 Huffman weights')
        weights[count++] = table.symbol[s1]
        break
      }
    }
  }
  // The last symbol's weight completes the sum of 2^(w-1) to a power of two.
  let sum = 0
  for (let i = 0; i < count; i++) {
    const w = weights[i]
    if (w > 11) throw damaged(`Huffman weight ${w} is over 11`)
    if (w > 0) sum += 1 << (w - 1)
  }
  if (sum === 0) throw damaged('Huffman weights are all zero')
  const maxBits = 32 - Math.clz32(sum)
  if (maxBits > 11) throw damaged(`Huffman codes of ${maxBits} bits, over 11`)
  const rest = (1 << maxBits) - sum
  if (rest & (rest - 1)) throw damaged('Huffman weights do not make a whole tree')
  weights[count] = 32 - Math.clz32(rest)
  const symbols = count + 1
  let ones = 0
  for (let i = 0; i < symbols; i++) if (weights[i] === 1) ones++
  if (ones < 2) throw damaged('Huffman weights without two of weight 1')
  const entries = new Uint16Array(1 << maxBits)
  let fill = 0
  for (let w = 1; w <= maxBits; w++) {
    const span = 1 << (w - 1)
    const value = maxBits + 1 - w
    for (let s = 0; s < symbols; s++) {
      if (weights[s] !== w) continue
      entries.fill((s << 4) | value, fill, fill + span)
      fill += span
    }
  }
  return { table: { maxBits, entries }, size }
}

/** Decodes `count` literals of the Huffman stream [start, end) into `out` at `at`. */
function huffStream(
  src: Uint8Array,
  start: number,
  end: number,
  table: HuffTable,
  out: Uint8Array,
  at: number,
  count: number,
): void {
  const bits = new BackBits(src, start, end, 'literals')
  const { maxBits, entries } = table
  const mask = (1 << maxBits) - 1
  let pos = bits.pos
  const fast = src.length - 3
  const stop = at + count
  let o = at
  // While 32 bits are safely loadable, read them straight; then the checked peek.
  while (o < stop && pos >= maxBits) {
    const from = pos - maxBits
    const byte = start + (from >> 3)
    if (byte >= fast) break
    const word = src[byte] | (src[byte + 1] << 8) | (src[byte + 2] << 16) | (src[byte + 3] << 24)
    const e = entries[(word >>> (from & 7)) & mask]
    out[o++] = e >> 4
    pos -= e & 15
  }
  bits.pos = pos
  while (o < stop) {
    const e = entries[bits.peek(maxBits)]
    out[o++] = e >> 4
    bits.pos -= e & 15
    if (bits.pos < -11) throw damaged('a literals stream is shorter than its literals')
  }
  if (bits.pos !== 0) throw damaged('a literals stream does not end where its literals do')
}

// ---------------------------------------------------------------------------------------
// Output

/** The decoded bytes so far, grown as needed and never past `max`. */
class Output {
  buf: Uint8Array
  len = 0
  readonly max: number

  constructor(max: number, first: number) {
    this.max = max
    this.buf = new Uint8Array(Math.min(max, Math.max(first, 0)))
    this.view = new DataView(this.buf.buffer)
  }

  /** The same bytes as `buf`, for copies four at a time. */
  view: DataView

  private scratch = new Uint8Array(0)

  /** A buffer for a block's `n` literals (at most 128 KiB), shared by every block and frame. */
  literals(n: number): Uint8Array {
    if (this.scratch.length < n)
      this.scratch = new Uint8Array(Math.max(n, Math.min(MAX_BLOCK, this.scratch.length * 2)))
    return this.scratch
  }

  /** Room for `n` more bytes, or the refusal that the output would pass `max`. */
  need(n: number): void {
    const want = this.len + n
    if (want > this.max)
      throw new ZstdError('too-large', `decompresses past ${this.max} bytes, the most allowed here; refused`)
    if (want > this.buf.length) {
      const grown = new Uint8Array(Math.min(this.max, Math.max(want, this.buf.length * 2, 4096)))
      grown.set(this.buf.subarray(0, this.len))
      this.buf = grown
      this.view = new DataView(grown.buffer)
    }
  }
}

// ---------------------------------------------------------------------------------------
// Frames and blocks

/** What a frame's Compressed blocks carry from one block to the next. */
interface FrameState {
  start: number
  window: number
  blockMax: number
  rep: [number, number, number]
  huff: HuffTable | null
  ll: FseTable | null
  of: FseTable | null
  ml: FseTable | null
}

/** The table of one symbol kind for a block: by its mode, reading any description. */
function sequenceTable(
  mode: number,
  src: Uint8Array,
  at: number,
  end: number,
  previous: FseTable | null,
  predefined: FseTable,
  maxLog: number,
  maxSymbol: number,
  what: string,
): { table: FseTable; size: number } {
  if (mode === 0) return { table: predefined, size: 0 }
  if (mode === 1) {
    if (at >= end) throw truncated(`${what} code`)
    const s = src[at]
    if (s > maxSymbol) throw damaged(`${what} code ${s} is over ${maxSymbol}`)
    return { table: rleTable(s), size: 1 }
  }
  if (mode === 2) return readFseTable(src, at, end, maxLog, maxSymbol, what)
  if (!previous) throw damaged(`${what}: repeat mode with no previous table`)
  return { table: previous, size: 0 }
}

/** Decodes the Compressed block [start, end) (literals, then sequences executed) onto `out`. */
function compressedBlock(src: Uint8Array, start: number, end: number, f: FrameState, out: Output): void {
  // Literals section.
  let p = start
  if (p >= end) throw damaged('an empty compressed block')
  const b0 = src[p]
  const type = b0 & 3
  const format = (b0 >> 2) & 3
  let litLen: number
  let lits: Uint8Array
  let litStart = 0
  if (type < 2) {
    let header: number
    if (format === 1) {
      header = 2
      if (p + 2 > end) throw truncated('literals header')
      litLen = (b0 >> 4) + (src[p + 1] << 4)
    } else if (format === 3) {
      header = 3
      if (p + 3 > end) throw truncated('literals header')
      litLen = (b0 >> 4) + (src[p + 1] << 4) + (src[p + 2] << 12)
    } else {
      header = 1
      litLen = b0 >> 3
    }
    if (litLen > f.blockMax) throw damaged(`${litLen} literals in a block of at most ${f.blockMax} bytes`)
    p += header
    if (type === 0) {
      if (p + litLen > end) throw truncated('raw literals')
      lits = src
      litStart = p
      p += litLen
    } else {
      if (p >= end) throw truncated('RLE literals')
      lits = out.literals(litLen)
      lits.fill(src[p], 0, litLen)
      p += 1
    }
  } else {
    let header: number
    let compressed: number
    const streams = format === 0 ? 1 : 4
    if (format < 2) {
      header = 3
      if (p + 3 > end) throw truncated('literals header')
      const h = b0 | (src[p + 1] << 8) | (src[p + 2] << 16)
      litLen = (h >> 4) & 0x3ff
      compressed = (h >> 14) & 0x3ff
    } else if (format === 2) {
      header = 4
      if (p + 4 > end) throw truncated('literals header')
      const h = (b0 | (src[p + 1] << 8) | (src[p + 2] << 16) | (src[p + 3] << 24)) >>> 0
      litLen = (h >>> 4) & 0x3fff
      compressed = (h >>> 18) & 0x3fff
    } else {
      header = 5
      if (p + 5 > end) throw truncated('literals header')
      litLen = (b0 >> 4) | (src[p + 1] << 4) | ((src[p + 2] & 0x3f) << 12)
      compressed = (src[p + 2] >> 6) | (src[p + 3] << 2) | (src[p + 4] << 10)
    }
    if (litLen > f.blockMax) throw damaged(`${litLen} literals in a block of at most ${f.blockMax} bytes`)
    p += header
    const litEnd = p + compressed
    if (litEnd > end) throw truncated('Huffman literals')
    if (type === 2) {
      const read = readHuffTable(src, p, litEnd)
      f.huff = read.table
      p += read.size
    } else if (!f.huff) throw damaged('treeless literals with no previous Huffman table')
    const table = f.huff
    lits = out.literals(litLen)
    if (streams === 1) huffStream(src, p, litEnd, table, lits, 0, litLen)
    else {
      if (p + 6 > litEnd) throw damaged('a literals jump table past its section')
      const s1 = src[p] | (src[p + 1] << 8)
      const s2 = src[p + 2] | (src[p + 3] << 8)
      const s3 = src[p + 4] | (src[p + 5] << 8)
      const a = p + 6
      const b = a + s1
      const c = b + s2
      const d = c + s3
      if (d >= litEnd) throw damaged('literals streams past their section')
      const seg = (litLen + 3) >> 2
      const lastSeg = litLen - 3 * seg
      if (lastSeg < 0) throw damaged(`${litLen} literals in four streams`)
      huffStream(src, a, b, table, lits, 0, seg)
      huffStream(src, b, c, table, lits, seg, seg)
      huffStream(src, c, d, table, lits, 2 * seg, seg)
      huffStream(src, d, litEnd, table, lits, 3 * seg, lastSeg)
    }
    p = litEnd
  }

  // Sequences section.
  if (p >= end) throw truncated('sequences header')
  const s0 = src[p]
  let nbSeq: number
  if (s0 < 128) {
    nbSeq = s0
    p += 1
  } else if (s0 < 255) {
    if (p + 2 > end) throw truncated('sequences header')
    nbSeq = ((s0 - 128) << 8) + src[p + 1]
    p += 2
  } else {
    if (p + 3 > end) throw truncated('sequences header')
    nbSeq = src[p + 1] + (src[p + 2] << 8) + 0x7f00
    p += 3
  }
  const blockStart = out.len
  if (nbSeq === 0) {
    if (p !== end) throw damaged('bytes after a block with no sequences')
    out.need(litLen)
    out.buf.set(lits.subarray(litStart, litStart + litLen), out.len)
    out.len += litLen
    return
  }
  if (p >= end) throw truncated('sequences header')
  const modes = src[p++]
  if (modes & 3) throw damaged('reserved bits set in the sequences header')
  const ll = sequenceTable(modes >> 6, src, p, end, f.ll, PREDEFINED.ll, 9, LL_MAX_SYMBOL, 'literals lengths')
  p += ll.size
  const of = sequenceTable((modes >> 4) & 3, src, p, end, f.of, PREDEFINED.of, 8, OF_MAX_SYMBOL, 'offsets')
  p += of.size
  const ml = sequenceTable(
    (modes >> 2) & 3,
    src,
    p,
    end,
    f.ml,
    PREDEFINED.ml,
    9,
    ML_MAX_SYMBOL,
    'match lengths',
  )
  p += ml.size
  f.ll = ll.table
  f.of = of.table
  f.ml = ml.table

  const bits = new BackBits(src, p, end, 'sequences')
  const what = 'sequences'
  const llT = ll.table
  const ofT = of.table
  const mlT = ml.table
  let llState = bits.read(llT.log, what)
  let ofState = bits.read(ofT.log, what)
  let mlState = bits.read(mlT.log, what)
  let [rep1, rep2, rep3] = f.rep
  let litPos = litStart
  const litStop = litStart + litLen
  const blockLimit = blockStart + f.blockMax
  for (let i = 0; i < nbSeq; i++) {
    const ofCode = ofT.symbol[ofState]
    const mlCode = mlT.symbol[mlState]
    const llCode = llT.symbol[llState]
    const offsetValue = OF_BASE[ofCode] + bits.read(ofCode, what)
    const matchLen = ML_BASE[mlCode] + bits.read(ML_BITS[mlCode], what)
    const litCount = LL_BASE[llCode] + bits.read(LL_BITS[llCode], what)
    let offset: number
    if (offsetValue > 3) {
      offset = offsetValue - 3
      rep3 = rep2
      rep2 = rep1
      rep1 = offset
    } else {
      const index = offsetValue - 1 + (litCount === 0 ? 1 : 0)
      if (index === 0) offset = rep1
      else if (index === 1) {
        offset = rep2
        rep2 = rep1
        rep1 = offset
      } else if (index === 2) {
        offset = rep3
        rep3 = rep2
        rep2 = rep1
        rep1 = offset
      } else {
        offset = rep1 - 1
        if (offset === 0) throw damaged('a repeat offset of 0')
        rep3 = rep2
        rep2 = rep1
        rep1 = offset
      }
    }
    // Execute: literals, then the match.
    if (litPos + litCount > litStop) throw damaged('sequences use more literals than the block has')
    const total = litCount + matchLen
    if (out.len + total > blockLimit) throw damaged(`a block decodes past ${f.blockMax} bytes`)
    out.need(total)
    const buf = out.buf
    let o = out.len
    if (litCount > 16) {
      buf.set(lits.subarray(litPos, litPos + litCount), o)
      o += litCount
      litPos += litCount
    } else for (let k = 0; k < litCount; k++) buf[o++] = lits[litPos++]
    const reach = o - f.start
    if (offset > reach) throw damaged(`an offset of ${offset} before the frame's start`)
    if (offset > f.window) throw damaged(`an offset of ${offset} past the window of ${f.window}`)
    let from = o - offset
    if (offset === 1) {
      buf.fill(buf[from], o, o + matchLen)
      o += matchLen
    } else if (offset >= matchLen && matchLen > 32) {
      buf.copyWithin(o, from, from + matchLen)
      o += matchLen
    } else if (matchLen > 32) {
      // Overlapping: the bytes repeat every `offset`, so each copy may be as long as what is done.
      let done = 0
      while (done < matchLen) {
        const n = Math.min(done + offset, matchLen - done)
        buf.copyWithin(o + done, from, from + n)
        done += n
      }
      o += matchLen
    } else if (offset >= 4) {
      // Four bytes at a time: each read ends before the write it feeds begins.
      const view = out.view
      const matchEnd = o + matchLen
      while (o + 4 <= matchEnd) {
        view.setUint32(o, view.getUint32(from, true), true)
        o += 4
        from += 4
      }
      while (o < matchEnd) buf[o++] = buf[from++]
    } else for (let k = 0; k < matchLen; k++) buf[o++] = buf[from++]
    out.len = o
    if (i + 1 < nbSeq) {
      llState = llT.base[llState] + bits.read(llT.bits[llState], what)
      mlState = mlT.base[mlState] + bits.read(mlT.bits[mlState], what)
      ofState = ofT.base[ofState] + bits.read(ofT.bits[ofState], what)
    }
  }
  if (bits.pos !== 0) throw damaged('a sequences bitstream does not end where its sequences do')
  f.rep = [rep1, rep2, rep3]
  const rest = litStop - litPos
  if (out.len + rest > blockLimit) throw damaged(`a block decodes past ${f.blockMax} bytes`)
  out.need(rest)
  out.buf.set(lits.subarray(litPos, litStop), out.len)
  out.len += rest
}

const u32At = (src: Uint8Array, at: number) =>
  (src[at] | (src[at + 1] << 8) | (src[at + 2] << 16) | (src[at + 3] << 24)) >>> 0

/** Decodes the Zstandard frame at `at` (after its magic number) into `out`; returns where it ends. */
function frame(src: Uint8Array, at: number, out: Output, index: number): number {
  let p = at
  if (p >= src.length) throw truncated('frame header')
  const fhd = src[p++]
  const fcsFlag = fhd >> 6
  const single = (fhd >> 5) & 1
  if (fhd & 8) throw damaged('the reserved bit of the frame header is set')
  const checksum = (fhd >> 2) & 1
  const didSize = [0, 1, 2, 4][fhd & 3]
  const fcsSize = [single ? 1 : 0, 2, 4, 8][fcsFlag]
  const headerSize = (single ? 0 : 1) + didSize + fcsSize
  if (p + headerSize > src.length) throw truncated('frame header')
  let window = 0
  if (!single) {
    const wd = src[p++]
    const windowLog = 10 + (wd >> 3)
    const windowBase = 2 ** windowLog
    window = windowBase + (windowBase / 8) * (wd & 7)
  }
  let dictionary = 0
  for (let i = 0; i < didSize; i++) dictionary += src[p++] * 2 ** (8 * i)
  if (dictionary !== 0)
    throw new ZstdError(
      'unsupported',
      `frame ${index + 1} needs dictionary ${dictionary}; Walkbox reads no dictionaries`,
    )
  let contentSize = -1
  if (fcsSize > 0) {
    contentSize = 0
    for (let i = 0; i < fcsSize; i++) contentSize += src[p++] * 2 ** (8 * i)
    if (fcsSize === 2) contentSize += 256
  }
  if (single) window = contentSize
  if (contentSize >= 0 && out.len + contentSize > out.max)
    throw new ZstdError(
      'too-large',
      `frame ${index + 1} holds ${contentSize} bytes, past ${out.max} bytes, the most allowed here; refused`,
    )
  if (window > MAX_WINDOW)
    throw new ZstdError(
      'unsupported',
      `frame ${index + 1} needs a window of ${mib(window)}; this decoder allows at most ${mib(MAX_WINDOW)} (zstd --long over 27)`,
    )
  if (contentSize > 0) out.need(contentSize)
  const blockMax = Math.min(window, MAX_BLOCK)
  const f: FrameState = {
    start: out.len,
    window,
    blockMax,
    rep: [1, 4, 8],
    huff: null,
    ll: null,
    of: null,
    ml: null,
  }
  for (;;) {
    if (p + 3 > src.length) throw truncated('block header')
    const h = src[p] | (src[p + 1] << 8) | (src[p + 2] << 16)
    p += 3
    const last = h & 1
    const type = (h >> 1) & 3
    const size = h >>> 3
    if (type === 3) throw damaged('a block of the reserved type')
    if (size > blockMax) throw damaged(`a block of ${size} bytes where the frame allows ${blockMax}`)
    if (type === 1) {
      if (p >= src.length) throw truncated('RLE block')
      out.need(size)
      out.buf.fill(src[p], out.len, out.len + size)
      out.len += size
      p += 1
    } else {
      if (p + size > src.length) throw truncated(type === 0 ? 'raw block' : 'compressed block')
      if (type === 0) {
        out.need(size)
        out.buf.set(src.subarray(p, p + size), out.len)
        out.len += size
      } else compressedBlock(src, p, p + size, f, out)
      p += size
    }
    if (last) break
  }
  const produced = out.len - f.start
  if (contentSize >= 0 && produced !== contentSize)
    throw damaged(`frame ${index + 1} holds ${produced} bytes where its header says ${contentSize}`)
  if (checksum) {
    if (p + 4 > src.length) throw truncated('content checksum')
    const want = u32At(src, p)
    p += 4
    if (xxh64Halves(out.buf, f.start, out.len).lo !== want)
      throw new ZstdError('checksum', `frame ${index + 1}'s content checksum does not match (damaged data)`)
  }
  return p
}

/**
 * The bytes of zstd data: every frame decoded, one after another, skippable frames
 * skipped. Throws a ZstdError (one line) when the data is damaged, cut short, needs what
 * this decoder does not do (a dictionary, a window over 128 MiB), or would decode to more
 * than `maxOutput` bytes; nothing past `maxOutput` is ever allocated.
 */
export function decompressZstd(data: Uint8Array, maxOutput: number): Uint8Array {
  if (!(maxOutput >= 0)) throw new RangeError('maxOutput must be a size in bytes')
  if (data.length === 0) throw truncated('no data')
  const out = new Output(maxOutput, Math.min(maxOutput, Math.max(4096, data.length * 4)))
  let p = 0
  let frames = 0
  while (p < data.length) {
    if (p + 4 > data.length) throw truncated('magic number')
    const magic = u32At(data, p)
    if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE) {
      if (p + 8 > data.length) throw truncated('skippable frame')
      const size = u32At(data, p + 4)
      if (p + 8 + size > data.length) throw truncated('skippable frame')
      p += 8 + size
      continue
    }
    if (magic !== MAGIC)
      throw frames === 0 && p === 0
        ? damaged('not zstd: no magic number at the start')
        : damaged(`no frame's magic number at byte ${p}`)
    p = frame(data, p + 4, out, frames)
    frames++
  }
  return out.len === out.buf.length ? out.buf : out.buf.slice(0, out.len)
}
