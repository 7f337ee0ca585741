/**
 * No import circles in src/ (issue #30): every static import, type-only ones included,
 * points to a file that does not reach back. A circle fails this test naming the path
 * through it; break it at its root (move the shared type or constant into a small file
 * both sides import), never by turning an import into a dynamic one to silence the test.
 * The lint rule `walkbox/no-import-circles` (eslint.config.js) refuses a new one as it is
 * written, from the same graph code (scripts/lint/import-graph.js); the last test runs the
 * project's own lint configuration on a planted circle.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { afterEach, describe, expect, it } from 'vitest'
import { importCircles, importGraph, staticSpecifiers } from '../../../scripts/lint/import-graph.js'

let temp: string | null = null
afterEach(() => {
  if (temp) rmSync(temp, { recursive: true, force: true })
  temp = null
})

/** A temporary tree holding `files` (path -> text). */
function tree(files: Record<string, string>): string {
  temp = mkdtempSync(join(tmpdir(), 'walkbox-circles-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(temp, path, '..'), { recursive: true })
    writeFileSync(join(temp, path), text)
  }
  return temp
}

describe('import circles', () => {
  it('src/ has none', () => {
    const graph = importGraph(join(process.cwd(), 'src'))
    expect(graph.size).toBeGreaterThan(100)
    expect(importCircles(graph)).toEqual([])
  })

  it('finds a planted circle of type-only imports and re-exports, and names its path', () => {
    const root = tree({
      'editor/editor.ts':
        "import type { Saved } from '../io/project-io'\nexport type Editor = { saved: Saved }\n",
      'io/project-io.ts': "export { recover } from './recovery.js'\nexport type Saved = number\n",
      'io/recovery.ts':
        "import { type Editor } from '../editor/editor'\nexport const recover = (e: Editor) => e\n",
      'io/leaf.ts': "import '../editor/editor'\nexport const later = () => import('./dynamic')\n",
      'io/dynamic.ts': "import { later } from './leaf'\nexport const again = later\n",
      'view/panel.vue':
        '<template><p /></template>\n<script setup lang="ts">\nimport { self } from \'./panel.vue\'\n</script>\n',
      'view/alone.ts':
        "import { z } from 'zod'\nimport { join } from 'node:path'\nexport const a = [z, join]\n",
    })
    expect(importCircles(importGraph(root))).toEqual([
      'editor/editor.ts -> io/project-io.ts -> io/recovery.ts -> editor/editor.ts',
      'view/panel.vue -> view/panel.vue',
    ])
  })

  it('reads static imports and re-exports, not dynamic ones', () => {
    expect(
      staticSpecifiers(
        "import a from './a'\nimport type { B } from './b'\nexport * from './c'\nexport type { D } from './d'\nimport './e'\nconst f = import('./f')\nexport const g = 1\n",
        'x.ts',
      ),
    ).toEqual(['./a', './b', './c', './d', './e'])
  })

  it("is refused by the project's lint rule, which names the circle's path on the import that closes it", async () => {
    const root = tree({
      'src/editor/editor.ts':
        "import type { Saved } from '../io/project-io'\nexport type Editor = { saved: Saved }\n",
      'src/io/project-io.ts': "export { recover } from './recovery'\nexport type Saved = number\n",
      'src/io/recovery.ts':
        "import type { Editor } from '../editor/editor'\nexport const recover = (e: Editor) => e\n",
      'src/io/leaf.ts': "import { recover } from './recovery'\nexport const later = () => import('./late')\n",
      'src/io/late.ts': "import { later } from './leaf'\nexport const again = [later]\n",
    })
    const eslint = new ESLint({ cwd: root, overrideConfigFile: join(process.cwd(), 'eslint.config.js') })
    const results = await eslint.lintFiles(['src/**/*.ts'])
    const found = results
      .flatMap((r) =>
        r.messages.map((m) => ({
          file: r.filePath.slice(root.length + 1),
          line: m.line,
          rule: m.ruleId,
          text: m.message,
        })),
      )
      .filter((m) => m.rule === 'walkbox/no-import-circles')
    expect(found.map(({ file, line, text }) => [file, line, text.split('. Break')[0]])).toEqual([
      [
        'src/editor/editor.ts',
        1,
        'Import circle: editor/editor.ts -> io/project-io.ts -> io/recovery.ts -> editor/editor.ts',
      ],
      [
        'src/io/project-io.ts',
        1,
        'Import circle: io/project-io.ts -> io/recovery.ts -> editor/editor.ts -> io/project-io.ts',
      ],
      [
        'src/io/recovery.ts',
        1,
        'Import circle: io/recovery.ts -> editor/editor.ts -> io/project-io.ts -> io/recovery.ts',
      ],
    ])
    // The text being linted counts, not only the files on disk: an unsaved buffer that closes a circle is refused.
    const [buffer] = await eslint.lintText("import { again } from './late'\nexport const more = again\n", {
      filePath: join(root, 'src/io/leaf.ts'),
    })
    expect(buffer.messages.map((m) => m.message.split('. Break')[0])).toEqual([
      'Import circle: io/leaf.ts -> io/late.ts -> io/leaf.ts',
    ])
  })
})
