/**
 * The game-write fault suite (issue #33): writes into copies of real games (the bench AGS 4
 * and Popochiu games, and a Tiled map) stopped, raced, read and attacked every way the issue
 * found them torn, lost or reached through, on the editor's host path (the desktop adapter,
 * game-folder-store.ts) and the command line's (`walkbox export --into`, `--format ags4
 * --out <game>/Rooms/N`), through the one game store. It counts:
 * - torn: a game (or a reader's view of it) holding files of two versions;
 * - lost: a write that said it wrote but whose version never was the game's, or said nothing
 *   changed while its bytes were there;
 * - outside: a byte changed in a folder beside the game;
 * and expects 0 of each, and exactly one line from the next opener for each stopped write.
 *
 * Faults (seeded: SEED fixes every random choice):
 * 1. a stop (a kill, in process: the files fail from then on) before each file operation of
 *    a write, and after the last, on every write path; the next opener alternates between the
 *    editor's open and the command line's read;
 * 2. real kills: `walkbox export` processes killed (SIGKILL) at a seeded moment in a write
 *    loop; then the real `walkbox import` of the game (a dead lock taken over, the write
 *    finished or rolled back in one line);
 * 3. two writers in two processes writing versions into one game at once;
 * 4. readers (the command line's import, the editor's read-only open) during a writer's loop;
 * 5. planted journals; 6. read-only (0444) files; 7. links at every level of a write's path
 *    and of an import's reads; 8. a full disk while the lock is taken and while writing.
 *
 * Units: ms; counts.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportAgsOutCommand, exportIntoCommand } from '../../../src/cli/game-export'
import { cliGameHost } from '../../../src/cli/game-cli'
import { exportFileBytes } from '../../../src/cli/format-commands'
import {
  diskGameHost,
  openGameFolder,
  planFingerprint,
  planGameSave,
  writeGameSave,
} from '../../../src/main/services/game-folder-store'
import { diskProjectFiles } from '../../../src/main/services/project-files'
import * as store from '../../../src/main/services/project-store'
import { roomFormat } from '../../../src/shared/formats/registry'
import { GAME_JOURNAL } from '../../../src/shared/game/game-journal'
import { readGame, writeRoomsIntoGame } from '../../../src/shared/game/game-store'
import type { ProjectFiles } from '../../../src/shared/room/unit-save'
import { repoRoot } from '../../support/bench-data'
import {
  CLI_PROJECT,
  copyTemplate,
  FAULT_GAMES,
  fingerprint,
  leftovers,
  makeOutside,
  makeTemplate,
  saveVersion,
  stateOf,
  type FaultEngine,
  type Template,
} from '../../support/game-faults'
import { tempFolder } from './helpers'
import { plantedJournal } from '../../support/game-store-contract'
import { random } from '../../support/zstd-inputs'

const SEED = 20_261_127
const VERSIONS = 9

const rand = random(SEED)

let root = ''
let remove: () => Promise<void> = async () => {}
let outside = ''
let outsideBefore: string[] = []
const templates = {} as Record<FaultEngine, Template>
/** What the whole suite saw. */
const tally = { faults: 0, torn: 0, lost: 0, outside: 0, leftovers: 0, wrongLines: 0, kills: 0, reads: 0 }
const seen: string[] = []
/** Faults by kind, for the summary line. */
const kinds = new Map<string, number>()
function count(kind: string, n = 1): void {
  tally.faults += n
  kinds.set(kind, (kinds.get(kind) ?? 0) + n)
}

beforeAll(async () => {
  ;({ dir: root, remove } = await tempFolder('walkbox-game-faults-'))
  outside = join(root, 'outside')
  await makeOutside(outside)
  outsideBefore = await fingerprint(outside)
  for (const engine of ['ags4', 'godot', 'tiled'] as const) {
    const tpl = await makeTemplate(FAULT_GAMES[engine], join(root, `template-${engine}`), VERSIONS)
    templates[engine] = tpl
  }
}, 180_000)

afterAll(async () => {
  const by = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ')
  const line = `game faults (seed ${SEED}): ${tally.faults} faults (${by}): ${tally.torn} torn, ${tally.lost} lost, ${tally.outside} outside; ${tally.leftovers} leftovers, ${tally.wrongLines} wrong recovery lines`
  process.stdout.write(`${line}\n`)
  await remove()
})

