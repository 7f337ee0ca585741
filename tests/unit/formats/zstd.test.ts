/**
 * Walkbox's own zstd decoder (src/shared/codecs/zstd.ts) against the real `zstd` tool:
 * what zstd writes at levels 1, 3, 9, 19 and --ultra -22, with and without checksums, long
 * windows, frames one after another and skippable frames, treeless literals in one stream,
 * decodes to the bytes it was given; and hostile input (cut short anywhere, bad magic, a
 * wrong checksum, flipped bytes, more than the caller allows, a dictionary, a treeless block
 * with no table before it) fails with one ZstdError line and never hangs.
 *
 * Needs the zstd tool (Debian: apt-get install -y zstd).
 *
 * Units: bytes.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeTileData } from '../../../src/shared/formats/tiled/tile-data'
import { xxh64, xxh64BigInt } from '../../../src/shared/codecs/xxh64'
import { decompressZstd, PREDEFINED, ZstdError } from '../../../src/shared/codecs/zstd'
import { mixed, random, randomBytes, runs, text, tileLayer } from '../../support/zstd-inputs'

const ZSTD = process.env.WALKBOX_ZSTD ?? '/usr/bin/zstd'
const MIB = 1024 * 1024

let dir = ''
beforeAll(() => {
  if (!existsSync(ZSTD))
    throw new Error(`The zstd tool is needed for this test and is missing (${ZSTD}): apt-get install -y zstd`)
  dir = mkdtempSync(join(tmpdir(), 'walkbox-zstd-'))
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** `bytes` compressed by the zstd tool with `args`, from a file (its size known) or from stdin. */
function zstd(bytes: Uint8Array, args: string[], from: 'file' | 'stdin' = 'file'): Buffer {
  if (from === 'stdin')
    return execFileSync(ZSTD, ['-q', '-c', ...args], { input: bytes, maxBuffer: 64 * MIB })
  const file = join(dir, 'input.bin')
  writeFileSync(file, bytes)
  return execFileSync(ZSTD, ['-q', '-c', ...args, file], { maxBuffer: 64 * MIB })
}

const INPUTS: [string, () => Uint8Array][] = [
  ['empty', () => new Uint8Array(0)],
  ['1 byte', () => Uint8Array.of(42)],
  ['text', () => text],
  ['random', () => randomBytes(100_000, 1)],
  ['runs', () => runs(200_000)],
  ['1 MiB+ mixed', mixed],
  ['a 200x150 tile layer', () => tileLayer(200, 150, 9)],
]
const LEVELS: [string, string[]][] = [
  ['1', ['-1']],
  ['3', ['-3']],
  ['9', ['-9']],
  ['19', ['-19']],
  ['--ultra -22', ['--ultra', '-22']],
]

/** What decompressZstd throws, or null when it returns. */
function failure(data: Uint8Array, maxOutput = 64 * MIB): ZstdError | null {
  try {
    decompressZstd(data, maxOutput)
    return null
  } catch (e) {
    if (!(e instanceof ZstdError)) throw e
    return e
  }
}

/**
 * Four 128 KiB blocks of one repeated line with 120 letters of 'etaoinshrdlu' dropped in
 * each: every block's literals are those few letters, under 256 (zstd then writes them as
 * one Huffman stream), and from the second block on zstd reuses the first block's table
 * (treeless literals).
 */
function fewLettersPerBlock(): Uint8Array {
  const next = random(5)
  const line = new TextEncoder().encode('the walkable floor of the room, row by row, column by column;\n')
  const block = 131072
  const out = new Uint8Array(4 * block)
  for (let i = 0; i < out.length; i++) out[i] = line[i % line.length]
  for (let b = 0; b < 4; b++)
    for (let k = 0; k < 120; k++) out[b * block + (next() % block)] = 'etaoinshrdlu'.charCodeAt(next() % 12)
  return out
}

/**
 * The blocks of a frame (RFC 8878 3.1.1): where each starts, its type (0 raw, 1 RLE, 2
 * compressed) and, for compressed ones, the literals section's type (2 Huffman, 3 treeless)
 * and size format (0 with type 2 or 3: one stream).
 */
function blocksOf(frame: Uint8Array): { at: number; type: number; literals?: number; format?: number }[] {
  const fhd = frame[4]
  const single = (fhd >> 5) & 1
  let at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3] + [single, 2, 4, 8][fhd >> 6]
  const out: { at: number; type: number; literals?: number; format?: number }[] = []
  for (;;) {
    const h = frame[at] | (frame[at + 1] << 8) | (frame[at + 2] << 16)
    const type = (h >> 1) & 3
    const b0 = frame[at + 3]
    out.push(type === 2 ? { at, type, literals: b0 & 3, format: (b0 >> 2) & 3 } : { at, type })
    at += 3 + (type === 1 ? 1 : h >>> 3)
    if (h & 1) return out
  }
}

