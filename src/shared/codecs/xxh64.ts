/**
 * XXH64, the 64-bit xxHash digest (Yann Collet's xxHash specification, doc/xxhash_spec.md),
 * as zstd uses it for a frame's content checksum (seed 0; the frame keeps the low 32 bits).
 *
 * JavaScript's bit operators work on 32 bits, so every 64-bit value is a pair of unsigned
 * 32-bit halves (hi, lo) and multiplication is done in 16-bit pieces; this is several times
 * faster than BigInt (bench/zstd.ts measures both).
 *
 * Glossary
 * - stripe: 32 input bytes, four 8-byte lanes, one per accumulator.
 * - round: acc + lane * P2, rotated left 31, times P1 (all modulo 2^64).
 *
 * Units: bytes.
 */

// The five primes, as (hi, lo) halves.
const P1H = 0x9e3779b1
const P1L = 0x85ebca87
const P2H = 0xc2b2ae3d
const P2L = 0x27d4eb4f
const P3H = 0x165667b1
const P3L = 0x9e3779f9
const P4H = 0x85ebca77
const P4L = 0xc2b2ae63
const P5H = 0x27d4eb2f
const P5L = 0x165667c5

const TWO32 = 4294967296

/** The high 32 bits of the 64-bit product of two unsigned 32-bit numbers. */
function mulHigh(a: number, b: number): number {
  const a0 = a & 0xffff
  const a1 = a >>> 16
  const b0 = b & 0xffff
  const b1 = b >>> 16
  const m1 = a1 * b0
  const m2 = a0 * b1
  const carry = ((a0 * b0) >>> 16) + (m1 & 0xffff) + (m2 & 0xffff)
  return a1 * b1 + (m1 >>> 16) + (m2 >>> 16) + (carry >>> 16)
}

/**
 * The 64-bit registers: value k is r[2k] (high half) and r[2k + 1] (low half). 0-3 are the
 * accumulators, 4 the running hash, 5 scratch.
 */
const r = new Uint32Array(12)
const H = 8
const T = 10

/** r[d] = r[d] * (bh, bl) modulo 2^64. */
function mulBy(d: number, bh: number, bl: number): void {
  const ah = r[d]
  const al = r[d + 1]
  r[d] = mulHigh(al, bl) + Math.imul(ah, bl) + Math.imul(al, bh)
  r[d + 1] = Math.imul(al, bl)
}

/** r[d] = r[d] + (bh, bl) modulo 2^64. */
function addTo(d: number, bh: number, bl: number): void {
  const lo = (r[d + 1] + bl) >>> 0
  r[d] = r[d] + bh + (lo < bl ? 1 : 0)
  r[d + 1] = lo
}

/** r[d] rotated left by n (1..31). */
function rotl(d: number, n: number): void {
  const h = r[d]
  const l = r[d + 1]
  r[d] = (h << n) | (l >>> (32 - n))
  r[d + 1] = (l << n) | (h >>> (32 - n))
}

/** r[d] = round(r[d], (lh, ll)): + lane * P2, rotated left 31, * P1. */
function round(d: number, lh: number, ll: number): void {
  const th = mulHigh(ll, P2L) + Math.imul(lh, P2L) + Math.imul(ll, P2H)
  const tl = Math.imul(ll, P2L) >>> 0
  addTo(d, th >>> 0, tl)
  rotl(d, 31)
  mulBy(d, P1H, P1L)
}

