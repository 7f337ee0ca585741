/**
 * The Node versions Walkbox says it needs agree with what its locked dependencies ask:
 * package.json's "engines.node" accepts exactly the versions every installed package's
 * own "engines.node" accepts (package-lock.json), and README's set-up section names the
 * same range. A dependency update that raises the floor fails here until both are
 * updated; so does a floor raised without a reason.
 *
 * The ranges are npm's: "||" joins alternatives, spaces join bounds, each bound is
 * ">=1.2.3", ">1.2.3", "<=1.2.3", "<1.2.3", "^1.2.3", "~1.2.3", "1.2.x", "1.2.3" or "*".
 * They are compared on probe versions: every version a range names, the patch after it,
 * and every major from 10 to 40; both sides change only at named versions, so probes
 * around them decide agreement.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

type Version = [number, number, number]

const ROOT = join(__dirname, '..', '..', '..')

function parse(text: string): Version {
  const [a = '0', b = '0', c = '0'] = text.replace(/^v/, '').split('.')
  const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : 0)
  return [num(a), num(b), num(c)]
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/** Does `v` satisfy one bound ("^20.19.0", ">= 22.12.0", "22.x")? */
function satisfiesBound(v: Version, bound: string): boolean {
  const m = /^(>=|<=|>|<|\^|~|=)?\s*v?([\dxX*]+(?:\.[\dxX*]+){0,2})$/.exec(bound)
  if (!m) throw new Error(`Cannot read the version bound '${bound}'.`)
  const op = m[1] ?? ''
  const parts = m[2].split('.')
  const wild = parts.findIndex((p) => /^[xX*]$/.test(p))
  const base = parse(m[2].replace(/[xX*]/g, '0'))
  if (op === '' || op === '=') {
    // "22" or "22.x" means every 22.*.*; "22.1" every 22.1.*.
    const fixed = wild >= 0 ? wild : parts.length
    for (let i = 0; i < fixed; i++) if (v[i] !== base[i]) return false
    return fixed < 3 || compare(v, base) === 0
  }
  const c = compare(v, base)
  switch (op) {
    case '>=':
      return c >= 0
    case '>':
      return c > 0
    case '<=':
      return c <= 0
    case '<':
      return c < 0
    case '^':
      return c >= 0 && (base[0] > 0 ? v[0] === base[0] : v[1] === base[1])
    default:
      return c >= 0 && v[0] === base[0] && (parts.length < 2 || v[1] === base[1])
  }
}

export function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    const bounds = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((b) => b !== '' && b !== '*')
    return bounds.every((b) => satisfiesBound(version, b))
  })
}

/** Versions where any of the ranges can change its answer, and around them. */
function probes(ranges: string[]): Version[] {
  const found = new Map<string, Version>()
  const add = (v: Version) => found.set(v.join('.'), v)
  for (let major = 10; major <= 40; major++) add([major, 0, 0])
  for (const range of ranges)
    for (const m of range.matchAll(/\d+(?:\.\d+){0,2}/g)) {
      const v = parse(m[0])
      add(v)
      add([v[0], v[1], v[2] + 1])
      if (v[2] > 0) add([v[0], v[1], v[2] - 1])
      else if (v[1] > 0) add([v[0], v[1] - 1, 99])
      else if (v[0] > 0) add([v[0] - 1, 99, 99])
    }
  return [...found.values()].sort(compare)
}

interface LockEntry {
  version?: string
  optional?: boolean
  engines?: { node?: string } | string[]
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T
}

const pkg = readJson<{ engines: { node: string } }>('package.json')
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json')
/** Every installed package's Node range (optional packages are left out: npm skips them when they do not fit). */
const asked = Object.entries(lock.packages)
  .filter(
    ([path, e]) => path !== '' && !e.optional && e.engines && !Array.isArray(e.engines) && e.engines.node,
  )
  .map(([path, e]) => ({
    name: path.replace(/^.*node_modules\//, ''),
    range: (e.engines as { node: string }).node,
  }))

describe('the Node version', () => {
  it('reads npm ranges as npm does', () => {
    expect(satisfies([20, 19, 0], '^20.19.0 || >=22.12.0')).toBe(true)
    expect(satisfies([21, 0, 0], '^20.19.0 || >=22.12.0')).toBe(false)
    expect(satisfies([22, 12, 0], '>= 22.12.0')).toBe(true)
    expect(satisfies([22, 11, 9], '>= 22.12.0')).toBe(false)
    expect(satisfies([18, 3, 0], '18.x')).toBe(true)
    expect(satisfies([19, 0, 0], '18.x')).toBe(false)
    expect(satisfies([14, 18, 0], '~14.17')).toBe(false)
    expect(satisfies([16, 0, 0], '>=14 <17')).toBe(true)
    expect(satisfies([17, 0, 0], '>=14 <17')).toBe(false)
  })

  it("package.json's engines accept exactly the versions every locked dependency accepts", () => {
    expect(asked.length).toBeGreaterThan(10)
    const ours = pkg.engines.node
    const wrong: string[] = []
    for (const v of probes([ours, ...asked.map((a) => a.range)])) {
      const refusedBy = asked.filter((a) => !satisfies(v, a.range)).map((a) => `${a.name} (${a.range})`)
      const allAccept = refusedBy.length === 0
      if (satisfies(v, ours) !== allAccept)
        wrong.push(
          allAccept
            ? `${v.join('.')}: every dependency accepts it, engines "${ours}" refuses it`
            : `${v.join('.')}: engines "${ours}" accepts it, ${refusedBy.slice(0, 3).join(', ')} refuse it`,
        )
    }
    expect(wrong).toEqual([])
  })

  it("package-lock.json's root entry carries the same engines as package.json", () => {
    expect(lock.packages['']?.engines).toEqual(pkg.engines)
  })

  it("README's set-up section names the same range as engines", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const setUp = readme.slice(readme.indexOf('## Set up'), readme.indexOf('## Test'))
    expect(setUp).toContain(`Node \`${pkg.engines.node}\``)
  })
})