describe('zstd round trips through the real zstd tool', () => {
  for (const [name, make] of INPUTS) {
    it(`decodes ${name} at levels 1, 3, 9, 19 and --ultra -22`, () => {
      const input = make()
      if (name.includes('MiB')) expect(input.length).toBeGreaterThan(MIB)
      for (const [level, args] of LEVELS) {
        const packed = zstd(input, args)
        const out = decompressZstd(packed, input.length)
        expect(out.length, `level ${level}`).toBe(input.length)
        expect(Buffer.from(out).equals(Buffer.from(input)), `level ${level}`).toBe(true)
      }
    }, 120_000)
  }

  it('decodes what reaches each part of the format: RLE blocks and literals, direct Huffman weights, one stream, no sequences', () => {
    const next = random(8)
    const patched = randomBytes(131072, 3)
    const twice = new Uint8Array(patched.length * 2)
    twice.set(patched)
    for (let i = 0; i < patched.length; i += 50) patched[i] = 120
    twice.set(patched, patched.length)
    // Each input reaches the part named (checked while this test was written, by counting).
    const cases: [string, Uint8Array, string[]][] = [
      ['zeros: RLE blocks', new Uint8Array(300_000), ['-3']],
      ['a block of matches whose literals are all one byte: RLE literals', twice, ['-3']],
      [
        'nibbles: Huffman weights written directly',
        Uint8Array.from({ length: 4000 }, () => next() % 16),
        ['-3'],
      ],
      ['60 bytes of text: one Huffman stream, a block with no sequences', text.subarray(0, 60), ['-19']],
      [
        'one byte in 50 differs: one match length (RLE mode)',
        Uint8Array.from({ length: 5000 }, (_, i) => (i % 50 === 0 ? next() & 0xff : 97)),
        ['-1'],
      ],
    ]
    for (const [name, input, args] of cases) {
      const out = decompressZstd(zstd(input, args), input.length)
      expect(Buffer.from(out).equals(Buffer.from(input)), name).toBe(true)
    }
    // The zeros are RLE blocks: walk the frame's block headers (after magic, descriptor and a 4-byte size).
    const rle = zstd(new Uint8Array(300_000), ['-3'])
    const types: number[] = []
    for (let at = 4 + 1 + 4; at < rle.length - 4;) {
      const h = rle[at] | (rle[at + 1] << 8) | (rle[at + 2] << 16)
      types.push((h >> 1) & 3)
      at += 3 + (((h >> 1) & 3) === 1 ? 1 : h >>> 3)
      if (h & 1) break
    }
    expect(types).toContain(1)
  }, 60_000)

  it("decodes treeless literals in one stream: blocks of under 256 literals reusing the previous block's Huffman table", () => {
    const input = fewLettersPerBlock()
    for (const level of ['-1', '-3', '-19']) {
      const packed = zstd(input, [level])
      const literals = blocksOf(packed).map((b) => [b.type, b.literals, b.format])
      // The first block brings its table, the others reuse it, all in one stream.
      expect(literals[0], level).toEqual([2, 2, 0])
      expect(literals.slice(1), level).toContainEqual([2, 3, 0])
      const out = decompressZstd(packed, input.length)
      expect(Buffer.from(out).equals(Buffer.from(input)), level).toBe(true)
    }
  })

  it('decodes frames without a content size or checksum (--no-check, from a pipe) and with them', () => {
    const input = mixed()
    const plain = zstd(input, ['-3', '--no-check'], 'stdin')
    const checked = zstd(input, ['-3', '--check'], 'stdin')
    // Frame header descriptor: bit 2 is the checksum flag, bits 6-7 the content size's.
    expect(plain[4] & 4).toBe(0)
    expect(checked[4] & 4).toBe(4)
    expect(plain[4] >> 6).toBe(0)
    expect(checked.length).toBe(plain.length + 4)
    for (const packed of [plain, checked])
      expect(Buffer.from(decompressZstd(packed, input.length)).equals(Buffer.from(input))).toBe(true)
  }, 60_000)

  it('decodes a --long=27 window (128 MiB) and refuses --long=28 with a clear line', () => {
    const input = mixed()
    const long27 = zstd(input, ['-3', '--long=27'], 'stdin')
    expect(long27[5] >> 3).toBe(27 - 10) // the window descriptor's exponent
    expect(Buffer.from(decompressZstd(long27, input.length)).equals(Buffer.from(input))).toBe(true)
    const long28 = zstd(input, ['-3', '--long=28'], 'stdin')
    const e = failure(long28)
    expect(e?.failure).toBe('unsupported')
    expect(e?.message).toBe(
      'zstd: frame 1 needs a window of 256 MiB; this decoder allows at most 128 MiB (zstd --long over 27)',
    )
  }, 60_000)

  it('decodes several frames one after another, and skips skippable frames between them', () => {
    const a = text
    const b = tileLayer(64, 64, 2)
    const c = randomBytes(5000, 4)
    const skippable = Buffer.alloc(8 + 13, 0xee)
    skippable.writeUInt32LE(0x184d2a5a, 0)
    skippable.writeUInt32LE(13, 4)
    const packed = Buffer.concat([
      zstd(a, ['-9']),
      skippable,
      zstd(b, ['-1']),
      zstd(c, ['-19', '--no-check']),
    ])
    const out = decompressZstd(packed, a.length + b.length + c.length)
    expect(Buffer.from(out).equals(Buffer.concat([a, b, c]))).toBe(true)
    // Only skippable frames: no bytes.
    expect(decompressZstd(skippable, 10).length).toBe(0)
  }, 60_000)

  it('decodes a zstd tile layer with no host decompressor (every host decodes zstd alike)', async () => {
    const layer = tileLayer(40, 30, 11)
    const data = zstd(layer, ['-19']).toString('base64')
    const gids = await decodeTileData({ data, encoding: 'base64', compression: 'zstd' }, 40 * 30, undefined)
    expect(Buffer.from(gids.buffer).equals(Buffer.from(layer))).toBe(true)
    await expect(
      decodeTileData({ data, encoding: 'base64', compression: 'zstd' }, 40 * 30 - 1, undefined),
    ).rejects.toThrow(/^zstd: inflates past the 4796 bytes the layer holds; refused$/)
  }, 60_000)
})

