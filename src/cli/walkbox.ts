/**
 * The Walkbox command line (Node only): `npm run walkbox -- <command> ...`.
 *
 *   compare <room> --from X,Y --to X,Y [--algorithms a,b] [--state flag=1,...] [--json]
 *   batch <room> [--pairs N] [--seed S] [--pairs-file F] [--algorithms a,b] [--state ...] [--json]
 *         [--csv F] [--summary-csv F] [--json-file F]
 *   scen <file.map> <file.map.scen> [--algorithms a,b] [--every K] [--json]
 *   project new <dir> [--name N]
 *   room add <project> --background bg.png [--mask walk.png ...] [--name N] [--size WxH] [--json]
 *   room list <project> [--json]
 *   flag add <project> <name> [--default true|false] [--json]
 *
 * Glossary
 * - room: a bench polygon .json, a PNG mask (or several with --mask a.png,b.png and
 *   --mask-rule alpha|nonblack|auto), a Moving AI .map, or a Walkbox project.
 * - point argument: `X,Y` in room px, or the name of a point of the room (bench rooms:
 *   `start`, `r_door/Marker2D`, ...).
 * - exit codes: 0 done; 2 bad arguments (usage line on stderr), an argument over one of
 *   Walkbox's limits (src/shared/limits.ts: --pairs, --seed, --every, the number of
 *   masks, point coordinates; one line) or an unreadable room (one line on stderr: the file
 *   and what was expected) or geometry too complex to prepare within the budget
 *   (geometry/budget.ts: one line naming the room and the algorithm); 1 anything unexpected.
 *
 * Units: room px for points, ms for times.
 */
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { Point } from '../shared/geometry/types'
import { ALGORITHM_IDS, GRID_ALGORITHM_IDS, pathfinders } from '../shared/nav/registry'
import { defaultRuns, parseAlgorithmSpecs, type AlgorithmRun } from '../shared/nav/algorithm-spec'
import { AREA_IMAGE_RULES, type AreaImageRule } from '../shared/measure/readers/mask-areas'
import type { AlgorithmId } from '../shared/nav/registry'
import { prepareAlgorithm } from '../shared/nav/run'
import { GeometryBudgetError } from '../shared/geometry/budget'
import {
  batch,
  batchTable,
  compare,
  compareTable,
  scen,
  scenTable,
  seededPairs,
  type BatchReport,
  type Pair,
} from './commands'
import { batchRowsCsv, batchSummaryCsv } from '../shared/measure/batch-csv'
import { loadRoom, RoomLoadError, RoomRefusedError, type LoadedWorld } from './load-room'
import { loadMovingAiWorld, loadScenarios } from './movingai-file'
import { readRegularText } from '../main/services/regular-file'
import { parseJsonText } from '../shared/room/json-text'
import {
  MAX_CLI_PAIRS,
  MAX_CLI_SEED,
  MAX_COORD_PX,
  MAX_JSON_FILE_BYTES,
  MAX_MASK_FILES,
} from '../shared/limits'
import {
  flagAdd,
  MAX_LISTED_PROBLEMS,
  ProjectCommandError,
  projectNew,
  roomAdd,
  roomList,
  roomListTable,
} from './project-commands'
import { parseLayerMapping, type LayerMapping } from '../shared/formats/tiled/layer-kinds'
import {
  exportFileBytes,
  exportRoomCommand,
  exportTable,
  formatsList,
  formatsTable,
  importRoomCommand,
  importTable,
} from './format-commands'
import { agsOutTable, exportAgsOutCommand, exportIntoCommand, exportIntoTable } from './game-export'
import { ROOM_FORMATS, type RoomFormat } from '../shared/formats/registry'
import { GAME_ENGINES } from '../shared/formats/engines'
import { layerCommandLines, layerOptionLine, layerRefusal } from '../shared/formats/engine-texts'
import { AGS_ENGINES } from '../shared/formats/ags/ags-engines'
import { gameImportCommandFor } from './game-import-commands'

