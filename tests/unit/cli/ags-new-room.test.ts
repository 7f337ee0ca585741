/**
 * `walkbox export --format ags4 --out <new folder>` as users run it: the sample project's
 * room written as a new AGS 4 room folder inside a game (its GameID taken from Game.agf),
 * imported back with `walkbox import`; and hostile targets (a file, a folder holding other
 * files, a path through a symbolic link to elsewhere) refused in one line, nothing written.
 *
 * Units: px.
 */
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import sharp from 'sharp'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { repoRoot } from '../../support/bench-data'
import { snapshotFiles, tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'

const SAMPLE = join(repoRoot, 'resources', 'sample-project')

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-ags4-new-cli-'))
  await cp(SAMPLE, join(dir, 'p'), { recursive: true })
})
afterEach(async () => {
  await cleanup()
})

const exportTo = (out: string) =>
  walkbox('export', join(dir, 'p'), '--room', 'courtyard', '--format', 'ags4', '--out', out)

describe('walkbox export --format ags4 into a new room folder', () => {
  it('writes Rooms/3 of a game with its GameID, and walkbox import reads it back', async () => {
    const game = join(dir, 'game')
    await mkdir(join(game, 'Rooms'), { recursive: true })
    await writeFile(
      join(game, 'Game.agf'),
      '<AGSEditorDocument><Game><Settings><UniqueID>4242</UniqueID></Settings></Game></AGSEditorDocument>',
    )
    const out = join(game, 'Rooms', '3')
    const ex = await exportTo(out)
    expect(ex.stderr).toBe('')
    expect(ex.code).toBe(0)
    expect(ex.stdout.split('\n')[0]).toBe(
      `Exported courtyard as ags4 to ${out}: data.xml, background0.png, walkableareas.png, regions.png, hotspots.png, walkbehinds.png, room3.asc`,
    )
    const xml = await readFile(join(out, 'data.xml'), 'utf8')
    expect(xml).toContain('<GameID>4242</GameID>')
    expect(xml).toContain('<Number>3</Number>')
    // Nothing but the room folder was made (no staging folder left behind).
    expect(await readdir(join(game, 'Rooms'))).toEqual(['3'])
    const im = await walkbox('import', out, '--out', join(dir, 'back'))
    expect(im.code).toBe(0)
    expect(im.stdout).toContain('Imported ags4 room Room 3 (room-3, 1920x1080)')
    // A second export finds the room there and writes in place: nothing changed.
    const again = await exportTo(out)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('nothing Walkbox carries has changed; no file written')
  }, 90_000)

  it('into an empty folder too, a JPEG background converted to background0.png', async () => {
    // The sample's background as a JPEG.
    const roomDir = join(dir, 'p', 'rooms', 'courtyard')
    await sharp(join(roomDir, 'background.png')).jpeg().toFile(join(roomDir, 'background.jpg'))
    const roomJson = join(roomDir, 'room.json')
    await writeFile(
      roomJson,
      (await readFile(roomJson, 'utf8')).replace(
        '"background": "background.png"',
        '"background": "background.jpg"',
      ),
    )
    const out = join(dir, 'empty')
    await mkdir(out)
    const ex = await exportTo(out)
    expect(ex.stderr).toBe('')
    expect(ex.code).toBe(0)
    expect(ex.stdout).toContain(
      'note: background.jpg: converted to PNG as background0.png (AGS 4 reads PNG backgrounds)',
    )
    const png = await sharp(join(out, 'background0.png')).metadata()
    expect([png.format, png.width, png.height]).toEqual(['png', 1920, 1080])
    expect((await readdir(out)).sort()).toEqual([
      'background0.png',
      'data.xml',
      'hotspots.png',
      'regions.png',
      'room1.asc',
      'walkableareas.png',
      'walkbehinds.png',
    ])
  }, 60_000)

  it('refuses a file, a folder holding other files and a path through a link, writing nothing', async () => {
    const file = join(dir, 'a-file')
    await writeFile(file, 'mine')
    const busy = join(dir, 'busy')
    await mkdir(busy)
    await writeFile(join(busy, 'notes.txt'), 'mine')
    const elsewhere = join(dir, 'elsewhere')
    await mkdir(elsewhere)
    await symlink(elsewhere, join(dir, 'link'))
    const snapshot = async () => ({
      file: await readFile(file, 'utf8'),
      busy: await snapshotFiles(busy),
      elsewhere: await snapshotFiles(elsewhere),
      top: (await readdir(dir)).sort(),
    })
    const before = await snapshot()

    const onFile = await exportTo(file)
    expect(onFile.code).toBe(2)
    expect(onFile.stderr.trim()).toMatch(/a-file: not a folder; nothing written$/)
    const onBusy = await exportTo(busy)
    expect(onBusy.code).toBe(2)
    expect(onBusy.stderr.trim()).toMatch(
      /busy: holds other files \(notes\.txt\) and no data\.xml; a new AGS 4 room is written into a missing or empty folder; nothing written$/,
    )
    const throughLink = await exportTo(join(dir, 'link', 'Rooms', '4'))
    expect(throughLink.code).toBe(2)
    expect(throughLink.stderr.trim()).toMatch(/link is a symbolic link; .*nothing written$/)
    for (const run of [onFile, onBusy, throughLink]) expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(await snapshot()).toEqual(before)
    expect(existsSync(join(elsewhere, 'Rooms'))).toBe(false)
  }, 90_000)
})
