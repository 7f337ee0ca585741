/**
 * ScummVM's AGS engine as a second judge of rooms Walkbox wrote: a compiled game (its
 * `Compiled/*.ags` data file) is started headless (SDL's dummy video and audio drivers, a
 * configuration and home folder of its own in the scratch folder) for a few seconds, with
 * its rooms replaced (ags-pack.ts), and its log read. The engine reads a room's blocks
 * strictly (a block that ends elsewhere than its length says is "Block data overlapping";
 * a main block it cannot parse is "Unable to load the room file"), so a room that starts
 * cleanly was read as AGS reads it. Which room a game starts in is found the same way: the
 * one whose damaged copy stops the game.
 *
 * Glossary
 * - start: the engine printed "Starting game" and no room error within the time.
 *
 * Units: seconds (run time), bytes.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { readPack, replaceInPack } from './ags-pack'

const run = promisify(execFile)
export const SCUMMVM = process.env.WALKBOX_SCUMMVM ?? '/usr/games/scummvm'
/** How long a game is left running, s. */
const RUN_SECONDS = 12

export interface ScummvmRun {
  started: boolean
  /** The room error the engine printed, one line; null when none. */
  roomError: string | null
  /** The engine version the game data says it was compiled with. */
  compiledWith: string | null
}

/** The compiled data file of a game folder (Compiled/*.ags or Compiled/Data/*.ags), or null. */
export async function compiledPack(game: string): Promise<string | null> {
  for (const dir of ['Compiled', 'Compiled/Data']) {
    const full = join(game, dir)
    if (!existsSync(full)) continue
    const pack = (await readdir(full)).find((f) => /\.ags$/i.test(f))
    if (pack) return join(full, pack)
  }
  return null
}

/** The rooms inside a data file, by lower-case name. */
export async function packedRooms(pack: string): Promise<Map<string, Uint8Array>> {
  const bytes = new Uint8Array(await readFile(pack))
  const out = new Map<string, Uint8Array>()
  for (const a of readPack(bytes).assets)
    if (/^room\d+\.crm$/i.test(a.name) && a.part === 0)
      out.set(a.name.toLowerCase(), bytes.slice(a.offset, a.offset + a.size))
  return out
}

/**
 * Runs the game of `pack` (its folder's files copied into `work`) with `rooms` replaced,
 * for RUN_SECONDS, and reads the log.
 */
export async function runWithRooms(
  pack: string,
  rooms: ReadonlyMap<string, Uint8Array>,
  work: string,
): Promise<ScummvmRun> {
  await mkdir(work, { recursive: true })
  const dir = join(pack, '..')
  for (const f of await readdir(dir, { withFileTypes: true }))
    if (f.isFile()) await copyFile(join(dir, f.name), join(work, f.name))
  const name = pack.slice(dir.length + 1)
  await writeFile(join(work, name), replaceInPack(new Uint8Array(await readFile(pack)), rooms))
  const home = join(work, '.home')
  await mkdir(home, { recursive: true })
  const env = {
    ...process.env,
    HOME: home,
    XDG_RUNTIME_DIR: home,
    XDG_CONFIG_HOME: home,
    XDG_DATA_HOME: home,
    SDL_VIDEODRIVER: 'dummy',
    SDL_AUDIODRIVER: 'dummy',
  }
  const args = ['-c', join(home, 'scummvm.ini'), `--path=${work}`, '--debuglevel=3', 'ags:ags']
  let log = ''
  try {
    const out = await run('timeout', ['-s', 'KILL', String(RUN_SECONDS), SCUMMVM, ...args], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    })
    log = out.stdout + out.stderr
  } catch (e) {
    const failed = e as { stdout?: string; stderr?: string }
    log = (failed.stdout ?? '') + (failed.stderr ?? '')
  }
  const error = /Unable to load the room file[^\n]*(\n[^\n]*){0,3}/.exec(log)
  return {
    started: log.includes('Starting game'),
    roomError: error ? error[0].replace(/\s*\n\s*/g, ' ').trim() : null,
    compiledWith: /Compiled with: ([^\s]+)/.exec(log)?.[1] ?? null,
  }
}

/** A room whose main block's length says 16 bytes: AGS refuses to read it. */
export function damaged(room: Uint8Array): Uint8Array {
  const out = room.slice()
  out.set([16, 0, 0, 0], 3)
  return out
}

/** The room the game starts in: the one whose damaged copy stops it (null when none does). */
export async function startRoom(pack: string, work: string): Promise<string | null> {
  const rooms = await packedRooms(pack)
  let k = 0
  for (const [name, bytes] of rooms) {
    const r = await runWithRooms(pack, new Map([[name, damaged(bytes)]]), join(work, `probe-${k++}`))
    if (r.roomError?.includes(name)) return name
  }
  return null
}