/** XXH64 of `data[start, end)` with seed 0, as its hi and lo 32-bit halves. */
export function xxh64Halves(data: Uint8Array, start = 0, end = data.length): { hi: number; lo: number } {
  const length = end - start
  let p = start
  const u32 = (at: number) =>
    (data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)) >>> 0
  if (length >= 32) {
    // acc1 = P1 + P2, acc2 = P2, acc3 = 0, acc4 = -P1.
    r[0] = P1H
    r[1] = P1L
    addTo(0, P2H, P2L)
    r[2] = P2H
    r[3] = P2L
    r[4] = 0
    r[5] = 0
    r[6] = ~P1H
    r[7] = ~P1L
    addTo(6, 0, 1)
    const last = end - 32
    while (p <= last) {
      round(0, u32(p + 4), u32(p))
      round(2, u32(p + 12), u32(p + 8))
      round(4, u32(p + 20), u32(p + 16))
      round(6, u32(p + 28), u32(p + 24))
      p += 32
    }
    const shifts = [1, 7, 12, 18]
    r[H] = 0
    r[H + 1] = 0
    for (let i = 0; i < 4; i++) {
      r[T] = r[2 * i]
      r[T + 1] = r[2 * i + 1]
      rotl(T, shifts[i])
      addTo(H, r[T], r[T + 1])
    }
    for (let i = 0; i < 4; i++) {
      r[T] = 0
      r[T + 1] = 0
      round(T, r[2 * i], r[2 * i + 1])
      r[H] ^= r[T]
      r[H + 1] ^= r[T + 1]
      mulBy(H, P1H, P1L)
      addTo(H, P4H, P4L)
    }
  } else {
    r[H] = P5H
    r[H + 1] = P5L
  }
  addTo(H, Math.floor(length / TWO32), length >>> 0)
  while (end - p >= 8) {
    r[T] = 0
    r[T + 1] = 0
    round(T, u32(p + 4), u32(p))
    r[H] ^= r[T]
    r[H + 1] ^= r[T + 1]
    rotl(H, 27)
    mulBy(H, P1H, P1L)
    addTo(H, P4H, P4L)
    p += 8
  }
  if (end - p >= 4) {
    r[T] = 0
    r[T + 1] = u32(p)
    mulBy(T, P1H, P1L)
    r[H] ^= r[T]
    r[H + 1] ^= r[T + 1]
    rotl(H, 23)
    mulBy(H, P2H, P2L)
    addTo(H, P3H, P3L)
    p += 4
  }
  while (p < end) {
    r[T] = 0
    r[T + 1] = data[p]
    mulBy(T, P5H, P5L)
    r[H] ^= r[T]
    r[H + 1] ^= r[T + 1]
    rotl(H, 11)
    mulBy(H, P1H, P1L)
    p++
  }
  // Avalanche: ^ >> 33, * P2, ^ >> 29, * P3, ^ >> 32.
  r[H + 1] ^= r[H] >>> 1
  mulBy(H, P2H, P2L)
  r[H + 1] ^= (r[H + 1] >>> 29) | (r[H] << 3)
  r[H] ^= r[H] >>> 29
  mulBy(H, P3H, P3L)
  r[H + 1] ^= r[H]
  return { hi: r[H], lo: r[H + 1] }
}

/** XXH64 of `data` with seed 0, as a BigInt (for tests and tools; the decoder uses the halves). */
export function xxh64(data: Uint8Array): bigint {
  const { hi, lo } = xxh64Halves(data)
  return (BigInt(hi) << 32n) | BigInt(lo)
}

/**
 * The same digest computed with BigInt arithmetic, kept as the slower alternative that
 * bench/zstd.ts measures against the halves (and tests compare with).
 */
export function xxh64BigInt(data: Uint8Array): bigint {
  const M = (1n << 64n) - 1n
  const p1 = 0x9e3779b185ebca87n
  const p2 = 0xc2b2ae3d27d4eb4fn
  const p3 = 0x165667b19e3779f9n
  const p4 = 0x85ebca77c2b2ae63n
  const p5 = 0x27d4eb2f165667c5n
  const rot = (x: bigint, n: bigint) => ((x << n) | (x >> (64n - n))) & M
  const rnd = (acc: bigint, lane: bigint) => (rot((acc + lane * p2) & M, 31n) * p1) & M
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const n = data.length
  let p = 0
  let h: bigint
  if (n >= 32) {
    const acc = [(p1 + p2) & M, p2, 0n, (M + 1n - p1) & M]
    while (p <= n - 32) {
      for (let i = 0; i < 4; i++) acc[i] = rnd(acc[i], view.getBigUint64(p + 8 * i, true))
      p += 32
    }
    h = (rot(acc[0], 1n) + rot(acc[1], 7n) + rot(acc[2], 12n) + rot(acc[3], 18n)) & M
    for (const a of acc) h = ((((h ^ rnd(0n, a)) * p1) & M) + p4) & M
  } else h = p5
  h = (h + BigInt(n)) & M
  for (; n - p >= 8; p += 8) h = (((rot(h ^ rnd(0n, view.getBigUint64(p, true)), 27n) * p1) & M) + p4) & M
  if (n - p >= 4) {
    h = (((rot(h ^ ((BigInt(view.getUint32(p, true)) * p1) & M), 23n) * p2) & M) + p3) & M
    p += 4
  }
  for (; p < n; p++) h = (rot(h ^ ((BigInt(data[p]) * p5) & M), 11n) * p1) & M
  h ^= h >> 33n
  h = (h * p2) & M
  h ^= h >> 29n
  h = (h * p3) & M
  return h ^ (h >> 32n)
}