describe('zstd on hostile input: one ZstdError line, never a hang', () => {
  it('refuses data cut short at every 97th byte', () => {
    const input = mixed().subarray(0, 400_000)
    for (const packed of [zstd(input, ['-19']), zstd(input, ['-3', '--no-check'], 'stdin')]) {
      let refused = 0
      for (let at = 0; at < packed.length; at += 97) {
        const e = failure(packed.subarray(0, at), input.length)
        expect(e, `cut at ${at}`).not.toBeNull()
        expect(e!.message).toMatch(/^zstd: [^\n]+$/)
        refused++
      }
      expect(refused).toBeGreaterThan(100)
    }
  }, 120_000)

  it('refuses data that is not zstd', () => {
    expect(failure(new TextEncoder().encode('<data encoding="csv">1,2,3</data>'))?.message).toBe(
      'zstd: damaged data (not zstd: no magic number at the start)',
    )
    expect(failure(new Uint8Array(0))?.message).toBe('zstd: truncated (no data)')
    const packed = zstd(text, ['-3'])
    const trailing = Buffer.concat([packed, Buffer.from('junk')])
    expect(failure(trailing)?.message).toBe(
      `zstd: damaged data (no frame's magic number at byte ${packed.length})`,
    )
  })

  it('refuses a treeless literals block first in its frame (no previous Huffman table), in one line', () => {
    const packed = zstd(fewLettersPerBlock(), ['-3'], 'stdin')
    const blocks = blocksOf(packed)
    const treeless = blocks.find((b) => b.literals === 3)!
    expect(treeless).toBeDefined()
    // The frame's header, then the blocks from the first treeless one on.
    const cut = Buffer.concat([packed.subarray(0, blocks[0].at), packed.subarray(treeless.at)])
    expect(failure(cut)?.message).toBe(
      'zstd: damaged data (treeless literals with no previous Huffman table)',
    )
  })

  it('refuses a frame whose content checksum does not match', () => {
    const packed = Buffer.from(zstd(text, ['-3']))
    expect(packed[4] & 4).toBe(4)
    packed[packed.length - 2] ^= 0x40
    const e = failure(packed)
    expect(e?.failure).toBe('checksum')
    expect(e?.message).toBe("zstd: frame 1's content checksum does not match (damaged data)")
  })

  it('refuses output past maxOutput as soon as it would pass it, with or without a content size', () => {
    const input = tileLayer(100, 100, 3)
    const sized = zstd(input, ['-3'])
    expect(failure(sized, input.length - 1)?.message).toBe(
      `zstd: frame 1 holds ${input.length} bytes, past ${input.length - 1} bytes, the most allowed here; refused`,
    )
    const unsized = zstd(input, ['-3'], 'stdin')
    const e = failure(unsized, 1000)
    expect(e?.failure).toBe('too-large')
    expect(e?.message).toBe('zstd: decompresses past 1000 bytes, the most allowed here; refused')
    expect(decompressZstd(unsized, input.length).length).toBe(input.length)
  })

  it('refuses a header claiming a terabyte before allocating anything for it', () => {
    // Magic, descriptor (8-byte content size, single segment), 2^40 bytes, an RLE block.
    const frame = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xe0, 0, 0, 0, 0, 0, 1, 0, 0, 0x03, 0, 0x01, 0x55])
    expect(failure(frame, 4 * MIB)?.message).toBe(
      `zstd: frame 1 holds ${2 ** 40} bytes, past ${4 * MIB} bytes, the most allowed here; refused`,
    )
    // Without a content size, an RLE block of 128 KiB past the bound is refused the same way.
    const unsized = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38, 0x03, 0x00, 0x10, 0x55])
    expect(failure(unsized, 1000)?.failure).toBe('too-large')
  })

  it('refuses a frame that needs a dictionary', () => {
    const samples = join(dir, 'samples')
    rmSync(samples, { recursive: true, force: true })
    execFileSync('mkdir', ['-p', samples])
    for (let i = 0; i < 60; i++)
      writeFileSync(
        join(samples, `s${i}.txt`),
        Array.from({ length: 40 }, (_, j) => `sample ${i} row ${j} tile ${(i * j) % 17} walkable\n`).join(''),
      )
    const dict = join(dir, 'dict')
    execFileSync(ZSTD, ['-q', '--train', '--maxdict=2048', '-r', samples, '-o', dict])
    const packed = execFileSync(ZSTD, ['-q', '-c', '-D', dict, join(samples, 's1.txt')])
    const e = failure(packed)
    expect(e?.failure).toBe('unsupported')
    expect(e?.message).toMatch(/^zstd: frame 1 needs dictionary \d+; Walkbox reads no dictionaries$/)
  }, 60_000)

  it('never throws anything but a ZstdError on flipped bytes (seeded)', () => {
    const next = random(2026)
    const sources = [
      zstd(text, ['-19']),
      zstd(tileLayer(80, 60, 1), ['-3']),
      zstd(mixed().subarray(0, 300_000), ['-1']),
    ]
    let refused = 0
    for (let trial = 0; trial < 400; trial++) {
      const packed = Buffer.from(sources[trial % sources.length])
      for (let k = 0; k <= trial % 3; k++) packed[next() % packed.length] ^= 1 << (next() % 8)
      if (failure(packed, 2 * MIB)) refused++
    }
    expect(refused).toBeGreaterThan(300)
  }, 120_000)
})

