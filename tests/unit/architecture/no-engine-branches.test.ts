/**
 * No engine-specific branch outside the engine folders and the descriptor list (issue #30):
 * what an engine is lives in its descriptor (src/shared/formats/<engine>/engine.ts, listed in
 * formats/engines.ts), so no other file of src/ compares a value with an engine's or an engine
 * format's id or an engine's label (`=== 'godot'`, `!== 'ags4'`, `case 'tiled':`, `=== 'Tiled'`). The ids are the descriptor
 * list's, so a new engine is covered without editing this test. Files not moved onto the
 * descriptors yet are listed in KNOWN; the list may only shrink (a listed file without a branch
 * fails, so that it is taken off); it is empty now.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GAME_ENGINES } from '../../../src/shared/formats/engines'

const ROOT = join(__dirname, '../../..')
const SRC = join(ROOT, 'src')

const FORMATS = 'src/shared/formats'
const LIST = `${FORMATS}/engines.ts`

/** Where engine ids may be compared: each engine's folder (a folder of formats/ holding a descriptor, engine.ts or <name>-engine.ts) and the list. */
const ENGINE_FOLDERS = readdirSync(join(ROOT, FORMATS), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .filter((e) => readdirSync(join(ROOT, FORMATS, e.name)).some((f) => /(^|-)engine\.ts$/.test(f)))
  .map((e) => `${FORMATS}/${e.name}/`)

/** Files with branches not yet moved onto the descriptors: none left; the list may only shrink. */
const KNOWN: string[] = []

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) out.push(...sourceFiles(path))
    else if (/\.(ts|vue)$/.test(e.name)) out.push(path)
  }
  return out
}

/** Every comparison with one of `ids` in `text`, as 'line: text'. */
function engineBranches(text: string, ids: readonly string[]): string[] {
  const id = ids.map((i) => i.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')
  const branch = new RegExp(
    `(===|!==)\\s*['"\`](${id})['"\`]|['"\`](${id})['"\`]\\s*(===|!==)|case\\s+['"\`](${id})['"\`]`,
  )
  const out: string[] = []
  text.split('\n').forEach((line, i) => {
    if (branch.test(line)) out.push(`${i + 1}: ${line.trim()}`)
  })
  return out
}

/** The engines' and their formats' ids, and the engines' labels (a branch on 'Tiled' is one on the engine too). */
const IDS = [...new Set(GAME_ENGINES.flatMap((e) => [e.id, e.label, ...e.formats.map((f) => f.id)]))]

describe('engine branches', () => {
  it('the check finds a comparison with an engine id and leaves other strings alone', () => {
    expect(engineBranches("if (kind === 'godot') x()\nswitch (k) { case 'ags3': }", IDS)).toHaveLength(2)
    expect(engineBranches("if ('tiled-json' !== format.id) y()", IDS)).toHaveLength(1)
    expect(engineBranches("props.engine === 'Tiled' ? a : b", IDS)).toHaveLength(1)
    expect(engineBranches("const s = 'godot scene'; if (a === 'godots') z()", IDS)).toEqual([])
  })

  it('finds the engine folders by their descriptors', () => {
    for (const engine of ['ags', 'godot', 'tiled']) expect(ENGINE_FOLDERS).toContain(`${FORMATS}/${engine}/`)
  })

  it('no file of src/ outside the engine folders and the list compares with an engine id', () => {
    const found: Record<string, string[]> = {}
    for (const file of sourceFiles(SRC)) {
      const rel = relative(ROOT, file).split('\\').join('/')
      if (rel === LIST || ENGINE_FOLDERS.some((f) => rel.startsWith(f))) continue
      const hits = engineBranches(readFileSync(file, 'utf8'), IDS)
      if (hits.length > 0) found[rel] = hits
    }
    const unexpected = Object.fromEntries(Object.entries(found).filter(([f]) => !KNOWN.includes(f)))
    expect(unexpected).toEqual({})
    // A known file that lost its branches comes off the list.
    expect(KNOWN.filter((f) => !found[f])).toEqual([])
  })
})
