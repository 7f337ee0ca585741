/**
 * The game store's contract (tests/support/game-store-contract.ts) on the desktop's adapter
 * (`diskGameHost`): each game's files written into a temporary folder (writable, as a
 * checked-out game is), sharp, the game's lock file. The browser's adapter runs the same
 * cases in tests/e2e/game-store-contract.test.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskGameHost } from '../../../src/main/services/game-folder-store'
import { GAME_CONTRACT_CASES, GAME_CONTRACT_EXPECTED } from '../../support/game-store-contract'
import { contractGames, type GameFileList } from '../../support/game-contract-games'
import { tempFolder } from './helpers'

let dir: string
let remove: () => Promise<void>
let games: Record<string, GameFileList>

beforeAll(async () => {
  ;({ dir, remove } = await tempFolder('walkbox-game-contract-'))
  games = await contractGames()
})
afterAll(async () => remove?.())

describe('the game store on the desktop adapter', () => {
  for (const [index, [name, run]] of Object.entries(GAME_CONTRACT_CASES).entries()) {
    it(name, async () => {
      let n = 0
      const result = await run({
        async game(kind, options = {}) {
          const game = join(dir, `case-${index}`, `${kind}-${n++}`, 'game')
          for (const f of games[kind]) {
            await mkdir(dirname(join(game, f.path)), { recursive: true })
            await writeFile(join(game, f.path), f.bytes, { mode: 0o644 })
          }
          return diskGameHost(game, {
            appVersion: '0.1.0',
            scratch: join(dir, `case-${index}`, `scratch-${n}`),
            keepBackups: options.keepBackups,
          })
        },
      })
      if (process.env.WALKBOX_PRINT_CONTRACT) console.log(JSON.stringify({ [name]: result }, null, 1))
      expect(result).toEqual(GAME_CONTRACT_EXPECTED[name])
    })
  }
})
