/**
 * docs/reliability.md's "Ceilings" table against src/shared/limits.ts: every ceiling the
 * module exports has one row whose value and unit are the module's, every row names a ceiling
 * of the module, and no other file of src/shared, src/main or src/cli defines a `MAX`
 * constant of its own unless it is on the short list below of bounds that are not about
 * input.
 *
 * Units: as the table says (bytes written as KiB/MiB/GiB when whole).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as limits from '../../../src/shared/limits'

const root = resolve(import.meta.dirname, '../../..')

/** `MAX` constants elsewhere that bound no input (file: names), with why. */
const NOT_INPUT_CEILINGS: Record<string, string[]> = {
  // how many entries a menu or a message shows
  'src/shared/host.ts': ['RECENT_MAX', 'MAX_ROOMS_PER_SAVE'],
  'src/shared/formats/tiled/external-files.ts': ['MAX_LISTED_PROBLEMS'],
  'src/cli/project-commands.ts': ['MAX_LISTED_PROBLEMS'],
  'src/shared/measure/batch.ts': ['MAX_SUMMARY_DEFECTS'],
  'src/shared/measure/metrics.ts': ['MAX_REPORTED_DISTANCE_PX'],
  // concurrency and the inner workings of an algorithm
  'src/shared/game/game-view.ts': ['MAX_UNLOCKED_READS'],
  'src/shared/geometry/region-locator.ts': ['MAX_BANDS'],
  'src/shared/geometry/polygon.ts': ['MAX_COLLECTED_MEETINGS'],
  'src/shared/geometry/clip.ts': ['MAX_SCALED'],
  'src/shared/formats/tiled/shape-ops.ts': ['MAX_SCALED'],
  'src/shared/nav/algorithms/navmesh-funnel.ts': ['MAX_RESCANNED_PORTALS'],
  'src/shared/analysis/test-walk.ts': ['MAX_WALK_SECONDS'],
  // facts of a format or an engine, not Walkbox's choice
  'src/shared/codecs/zstd.ts': ['MAX_WINDOW', 'MAX_BLOCK', 'LL_MAX_SYMBOL', 'ML_MAX_SYMBOL', 'OF_MAX_SYMBOL'],
  'src/shared/formats/ags/ags.ts': ['AGS3_MAX_AREAS'],
}

/** The table under "### Ceilings": ceiling name -> [value text, unit]. */
function ceilingsTable(): Map<string, [string, string]> {
  const doc = readFileSync(join(root, 'docs/reliability.md'), 'utf8')
  const start = doc.indexOf('### Ceilings')
  expect(start, 'docs/reliability.md has a "### Ceilings" section').toBeGreaterThan(0)
  const rows = new Map<string, [string, string]>()
  for (const line of doc.slice(start).split('\n').slice(1)) {
    if (line.startsWith('#')) break
    const cells = line.split('|').map((c) => c.trim())
    const name = /^`([A-Z0-9_]+)`$/.exec(cells[1] ?? '')?.[1]
    if (!name) continue
    expect(rows.has(name), `${name} has one row`).toBe(false)
    rows.set(name, [cells[2], cells[3]])
  }
  return rows
}

/** "4 MiB" -> 4194304, "16,384" -> 16384; NaN for anything else. */
function tableValue(text: string): number {
  const m = /^([\d,]+)(?: (KiB|MiB|GiB))?$/.exec(text)
  if (!m) return NaN
  const scale = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 }[m[2] as 'KiB'] ?? 1
  return Number(m[1].replaceAll(',', '')) * scale
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|vue)$/.test(f))
    .map((f) =>
      relative(root, join(root, dir, f))
        .split('\\')
        .join('/'),
    )
}

describe('the limits table of docs/reliability.md', () => {
  const module = limits as unknown as Record<string, unknown>
  const ceilings = Object.keys(module).filter((k) => /MAX/.test(k) && typeof module[k] === 'number')

  it('has every unit the module names, and the module names one for every ceiling', () => {
    expect(ceilings.filter((k) => !(k in limits.LIMIT_UNITS))).toEqual([])
    expect(Object.keys(limits.LIMIT_UNITS).filter((k) => !ceilings.includes(k))).toEqual([])
  })

  it("gives every ceiling one row with the module's value and unit", () => {
    const rows = ceilingsTable()
    const wrong: string[] = []
    for (const name of ceilings) {
      const row = rows.get(name)
      const unit = (limits.LIMIT_UNITS as Record<string, string>)[name]
      if (!row) wrong.push(`${name}: no row`)
      else if (tableValue(row[0]) !== module[name] || row[1] !== unit)
        wrong.push(`${name}: the table says ${row[0]} ${row[1]}, the module ${String(module[name])} ${unit}`)
    }
    for (const name of rows.keys()) if (!ceilings.includes(name)) wrong.push(`${name}: not in the module`)
    expect(wrong).toEqual([])
  })

  it('is the only place outside the not-input list that defines a MAX constant', () => {
    const stray: string[] = []
    for (const file of ['src/shared', 'src/main', 'src/cli'].flatMap(sourceFiles)) {
      if (file === 'src/shared/limits.ts') continue
      const text = readFileSync(join(root, file), 'utf8')
      for (const m of text.matchAll(/\bconst ([A-Z0-9_]*MAX[A-Z0-9_]*) =/g))
        if (!(NOT_INPUT_CEILINGS[file] ?? []).includes(m[1])) stray.push(`${file}: ${m[1]}`)
    }
    expect(stray).toEqual([])
  })
})
