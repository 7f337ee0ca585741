/**
 * Walkbox's own folder inside a game (`.walkbox/`): kept as it was when a first import fails part
 * way, set aside when the game is read afresh, and the refusals of a first import (a leftover
 * project, a failed import's one line). The same for every engine.
 *
 * Glossary
 * - game folder: the folder the author opened (any engine's).
 *
 * Units: none.
 */
import { GAME_LINK_FILE, GAME_WALKBOX_DIR, MAX_GAME_DEPTH, oneLine } from './game-source'
import type { ProjectFiles } from '../room/unit-save'

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Walkbox's own entries in a game folder as they are now, and a function that puts them back
 * so: every `.walkbox*` entry at the game's top, what `.walkbox/` and `.walkbox/project/` hold
 * (names), and the link record's bytes. Putting back removes what was added since and gives a
 * replaced link record its bytes again; what was there is not touched. A first import runs it
 * when it fails part way (a room the project store refuses, a write that fails), so that the
 * game folder is as it was: no half-made `.walkbox/project`. Returns what could not be put
 * back, one line each (none when the folder is as it was).
 */
export async function keepGameWalkbox(files: ProjectFiles): Promise<() => Promise<string[]>> {
  const names = async (folder: string) => new Set((await files.list(folder)).map((e) => e.name))
  const PROJECT = `${GAME_WALKBOX_DIR}/project`
  const top = new Set([...(await names(''))].filter((n) => n.startsWith(GAME_WALKBOX_DIR)))
  const walkbox = (await files.kind(GAME_WALKBOX_DIR)) === 'folder' ? await names(GAME_WALKBOX_DIR) : null
  const project = (await files.kind(PROJECT)) === 'folder' ? await names(PROJECT) : null
  const link = (await files.kind(GAME_LINK_FILE)) === 'file' ? await files.read(GAME_LINK_FILE) : null
  return async () => {
    const problems: string[] = []
    const drop = async (folder: string, kept: Set<string>, only?: (name: string) => boolean) => {
      for (const e of await files.list(folder).catch(() => [])) {
        if (kept.has(e.name) || (only && !only(e.name))) continue
        const path = folder ? `${folder}/${e.name}` : e.name
        try {
          if (e.folder) await files.removeTree(path)
          else await files.remove(path)
        } catch (error) {
          problems.push(`${path}: ${oneLine(error)}`)
        }
      }
    }
    await drop('', top, (n) => n.startsWith(GAME_WALKBOX_DIR))
    if (walkbox) await drop(GAME_WALKBOX_DIR, walkbox)
    if (walkbox && project) await drop(PROJECT, project)
    if (link) {
      const now = await files.read(GAME_LINK_FILE).catch(() => null)
      if (!now || !sameBytes(now, link))
        await files
          .write(GAME_LINK_FILE, link)
          .catch((e) => problems.push(`${GAME_LINK_FILE}: ${oneLine(e)}`))
    }
    return problems
  }
}

/** Where a game's Walkbox project is moved when the game is read afresh. */
export const GAME_SET_ASIDE_DIR = `${GAME_WALKBOX_DIR}/set-aside`

/**
 * Moves the game's Walkbox project and link record to `.walkbox/set-aside/<stamp>/` (copied
 * file by file, then taken out), so that the game can be read afresh (with other Tiled layer
 * kinds) and nothing the author had is lost. Returns the folder they went to.
 */
export async function setAsideGameProject(files: ProjectFiles, stamp: string): Promise<string> {
  const to = `${GAME_SET_ASIDE_DIR}/${stamp.replace(/[^0-9A-Za-z_-]/g, '-')}`
  const copyTree = async (from: string, into: string, depth: number): Promise<void> => {
    for (const e of await files.list(from)) {
      const path = `${from}/${e.name}`
      if (e.folder) {
        if (depth < MAX_GAME_DEPTH) await copyTree(path, `${into}/${e.name}`, depth + 1)
      } else {
        const bytes = await files.read(path)
        if (bytes) await files.write(`${into}/${e.name}`, bytes)
      }
    }
  }
  const project = `${GAME_WALKBOX_DIR}/project`
  await copyTree(project, `${to}/project`, 0)
  const link = await files.read(GAME_LINK_FILE)
  if (link) await files.write(`${to}/game-link.json`, link)
  await files.removeTree(project)
  await files.remove(GAME_LINK_FILE)
  return to
}

/**
 * Why a first import must not go into the game's `.walkbox/project`, or null: it holds files
 * but no project file (a copy, a leftover), and Walkbox does not write over them.
 */
export async function leftoverProjectProblem(files: ProjectFiles): Promise<string | null> {
  const folder = `${GAME_WALKBOX_DIR}/project`
  const kind = await files.kind(folder)
  if (kind === null) return null
  if (kind !== 'folder')
    return `${folder} is not a folder; move it out of the game folder to read the game afresh`
  if (!(await files.list(folder)).some((e) => !e.name.startsWith('.'))) return null
  return `${folder} holds files but no project.walkbox.json; move it out of the game folder to read the game afresh`
}

/**
 * The one line a first import that failed part way is refused with: what failed, and that the
 * game folder is as it was (or what of Walkbox's could not be taken away again).
 */
export function failedImportLine(error: unknown, leftOver: readonly string[]): string {
  const what = oneLine(error).replace(/; nothing opened$/, '')
  return leftOver.length === 0
    ? `${what}; nothing opened, and the game folder is as it was`
    : `${what}; nothing opened, but Walkbox could not take away all it had written in the game folder (${leftOver[0]})`
}
