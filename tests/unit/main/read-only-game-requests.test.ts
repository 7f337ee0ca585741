/**
 * A game the author opened read-only refuses every write whatever path a request names
 * (issue #33): after File › Open Game Folder Read-Only… on a game that has its own Walkbox
 * project, a save, a rename, a restore, a plan or a write naming the game's own
 * `.walkbox/project` (allowed: the recent list names it) is refused in one line, and the
 * game folder's files are as they were. Opened writable again, the same requests work.
 *
 * Units: none.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DesktopHost } from '../../../src/main/desktop-host'
import * as store from '../../../src/main/services/project-store'
import { benchPath } from '../../support/bench-data'
import { writableCopy } from '../../support/game-copy'
import { fingerprint } from '../../support/game-faults'
import { tempFolder } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

describe('a game opened read-only by choice, and requests naming its own project', () => {
  it('refuses every write in one line and changes nothing in the game', async () => {
    const t = await tempFolder('walkbox-ro-requests-')
    cleanups.push(t.remove)
    const game = join(t.dir, 'popochiu')
    await writableCopy(benchPath('engines', 'popochiu-sample-game'), game)
    const host = new DesktopHost({
      userDataDir: () => join(t.dir, 'user-data'),
      sampleDir: () => t.dir,
      appVersion: () => '0.1.0',
      platform: 'linux',
      dialogs: {
        chooseProjectFolder: async () => null,
        chooseGameFolder: async () => game,
        chooseNewProjectFolder: async () => join(t.dir, 'copy'),
        chooseImageFile: async () => null,
      },
    })
    // Opened writable first: the game gets its Walkbox project (and the recent list names it).
    const writable = await host.openGameFolder()
    const inGame = writable!.ref
    expect(inGame).toBe(join(game, '.walkbox', 'project'))
    await host.openGameFolder({ readOnly: true })
    const before = await fingerprint(game)
    const { project } = await store.openProject(inGame)
    const room = (await store.loadRoom(inGame, 'house')).room
    const refusals = [
      await host.saveProject({ ref: inGame, project, rooms: [{ room }] }).catch((e: Error) => e.message),
      await host.renameProject({ ref: inGame, name: 'Renamed' }).catch((e: Error) => e.message),
      await host
        .restoreBackup({ ref: inGame, backupId: '2026-01-01T00-00-00-000Z' })
        .catch((e: Error) => e.message),
      await host.planGameSave({ ref: inGame }).catch((e: Error) => e.message),
      await host.writeGameSave({ ref: inGame, fingerprint: '0-0' }).catch((e: Error) => e.message),
    ]
    for (const line of refusals) {
      expect(line).toMatch(/you opened the game (popochiu )?read-only: Walkbox writes nothing into it/)
      expect(line).not.toContain('\n')
    }
    expect(await fingerprint(game)).toEqual(before)
    // Open Game Folder (writable) again: the same save goes through.
    await host.openGameFolder()
    await host.saveProject({ ref: inGame, project: { ...project, name: 'Saved' }, rooms: [] })
    expect((await store.openProject(inGame)).project.name).toBe('Saved')
  })
})
