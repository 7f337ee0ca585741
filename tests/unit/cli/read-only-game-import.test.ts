/**
 * `walkbox import <game folder> --out <project>` reads a game Walkbox may not write (the bench
 * games, which CI mounts read-only) and writes only into --out: the game folder's list of
 * files and folders, their sizes and modification times (and the folder's own, which a file
 * made and removed would change) are the same after the import, and no `.walkbox` appears.
 *
 * Units: bytes; ms (modification times, compared for equality only).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { benchPath } from '../../support/bench-data'
import { tempFolder } from '../main/helpers'
import { walkbox } from './run-walkbox'
import { folderListing } from '../../support/folder-listing'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeEach(async () => {
  ;({ dir, remove: cleanup } = await tempFolder('walkbox-ro-import-'))
})
afterEach(async () => {
  await cleanup()
})

describe('walkbox import of a game folder it may not write', () => {
  it.each(['ags-tumbleweed', 'popochiu-sample-game'])(
    '%s: the project is made in --out, and nothing in the game changes',
    async (name) => {
      const game = benchPath('engines', name)
      const before = await folderListing(game, { includeRoot: true })
      const out = join(dir, 'project')
      const run = await walkbox('import', game, '--out', out)
      expect(run.code, run.stderr).toBe(0)
      expect(existsSync(join(out, 'project.walkbox.json'))).toBe(true)
      expect(await folderListing(game, { includeRoot: true })).toEqual(before)
      expect(existsSync(join(game, '.walkbox'))).toBe(false)
    },
    120_000,
  )
})
