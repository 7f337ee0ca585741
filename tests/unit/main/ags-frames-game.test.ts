/**
 * Background frames through the whole-game paths on the desktop: `walkbox import <ags game>`
 * and File › Open Game Folder (openGameFolder) bring an AGS 4 room's frames 2..N into the
 * project pixel-exact, and an unedited game with frames plans no write and stays
 * byte-identical; a frame linking out of the project, a .crm with 6 backgrounds and a frame
 * of another size are refused in one line, writing nothing.
 *
 * Units: px.
 */
import { cp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeImage } from '../../../src/main/services/image-codec'
import { openGameFolder, planGameSave } from '../../../src/main/services/game-folder-store'
import * as store from '../../../src/main/services/project-store'
import { encodeRgbaPng } from '../../../src/shared/codecs/rgba-png'
import { framesBlock, stripes, withBlock } from '../../support/ags-crm-frames'
import { benchPath } from '../../support/bench-data'
import { walkbox } from '../cli/run-walkbox'
import { tempFolder } from './helpers'

let dir: string
let remove: () => Promise<void>
beforeEach(async () => {
  ;({ dir, remove } = await tempFolder('walkbox-ags-frames-game-'))
})
afterEach(async () => remove?.())

/** A copy of the bench AGS game whose room 1 has 3 backgrounds; frames 2 and 3 as RGBA. */
async function gameWithFrames(name: string): Promise<{ game: string; frames: Uint8Array[] }> {
  const game = join(dir, name)
  await cp(benchPath('engines', 'ags-tumbleweed'), game, { recursive: true })
  const xml = join(game, 'Rooms', '1', 'data.xml')
  await writeFile(
    xml,
    (await readFile(xml, 'utf8')).replace(
      '<BackgroundCount>1</BackgroundCount>',
      '<BackgroundCount>3</BackgroundCount>',
    ),
  )
  const frames = [stripes(320, 200, 1), stripes(320, 200, 2)]
  for (const [i, rgba] of frames.entries())
    await writeFile(join(game, 'Rooms', '1', `background${i + 1}.png`), encodeRgbaPng(320, 200, rgba))
  return { game, frames }
}

async function files(root: string, at = root, out = new Map<string, Buffer>()): Promise<Map<string, Buffer>> {
  for (const e of await readdir(at, { withFileTypes: true })) {
    const full = join(at, e.name)
    const rel = relative(root, full)
    if (rel === '.walkbox') continue
    if (e.isDirectory()) await files(root, full, out)
    else out.set(rel, await readFile(full))
  }
  return out
}

async function expectFrames(project: string, frames: Uint8Array[]) {
  const loaded = await store.loadRoom(project, 'room-1')
  expect(loaded.problems).toEqual([])
  expect(loaded.room.backgroundFrames).toEqual([{ file: 'background1.png' }, { file: 'background2.png' }])
  expect(loaded.room.backgroundAnimationDelay).toBe(5)
  expect(
    loaded.backgroundFrames?.map((f) => f && Buffer.from(f.data).equals(Buffer.from(frames[0]))),
  ).toEqual([true, false])
  for (const [i, f] of (loaded.backgroundFrames ?? []).entries()) {
    const file = await readFile(join(project, 'rooms', 'room-1', `background${i + 1}.png`))
    expect(
      Buffer.from((await decodeImage(new Uint8Array(file), 'frame')).data).equals(Buffer.from(frames[i])),
    ).toBe(true)
    expect(Buffer.from(f!.data).equals(Buffer.from(frames[i]))).toBe(true)
  }
}

describe('AGS background frames through whole-game imports (desktop)', () => {
  it('walkbox import <ags game> carries frames 2..N into the project', async () => {
    const { game, frames } = await gameWithFrames('cli')
    const run = await walkbox('import', game, '--out', join(dir, 'project'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      'note: backgrounds: 3 frames (background1.png, background2.png beside background.png)',
    )
    await expectFrames(join(dir, 'project'), frames)
  }, 60_000)

  it('Open Game Folder carries them, and an unedited game with frames plans no write and stays byte-identical', async () => {
    const { game, frames } = await gameWithFrames('in-place')
    const before = await files(game)
    const opened = await openGameFolder(game)
    await expectFrames(opened.folder, frames)
    expect((await planGameSave(opened.folder)).changes).toEqual([])
    const after = await files(game)
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    for (const [k, v] of before) expect(after.get(k)!.equals(v), k).toBe(true)
  })
})

describe('background frames on disk are untrusted like the background', () => {
  it('a frame that is a link out of the project refuses the room in one line', async () => {
    const { game } = await gameWithFrames('linked')
    const project = join(dir, 'linked-project')
    const run = await walkbox('import', game, '--out', project)
    expect(run.code).toBe(0)
    const frame = join(project, 'rooms', 'room-1', 'background1.png')
    const outside = join(dir, 'secret.png')
    await writeFile(outside, await readFile(frame))
    await rm(frame)
    await symlink(outside, frame)
    await expect(store.loadRoom(project, 'room-1')).rejects.toThrow(
      /^rooms\/room-1\/room\.json: backgroundFrames\[0\]\.file: 'background1\.png' is a link to '.*secret\.png', outside the project folder; paths must stay inside the project folder$/,
    )
  }, 60_000)

  it('walkbox import refuses a .crm with 6 backgrounds in one line and writes nothing', async () => {
    const crm = new Uint8Array(await readFile(benchPath('engines', 'ags-tumbleweed', 'room1.crm')))
    for (const [name, bytes, message] of [
      ['six', withBlock(crm, 6, framesBlock(6, 5, [])), '6 backgrounds; AGS allows at most 5'],
    ] as const) {
      const file = join(dir, `${name}.crm`)
      await writeFile(file, bytes)
      const project = join(dir, `never-${name}`)
      const run = await walkbox('import', file, '--out', project)
      expect(run.code, name).toBe(2)
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
      expect(run.stderr).toContain(message)
      expect(existsSync(project)).toBe(false)
    }
  }, 60_000)
})
