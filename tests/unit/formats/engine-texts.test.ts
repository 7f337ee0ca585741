/**
 * The texts that name every engine (the Import buttons, the desktop's game-folder picker
 * title, the Import dialog's hint, the command line's `--layer` help and refusal) are made
 * from the descriptor list: each names every engine, or every engine that keeps layer kinds,
 * by its descriptor's label, folder and formats.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { USAGE } from '../../../src/cli/walkbox'
import {
  ENGINE_NAMES,
  IMPORT_FROM_ENGINES,
  IMPORT_GAME_HINT,
  LAYER_KIND_ENGINES,
  layerRefusal,
  openGameFolderTitle,
} from '../../../src/shared/formats/engine-texts'
import { GAME_ENGINES } from '../../../src/shared/formats/engines'
import { walkbox } from '../cli/run-walkbox'

/** An engine's label without its version ('AGS 4' → 'AGS'). */
const nameOf = (label: string) => label.replace(/\s+\d[\d.]*$/, '')

describe('engine texts', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('the Import buttons and the picker title name each engine once, versions folded', () => {
    // The engines of this checkout first (CONTRIBUTING's recipe test adds one after them).
    expect(IMPORT_FROM_ENGINES).toMatch(/^Import from Godot, Tiled, AGS(, [^,]+)*…$/)
    expect(openGameFolderTitle(false)).toMatch(/^Open a game folder \(Godot, Tiled, AGS(, [^,]+)*\)$/)
    expect(openGameFolderTitle(true)).toMatch(
      /^Open a game folder read-only \(Godot, Tiled, AGS(, [^,]+)*\)$/,
    )
    for (const e of GAME_ENGINES) {
      expect(IMPORT_FROM_ENGINES, e.id).toContain(nameOf(e.label))
      expect(openGameFolderTitle(true), e.id).toContain(nameOf(e.label))
    }
    expect(ENGINE_NAMES.split(', ')).toEqual([...new Set(GAME_ENGINES.map((e) => nameOf(e.label)))])
  })

  it("the Import dialog's hint names every engine's game folder", () => {
    for (const e of GAME_ENGINES) expect(IMPORT_GAME_HINT, e.id).toContain(e.folder)
    expect(IMPORT_GAME_HINT).toContain('a Godot project with project.godot')
  })

  it("the command line's --layer help names each engine that keeps layer kinds, its folder, project file and room files", () => {
    expect(LAYER_KIND_ENGINES.map((e) => e.id)).toEqual(
      GAME_ENGINES.filter((e) => e.layerKinds).map((e) => e.id),
    )
    expect(LAYER_KIND_ENGINES.length).toBeGreaterThan(0)
    const lines = USAGE.split('\n').filter((l) => l.includes('--layer'))
    for (const e of LAYER_KIND_ENGINES) {
      expect(
        lines.some((l) => l.includes(`walkbox import <${e.folder}`)),
        e.id,
      ).toBe(true)
      if (e.projectFile)
        expect(
          lines.some((l) => l.includes(`file${e.projectFile}`)),
          e.id,
        ).toBe(true)
      const exportLine = lines.find((l) => l.includes('--into') && l.includes(e.label))
      for (const f of e.formats)
        for (const x of f.extensions) expect(exportLine, `${e.id} .${x}`).toContain(`.${x}`)
    }
    expect(USAGE).toContain(
      'walkbox import <a folder of Tiled maps | file.tiled-project> --out <project dir>',
    )
    expect(USAGE).toContain(
      '  --layer: a Tiled layer (or @shapes, @property:NAME for tiles) read as walkable|',
    )
    // An engine that keeps no layer kinds has no --layer line.
    for (const e of GAME_ENGINES.filter((g) => !g.layerKinds))
      expect(
        lines.some((l) => l.includes(`<${e.folder}>`)),
        e.id,
      ).toBe(false)
  })

  it('--layer given for a game of an engine without layer kinds is refused with the derived line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'walkbox-layer-refusal-'))
    dirs.push(dir)
    const game = join(dir, 'game')
    mkdirSync(game)
    writeFileSync(join(game, 'project.godot'), 'config_version=5\n')
    expect(layerRefusal()).toBe(
      '--layer: maps the layers of Tiled rooms; this is not a folder of Tiled maps nor a room of one',
    )
    const run = await walkbox('import', game, '--out', join(dir, 'out'), '--layer', 'Walls=obstacles')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(layerRefusal())
  }, 60_000)
})
