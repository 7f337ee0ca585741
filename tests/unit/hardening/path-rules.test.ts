/**
 * The one path checker (src/shared/path-rules.ts): every rule with the path that breaks it
 * and its one message, under each rule set; then every caller with a path it must refuse and
 * the line it gives (project and room files, the schema, the save journal, .zip entries, the
 * browser's project names in tests/component/browser-project-names.test.ts, game folders, the
 * command line's game reads).
 *
 * Units: characters and segments.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { folderSource } from '../../../src/cli/format-commands'
import { gamePathProblem } from '../../../src/shared/formats/game-source'
import { insideMapFolder } from '../../../src/shared/formats/tiled/external-files'
import { MAX_PATH_CHARS, MAX_PATH_DEPTH } from '../../../src/shared/limits'
import {
  caseFoldChecker,
  GAME_REFERENCE_PATHS,
  NORMAL_PATHS,
  normalPath,
  PATH_PROBLEMS,
  pathProblem,
  PROJECT_FILE_PATHS,
  resolveInside,
  ZIP_ENTRY_PATHS,
  type PathRule,
  type PathRules,
} from '../../../src/shared/path-rules'
import { checkJournalText } from '../../../src/shared/room/journal-check'
import { checkRelativePath, UnsafePathError } from '../../../src/shared/room/project-paths'
import { RelativeFileSchema } from '../../../src/shared/room/schema'
import { readZip, writeZip } from '../../../src/shared/room/zip'

const SETS: Record<string, PathRules> = { PROJECT_FILE_PATHS, NORMAL_PATHS, ZIP_ENTRY_PATHS }
const deep = Array.from({ length: MAX_PATH_DEPTH + 1 }, () => 'd').join('/')

describe('the path rules', () => {
  // [rule, path, the sets that refuse it (the others take it), message]
  const table: [PathRule, unknown, string[], string][] = [
    [
      'text',
      7,
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'is not text (found number); expected a path',
    ],
    ['empty', '', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'is empty'],
    [
      'length',
      'a'.repeat(MAX_PATH_CHARS + 1),
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      `is longer than ${MAX_PATH_CHARS} characters`,
    ],
    [
      'control',
      'a\0b',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'contains the control character U+0000',
    ],
    [
      'control',
      'rooms/a\nb.png',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'contains the control character U+000A',
    ],
    [
      'control',
      'x\u007f',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'contains the control character U+007F',
    ],
    ['absolute', '/etc/passwd', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'is absolute'],
    ['absolute', '\\x.png', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'is absolute'],
    ['absolute', 'C:/x.png', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'is absolute'],
    ['absolute', 'c:x.png', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'is absolute'],
    [
      'absolute',
      '\\\\server\\share\\x.png',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'is absolute',
    ],
    [
      'url',
      'res://rooms/x.png',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'is a URL; expected a path',
    ],
    [
      'url',
      'file:x.png',
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      'is a URL; expected a path',
    ],
    [
      'backslash',
      'rooms\\porch',
      ['NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      "contains '\\'; expected '/' between folders",
    ],
    ['up', '../x.png', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], "goes up with '..'"],
    ['up', 'rooms/../../x', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], "goes up with '..'"],
    ['up', 'a/../b', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], "goes up with '..'"],
    [
      'normal',
      './rooms/a',
      ['NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      "has an empty or '.' segment; expected a normal path",
    ],
    [
      'normal',
      'rooms//a',
      ['NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      "has an empty or '.' segment; expected a normal path",
    ],
    ['no-file', '.', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'names no file'],
    ['no-file', './/', ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'], 'names no file'],
    [
      'depth',
      deep,
      ['PROJECT_FILE_PATHS', 'NORMAL_PATHS', 'ZIP_ENTRY_PATHS'],
      `is more than ${MAX_PATH_DEPTH} folders deep`,
    ],
    [
      'windows-name',
      'rooms/CON',
      ['ZIP_ENTRY_PATHS'],
      "names 'CON', which Windows cannot hold as a file name",
    ],
    [
      'windows-name',
      'rooms/aux.png',
      ['ZIP_ENTRY_PATHS'],
      "names 'aux.png', which Windows cannot hold as a file name",
    ],
    [
      'windows-name',
      'rooms/com1/room.json',
      ['ZIP_ENTRY_PATHS'],
      "names 'com1', which Windows cannot hold as a file name",
    ],
    [
      'windows-name',
      'rooms/a./room.json',
      ['ZIP_ENTRY_PATHS'],
      "names 'a.', which Windows cannot hold as a file name",
    ],
    [
      'windows-name',
      'rooms/a /room.json',
      ['ZIP_ENTRY_PATHS'],
      "names 'a ', which Windows cannot hold as a file name",
    ],
    [
      'windows-character',
      'rooms/a:b.png',
      ['ZIP_ENTRY_PATHS'],
      "contains ':', which Windows does not allow in a file name",
    ],
    [
      'windows-character',
      'what?.png',
      ['ZIP_ENTRY_PATHS'],
      "contains '?', which Windows does not allow in a file name",
    ],
  ]

  it.each(table)('%s: %j', (rule, path, refusedBy, message) => {
    for (const [name, rules] of Object.entries(SETS)) {
      const found = pathProblem(path, rules)
      if (refusedBy.includes(name)) expect(found, name).toEqual({ rule, problem: message })
      else expect(found, name).toBeNull()
    }
  })

  it('has one message for every rule, and the table breaks every rule but case folding', () => {
    const broken = new Set(table.map(([rule]) => rule))
    expect([...broken, 'case-collision'].sort()).toEqual(Object.keys(PATH_PROBLEMS).sort())
  })

  it('takes the paths each set is for, in normal form', () => {
    expect(normalPath('rooms\\porch/./bg.png', PROJECT_FILE_PATHS)).toBe('rooms/porch/bg.png')
    expect(normalPath('rooms/porch/room.json', NORMAL_PATHS)).toBe('rooms/porch/room.json')
    expect(normalPath('rooms/console/con-trol.png', ZIP_ENTRY_PATHS)).toBe('rooms/console/con-trol.png')
    expect(normalPath('a'.repeat(MAX_PATH_CHARS), NORMAL_PATHS)).toBe('a'.repeat(MAX_PATH_CHARS))
    expect(normalPath(deep.slice(2), NORMAL_PATHS)).toBe(deep.slice(2))
  })

  it("resolves one file's name for another inside the root, '..' included while it stays inside", () => {
    expect(resolveInside('maps/town', '../tiles/a.tsx', GAME_REFERENCE_PATHS)).toBe('maps/tiles/a.tsx')
    expect(resolveInside('maps', '..\\..\\x.tsx', GAME_REFERENCE_PATHS)).toEqual({
      rule: 'up',
      problem: "goes up with '..'",
    })
    expect(resolveInside('maps', '..', GAME_REFERENCE_PATHS)).toBe('')
    expect(resolveInside('', 'res://x.tsx', GAME_REFERENCE_PATHS)).toEqual({
      rule: 'url',
      problem: 'is a URL; expected a path',
    })
    expect(resolveInside('', '/x.tsx', GAME_REFERENCE_PATHS)).toEqual({
      rule: 'absolute',
      problem: 'is absolute',
    })
  })

  it('finds two paths that differ only in case', () => {
    const check = caseFoldChecker()
    expect(check('rooms/Porch/room.json')).toBeNull()
    expect(check('rooms/Porch/room.json')).toBeNull() // the same path twice is the caller's to refuse
    expect(check('rooms/porch/ROOM.json')).toEqual({
      rule: 'case-collision',
      problem: "differs from 'rooms/Porch/room.json' only in case",
    })
    expect(check('rooms/cafe\u0301/a.png')).toBeNull()
    expect(check('rooms/CAF\u00c9/a.png')?.rule).toBe('case-collision')
  })
})

describe('every caller refuses with the rule of its set', () => {
  const where = { file: 'rooms/porch/room.json', field: 'background' }
  const tail = '; paths must stay inside the project folder'

  it('project and room files (both hosts, and the desktop before resolving)', () => {
    const refused = (value: string) => () => checkRelativePath(value, where)
    expect(refused('bg\t.png')).toThrow(UnsafePathError)
    expect(refused('bg\t.png')).toThrow(
      `rooms/porch/room.json: background: 'bg\\t.png' contains the control character U+0009${tail}`,
    )
    expect(refused('a\0b')).toThrow(`background: 'a\\0b' contains the control character U+0000${tail}`)
    expect(refused(deep)).toThrow(`is more than ${MAX_PATH_DEPTH} folders deep${tail}`)
    expect(checkRelativePath('.\\new//later.png', where)).toEqual(['new', 'later.png'])
  })

  it('the schema, with the same words', () => {
    const issue = (value: string) => RelativeFileSchema.safeParse(value).error?.issues[0]?.message
    expect(issue('../bg.png')).toBe(`'../bg.png' goes up with '..'${tail}`)
    expect(issue('C:/games/x')).toBe(`'C:/games/x' is absolute${tail}`)
    expect(issue('x\u0001.png')).toBe(`'x\\u0001.png' contains the control character U+0001${tail}`)
    expect(issue('rooms\\porch')).toBeUndefined()
  })

  it('the save journal', () => {
    const journal = (target: unknown) =>
      checkJournalText(JSON.stringify({ files: [{ target, staged: `${String(target)}.walkbox-new` }] }))
        .problem
    expect(journal('rooms\\porch\\room.json')).toBe(
      `files[0].target: "rooms\\\\porch\\\\room.json" contains '\\'; expected '/' between folders`,
    )
    expect(journal('rooms/./room.json')).toBe(
      `files[0].target: "rooms/./room.json" has an empty or '.' segment; expected a normal path`,
    )
    expect(journal('rooms/a\u001fb')).toBe(
      'files[0].target: "rooms/a\\u001fb" contains the control character U+001F',
    )
    expect(journal(3)).toBe('files[0].target: 3 is not text (found number); expected a path')
  })

  it('.zip projects', async () => {
    const refusal = (...paths: string[]) =>
      readZip(
        writeZip(paths.map((path) => ({ path, bytes: new TextEncoder().encode('x') }))),
        'evil.zip',
        () => {
          throw new Error('stored entries are never inflated')
        },
      ).then(
        () => '',
        (e: Error) => e.message,
      )
    expect(await refusal('rooms/nul/room.json')).toBe(
      `evil.zip: "rooms/nul/room.json" names 'nul', which Windows cannot hold as a file name; paths must stay inside the project`,
    )
    expect(await refusal('../evil.json')).toBe(
      `evil.zip: "../evil.json" goes up with '..'; paths must stay inside the project`,
    )
    expect(await refusal('rooms/a/bg.png', 'rooms/A/bg.png')).toBe(
      `evil.zip: "rooms/A/bg.png" differs from 'rooms/a/bg.png' only in case`,
    )
    expect(await refusal('rooms/a/bg.png', 'rooms/b/bg.png')).toBe('')
  })

  it('game folders (paths written into a game)', () => {
    expect(gamePathProblem('Rooms/1/../../x')).toBe(`"Rooms/1/../../x" goes up with '..'`)
    expect(gamePathProblem('Rooms\\1\\data.xml')).toBe(
      `"Rooms\\\\1\\\\data.xml" contains '\\'; expected '/' between folders`,
    )
  })

  it('Tiled maps naming tilesets and templates', () => {
    expect(insideMapFolder('', 'maps/', '../tiles/a.tsx')).toBe('tiles/a.tsx')
    // A URL was refused before too; a control character was not (the rule 'control' is new here).
    expect(insideMapFolder('', 'maps/', 'res://tiles/a.tsx')).toBeNull()
    expect(insideMapFolder('', 'maps/', 'a\0.tsx')).toBeNull()
  })

  describe("the command line's game reads", () => {
    const root = mkdtempSync(join(tmpdir(), 'walkbox-path-rules-'))
    afterAll(() => rmSync(root, { recursive: true, force: true }))
    mkdirSync(join(root, 'game', 'a'), { recursive: true })
    writeFileSync(join(root, 'game', 'b.txt'), 'inside')
    writeFileSync(join(root, 'outside.txt'), 'outside')

    it('reads a normal path and nothing else, as the editor reads a game', async () => {
      const source = folderSource(join(root, 'game'))
      expect(await source.readText('b.txt')).toBe('inside')
      // Each of these named b.txt (or a file outside) before; the editor's game folders refuse them.
      for (const path of [
        'a/../b.txt',
        './b.txt',
        'a//../b.txt',
        '../outside.txt',
        join(root, 'outside.txt'),
      ])
        expect(await source.readText(path), path).toBeNull()
    })
  })
})