let copies = 0
/** A fresh copy of an engine's template, with `pending` saved in both of its projects. */
async function freshCopy(engine: FaultEngine, pending = 1): Promise<{ dir: string; game: string }> {
  const tpl = templates[engine]
  const dir = join(root, `copy-${copies++}`)
  await copyTemplate(tpl, dir)
  const game = join(dir, 'game')
  if (pending > 0)
    for (const project of [join(game, '.walkbox', 'project'), join(dir, CLI_PROJECT)])
      await saveVersion(store.diskStore(project), tpl.game, tpl.base, pending)
  return { dir, game }
}

async function outsideIntact(): Promise<void> {
  if (JSON.stringify(await fingerprint(outside)) !== JSON.stringify(outsideBefore)) tally.outside++
}

const MUTATING = new Set(['write', 'rename', 'remove', 'removeTree', 'copy'])

/**
 * The game's files, stopped at the `at`-th operation that changes something (it and every
 * operation after fail, as if the process had been killed just before it); `count` counts them.
 */
function stopping(real: ProjectFiles, at: number, count: { n: number }): ProjectFiles {
  let dead = false
  const files = {} as Record<string, unknown>
  for (const key of Object.keys(real) as (keyof ProjectFiles)[]) {
    files[key] = async (...args: unknown[]) => {
      if (!dead && MUTATING.has(key) && ++count.n === at) dead = true
      if (dead) throw new Error('killed')
      return (real[key] as (...a: unknown[]) => Promise<unknown>)(...args)
    }
  }
  return files as unknown as ProjectFiles
}

interface WritePath {
  name: string
  engine: FaultEngine
  /** Write the pending version into the copy `dir`, through `files` for the game; '' when it said ok, else its one line. */
  write(dir: string, files: (root: string) => ProjectFiles): Promise<string>
}

const said = (work: Promise<unknown>) =>
  work.then(
    () => '',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  )

/** The editor's Save on a game opened in place: plan, then write the plan listed (the desktop adapter). */
function editorPath(engine: FaultEngine): WritePath {
  let fingerprint: string | null = null
  return {
    name: `${engine} editor`,
    engine,
    async write(dir, files) {
      const project = join(dir, 'game', '.walkbox', 'project')
      // Save lists the changes first: a plan refused (a read-only file) is what Save says.
      if (fingerprint === null) {
        const plan = await planGameSave(project).catch((e: Error) => e)
        if (plan instanceof Error) return plan.message
        fingerprint = planFingerprint(plan)
      }
      return said(writeGameSave(project, fingerprint, { files: files(join(dir, 'game')) }))
    },
  }
}

/** The command line's write into a game (`--format ags4 --out` for AGS, `--into` else). */
function cliPath(engine: FaultEngine): WritePath {
  const game = FAULT_GAMES[engine]
  return {
    name: `${engine} command line`,
    engine,
    write(dir, files) {
      const project = join(dir, CLI_PROJECT)
      if (engine === 'ags4')
        return said(
          exportAgsOutCommand(project, game.roomId, roomFormat('ags4'), join(dir, 'game', game.roomFile), {
            encode: exportFileBytes,
            gameFiles: files,
          }),
        )
      const into = engine === 'tiled' ? join(dir, 'game', game.roomFile) : join(dir, 'game')
      return said(
        exportIntoCommand(project, game.roomId, into, {
          ...(engine === 'godot' ? { scene: game.roomFile } : {}),
          gameFiles: files,
        }),
      )
    },
  }
}

/** The recovery lines an opener says (the editor's open, or the command line's read). */
async function openerLines(game: string, editor: boolean): Promise<string[]> {
  if (editor) {
    const opened = await openGameFolder(game, { scratch: join(root, 'scratch-open') })
    return opened.warnings.filter(
      (w) => w.startsWith('a write into the game') || w.includes('game write journal'),
    )
  }
  return (await readGame(cliGameHost(game))).warnings
}

