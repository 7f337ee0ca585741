/**
 * Walkbox's own zstd decoder (src/shared/codecs/zstd.ts) against Node's zlib in the same
 * run: decode speed on a few inputs, a Tiled tile layer of 1000x1000 tiles read end to end
 * (base64, decompress, gids), and XXH64 (the frame checksum) with 32-bit halves against
 * BigInt. Needs the zstd tool (apt-get install -y zstd) to pack the inputs.
 *
 *   npx tsx bench/zstd.ts [--runs K]
 *
 * Glossary
 * - ours: decompressZstd on what `zstd -3` (Tiled's default level) or `zstd -19` wrote,
 *   content checksum on (verified).
 * - peer: zlib.inflateSync (Node's C zlib) on the same bytes deflated at zlib's default level.
 * - MB/s: decoded bytes (10^6) per second, from the median of K timed runs after 2 untimed.
 * - ratio: peer MB/s / ours (how many times faster the C peer is).
 *
 * Units: MB (10^6 bytes), ms.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { deflateSync, inflateSync } from 'node:zlib'
import { markdownTable, median } from '../src/cli/table'
import { decodeTileData } from '../src/shared/formats/tiled/tile-data'
import { xxh64BigInt, xxh64Halves } from '../src/shared/codecs/xxh64'
import { decompressZstd } from '../src/shared/codecs/zstd'
import { mixed, randomBytes, runs, text, tileLayer } from '../tests/support/zstd-inputs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' } } })
const RUNS = Number(values.runs)
const ZSTD = process.env.WALKBOX_ZSTD ?? '/usr/bin/zstd'
if (!existsSync(ZSTD)) {
  process.stderr.write(`bench/zstd.ts needs the zstd tool (${ZSTD}): apt-get install -y zstd\n`)
  process.exit(2)
}

const pack = (bytes: Uint8Array, level: string) =>
  execFileSync(ZSTD, ['-q', '-c', level], { input: bytes, maxBuffer: 256 * 1024 * 1024 })

/** Median ms of `RUNS` timed calls after two untimed ones. */
function time(run: () => unknown): number {
  run()
  run()
  const times: number[] = []
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  return median(times)
}

const mbs = (bytes: number, ms: number) => (bytes / 1e3 / ms).toFixed(0)

const layer = tileLayer(1000, 1000, 19)
const inputs: [string, Uint8Array][] = [
  ['text (0.2 MB, repeated)', text],
  ['random (1 MB)', randomBytes(1_000_000, 1)],
  ['runs (1 MB)', runs(1_000_000)],
  ['mixed (1.2 MB)', mixed()],
  ['tile layer 1000x1000 (4 MB)', layer],
]

const rows: (string | number)[][] = []
for (const [name, bytes] of inputs) {
  const deflated = deflateSync(bytes)
  const peerMs = time(() => inflateSync(deflated))
  for (const level of ['-3', '-19']) {
    const packed = pack(bytes, level)
    const out = decompressZstd(packed, bytes.length)
    if (!Buffer.from(out).equals(Buffer.from(bytes)))
      throw new Error(`${name}: zstd ${level} decoded wrongly`)
    const ms = time(() => decompressZstd(packed, bytes.length))
    rows.push([
      name,
      `zstd ${level}`,
      (packed.length / 1e6).toFixed(3),
      ms.toFixed(2),
      mbs(bytes.length, ms),
      (deflated.length / 1e6).toFixed(3),
      peerMs.toFixed(2),
      mbs(bytes.length, peerMs),
      (ms / peerMs).toFixed(1),
    ])
  }
}
process.stdout.write(`## zstd decode: ours against zlib.inflateSync (median of ${RUNS})\n\n`)
process.stdout.write(
  `${markdownTable(
    [
      'input',
      'packed by',
      '>zstd MB',
      '>ours ms',
      '>ours MB/s',
      '>deflate MB',
      '>zlib ms',
      '>zlib MB/s',
      '>ratio',
    ],
    rows,
  )}\n\n`,
)

// A tile layer as Tiled stores it: base64 text, decompressed, read as gids.
const cells = 1000 * 1000
const zstdText = pack(layer, '-3').toString('base64')
const zlibText = deflateSync(layer).toString('base64')
const nodeInflate = async (data: Uint8Array, _compression: 'zlib' | 'gzip', maxBytes: number) =>
  new Uint8Array(inflateSync(data, { maxOutputLength: maxBytes }))
async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  await run()
  await run()
  const times: number[] = []
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return median(times)
}
const zstdLayerMs = await timeAsync(() =>
  decodeTileData({ data: zstdText, encoding: 'base64', compression: 'zstd' }, cells, undefined),
)
const zlibLayerMs = await timeAsync(() =>
  decodeTileData({ data: zlibText, encoding: 'base64', compression: 'zlib' }, cells, nodeInflate),
)
process.stdout.write(
  `## A 1000x1000 tile layer read end to end (base64, decompress, gids; median of ${RUNS})\n\n`,
)
process.stdout.write(
  `${markdownTable(
    ['layer', '>base64 MB', '>ms'],
    [
      ['zstd -3 (ours)', (zstdText.length / 1e6).toFixed(2), zstdLayerMs.toFixed(1)],
      ['zlib (Node)', (zlibText.length / 1e6).toFixed(2), zlibLayerMs.toFixed(1)],
    ],
  )}\n\n`,
)

// The checksum: 32-bit halves (what the decoder uses) against BigInt.
const hashInput = layer
const halvesMs = time(() => xxh64Halves(hashInput))
const bigintMs = time(() => xxh64BigInt(hashInput))
process.stdout.write(`## XXH64 of 4 MB (median of ${RUNS})\n\n`)
process.stdout.write(
  `${markdownTable(
    ['XXH64', '>ms', '>MB/s'],
    [
      ['32-bit halves (used)', halvesMs.toFixed(1), mbs(hashInput.length, halvesMs)],
      ['BigInt', bigintMs.toFixed(1), mbs(hashInput.length, bigintMs)],
    ],
  )}\n`,
)
