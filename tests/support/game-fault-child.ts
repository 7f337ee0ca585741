/**
 * A writer process for the game-write fault suite (tests/unit/main/game-faults.test.ts): it
 * writes numbered versions of a room into a game through the real command line (`main` of
 * src/cli/walkbox.ts, as `walkbox export` runs), one after the other, and prints one line per
 * write: `RESULT {"v":…,"code":…,"ms":…}`. Started with `node --import tsx`, killed by the
 * test at a moment of its choosing, or left to finish.
 *
 *   game-fault-child.ts <engine> <template dir> <project folder> <first version> <step> <count> [pause ms]
 *
 * Glossary
 * - template dir: a copy of a fault template (game-faults.ts): `game/`, the project given.
 * - count: writes to make (0: until killed). Versions first, first+step, …, wrapping within
 *   the template's versions 1..9.
 *
 * Units: ms.
 */
import { join } from 'node:path'
import { main } from '../../src/cli/walkbox'
import * as store from '../../src/main/services/project-store'
import { FAULT_GAMES, saveVersion, type FaultEngine } from './game-faults'
import { loadStoredRoom } from '../../src/shared/room/project-store'

const [engine, dir, project, first, step, count, pause = '0'] = process.argv.slice(2)
const game = FAULT_GAMES[engine as FaultEngine]
const gameDir = join(dir, 'game')
const projectStore = store.diskStore(project)
const loaded = await loadStoredRoom(projectStore, game.roomId)
const base = { room: loaded.room, mask: loaded.mask?.cells ?? null }

function args(): string[] {
  const common = ['export', project, '--room', game.roomId]
  if (engine === 'ags4') return [...common, '--format', 'ags4', '--out', join(gameDir, game.roomFile)]
  if (engine === 'godot') return [...common, '--into', gameDir, '--scene', game.roomFile]
  return [...common, '--into', join(gameDir, game.roomFile)]
}

process.stdout.write('READY\n')
const total = Number(count)
for (let i = 0; total === 0 || i < total; i++) {
  const v = ((Number(first) - 1 + i * Number(step)) % 9) + 1
  await saveVersion(projectStore, game, base, v)
  const started = Date.now()
  const code = await main(args())
  process.stdout.write(`RESULT ${JSON.stringify({ v, code, ms: Date.now() - started })}\n`)
  // A pause between writes, as an author's between saves (0: none).
  await new Promise((done) => setTimeout(done, Number(pause)))
}
