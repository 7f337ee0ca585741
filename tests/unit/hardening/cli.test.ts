/**
 * Hostile command lines and files, through the command line as users run it (spawned, as
 * tests/unit/cli/run-walkbox.ts does): each exits with 2 and prints exactly one line on
 * stderr naming the argument or file and the limit, nothing on stdout, and the project
 * folder is byte for byte as it was. Nothing is decoded, read or looped over before the
 * limit is checked: 300 mask files that do not exist are refused on their count.
 */
import { execFileSync } from 'node:child_process'
import { readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walkbox } from '../cli/run-walkbox'
import { fingerprint, makeFixture, type Fixture } from './hostile'

let fx: Fixture
/** A second copy of the base project whose room has a vertex at 1e307. */
let farProject: string
beforeAll(async () => {
  fx = await makeFixture()
  const far = await makeFixture()
  farProject = far.project
  const roomFile = join(far.roomDir, 'room.json')
  const room = JSON.parse(await readFile(roomFile, 'utf8')) as { polygons: { outer: number[][] }[] }
  room.polygons[0].outer[1][0] = 1e307
  await writeFile(roomFile, JSON.stringify(room))
  execFileSync('mkfifo', [join(fx.dir, 'pipe.json')])
  execFileSync('mkfifo', [join(fx.dir, 'pipe.png')])
  await symlink('loop.json', join(fx.dir, 'loop.json'))
  await symlink('/dev/zero', join(fx.dir, 'zero.png'))
  await writeFile(join(fx.dir, 'deep.json'), '['.repeat(200_000))
  await writeFile(join(fx.dir, 'huge.map'), 'type octile\nheight 60000\nwidth 60000\nmap\n')
  await writeFile(
    join(fx.dir, 'drawing.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"/>',
  )
  cleanups.push(far.remove)
  // A Tiled map of the base room whose background image is then swapped for a named pipe.
  const exported = await walkbox(
    'export',
    fx.project,
    '--room',
    'porch',
    '--format',
    'tiled-json',
    '--out',
    at('tiled'),
  )
  expect(exported.code).toBe(0)
  await rm(at('tiled/background.png'))
  execFileSync('mkfifo', [at('tiled/background.png')])
})
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  await fx.remove()
  for (const clean of cleanups) await clean()
})

/** Run the CLI; its one line on stderr (exit code 2, nothing on stdout, no file changed). */
async function refused(...args: string[]): Promise<string> {
  const before = withoutLocks(await fingerprint(fx.dir))
  const run = await walkbox(...args)
  expect(withoutLocks(await fingerprint(fx.dir))).toEqual(before)
  expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' })
  const lines = run.stderr.split('\n').filter((l) => l !== '')
  expect(lines).toHaveLength(1)
  return lines[0]
}

/**
 * The cases run side by side on one folder: a sibling reading the project holds its lock for a
 * moment (`.walkbox-lock`, made whole from `.walkbox-lock.<token>.tmp`), which is not a change.
 */
function withoutLocks(print: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(print).filter(([p]) => !/(^|\/)\.walkbox-lock(\.[0-9a-f]+\.tmp)?$/.test(p)),
  )
}

const at = (name: string) => join(fx.dir, name)
const DEEP =
  'line 1 column 65: nested more than 64 levels deep; expected at most 64 nested arrays and objects'