describe('zstd internals against the format document', () => {
  it('builds the predefined tables of RFC 8878 Appendix A', () => {
    const row = (t: typeof PREDEFINED.ll, s: number) => [t.symbol[s], t.bits[s], t.base[s]]
    expect(row(PREDEFINED.ll, 0)).toEqual([0, 4, 0])
    expect(row(PREDEFINED.ll, 17)).toEqual([25, 5, 32])
    expect(row(PREDEFINED.ll, 63)).toEqual([32, 6, 0])
    expect(row(PREDEFINED.ml, 1)).toEqual([1, 4, 0])
    expect(row(PREDEFINED.ml, 44)).toEqual([1, 4, 48])
    expect(row(PREDEFINED.ml, 57)).toEqual([52, 6, 0])
    expect(row(PREDEFINED.of, 15)).toEqual([7, 4, 16])
    expect(row(PREDEFINED.of, 27)).toEqual([28, 5, 0])
  })

  it('computes XXH64 as libxxhash does, with 32-bit halves and with BigInt', () => {
    // Digests by libxxhash 0.8 of the first n bytes of 0, 1, 2, ... 255, 0, 1, ...
    for (const [n, want] of XXH64_VECTORS) {
      const data = Uint8Array.from({ length: n }, (_, i) => i & 0xff)
      expect(xxh64(data), `${n} bytes`).toBe(want)
      expect(xxh64BigInt(data), `${n} bytes`).toBe(want)
    }
  })
})

const XXH64_VECTORS: [number, bigint][] = [
  [0, 0xef46db3751d8e999n],
  [1, 0xe934a84adb052768n],
  [3, 0xe5c7bb4533bc65ddn],
  [4, 0xffced8604453cc1en],
  [7, 0x14cc643f630c72d2n],
  [8, 0x884a173614b81b8dn],
  [12, 0x424af23f1f08dca5n],
  [31, 0xc346d2b59b4d8ee1n],
  [32, 0xcbf59c5116ff32b4n],
  [33, 0x0c535d1acafb8eadn],
  [63, 0xe26aa9e2a95f8e4fn],
  [64, 0xf7c67301db6713f0n],
  [100, 0x6ac1e58032166597n],
  [1000, 0x6ef436b00eba4078n],
  [4101, 0x3cc4623dec09090en],
]