/** The --format choices of the formats that import (or export) rooms, 'a|b|c', from the registry. */
function formatChoices(can: 'importRoom' | 'exportRoom'): string {
  return ROOM_FORMATS.filter((f) => f[can])
    .map((f) => f.id)
    .join('|')
}

/** What `export --format F --out` takes for a format written in place: '<AGS 4 room folder: in place when it holds data.xml, else a new one>'. */
function inPlaceOut(f: RoomFormat): string {
  return `${f.label}: in place when it holds ${f.roomFolder?.file ?? 'its main file'}, else a new one`
}

export const USAGE = [
  'usage: walkbox compare <room> --from X,Y --to X,Y [--algorithms a,b] [--state flag=1,...] [--json]',
  '       walkbox batch <room> [--pairs N] [--seed S] [--pairs-file F] [--algorithms a,b] [--state flag=1,...] [--json]',
  '             [--csv rows.csv] [--summary-csv summary.csv] [--json-file batch.json]',
  '       walkbox scen <file.map> <file.map.scen> [--algorithms a,b] [--every K] [--json]',
  '       walkbox project new <dir> [--name N]',
  '       walkbox room add <project> --background bg.png [--mask walk.png ...] [--name N] [--size WxH] [--json]',
  '       walkbox room list <project> [--json]',
  '       walkbox flag add <project> <name> [--default true|false] [--json]',
  '       walkbox formats [--json]',
  `       walkbox import <file> --out <project dir> [--format ${formatChoices('importRoom')}] [--name N] [--layer NAME=KIND]... [--json]`,
  `       walkbox import <game folder: ${GAME_ENGINES.map((e) => e.folder).join(' | ')}> --out <project dir> [--json]`,
  `       walkbox import <AGS game folder | AGS 4 Rooms/N folder> --out <project dir> [--format ${AGS_ENGINES.map((e) => e.id).join('|')}] [--json]`,
  `       walkbox export <project> --room <id> --format ${formatChoices('exportRoom')} --out <dir> [--res-dir res://...] [--force] [--json]`,
  ...ROOM_FORMATS.filter((f) => f.exportInPlace).map(
    (f) =>
      `       walkbox export <project> --room <id> --format ${f.id} --out <${inPlaceOut(f)}> [--dry-run] [--json]`,
  ),
  ...layerCommandLines(),
  `       walkbox export <project> --room <id> --into <${GAME_ENGINES.filter((e) => e.writer.plan)
    .map((e) => e.folder)
    .join(' | ')}> [--scene <the room's file in the game>] [--dry-run] [--json]`,
  `  engines (game folders opened and written in place): ${GAME_ENGINES.map((e) => `${e.id} (${e.label})`).join(', ')}`,
  layerOptionLine(),
  '  <room>: bench polygon .json | mask .png (or --mask a.png,b.png [--mask-rule alpha|nonblack|auto]) | Moving AI .map',
  '          | Walkbox project folder, project.walkbox.json, room folder or room.json (folder#roomId picks a room)',
  '  points: X,Y or a named point of the room (start, r_door/Marker2D, node/<id>); --state: bench state or project',
  '          flag (name=1|0), areaN=0 switches mask area N off',
  '  --algorithms: ids, each optionally with options: navmesh-funnel,navmesh-funnel[entry=midpoint],flood-fill[loop=js]',
].join('\n')

class UsageError extends Error {}

/** An argument Walkbox refuses (over one of its limits, a file it will not read): one line, exit code 2. */
class RefusalError extends Error {}

/**
 * Prepares every chosen algorithm first (the preparations are cached in the world, so the run
 * reuses them); one whose preparation gave up on its geometry budget is refused in one line,
 * exit 2, naming the algorithm: leave it out with --algorithms to run the others.
 */