/** Hold the game after a fault and recovery to the rules; `said` is what the write said. */
async function check(
  tpl: Template,
  game: string,
  said: string,
  lines: string[],
  journalWas: boolean,
  kind: string,
) {
  count(kind)
  const state = await stateOf(tpl, game)
  if (state === 'torn') tally.torn++
  const claimsNew = said === '' || said.includes('committed but not finished')
  const claimsOld = said.includes('nothing was changed') || said.includes('nothing written')
  if ((claimsNew && state !== 1) || (claimsOld && state !== 0)) {
    tally.lost++
    seen.push(`${game}: said '${said}', holds version ${state}`)
  }
  if (lines.length !== (journalWas ? 1 : 0)) {
    tally.wrongLines++
    seen.push(`${game}: ${lines.length} recovery lines (journal ${journalWas}): ${lines.join(' | ')}`)
  }
  if ((await leftovers(game)).length > 0) {
    tally.leftovers++
    seen.push(`${game}: left ${(await leftovers(game)).join(', ')}`)
  }
}

describe('game writes stopped at every step (in process), on every write path', () => {
  const paths = [
    editorPath('ags4'),
    cliPath('ags4'),
    editorPath('godot'),
    cliPath('godot'),
    editorPath('tiled'),
    cliPath('tiled'),
  ]
  for (const path of paths) {
    it(path.name, { timeout: 120_000 }, async () => {
      const tpl = templates[path.engine]
      // How many changing operations a whole write makes.
      const whole = await freshCopy(path.engine)
      const count = { n: 0 }
      expect(await path.write(whole.dir, (r) => stopping(diskProjectFiles(r), Infinity, count))).toBe('')
      expect(await stateOf(tpl, whole.game)).toBe(1)
      await rm(whole.dir, { recursive: true, force: true })
      const steps = count.n
      expect(steps).toBeGreaterThanOrEqual(path.engine === 'tiled' ? 7 : 10)
      for (let at = 1; at <= steps + 1; at++) {
        const { dir, game } = await freshCopy(path.engine)
        const outcome = await path.write(dir, (r) => stopping(diskProjectFiles(r), at, { n: 0 }))
        tally.kills++
        const journalWas = existsSync(join(game, GAME_JOURNAL))
        const lines = await openerLines(game, at % 2 === 0)
        await check(tpl, game, outcome, lines, journalWas, `stop (${path.name})`)
        await rm(dir, { recursive: true, force: true })
      }
      await outsideIntact()
      expect(seen).toEqual([])
      expect(tally).toMatchObject({ torn: 0, lost: 0, outside: 0, leftovers: 0, wrongLines: 0 })
    })
  }
})

/** `node --import tsx <file> …args` from the checkout; its output collected. */
function node(file: string, args: string[]): ChildProcess & { out: () => string; err: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: repoRoot })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  return Object.assign(child, { out: () => out, err: () => err })
}

const ended = (child: ChildProcess) =>
  new Promise<number | null>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode)
    else child.on('close', (code) => done(code))
  })

async function until(test: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A writer process writing versions into the copy `dir` with its own copy of the command-line project. */
async function writer(
  engine: FaultEngine,
  dir: string,
  name: string,
  first: number,
  step: number,
  count: number,
  pause = 0,
) {
  const project = join(dir, `${CLI_PROJECT}-${name}`)
  await cp(join(dir, CLI_PROJECT), project, { recursive: true })
  return node('tests/support/game-fault-child.ts', [
    engine,
    dir,
    project,
    `${first}`,
    `${step}`,
    `${count}`,
    `${pause}`,
  ])
}

const results = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('RESULT '))
    .map((l) => JSON.parse(l.slice(7)) as { v: number; code: number })

