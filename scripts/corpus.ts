/**
 * The corpus runner: checks Walkbox against public games gathered outside the repository.
 *
 *   npm run corpus -- <corpus folder> [--engine godot|tiled|ags] [--json]
 *
 * Every folder directly inside <corpus folder> is one game. Each engine in `engines` (one
 * line each, scripts/corpus/<engine>.ts) says whether a game is its own and checks it: an
 * import of the whole game, every room against an independent reading of its files, a
 * write-back of the unedited room (byte-identical) and of one edit per room (only the edited
 * lines change, and the value the engine reads holds the edit). Games are copied to a
 * scratch folder first; the corpus folder is only read. Prints one markdown table per
 * engine (a row per room, a column per check) and the totals; exit 1 when any check fails.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { CorpusEngine, GameResult } from './corpus/types'
import { godotCorpus } from './corpus/godot'

/** The engines the runner knows, one line each. */
const engines: CorpusEngine[] = [godotCorpus]

function usage(): never {
  console.error(
    'usage: npm run corpus -- <corpus folder> [--engine ' + engines.map((e) => e.id).join('|') + '] [--json]',
  )
  process.exit(2)
}

const args = process.argv.slice(2)
const json = args.includes('--json')
const engineAt = args.indexOf('--engine')
const only = engineAt >= 0 ? args[engineAt + 1] : undefined
const folder = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--engine')
if (!folder) usage()
if (only && !engines.some((e) => e.id === only)) usage()

const root = resolve(folder)
const scratchRoot = await mkdtemp(join(tmpdir(), 'walkbox-corpus-'))
const results: { engine: CorpusEngine; game: GameResult }[] = []
try {
  const games = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
  games.sort()
  for (const name of games) {
    const gameFolder = join(root, name)
    for (const engine of engines) {
      if (only && engine.id !== only) continue
      if (!(await engine.detect(gameFolder))) continue
      const scratch = join(scratchRoot, `${engine.id}-${name}`)
      await cp(gameFolder, scratch, { recursive: true, verbatimSymlinks: true })
      const game = await engine.checkGame(scratch, join(scratchRoot, `${engine.id}-${name}-work`))
      results.push({ engine, game: { ...game, game: name } })
      break
    }
  }
} finally {
  await rm(scratchRoot, { recursive: true, force: true })
}

let failed = 0
if (json) {
  console.log(
    JSON.stringify(
      results.map((r) => ({ corpusEngine: r.engine.id, ...r.game })),
      null,
      2,
    ),
  )
}
for (const engine of engines) {
  const mine = results.filter((r) => r.engine === engine)
  if (mine.length === 0) continue
  const lines: string[] = []
  lines.push(`### ${engine.id}`, '')
  lines.push(`| game | engine | room | ${engine.checks.join(' | ')} |`)
  lines.push(`| --- | --- | --- | ${engine.checks.map(() => '---').join(' | ')} |`)
  const totals = new Map(engine.checks.map((c) => [c, { pass: 0, fail: 0, na: 0 }]))
  for (const { game } of mine) {
    if (game.failure) {
      failed++
      lines.push(
        `| ${game.game} | ${game.engine} | (whole game) | ${engine.checks.map(() => 'fail').join(' | ')} |`,
      )
      lines.push(
        `|  |  | ${game.failure.replace(/\|/g, '\\|')} | ${engine.checks.map(() => '').join(' | ')} |`,
      )
      continue
    }
    for (const room of game.rooms) {
      const cells = engine.checks.map((c) => {
        const r = room.checks[c] ?? { status: 'n/a' }
        const t = totals.get(c)!
        if (r.status === 'pass') t.pass++
        else if (r.status === 'fail') {
          t.fail++
          failed++
        } else t.na++
        return r.status === 'fail' ? `fail: ${r.why.replace(/\|/g, '\\|')}` : r.status
      })
      lines.push(`| ${game.game} | ${game.engine} | ${room.file} | ${cells.join(' | ')} |`)
    }
  }
  const rooms = mine.reduce((n, r) => n + r.game.rooms.length, 0)
  lines.push(
    '',
    `${mine.length} games, ${rooms} rooms. Per check (pass / fail / n/a): ` +
      engine.checks
        .map((c) => {
          const t = totals.get(c)!
          return `${c} ${t.pass}/${t.fail}/${t.na}`
        })
        .join('; '),
  )
  const times = mine.map((r) => r.game.importMs).sort((a, b) => a - b)
  lines.push(
    `Whole-game import: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, slowest ${times[times.length - 1].toFixed(0)} ms.`,
    '',
  )
  if (!json) console.log(lines.join('\n'))
}
if (results.length === 0)
  console.error(
    `corpus: no game in ${root} is one of ${engines.map((e) => e.id).join(', ') || '(no engine registered yet)'}`,
  )
process.exit(results.length === 0 ? 2 : failed > 0 ? 1 : 0)
