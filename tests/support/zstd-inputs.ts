/**
 * Seeded inputs for the zstd decoder's tests and benchmark (tests/unit/formats/zstd.test.ts,
 * bench/zstd.ts): text, random bytes, runs, tile layers (little-endian uint32 gids) and a
 * mix of them over 1 MiB.
 *
 * Units: bytes, tiles.
 */

/** A seeded generator of 32-bit numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
}

export const text = new TextEncoder().encode(
  Array.from(
    { length: 3000 },
    (_, i) => `<tile id="${i % 97}"> the room's walkable floor, row ${i >> 4}, column ${i & 15}\n`,
  ).join(''),
)

export function randomBytes(n: number, seed: number): Uint8Array {
  const next = random(seed)
  return Uint8Array.from({ length: n }, () => next() & 0xff)
}

export function runs(n: number): Uint8Array {
  const next = random(7)
  const out = new Uint8Array(n)
  let i = 0
  while (i < n) {
    const len = 1 + (next() % 3000)
    out.fill(next() & 0xff, i, Math.min(n, i + len))
    i += len
  }
  return out
}

/** A tile layer's bytes: width x height little-endian uint32 gids, a floor of a few tiles, flip flags here and there. */
export function tileLayer(width: number, height: number, seed: number): Uint8Array {
  const next = random(seed)
  const out = new Uint8Array(width * height * 4)
  const view = new DataView(out.buffer)
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) {
      const floor = r > height / 3 && c > width / 8 && c < width - width / 8
      const v = next()
      let gid = floor ? 1 + (v % 5 === 0 ? (v >>> 8) % 6 : 0) : r < 2 ? 40 + (c % 4) : 0
      if (floor && v % 31 === 0) gid = (gid | 0x80000000) >>> 0
      view.setUint32((r * width + c) * 4, gid, true)
    }
  return out
}

export function mixed(): Uint8Array {
  const parts = [text, randomBytes(200_000, 3), runs(300_000), tileLayer(300, 300, 5), text]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