describe('real processes', () => {
  it(
    'walkbox export killed mid-write: the next walkbox import finishes or rolls it back, in one line, without waiting',
    { timeout: 150_000 },
    async () => {
      const tpl = templates.ags4
      const runs = await Promise.all(
        [0, 1, 2].map(async () => {
          const { dir, game } = await freshCopy('ags4', 0)
          const child = await writer('ags4', dir, 'k', 1, 1, 0)
          await until(() => results(child.out()).length >= 1, 90_000)
          await new Promise((r) => setTimeout(r, Math.floor((rand() / 2 ** 32) * 400)))
          child.kill('SIGKILL')
          await ended(child)
          return { dir, game, wrote: results(child.out()) }
        }),
      )
      await Promise.all(
        runs.map(async ({ dir, game, wrote }) => {
          tally.kills++
          const journalWas = existsSync(join(game, GAME_JOURNAL))
          const started = Date.now()
          const imported = node('src/cli/walkbox.ts', ['import', game, '--out', join(dir, 'imported')])
          const code = await ended(imported)
          expect(code, imported.err()).toBe(0)
          expect(Date.now() - started).toBeLessThan(25_000)
          const lines = imported
            .err()
            .split('\n')
            .filter((l) => l.startsWith('walkbox: a write into the game'))
          count('real kill')
          const state = await stateOf(tpl, game)
          if (state === 'torn') tally.torn++
          // The last write that said ok is on disk, or a later one is (it was stopped after it counted).
          const last = wrote.filter((w) => w.code === 0).at(-1)
          if (last && state !== last.v && state !== (last.v % VERSIONS) + 1) {
            tally.lost++
            seen.push(`${game}: said ${last.v} last, holds ${state}`)
          }
          if (lines.length !== (journalWas ? 1 : 0)) {
            tally.wrongLines++
            seen.push(`${game}: ${imported.err()}`)
          }
          // A stopped write's lock (its process dead) goes with its recovery; the next writer takes it over at once.
          const before = Date.now()
          await writeRoomsIntoGame(cliGameHost(game), {
            engine: 'ags4',
            rooms: [{ roomId: 'room-1', file: 'Rooms/1/data.xml' }],
            states: new Map([['room-1', { room: tpl.base.room, mask: tpl.base.mask }]]),
            flags: [],
          })
          expect(Date.now() - before).toBeLessThan(10_000)
          expect(await leftovers(game)).toEqual([])
        }),
      )
      await outsideIntact()
      expect(seen).toEqual([])
      expect(tally).toMatchObject({ torn: 0, lost: 0, outside: 0, wrongLines: 0 })
    },
  )

  it(
    'two writers in two processes: every version one of them wrote is the game in turn, whole',
    { timeout: 150_000 },
    async () => {
      for (const engine of ['ags4', 'godot'] as const) {
        const tpl = templates[engine]
        const { dir, game } = await freshCopy(engine, 0)
        const a = await writer(engine, dir, 'a', 1, 2, 5)
        const b = await writer(engine, dir, 'b', 2, 2, 4)
        expect([await ended(a), await ended(b)], a.err() + b.err()).toEqual([0, 0])
        const ok = [...results(a.out()), ...results(b.out())].filter((r) => r.code === 0).map((r) => r.v)
        // The chain of versions the game held: each backup holds the version before its write.
        const backups = (await readdir(join(game, '.walkbox', 'game-backups'))).sort()
        const chain: (number | 'torn')[] = []
        for (const b of backups) chain.push(await stateOf(tpl, join(game, '.walkbox', 'game-backups', b)))
        chain.push(await stateOf(tpl, game))
        count('race write', ok.length)
        tally.torn += chain.filter((s) => s === 'torn').length
        const held = chain.slice(1)
        const lost = ok.filter((v) => !held.includes(v))
        tally.lost += lost.length
        if (lost.length > 0 || chain[0] !== 0)
          seen.push(`${engine}: wrote ${ok.join(',')}; chain ${chain.join(',')}`)
        expect(ok).toHaveLength(9)
        expect(held.sort()).toEqual([...ok].sort())
      }
      await outsideIntact()
      expect(seen).toEqual([])
    },
  )

  it(
    'readers during a writer: the command line import and the read-only open read whole versions',
    { timeout: 150_000 },
    async () => {
      const tpl = templates.godot
      const { dir, game } = await freshCopy('godot', 0)
      // The game without a Walkbox project: the read-only open reads the game's own files.
      await rm(join(game, '.walkbox'), { recursive: true })
      const child = await writer('godot', dir, 'w', 1, 1, 0, 100)
      await until(() => results(child.out()).length >= 1, 90_000)
      const baseX = tpl.base.room.polygons[0].outer[0][0]
      const windowOf = (room: typeof tpl.base.room) => {
        const h = (room.hotspots ?? []).find((x) => x.name === 'Window')!
        return h.shape.kind === 'polygon' ? h.shape.outer[0][0] : NaN
      }
      const baseWindow = windowOf(tpl.base.room)
      const versions = new Set<number>()
      for (let i = 0; i < 10; i++) {
        let room
        if (i % 3 === 2) {
          const opened = await openGameFolder(game, { readOnly: true, scratch: join(root, 'scratch-read') })
          room = (await store.loadRoom(opened.folder, 'house')).room
        } else room = (await readGame(cliGameHost(game))).read.rooms[0].result.room
        const floor = room.polygons[0].outer[0][0] - baseX
        const window = windowOf(room) - baseWindow
        tally.reads++
        count('read during a write')
        if (floor !== window) {
          tally.torn++
          seen.push(`read ${i}: floor at version ${floor}, window at ${window}`)
        }
        versions.add(floor)
      }
      child.kill('SIGKILL')
      await ended(child)
      // The writer was writing all along: the readers saw several versions.
      expect(versions.size).toBeGreaterThan(1)
      await rm(dir, { recursive: true, force: true })
      expect(seen).toEqual([])
    },
  )
})

