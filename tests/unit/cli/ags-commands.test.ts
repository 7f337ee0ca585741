/**
 * AGS games from the command line as users run it: the bench game folder
 * (../shared/bench/engines/ags-tumbleweed) into one project with a progress line per room
 * and a summary, an AGS 4 room folder imported and written back in place unchanged (every
 * byte) and then with an edit (only the walkable mask replaced, the old one backed up), and
 * a hostile .crm refused in one line with nothing written.
 *
 * Units: px.
 */
import { chmod, cp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { snapshotFiles, tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'

const GAME = benchPath('engines', 'ags-tumbleweed')

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-ags-cli-'))
})
afterEach(async () => {
  await cleanup()
})

async function writableCopy(from: string, to: string) {
  await cp(from, to, { recursive: true })
  for (const f of await readdir(to)) await chmod(join(to, f), 0o644)
  await chmod(to, 0o755)
}

describe('walkbox import / export with AGS games', () => {
  it('imports a whole game folder: a progress line per room, a summary, names from Game.agf', async () => {
    const run = await walkbox('import', GAME, '--out', join(dir, 'game'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toBe(
      'room 1/1: Room 1 (AGS room 1, 320x200) as room-1: 1 walkable area(s), 0 zone(s), 6 note(s)',
    )
    expect(lines[1]).toMatch(/^Imported 1 ags4 room\(s\) of .*ags-tumbleweed into /)
    expect(run.stdout).toContain('note: walk-behinds: 1 (15678 px, baseline y=197)')
    expect(run.stdout).toContain('note: Game.agf lists room(s) 2 with no Rooms/N folder')
    expect(run.stdout).toContain('note: 1 roomN.crm file(s) beside Rooms/ were not read')
    const project = JSON.parse(await readFile(join(dir, 'game', 'project.walkbox.json'), 'utf8')) as {
      name: string
      rooms: { id: string }[]
    }
    expect(project.name).toBe('Tumbleweed') // Game.agf's GameName
    expect(project.rooms.map((r) => r.id)).toEqual(['room-1'])

    const crm = await walkbox('import', GAME, '--format', 'ags3', '--out', join(dir, 'game3'), '--json')
    expect(crm.code).toBe(0)
    expect(crm.stderr).toContain('room 1/1: Room 1 (AGS room 1, 320x200)')
    const report = JSON.parse(crm.stdout) as { format: string; rooms: { notes: string[] }[] }
    expect(report.format).toBe('ags3')
    expect(report.rooms[0].notes).toContain('walkable areas: 1 (8317 px)')
  }, 60_000)

  it('writes an AGS 4 room folder back in place: unedited = every byte kept; edited = only the mask', async () => {
    const room = join(dir, 'Rooms', '1')
    await writableCopy(join(GAME, 'Rooms', '1'), room)
    const original = await snapshotFiles(room)
    const im = await walkbox('import', room, '--out', join(dir, 'p'))
    expect(im.code).toBe(0)
    expect(im.stdout).toContain('Imported ags4 room Room 1 (room-1, 320x200)')
    const ex = await walkbox('export', join(dir, 'p'), '--room', 'room-1', '--format', 'ags4', '--out', room)
    expect(ex.code).toBe(0)
    expect(ex.stdout).toContain('nothing Walkbox carries has changed; no file written')
    expect(await snapshotFiles(room)).toEqual(original)

    // Edit the project's mask: clear area 1 entirely.
    const roomDir = join(dir, 'p', 'rooms', 'room-1')
    const maskFile = (await readdir(roomDir)).find((f) => f.startsWith('walkmask'))!
    await writeFile(join(roomDir, maskFile), await readFile(join(GAME, 'Rooms', '1', 'regions.png')))
    const ex2 = await walkbox('export', join(dir, 'p'), '--room', 'room-1', '--format', 'ags4', '--out', room)
    expect(ex2.code).toBe(0)
    expect(ex2.stdout).toContain(': walkableareas.png')
    const after = await snapshotFiles(room)
    const changed = Object.keys(after).filter((f) => after[f] !== original[f])
    expect(changed.filter((f) => !f.startsWith('.walkbox/'))).toEqual(['walkableareas.png'])
    const backups = changed.filter((f) => f.startsWith('.walkbox/game-backups/'))
    expect(backups).toHaveLength(1)
    expect(after[backups[0]]).toBe(original['walkableareas.png'])
  }, 60_000)

  it('refuses to write through a link in the room folder, writing nothing', async () => {
    const room = join(dir, 'Rooms', '1')
    await writableCopy(join(GAME, 'Rooms', '1'), room)
    const im = await walkbox('import', room, '--out', join(dir, 'p'))
    expect(im.code).toBe(0)
    // The project's mask changed, and walkableareas.png in the game is a link to a file elsewhere.
    const roomDir = join(dir, 'p', 'rooms', 'room-1')
    const maskFile = (await readdir(roomDir)).find((f) => f.startsWith('walkmask'))!
    await writeFile(join(roomDir, maskFile), await readFile(join(GAME, 'Rooms', '1', 'regions.png')))
    const elsewhere = join(dir, 'elsewhere.png')
    const theirs = await readFile(join(GAME, 'Rooms', '1', 'walkableareas.png'))
    await writeFile(elsewhere, theirs)
    await rm(join(room, 'walkableareas.png'))
    await symlink(elsewhere, join(room, 'walkableareas.png'))
    const before = await snapshotFiles(room)
    const ex = await walkbox('export', join(dir, 'p'), '--room', 'room-1', '--format', 'ags4', '--out', room)
    expect(ex.code).toBe(2)
    expect(ex.stderr).toMatch(/walkableareas\.png: a link .*nothing written/)
    expect((await readFile(elsewhere)).equals(theirs)).toBe(true)
    expect(await snapshotFiles(room)).toEqual(before)
  }, 60_000)

  it('refuses a hostile .crm in one line and writes nothing', async () => {
    const bytes = await readFile(join(GAME, 'room1.crm'))
    await writeFile(join(dir, 'room1.crm'), bytes.subarray(0, 20_000))
    const project = join(dir, 'never')
    const run = await walkbox('import', join(dir, 'room1.crm'), '--out', project)
    expect(run.code).toBe(2)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain(
      'room1.crm: block list at byte 11: block 1 says 45681 bytes; only 19989 are left in the file',
    )
    expect(existsSync(project)).toBe(false)
  }, 60_000)
})
