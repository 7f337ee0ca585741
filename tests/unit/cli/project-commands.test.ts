/**
 * Batch work from the command line through the real project store: `project new` and
 * `room add` with a real background and its four masks make a project whose room is the
 * image's size and that `walkbox batch` runs with every registered algorithm and no invalid
 * path; `room list` and `flag add`; a background or mask that cannot be read gets one
 * line and exit 2, and the project is left byte for byte as it was.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { walkbox } from './run-walkbox'
import { ALGORITHM_IDS } from '../../../src/shared/nav/registry'

const BG = benchPath('rooms', 'monoags-brokencurbstreet-background.png')
const MASKS = [1, 2, 3, 4].map((n) => benchPath('rooms', `monoags-brokencurbstreet-walkable${n}.png`))
const SIDECAR = JSON.parse(readFileSync(benchPath('rooms', 'monoags-brokencurbstreet.json'), 'utf8')) as {
  union_walkable_pixels: number
}

/** Every file under `dir` with its bytes, to compare a folder before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[relative(dir, path)] = readFileSync(path).toString('base64')
    }
  }
  walk(dir)
  return out
}

describe('walkbox project and room commands', () => {
  it('makes a project from a real background and its masks that every algorithm runs on', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'walkbox-cli-')), 'curb')
    const made = await walkbox('project', 'new', dir, '--name', 'Broken Curb')
    expect([made.code, made.stderr]).toEqual([0, ''])
    const added = await walkbox(
      'room',
      'add',
      dir,
      '--background',
      BG,
      ...MASKS.flatMap((m) => ['--mask', m]),
      '--json',
    )
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    const report = JSON.parse(added.stdout)
    expect(report.room).toEqual({
      id: 'monoags-brokencurbstreet-background',
      name: 'Monoags brokencurbstreet background',
      folder: 'rooms/monoags-brokencurbstreet-background',
      width: 420,
      height: 200,
    })
    expect(report.masks.map((m: { rule: string; areas: number[] }) => [m.rule, m.areas])).toEqual([
      ['alpha', [1]],
      ['alpha', [2]],
      ['alpha', [3]],
      ['alpha', [4]],
    ])
    expect(report.areas).toEqual([1, 2, 3, 4])
    const room = JSON.parse(readFileSync(join(dir, report.room.folder, 'room.json'), 'utf8'))
    expect(room).toMatchObject({
      size: { width: 420, height: 200 },
      authoritative: 'mask',
      mask: 'walkmask.png',
    })
    expect(readFileSync(join(dir, report.room.folder, 'background.png')).equals(readFileSync(BG))).toBe(true)

    const batch = await walkbox('batch', dir, '--pairs', '60', '--seed', '3', '--json')
    expect(batch.code).toBe(0)
    const results = JSON.parse(batch.stdout).results as {
      algorithm: string
      invalidCount: number
      reachedCount: number
      defects: unknown[]
    }[]
    expect(results.map((r) => r.algorithm)).toEqual(ALGORITHM_IDS)
    for (const r of results) {
      expect(r.invalidCount, r.algorithm).toBe(0)
      expect(r.defects, r.algorithm).toEqual([])
      expect(r.reachedCount, r.algorithm).toBeGreaterThan(0)
    }

    const list = await walkbox('room', 'list', dir, '--json')
    expect(JSON.parse(list.stdout).rooms).toEqual([
      {
        id: 'monoags-brokencurbstreet-background',
        name: 'Monoags brokencurbstreet background',
        folder: 'rooms/monoags-brokencurbstreet-background',
        width: 420,
        height: 200,
        problem: null,
      },
    ])
    const flag = await walkbox('flag', 'add', dir, 'Door open', '--default', 'true')
    expect([flag.code, flag.stdout.trim()]).toEqual([0, "Added flag doorOpen ('Door open', starts true)"])
    const project = JSON.parse(readFileSync(join(dir, 'project.walkbox.json'), 'utf8'))
    expect(project.flags).toEqual([{ id: 'doorOpen', name: 'Door open', default: true }])
  })

  it('covers the union of the masks, the earlier mask keeping overlapping pixels, named rooms get their names', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'walkbox-cli-')), 'p')
    await walkbox('project', 'new', dir)
    const added = await walkbox(
      'room',
      'add',
      dir,
      '--background',
      BG,
      '--mask',
      MASKS.join(','),
      '--name',
      'Street',
      '--json',
    )
    expect(added.code).toBe(0)
    expect(JSON.parse(added.stdout).room.id).toBe('street')
    const compare = await walkbox('batch', dir, '--pairs', '5', '--json')
    expect(compare.code).toBe(0)
    // The mask's walkable pixels, counted by the room's own reader through `batch` (its world size).
    const { default: sharp } = await import('sharp')
    const { data } = await sharp(join(dir, 'rooms/street/walkmask.png'))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(data.reduce((n, v) => n + (v !== 0 ? 1 : 0), 0)).toBe(SIDECAR.union_walkable_pixels)
  })

  it('refuses an unreadable background or a mask of another size in one line, and changes nothing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'walkbox-cli-')), 'p')
    await walkbox('project', 'new', dir)
    const before = snapshot(dir)
    const junk = join(dir, '..', 'junk.png')
    writeFileSync(junk, 'not an image at all')
    const bad = await walkbox('room', 'add', dir, '--background', junk)
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    expect(bad.stderr).toContain('junk.png')
    const wrongSize = await walkbox(
      'room',
      'add',
      dir,
      '--background',
      benchPath('rooms', 'popochiu-house-background.png'),
      '--mask',
      MASKS[0],
    )
    expect(wrongSize.code).toBe(2)
    expect(wrongSize.stderr.trim()).toBe(
      `walkbox: ${MASKS[0]}: is 420×200 px; expected the room's size 356×200 or 178×100 (1:2), 89×50 (1:4)`,
    )
    const missing = await walkbox('room', 'add', dir, '--background', join(dir, 'nope.png'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('nope.png')
    const noFlag = await walkbox('flag', 'add', dir, 'x', '--default', 'maybe')
    expect([noFlag.code, noFlag.stderr.trim()]).toEqual([
      2,
      'walkbox: --default: expected true or false, got "maybe"',
    ])
    expect(snapshot(dir)).toEqual(before)
  })
})
