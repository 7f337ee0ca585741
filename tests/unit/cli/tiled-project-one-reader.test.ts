/**
 * One reader of .tiled-project files: `walkbox import <x.tiled-project>` (the command line)
 * and File > Open Game Folder (the desktop editor's game folder) list the same maps, in the
 * same order, with the same notes, for a project listing two folders, a hostile
 * '../outside', a missing folder and a folder that is a link out of the game; a dot folder
 * inside a listed one is looked into by neither. The .tiled-project's own limits (a regular
 * file, bounded size, one-line error for bad JSON) hold for both.
 *
 * Units: px.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { importTiledFolderCommand } from '../../../src/cli/import-tiled-folder'
import { ProjectCommandError } from '../../../src/cli/project-commands'
import { openGameFolder } from '../../../src/main/services/game-folder-store'
import { tempFolder } from '../main/helpers'
import { MAX_TILED_PROJECT_BYTES } from '../../../src/shared/limits'

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="20" height="15" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="walkable">
  <object id="1" name="floor" type="walkable" x="10" y="60">
   <polygon points="0,0 280,0 280,160 0,160"/>
  </object>
 </objectgroup>
</map>
`

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function gameWithProject(project: string | Uint8Array): Promise<{ dir: string; game: string }> {
  const t = await tempFolder('walkbox-tiled-one-reader-')
  cleanups.push(t.remove)
  const game = join(t.dir, 'game')
  for (const f of [
    'game/town/square.tmx',
    'game/town/.drafts/old.tmx',
    'game/cellar/cellar.tmx',
    'game/cellar/deep/well.tmx',
    'game/unlisted/attic.tmx',
    'outside/far.tmx',
    'elsewhere/linked.tmx',
  ]) {
    await mkdir(join(t.dir, f, '..'), { recursive: true })
    await writeFile(join(t.dir, f), MAP)
  }
  // A folder of the game that is a link to maps outside it.
  await symlink(join(t.dir, 'elsewhere'), join(game, 'linked'))
  await writeFile(join(game, 'game.tiled-project'), project)
  return { dir: t.dir, game }
}

const projectText = (folders: unknown[]) =>
  JSON.stringify(
    { automappingRulesFile: '', commands: [], extensionsPath: 'extensions', folders, propertyTypes: [] },
    null,
    4,
  )

describe('the command line and the editor read a .tiled-project alike', () => {
  it('list the same maps in the same order with the same notes, never outside the game', async () => {
    const { dir, game } = await gameWithProject(
      projectText(['town', 'cellar', '../outside', 'missing', 'linked']),
    )
    const lines: string[] = []
    const cli = await importTiledFolderCommand(join(dir, 'out'), join(game, 'game.tiled-project'), (l) =>
      lines.push(l),
    )
    const opened = await openGameFolder(game)
    const editorMaps = opened.link.rooms.map((r) => r.file)
    // The author's folder order (town before cellar), no dot folder, no link, nothing outside.
    expect(editorMaps).toEqual(['town/square.tmx', 'cellar/cellar.tmx', 'cellar/deep/well.tmx'])
    expect(cli.rooms.map((r) => r.map)).toEqual(editorMaps)
    expect(cli.refused).toEqual([])
    expect(lines).toHaveLength(3)
    const projectNotes = (notes: string[]) => notes.filter((n) => n.startsWith('game.tiled-project: '))
    expect(projectNotes(cli.notes)).toEqual([
      "game.tiled-project: folder '../outside' leaves the game folder; not looked into",
      "game.tiled-project: folder 'missing' is not a folder in the game; not looked into",
      "game.tiled-project: folder 'linked' is not a folder in the game; not looked into",
      'game.tiled-project: maps read from its folders (town, cellar)',
    ])
    expect(projectNotes(opened.notes)).toEqual(projectNotes(cli.notes))
  })

  it('refuse malformed JSON in one line, and a project file over the size limit, alike', async () => {
    for (const [text, message] of [
      ['{"folders": [', /^game\.tiled-project: not JSON \(.+\)$/],
      [new Uint8Array(MAX_TILED_PROJECT_BYTES + 1).fill(32), /^game\.tiled-project: larger than \d+ bytes/],
    ] as const) {
      const { dir, game } = await gameWithProject(text)
      const cli = await importTiledFolderCommand(
        join(dir, 'out'),
        join(game, 'game.tiled-project'),
        () => {},
      ).then(
        () => null,
        (e: unknown) => e,
      )
      expect(cli).toBeInstanceOf(ProjectCommandError)
      expect((cli as Error).message).toMatch(message)
      expect((cli as Error).message).not.toContain('\n')
      const editor = await openGameFolder(game).then(
        () => null,
        (e: unknown) => e,
      )
      expect((editor as Error).message).toBe((cli as Error).message)
    }
  })
})

describe('maps that give one flag different defaults', () => {
  it('the command line and the editor both say the project keeps the first map’s default', async () => {
    const t = await tempFolder('walkbox-tiled-flag-defaults-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'maps')
    await mkdir(game, { recursive: true })
    const gate = (flags: string) =>
      MAP.replace(
        ' <objectgroup id="1" name="walkable">',
        ` <properties>\n  <property name="walkbox.flags" value="${flags}"/>\n </properties>\n <objectgroup id="1" name="walkable">`,
      )
    await writeFile(join(game, 'a.tmx'), gate('[{&quot;id&quot;:&quot;lit&quot;,&quot;default&quot;:true}]'))
    await writeFile(join(game, 'b.tmx'), gate('[{&quot;id&quot;:&quot;lit&quot;,&quot;default&quot;:false}]'))
    await writeFile(join(game, 'c.tmx'), gate('[{&quot;id&quot;:&quot;lit&quot;,&quot;default&quot;:true}]'))
    const line =
      "flag 'lit': default true in a.tmx but false in b.tmx; the project keeps a.tmx's, which goes into the others when the rooms are written back into the game"
    const cli = await importTiledFolderCommand(join(t.dir, 'project'), game, () => {})
    expect(cli.notes).toEqual([line])
    const opened = await openGameFolder(game)
    expect(opened.notes).toContain(line)
  })
})