// Each case spawns a process (about a second of CPU); a few run side by side.
describe.concurrent('the command line refuses in one line', { timeout: 60_000 }, () => {
  it('--pairs 99999999999999999999', async () => {
    expect(await refused('batch', fx.project, '--pairs', '99999999999999999999')).toBe(
      "walkbox: --pairs: expected at most 1000000 (Walkbox's limit), got 99999999999999999999",
    )
  })

  it('--pairs 1000001', async () => {
    expect(await refused('batch', fx.project, '--pairs', '1000001')).toBe(
      "walkbox: --pairs: expected at most 1000000 (Walkbox's limit), got 1000001",
    )
  })

  it('--seed beyond 32 bits', async () => {
    expect(await refused('batch', fx.project, '--seed', '4294967296')).toBe(
      "walkbox: --seed: expected at most 4294967295 (Walkbox's limit), got 4294967296",
    )
  })

  it('--every 99999999999999999999', async () => {
    expect(await refused('scen', at('a.map'), at('a.map.scen'), '--every', '99999999999999999999')).toBe(
      "walkbox: --every: expected at most 1000000 (Walkbox's limit), got 99999999999999999999",
    )
  })

  it('300 --mask files are refused on their count, before any is read (none exists)', async () => {
    const masks = Array.from({ length: 300 }, (_, i) => at(`missing-${i}.png`)).join(',')
    expect(await refused('batch', '--mask', masks)).toBe(
      'walkbox: --mask: at most 255 mask files (area ids are 1..255), got 300; nothing was read',
    )
  })

  it('room add with 256 masks leaves the project as it was', async () => {
    const masks = Array.from({ length: 256 }, (_, i) => at(`missing-${i}.png`)).join(',')
    expect(await refused('room', 'add', fx.project, '--size', '64x48', '--mask', masks)).toBe(
      'walkbox: --mask: at most 255 mask files (area ids are 1..255), got 256; nothing was read',
    )
  })

  it('a bench room that is a named pipe', async () => {
    expect(await refused('batch', at('pipe.json'))).toBe(
      `walkbox: cannot read room ${at('pipe.json')}: is a named pipe; expected a regular file`,
    )
  })

  it('a --pairs-file that is a named pipe', async () => {
    expect(await refused('batch', fx.project, '--pairs-file', at('pipe.json'))).toBe(
      `walkbox: --pairs-file: ${at('pipe.json')}: is a named pipe; expected a regular file`,
    )
  })

  it('a bench room 200,000 brackets deep', async () => {
    expect(await refused('batch', at('deep.json'))).toBe(
      `walkbox: cannot read room ${at('deep.json')} ${DEEP}`,
    )
  })

  it('a bench room that is a link to itself (ELOOP)', async () => {
    expect(await refused('batch', at('loop.json'))).toBe(
      `walkbox: cannot read room ${at('loop.json')}: too many levels of symbolic links (a link that points back at itself?)`,
    )
  })

  it('a mask that is a device', async () => {
    expect(await refused('batch', at('zero.png'))).toBe(
      `walkbox: cannot read room ${at('zero.png')}: is a character device; expected a regular file`,
    )
  })

  it('a Moving AI map whose header promises 3.6 billion cells is refused before the grid is allocated', async () => {
    expect(await refused('batch', at('huge.map'))).toBe(
      `walkbox: cannot read room ${at('huge.map')}: Moving AI line 2: expected a map of at most 16384 cells a side, found "height 60000, width 60000" (expected a Moving AI .map)`,
    )
  })

  it('import of a Tiled map whose image is a named pipe makes no project', async () => {
    expect(await refused('import', at('tiled/porch.tmj'), '--out', at('imported'))).toBe(
      'walkbox: background.png: is a named pipe; expected a regular file',
    )
    expect(await stat(at('imported')).catch(() => 'absent')).toBe('absent')
  })

  it('a project room with a vertex at 1e307', async () => {
    expect(await refused('batch', farProject)).toBe(
      `walkbox: cannot read room ${farProject}: rooms/porch/room.json: polygons[0].outer[1][0]: expected a number from -1000000 to 1000000`,
    )
  })

  it('a --from point 1e400 px away', async () => {
    const far = `1${'0'.repeat(400)}`
    expect(await refused('compare', fx.project, '--from', `${far},5`, '--to', '8,8')).toBe(
      `walkbox: --from: expected coordinates from -1000000 to 1000000 px, got "${far},5"`,
    )
  })

  it('room add with a background that is a named pipe', async () => {
    expect(await refused('room', 'add', fx.project, '--background', at('pipe.png'))).toBe(
      `walkbox: ${at('pipe.png')}: is a named pipe; expected a regular file`,
    )
  })

  it('room add with an SVG background', async () => {
    expect(await refused('room', 'add', fx.project, '--background', at('drawing.svg'))).toBe(
      `walkbox: ${at('drawing.svg')}: is a svg image; expected PNG, JPEG or WebP`,
    )
  })
})