function refuseTooComplex(room: LoadedWorld, algorithms: AlgorithmRun[]): void {
  for (const run of algorithms) {
    const prepared = prepareAlgorithm(room.world, run.id, run.options)
    if (prepared.refused) throw new RefusalError(`${room.name}: ${run.id}: ${prepared.error}`)
  }
}

function usage(problem: string): never {
  throw new UsageError(problem)
}

/** The `--layer NAME=KIND` options as a mapping (src/shared/formats/tiled/layer-kinds.ts), or undefined when none. */
function tiledLayers(given: string[] | undefined): LayerMapping | undefined {
  if (!given || given.length === 0) return undefined
  try {
    return parseLayerMapping(given)
  } catch (e) {
    usage((e as Error).message)
  }
}

function parseAlgorithms(text: string | undefined, fallback: readonly AlgorithmId[]): AlgorithmRun[] {
  const registered = new Set(pathfinders.map((p) => p.id))
  if (text === undefined) return defaultRuns(fallback.filter((id) => registered.has(id)))
  let runs: AlgorithmRun[]
  try {
    runs = parseAlgorithmSpecs(text)
  } catch (e) {
    usage(`--algorithms: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (runs.length === 0) usage('--algorithms: expected a comma-separated list of algorithm ids')
  return runs
}

function parseFlags(text: string | undefined): Record<string, boolean> {
  const flags: Record<string, boolean> = {}
  if (text === undefined) return flags
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z_][\w./-]*)=(0|1|true|false)$/.exec(part)
    if (!m) usage(`--state: expected flag=1 or flag=0, got "${part}"`)
    flags[m[1]] = m[2] === '1' || m[2] === 'true'
  }
  return flags
}

function parsePoint(text: string | undefined, name: string, room: LoadedWorld): Point {
  if (text === undefined) usage(`compare needs --${name} X,Y`)
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text)
  if (m) {
    const point = { x: Number(m[1]), y: Number(m[2]) }
    if (Math.abs(point.x) > MAX_COORD_PX || Math.abs(point.y) > MAX_COORD_PX)
      throw new RefusalError(
        `--${name}: expected coordinates from -${MAX_COORD_PX} to ${MAX_COORD_PX} px, got "${text}"`,
      )
    return point
  }
  const named = room.points[text]
  if (named) return named
  const known = Object.keys(room.points)
  usage(
    `--${name}: expected X,Y${known.length ? ` or a point of the room (${known.join(', ')})` : ''}, got "${text}"`,
  )
}

/** A whole number 1..max; over `max` (Walkbox's limit for the option) is a RefusalError. */
function parseCount(text: string | undefined, name: string, fallback: number, max: number): number {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) < 1) usage(`--${name}: expected a positive integer, got "${text}"`)
  if (Number(text) > max)
    throw new RefusalError(`--${name}: expected at most ${max} (Walkbox's limit), got ${text}`)
  return Number(text)
}

async function readPairs(file: string): Promise<Pair[]> {
  let json: unknown
  try {
    json = parseJsonText(await readRegularText(file, file, MAX_JSON_FILE_BYTES), file)
  } catch (e) {
    // The reader's line names the file (a pipe, a link loop, too deep, not JSON at line:column).
    throw new RefusalError(`--pairs-file: ${e instanceof Error ? e.message : String(e)}`)
  }
  const ok =
    Array.isArray(json) &&
    json.every(
      (p) =>
        Array.isArray(p) && p.length === 4 && p.every((v) => typeof v === 'number' && Number.isFinite(v)),
    )
  if (!ok) usage(`--pairs-file ${file}: expected a JSON list of [fromX, fromY, toX, toY]`)
  const pairs = json as Pair[]
  if (pairs.length > MAX_CLI_PAIRS)
    throw new RefusalError(
      `--pairs-file ${file}: expected at most ${MAX_CLI_PAIRS} pairs, found ${pairs.length}`,
    )
  return pairs
}

/**
 * The batch's files: the rows (one line per pair and algorithm) and the summary as CSV, and
 * the whole report as JSON. Each file written is named on stderr, so stdout stays the table
 * or the JSON.
 */
async function writeBatchFiles(
  report: BatchReport,
  files: { csv?: string; summaryCsv?: string; jsonFile?: string },
): Promise<void> {
  const write = async (file: string | undefined, text: string, what: string) => {
    if (file === undefined) return
    try {
      await writeFile(file, text, 'utf8')
    } catch (e) {
      throw new RefusalError(`cannot write ${file}: ${e instanceof Error ? e.message : String(e)}`)
    }
    process.stderr.write(`walkbox: wrote ${what} to ${file}\n`)
  }
  await write(files.csv, batchRowsCsv(report.rows), `${report.rows.length} rows (pair x algorithm)`)
  await write(files.summaryCsv, batchSummaryCsv(report.summary), 'the summary')
  await write(files.jsonFile, `${JSON.stringify(report, null, 2)}\n`, 'the report')
}

/** project new, room add, room list, flag add: the report and its table, or null for another command. */
async function projectCommand(
  command: string | undefined,
  rest: string[],
  values: { name?: string; background?: string; size?: string; default?: string },
  masks: string[],
): Promise<{ report: unknown; table: string } | null> {
  const [verb, target, ...extra] = rest
  const key = `${command} ${verb}`
  const needs = (n: number, what: string) => {
    if (target === undefined || extra.length !== n) usage(`${key}: expected ${what}`)
  }
  if (key === 'project new') {
    needs(0, '<dir>')
    const report = await projectNew(target, values.name)
    return { report, table: `Made project ${report.name} in ${report.folder}` }
  }
  if (key === 'room add') {
    needs(0, '<project>')
    const report = await roomAdd(target, {
      background: values.background,
      masks,
      name: values.name,
      size: values.size,
    })
    const masksText = report.masks.map(
      (m) => `${m.file}: ${m.rule}${m.scale > 1 ? ` x${m.scale}` : ''} -> ${m.areas.join(', ') || 'nothing'}`,
    )
    return {
      report,
      table: [
        `Added room ${report.room.name} (${report.room.id}, ${report.room.width}x${report.room.height}) in ${report.room.folder}`,
        ...masksText.map((t) => `  mask ${t}`),
        ...(report.masks.length
          ? [
              `  ${report.areas.length} area${report.areas.length === 1 ? '' : 's'}: ${report.areas.join(', ')}`,
            ]
          : []),
      ].join('\n'),
    }
  }
  if (key === 'room list') {
    needs(0, '<project>')
    const report = await roomList(target)
    return { report, table: roomListTable(report) }
  }
  if (key === 'flag add') {
    needs(1, '<project> <name>')
    const report = await flagAdd(target, extra[0], values.default)
    return {
      report,
      table: `Added flag ${report.flag.id} ('${report.flag.name}', starts ${report.flag.default})`,
    }
  }
  if (command === 'project' || command === 'room' || command === 'flag')
    usage(`unknown command "${command} ${verb ?? ''}"`.trim())
  return null
}

function print(json: boolean, report: unknown, table: string): void {
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `${table}\n`)
}

export async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        algorithms: { type: 'string' },
        state: { type: 'string' },
        pairs: { type: 'string' },
        seed: { type: 'string' },
        'pairs-file': { type: 'string' },
        every: { type: 'string' },
        mask: { type: 'string', multiple: true },
        name: { type: 'string' },
        background: { type: 'string' },
        size: { type: 'string' },
        default: { type: 'string' },
        'mask-rule': { type: 'string' },
        format: { type: 'string' },
        room: { type: 'string' },
        out: { type: 'string' },
        'res-dir': { type: 'string' },
        into: { type: 'string' },
        scene: { type: 'string' },
        layer: { type: 'string', multiple: true },
        'dry-run': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        csv: { type: 'string' },
        'summary-csv': { type: 'string' },
        'json-file': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const [command, ...rest] = positionals
  try {
    const maskRule = values['mask-rule'] ?? 'auto'
    if (!(AREA_IMAGE_RULES as readonly string[]).includes(maskRule))
      usage(`--mask-rule: expected alpha, nonblack or auto`)
    const masks = (values.mask ?? []).flatMap((m) => m.split(',')).filter(Boolean)
    // Counted before anything is read: more masks than area ids is refused at once.
    if (masks.length > MAX_MASK_FILES)
      throw new RefusalError(
        `--mask: at most ${MAX_MASK_FILES} mask files (area ids are 1..255), got ${masks.length}; nothing was read`,
      )
    const loadGiven = () => {
      if (rest.length > 1) usage(`${command}: expected one room, got ${rest.length} arguments`)
      if (rest.length === 0 && masks.length === 0) usage(`${command}: expected a room`)
      return loadRoom({
        path: rest[0],
        masks,
        maskRule: maskRule as AreaImageRule,
        flags: parseFlags(values.state),
      })
    }
    if (command === 'compare') {
      const algorithms = parseAlgorithms(values.algorithms, ALGORITHM_IDS)
      const room = await loadGiven()
      const from = parsePoint(values.from, 'from', room)
      const to = parsePoint(values.to, 'to', room)
      refuseTooComplex(room, algorithms)
      const report = compare(room.name, room.world, from, to, algorithms)
      print(values.json, report, compareTable(report))
      return 0
    }
    if (command === 'batch') {
      const algorithms = parseAlgorithms(values.algorithms, ALGORITHM_IDS)
      const count = parseCount(values.pairs, 'pairs', 100, MAX_CLI_PAIRS)
      const seed = parseCount(values.seed, 'seed', 1, MAX_CLI_SEED)
      const room = await loadGiven()
      const pairs = values['pairs-file']
        ? await readPairs(values['pairs-file'])
        : seededPairs(room.world, count, seed)
      // No walkable point to draw pairs from: say so, not a table of 0 pairs.
      if (pairs.length === 0 && !values['pairs-file'])
        throw new RefusalError(
          `${room.name}: nothing is walkable inside the room (${room.world.width}x${room.world.height} px); no pairs to run`,
        )
      refuseTooComplex(room, algorithms)
      const report = batch(room.name, room.world, pairs, values['pairs-file'] ? null : seed, algorithms)
      print(values.json, report, batchTable(report))
      await writeBatchFiles(report, {
        csv: values.csv,
        summaryCsv: values['summary-csv'],
        jsonFile: values['json-file'],
      })
      return 0
    }
    if (command === 'scen') {
      const algorithms = parseAlgorithms(values.algorithms, GRID_ALGORITHM_IDS)
      const every = parseCount(values.every, 'every', 1, MAX_CLI_PAIRS)
      if (rest.length !== 2) usage('scen: expected <file.map> <file.map.scen>')
      const world = await loadMovingAiWorld(rest[0])
      const scenarios = (await loadScenarios(rest[1], world)).filter((_, i) => i % every === 0)
      const report = scen(rest[0], world, scenarios, algorithms)
      print(values.json, report, scenTable(report))
      return 0
    }
    if (command === 'formats') {
      if (rest.length > 0) usage('formats: expected no arguments')
      const report = formatsList()
      print(values.json, report, formatsTable(report))
      return 0
    }
    if (command === 'import') {
      if (rest.length !== 1) usage('import: expected one <file>')
      if (!values.out) usage('import: expected --out <project dir> (made when it does not exist)')
      const layers = tiledLayers(values.layer)
      const given = { format: values.format, ...(layers ? { layers } : {}) }
      const gameImport = await gameImportCommandFor(rest[0], given)
      if (gameImport) {
        if (layers && !gameImport.takesLayers) usage(layerRefusal())
        const done = await gameImport.run(values.out, rest[0], given, (line) =>
          (values.json ? process.stderr : process.stdout).write(`${line}\n`),
        )
        print(values.json, done.report, done.table)
        return done.code
      }
      const report = await importRoomCommand(values.out, rest[0], {
        format: values.format,
        name: values.name,
        ...(layers ? { layers } : {}),
      })
      print(values.json, report, importTable(report))
      return 0
    }
    if (command === 'export') {
      if (rest.length !== 1) usage('export: expected one <project>')
      if (!values.room) usage('export: expected --room <id> (walkbox room list <project> lists them)')
      if (values.into !== undefined) {
        // Into the game's own files, in place, whatever its engine (a dry run prints the diff).
        const report = await exportIntoCommand(rest[0], values.room, values.into, {
          scene: values.scene,
          dryRun: values['dry-run'],
          format: values.format,
          layers: tiledLayers(values.layer),
        })
        print(values.json, report, exportIntoTable(report))
        return 0
      }
      const inPlace = ROOM_FORMATS.find((f) => f.id === values.format && f.exportInPlace)
      if (inPlace && values.out !== undefined) {
        // AGS 4: into the game's room folder in place, or a new room folder.
        const report = await exportAgsOutCommand(rest[0], values.room, inPlace, values.out, {
          dryRun: values['dry-run'],
          encode: exportFileBytes,
        })
        print(values.json, report, agsOutTable(report))
        return 0
      }
      if (values['dry-run'])
        usage(
          `export --dry-run: a dry run is for writes into a game (--into, ${ROOM_FORMATS.filter(
            (f) => f.exportInPlace,
          )
            .map((f) => `--format ${f.id} --out <${f.label}>`)
            .join(', ')})`,
        )
      const report = await exportRoomCommand(rest[0], values.room, {
        format: values.format,
        out: values.out,
        resDir: values['res-dir'],
        force: values.force,
      })
      print(values.json, report, exportTable(report))
      return 0
    }
    const project = await projectCommand(command, rest, values, masks)
    if (project) {
      print(values.json, project.report, project.table)
      return 0
    }
    usage(command === undefined ? 'expected a command' : `unknown command "${command}"`)
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`walkbox: ${e.message}\n${USAGE}\n`)
      return 2
    }
    if (
      e instanceof ProjectCommandError &&
      e.problems.some((p) => !e.message.split('\n').includes(p.trim()))
    ) {
      // The first problems, one line each (each once, none that repeats the refusal itself);
      // with --json also as a report on stdout.
      const problems = [...new Set(e.problems)].filter((p) => !e.message.split('\n').includes(p.trim()))
      const shown = problems.slice(0, MAX_LISTED_PROBLEMS)
      const more = problems.length - shown.length
      const lines = [...shown, ...(more > 0 ? [`and ${more} more`] : [])]
      process.stderr.write(`walkbox: ${e.message}\n${lines.map((l) => `  ${l}\n`).join('')}`)
      if (values.json)
        process.stdout.write(
          `${JSON.stringify({ error: e.message, problems: shown, problemCount: problems.length }, null, 2)}\n`,
        )
      return 2
    }
    if (e instanceof ProjectCommandError || e instanceof RefusalError) {
      process.stderr.write(`walkbox: ${e.message}\n`)
      return 2
    }
    if (e instanceof GeometryBudgetError) {
      process.stderr.write(`walkbox: ${e.message}\n`)
      return 2
    }
    if (e instanceof RoomRefusedError) {
      process.stderr.write(`walkbox: ${e.message}\n`)
      return 2
    }
    if (e instanceof RoomLoadError) {
      process.stderr.write(`walkbox: cannot read room ${e.message}\n`)
      return 2
    }
    throw e
  }
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (e: unknown) => {
      process.stderr.write(
        `walkbox: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
      )
      process.exitCode = 1
    },
  )
}
