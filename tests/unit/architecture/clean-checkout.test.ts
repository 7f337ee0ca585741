/**
 * `npm test` leaves the checkout as it found it: screenshots go to a temporary folder (or
 * WALKBOX_SCREENSHOTS), the README images are written by `npm run docs:images` only, and
 * no test file writes under the checkout's root by another way.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { assertWritable, DOCS_IMAGES_DIR, isInside, screenshotPath } from '../../support/screenshots'

const outside = join(tmpdir(), 'walkbox-kept-shots')

describe('where tests may write screenshots', () => {
  it('puts them in the temporary folder, or in WALKBOX_SCREENSHOTS to keep them', () => {
    const file = screenshotPath('a.png', { env: {} })
    expect(file).toBe(join(tmpdir(), 'walkbox-screenshots', 'a.png'))
    expect(isInside(repoRoot, file)).toBe(false)
    expect(screenshotPath('a.png', { env: { WALKBOX_SCREENSHOTS: outside } })).toBe(join(outside, 'a.png'))
  })

  it('refuses a screenshot folder inside the checkout, ignored by git or not', () => {
    for (const dir of ['test-results', 'out/screenshots', 'docs/images', '.']) {
      const env = { WALKBOX_SCREENSHOTS: resolve(repoRoot, dir) }
      expect(() => screenshotPath('a.png', { env }), dir).toThrow(/inside the checkout/)
    }
  })

  it('writes a README image into docs/images only while `npm run docs:images` runs', () => {
    expect(screenshotPath('walkbox-walk.png', { docs: true, env: {} })).toBe(
      join(tmpdir(), 'walkbox-screenshots', 'walkbox-walk.png'),
    )
    expect(screenshotPath('walkbox-walk.png', { docs: true, env: { WALKBOX_DOCS_IMAGES: '1' } })).toBe(
      join(DOCS_IMAGES_DIR, 'walkbox-walk.png'),
    )
    // Docs mode does not open the checkout to other screenshots.
    expect(screenshotPath('panel.png', { env: { WALKBOX_DOCS_IMAGES: '1' } })).toBe(
      join(tmpdir(), 'walkbox-screenshots', 'panel.png'),
    )
  })

  it('refuses a name that leaves its folder, and any other file in the checkout', () => {
    for (const name of ['../a.png', '../../docs/images/walkbox-walk.png', '.', '']) {
      expect(() => screenshotPath(name, { env: {} }), name).toThrow()
    }
    const docsEnv = { WALKBOX_DOCS_IMAGES: '1' }
    expect(() => screenshotPath('../../README.md', { docs: true, env: docsEnv })).toThrow()
    expect(() => assertWritable(resolve(repoRoot, 'test-results/a.png'), { env: {} })).toThrow(
      /inside the checkout/,
    )
    expect(() =>
      assertWritable(resolve(repoRoot, 'docs/images/walkbox-walk.png'), { docs: true, env: {} }),
    ).toThrow(/docs:images/)
    expect(() => assertWritable(join(outside, 'a.png'), { env: {} })).not.toThrow()
  })
})

/** Every .ts file under tests/, as [path from the checkout, text]. */
function testSources(): [string, string][] {
  const out: [string, string][] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(ts|mts|mjs)$/.test(entry.name))
        out.push([relative(repoRoot, path), readFileSync(path, 'utf8')])
    }
  }
  walk(join(repoRoot, 'tests'))
  return out
}

describe('test files', () => {
  it('take screenshots to files only through saveScreenshot and saveDocsImage', () => {
    const offenders = testSources()
      .filter(([path]) => path !== join('tests', 'e2e', 'helpers.ts'))
      .flatMap(([path, text]) =>
        text
          .split('\n')
          .map((line, i) => ({ where: `${path}:${i + 1}`, line }))
          .filter(({ line }) => /\.screenshot\(\s*\{[^}]*\bpath\b/.test(line)),
      )
    expect(offenders.map((o) => o.where)).toEqual([])
  })

  it('write nothing under the checkout root (build outputs and files go to a temporary folder)', () => {
    const writes =
      /\b(writeFile|writeFileSync|mkdir|mkdirSync|cp|copyFile|outDir|createWriteStream|screenshot)\b/
    const offenders = testSources().flatMap(([path, text]) =>
      text
        .split('\n')
        .map((line, i) => ({ where: `${path}:${i + 1}`, line }))
        .filter(({ line }) => /\brepoRoot\b/.test(line) && writes.test(line)),
    )
    expect(offenders.map((o) => `${o.where}: ${o.line.trim()}`)).toEqual([])
  })

  it('that take README images are the ones `npm run docs:images` runs', () => {
    const script = readFileSync(join(repoRoot, 'scripts/docs-images.ts'), 'utf8')
    const takers = testSources()
      .filter(([path, text]) => path.endsWith('.test.ts') && /\bsaveDocsImage\(/.test(text))
      .map(([path]) => path.split('\\').join('/'))
    expect(takers.length).toBeGreaterThan(0)
    for (const path of takers) expect(script, path).toContain(`'${path}'`)
  })
})
