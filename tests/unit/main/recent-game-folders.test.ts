/**
 * Game folders in the desktop's recent list: a game opened in place is listed as a game
 * (its engine, its folder in Open Recent), reopens from the list after a restart as Open
 * Game Folder opens it, and is checked first: a game folder moved away or no longer a game
 * gives one line and removes nothing. An entry can be taken off the list (its files stay);
 * the list keeps RECENT_MAX entries.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DesktopHost } from '../../../src/main/desktop-host'
import { hostHandlers } from '../../../src/main/ipc'
import { recentLabel } from '../../../src/main/menu-template'
import { RECENT_MAX, type OpenedProject } from '../../../src/shared/host'
import { recentGameFolder } from '../../../src/shared/recent-list'
import { tempFolder } from './helpers'

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

async function setUp() {
  const t = await tempFolder('walkbox-recent-games-')
  cleanups.push(t.remove)
  const game = join(t.dir, 'curb')
  await mkdir(join(game, 'maps'), { recursive: true })
  await writeFile(join(game, 'maps', 'street.tmx'), MAP)
  const answers: { game: string | null; newFolder: string | null } = { game, newFolder: null }
  const makeHost = () =>
    new DesktopHost({
      userDataDir: () => join(t.dir, 'user-data'),
      sampleDir: () => t.dir,
      appVersion: () => '0.1.0',
      platform: 'linux',
      dialogs: {
        chooseProjectFolder: async () => null,
        chooseGameFolder: async () => answers.game,
        chooseNewProjectFolder: async () => answers.newFolder,
        chooseImageFile: async () => null,
      },
    })
  return { dir: t.dir, game, answers, makeHost }
}

describe('game folders in the desktop recent list', () => {
  it('lists a game opened in place as a game and reopens it from the list after a restart', async () => {
    const { game, makeHost } = await setUp()
    const opened = (await makeHost().openGameFolder())!
    expect(opened.game?.engine).toBe('tiled')
    const restarted = makeHost()
    const [entry] = await restarted.recentProjects()
    expect(entry).toMatchObject({ ref: opened.ref, name: 'Curb', game: 'tiled' })
    // Listed by the game's folder and engine (its project's name is the tooltip's), with its path.
    expect(recentLabel(entry)).toBe(`curb — Tiled (game folder) — ${game}`)
    expect(recentGameFolder(entry)).toEqual({
      folder: 'curb',
      label: 'curb — Tiled',
      where: `${game} (its Walkbox project is Curb)`,
      path: game,
    })
    // Through IPC as Open Recent asks: the game in place, not a bare project.
    const again = (await hostHandlers(restarted).openProject({ ref: entry.ref })) as OpenedProject
    expect(again.game).toEqual({ engine: 'tiled', name: 'curb', rooms: 1, readOnly: null })
    expect(again.rooms.map((r) => r.id)).toEqual(['street'])
  })

  it('refuses a game folder moved away or no longer a game in one line, and removes nothing', async () => {
    const { dir, game, makeHost } = await setUp()
    const opened = (await makeHost().openGameFolder())!
    const host = makeHost()
    const before = await host.recentProjects()

    await rm(join(game, 'maps'), { recursive: true })
    const notAGame = await host.openProject({ ref: opened.ref }).catch((e: Error) => e)
    expect((notAGame as Error).message).toBe(
      `The game folder ${game} is not there any more or is no longer a game Walkbox opened (moved, renamed or deleted?); open it again with File › Open Game Folder.`,
    )

    await rename(game, join(dir, 'moved'))
    const gone = await host.openProject({ ref: opened.ref }).catch((e: Error) => e)
    expect((gone as Error).message).toMatch(/^The game folder .* is not there any more/)
    expect((gone as Error).message).not.toContain('\n')
    expect(await host.recentProjects()).toEqual(before)
    expect(existsSync(join(dir, 'moved', '.walkbox', 'project', 'project.walkbox.json'))).toBe(true)
  })

  it('takes an entry off the list without touching its files, and keeps at most RECENT_MAX', async () => {
    const { dir, game, answers, makeHost } = await setUp()
    const host = makeHost()
    const opened = (await host.openGameFolder())!
    for (let i = 0; i < RECENT_MAX; i++) {
      answers.newFolder = join(dir, `project-${i}`)
      await host.createProject({ name: `P${i}` })
    }
    const list = await host.recentProjects()
    expect(list).toHaveLength(RECENT_MAX)
    // The oldest (the game) left the list when the tenth project came.
    expect(list.some((r) => r.ref === opened.ref)).toBe(false)
    const removed = list[3]
    await hostHandlers(host).forgetRecentProject({ ref: removed.ref })
    const after = await makeHost().recentProjects()
    expect(after.map((r) => r.ref)).toEqual(list.filter((r) => r !== removed).map((r) => r.ref))
    expect(existsSync(join(removed.ref, 'project.walkbox.json'))).toBe(true)
    expect(await readFile(join(game, 'maps', 'street.tmx'), 'utf8')).toBe(MAP)
    await expect(hostHandlers(host).forgetRecentProject({ ref: 7 })).rejects.toThrow(/malformed request/)
  })
})