describe('attacks on a game folder', () => {
  it(
    'planted journals are set aside, never run, one line each, on every opener',
    { timeout: 120_000 },
    async () => {
      const planted: [string, string, (game: string) => Promise<void>][] = [
        [
          'removes Game.agf and Rooms/',
          GAME_JOURNAL,
          async (g) =>
            writeFile(
              join(g, GAME_JOURNAL),
              plantedJournal([], { removeFiles: ['Game.agf'], removeFolders: ['Rooms'] }),
            ),
        ],
        [
          'a legacy journal removing Game.agf',
          '.walkbox-save.json',
          async (g) =>
            writeFile(
              join(g, '.walkbox-save.json'),
              JSON.stringify({ files: [], removeFiles: ['Game.agf'], removeFolders: ['Rooms'] }),
            ),
        ],
        [
          'a legacy journal in Rooms/1',
          'Rooms/1/.walkbox-save.json',
          async (g) =>
            writeFile(
              join(g, 'Rooms/1/.walkbox-save.json'),
              JSON.stringify({ files: [{ target: '../../Game.agf', staged: '../../Game.agf.walkbox-new' }] }),
            ),
        ],
        [
          'replaces Game.agf',
          GAME_JOURNAL,
          async (g) => {
            await writeFile(join(g, 'Game.agf.walkbox-abcdefgh.new'), 'planted')
            await writeFile(join(g, GAME_JOURNAL), plantedJournal(['Game.agf']))
          },
        ],
        [
          'reaches out with ..',
          GAME_JOURNAL,
          async (g) => writeFile(join(g, GAME_JOURNAL), plantedJournal(['../outside/Rooms/1/data.xml'])),
        ],
        [
          'an absolute path',
          GAME_JOURNAL,
          async (g) => writeFile(join(g, GAME_JOURNAL), plantedJournal([`${outside}/Rooms/1/data.xml`])),
        ],
        [
          'staged under another name',
          GAME_JOURNAL,
          async (g) =>
            writeFile(
              join(g, GAME_JOURNAL),
              plantedJournal([{ target: 'Rooms/1/data.xml', staged: 'Game.agf' }]),
            ),
        ],
        [
          'a staged file that is a link outside',
          GAME_JOURNAL,
          async (g) => {
            await symlink(join(outside, 'Rooms/1/data.xml'), join(g, 'Rooms/1/data.xml.walkbox-abcdefgh.new'))
            await writeFile(join(g, GAME_JOURNAL), plantedJournal(['Rooms/1/data.xml']))
          },
        ],
        [
          'the journal a link to a file outside',
          GAME_JOURNAL,
          async (g) => symlink(join(outside, 'Rooms/1/secret.txt'), join(g, GAME_JOURNAL)),
        ],
        ['the journal a folder', GAME_JOURNAL, async (g) => mkdir(join(g, GAME_JOURNAL))],
        ['not JSON', GAME_JOURNAL, async (g) => writeFile(join(g, GAME_JOURNAL), '{"format": ')],
      ]
      const tpl = templates.ags4
      for (const [i, [what, , plant]] of planted.entries()) {
        const { dir, game } = await freshCopy('ags4', 0)
        await plant(game)
        const lines = await openerLines(game, i % 2 === 0)
        count('planted journal')
        if (lines.length !== 1 || !lines[0].includes('did not run')) {
          tally.wrongLines++
          seen.push(`${what}: ${lines.join(' | ')}`)
        }
        if (
          (await stateOf(tpl, game)) !== 0 ||
          !existsSync(join(game, 'Game.agf')) ||
          !existsSync(join(game, 'Rooms/1/data.xml'))
        ) {
          tally.lost++
          seen.push(`${what}: the game changed`)
        }
        expect(existsSync(join(game, GAME_JOURNAL))).toBe(false)
        // Said once: the next opener finds the game in order.
        expect(await openerLines(game, i % 2 === 1)).toEqual([])
        await rm(dir, { recursive: true, force: true })
      }
      await outsideIntact()
      expect(seen).toEqual([])
    },
  )

  it(
    'read-only (0444) game files are refused in one line before anything is written',
    { timeout: 120_000 },
    async () => {
      const cases: [FaultEngine, string, WritePath][] = [
        ['ags4', 'Rooms/1/regions.png', editorPath('ags4')],
        ['ags4', 'Rooms/1/walkableareas.png', cliPath('ags4')],
        ['godot', 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn', cliPath('godot')],
        ['godot', 'game/rooms/house/walkable_areas/floor/walkable_area_floor.tscn', editorPath('godot')],
        ['tiled', 'maps/cave.tmx', cliPath('tiled')],
      ]
      for (const [engine, file, path] of cases) {
        const { dir, game } = await freshCopy(engine)
        await chmod(join(game, file), 0o444)
        const line = await path.write(dir, (r) => diskProjectFiles(r))
        count('read-only file')
        expect(line).toContain(`${file}: read-only`)
        expect(line).toContain('nothing written')
        expect(line).not.toContain('\n')
        expect(await stateOf(templates[engine], game)).toBe(0)
        expect(existsSync(join(game, '.walkbox', 'game-backups'))).toBe(false)
        await rm(dir, { recursive: true, force: true })
      }
    },
  )

  it('a link at any level of a write, or of an import, is never followed', { timeout: 120_000 }, async () => {
    const tpl = templates.ags4
    const ags = cliPath('ags4')
    const editor = editorPath('ags4')
    const levels: [string, (game: string) => Promise<void>][] = [
      [
        'Rooms',
        async (g) => {
          await cp(join(g, 'Rooms'), join(outside, '..', 'rooms-copy'), { recursive: true })
          await rm(join(g, 'Rooms'), { recursive: true })
          await symlink(join(outside, '..', 'rooms-copy'), join(g, 'Rooms'))
        },
      ],
      [
        'Rooms/1',
        async (g) => {
          await rm(join(g, 'Rooms/1'), { recursive: true })
          await symlink(join(outside, 'Rooms/1'), join(g, 'Rooms/1'))
        },
      ],
      [
        'Rooms/1/regions.png',
        async (g) => {
          await rm(join(g, 'Rooms/1/regions.png'))
          await symlink(join(outside, 'Rooms/1/regions.png'), join(g, 'Rooms/1/regions.png'))
        },
      ],
      [
        '.walkbox/game-backups',
        async (g) => {
          await mkdir(join(g, '.walkbox'), { recursive: true })
          await symlink(join(outside, 'Rooms'), join(g, '.walkbox/game-backups'))
        },
      ],
      [
        '.walkbox',
        async (g) => {
          await rm(join(g, '.walkbox'), { recursive: true, force: true })
          await symlink(join(outside, 'Rooms'), join(g, '.walkbox'))
        },
      ],
    ]
    for (const [level, plant] of levels) {
      for (const path of [ags, editor]) {
        const { dir, game } = await freshCopy('ags4')
        await plant(game)
        const rooms = await fingerprint(join(outside, '..', 'rooms-copy')).catch(() => [])
        const line = await path.write(dir, (r) => diskProjectFiles(r)).catch((e: Error) => e.message)
        count('link')
        expect(line, `${level} (${path.name})`).not.toBe('')
        expect(line).not.toContain('\n')
        expect(await fingerprint(join(outside, '..', 'rooms-copy')).catch(() => [])).toEqual(rooms)
        if (!level.startsWith('Rooms')) expect(await stateOf(tpl, game)).toBe(0)
        await rm(dir, { recursive: true, force: true })
        await rm(join(outside, '..', 'rooms-copy'), { recursive: true, force: true })
      }
    }
    // Imports: a Godot background and a Tiled tileset that are links out of the game are not read.
    const secret = join(root, 'secret.png')
    await cp(join(templates.godot.dir, 'game/game/rooms/house/props/background/background.png'), secret)
    const { dir, game } = await freshCopy('godot', 0)
    await rm(join(game, 'game/rooms/house/props/background/background.png'))
    await symlink(secret, join(game, 'game/rooms/house/props/background/background.png'))
    await rm(join(game, '.walkbox'), { recursive: true })
    const godot = await readGame(cliGameHost(game)).catch((e: Error) => e)
    if (godot instanceof Error) expect(godot.message).toMatch(/background\.png: a link/)
    else expect(godot.read.rooms[0].result.background).toBeUndefined()
    const tiled = join(dir, 'tiled')
    await mkdir(tiled)
    await writeFile(
      join(tiled, 'room.tmx'),
      (await readFile(join(templates.tiled.dir, 'game/maps/cave.tmx'), 'utf8')).replace(
        ' <properties>',
        ' <tileset firstgid="1" source="floor.tsx"/>\n <properties>',
      ),
    )
    await symlink(join(outside, 'Rooms/1/secret.txt'), join(tiled, 'floor.tsx'))
    const refused = await said(readGame(cliGameHost(tiled)))
    expect(refused).toMatch(/floor\.tsx.*link|no room could be read/)
    await outsideIntact()
    expect(tally.outside).toBe(0)
  })

  it(
    'a full disk while the lock is taken or while writing: the cause named, nothing changed, nothing left',
    { timeout: 120_000 },
    async () => {
      const tpl = templates.ags4
      const enospc = () =>
        Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      const v1 = tpl.game.version(tpl.base.room, tpl.base.mask, 1)
      const request = () => ({
        engine: 'ags4' as const,
        rooms: [{ roomId: 'room-1', file: 'Rooms/1/data.xml' }],
        states: new Map([['room-1', { room: v1.room, mask: v1.mask ?? null }]]),
        flags: [],
      })
      // The lock.
      const a = await freshCopy('ags4', 0)
      const host = diskGameHost(a.game, {
        appVersion: '0.1.0',
        lockBeforeWrite: () => Promise.reject(enospc()),
      })
      const line = await said(writeRoomsIntoGame(host, request()))
      expect(line).toBe(
        'the game folder cannot be written now (the disk is full: ENOSPC: no space left on device, write); nothing was changed in the game',
      )
      expect(await readdir(a.game)).not.toContain('.walkbox-game-lock')
      const started = Date.now()
      await writeRoomsIntoGame(diskGameHost(a.game), request())
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(await stateOf(tpl, a.game)).toBe(1)
      // Each write of the commit.
      for (let nth = 1; nth <= 6; nth++) {
        const { game } = await freshCopy('ags4', 0)
        let writes = 0
        const disk = diskProjectFiles(game)
        const files: ProjectFiles = {
          ...disk,
          write: async (p, bytes, o) => {
            if (++writes === nth) throw enospc()
            return disk.write(p, bytes, o)
          },
        }
        const said2 = await said(writeRoomsIntoGame(diskGameHost(game, { files }), request()))
        count('full disk')
        if (writes >= nth) {
          expect(said2).toBe(
            'the disk is full (ENOSPC: no space left on device, write); nothing was changed in the game',
          )
          expect(await stateOf(tpl, game)).toBe(0)
          expect(await leftovers(game)).toEqual([])
        }
      }
    },
  )
})
