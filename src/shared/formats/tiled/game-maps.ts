/**
 * The maps of a Tiled game folder: a folder of maps (every .tmx, .tmj, and .json that is a map
 * by its content), or the folders its .tiled-project lists. The one reader of .tiled-project
 * files: the editor's game folders and `walkbox import <x.tiled-project>` both use it.
 *
 * Glossary
 * - game path: relative to the game folder, '/' separated.
 * - Tiled project: a `.tiled-project` JSON file listing the folders of a game's maps.
 *
 * Units: bytes.
 */
import { GameFolderError, listGameFiles, oneLine } from '../game-source'
import { projectPathProblem } from '../../room/journal-check'
import type { ProjectFiles } from '../../room/unit-save'
import { MAX_TILED_JSON_PROBE_BYTES, MAX_TILED_JSON_PROBES, MAX_TILED_PROJECT_BYTES } from '../../limits'
import { GAME_REFERENCE_PATHS, resolveInside } from '../../path-rules'

export { MAX_TILED_JSON_PROBE_BYTES, MAX_TILED_JSON_PROBES, MAX_TILED_PROJECT_BYTES }

const decoder = new TextDecoder()

/**
 * Is this text a Tiled JSON map (a `.tmj`, or a `.json` Tiled saved)? Told by its content, as
 * Tiled's own reader does: an object whose "type" is "map" and that has "layers" (a file's
 * name says nothing: games keep other JSON beside their maps).
 */
export function isTiledJsonMap(text: string): boolean {
  const head = text.trimStart()
  if (!head.startsWith('{')) return false
  try {
    const j = JSON.parse(text) as { type?: unknown; layers?: unknown }
    return j !== null && typeof j === 'object' && j.type === 'map' && Array.isArray(j.layers)
  } catch {
    return false
  }
}

/**
 * A Tiled project's folders (its JSON `folders` array, each relative to the .tiled-project
 * or absolute, as Tiled's Project::load reads it) as game paths; a folder that is absolute,
 * leaves the game or is no folder there is left out with a note. '' is the game folder.
 */
export async function tiledProjectFolders(
  files: ProjectFiles,
  projectPath: string,
  text: string,
  notes: string[],
): Promise<string[]> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new GameFolderError(`${projectPath}: not JSON (${oneLine(e)})`)
  }
  const listed = (json as { folders?: unknown } | null)?.folders
  if (!Array.isArray(listed)) throw new GameFolderError(`${projectPath}: no 'folders' list`)
  const base = dirOf(projectPath)
  const out: string[] = []
  for (const f of listed) {
    if (typeof f !== 'string' || f === '') {
      notes.push(`${projectPath}: a folder entry that is not a path; left out`)
      continue
    }
    // The rules of src/shared/path-rules.ts for one game file naming another.
    const path = resolveInside(base, f, GAME_REFERENCE_PATHS)
    if (typeof path !== 'string') {
      const why =
        path.rule === 'absolute' || path.rule === 'url'
          ? 'is outside the game folder (an absolute path)'
          : path.rule === 'up'
            ? 'leaves the game folder'
            : path.problem
      notes.push(`${projectPath}: folder '${f}' ${why}; not looked into`)
      continue
    }
    if (path !== '' && (projectPathProblem(path) || (await files.kind(path)) !== 'folder')) {
      notes.push(`${projectPath}: folder '${f}' is not a folder in the game; not looked into`)
      continue
    }
    if (!out.includes(path)) out.push(path)
  }
  return out
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')

/** A file that may be a Tiled map: .tmx, .tmj, or .json (then told by its content). */
export const isTiledMap = (name: string) => /\.(tmx|tmj|json)$/i.test(name)

/**
 * The maps among `paths`: every .tmx and .tmj, and the .json files that are Tiled maps by
 * their content (isTiledJsonMap); the other .json files (tilesets, templates, a game's own
 * data) are counted in one note.
 */
export async function tiledMapsAmong(
  files: ProjectFiles,
  paths: string[],
  notes: string[],
): Promise<string[]> {
  const out: string[] = []
  let probed = 0
  let others = 0
  for (const path of paths) {
    if (!/\.json$/i.test(path)) {
      out.push(path)
      continue
    }
    if (++probed > MAX_TILED_JSON_PROBES) {
      if (probed === MAX_TILED_JSON_PROBES + 1)
        notes.push(`more than ${MAX_TILED_JSON_PROBES} .json files; the rest were not looked into`)
      continue
    }
    const size = await files.size(path)
    if ((await files.kind(path)) !== 'file' || size === null || size > MAX_TILED_JSON_PROBE_BYTES) {
      others++
      continue
    }
    const bytes = await files.read(path)
    if (bytes && isTiledJsonMap(decoder.decode(bytes))) out.push(path)
    else others++
  }
  if (others > 0)
    notes.push(
      `${others} .json file${others === 1 ? '' : 's'} not read: not Tiled maps (no "type": "map" with "layers")`,
    )
  return out
}

/**
 * The maps of the folders a Tiled project lists (game paths, each listed folder in the
 * project's order, each folder's files in name order). The one reader of .tiled-project
 * files: the editor's game folders and `walkbox import <x.tiled-project>` both use it. The
 * project file must be a regular file of at most MAX_TILED_PROJECT_BYTES; a folder inside
 * another listed one is looked into once; what is left out is said in `notes`.
 */
export async function listTiledProjectMaps(
  files: ProjectFiles,
  projectPath: string,
  notes: string[],
): Promise<string[]> {
  const problem = projectPathProblem(projectPath)
  if (problem) throw new GameFolderError(`${projectPath}: ${problem}`)
  const kind = await files.kind(projectPath)
  if (kind === null) throw new GameFolderError(`${projectPath}: not found`)
  if (kind !== 'file')
    throw new GameFolderError(`${projectPath}: not a regular file (a link?); Walkbox does not follow links`)
  const size = await files.size(projectPath)
  if (size !== null && size > MAX_TILED_PROJECT_BYTES)
    throw new GameFolderError(
      `${projectPath}: larger than ${MAX_TILED_PROJECT_BYTES} bytes; not a Tiled project Walkbox reads`,
    )
  const bytes = await files.read(projectPath)
  if (bytes === null) throw new GameFolderError(`${projectPath}: could not be read`)
  if (bytes.length > MAX_TILED_PROJECT_BYTES)
    throw new GameFolderError(
      `${projectPath}: larger than ${MAX_TILED_PROJECT_BYTES} bytes; not a Tiled project Walkbox reads`,
    )
  const folders = await tiledProjectFolders(files, projectPath, decoder.decode(bytes), notes)
  notes.push(
    `${projectPath}: maps read from its folders (${folders.map((f) => f || '.').join(', ') || 'none'})`,
  )
  // A folder inside another listed one is looked into once.
  const inside = (f: string, g: string) => g === '' || f === g || f.startsWith(`${g}/`)
  const roots = folders.filter((f, i) => !folders.some((g, j) => j !== i && g !== f && inside(f, g)))
  const maps: string[] = []
  for (const root of roots) maps.push(...(await listGameFiles(files, isTiledMap, { notes, under: root })))
  return tiledMapsAmong(files, maps, notes)
}

/**
 * The maps of a folder of Tiled maps: those of the folders its .tiled-project lists when it
 * has one at the top (the first by name, said in `notes` when there are more), else every
 * map under it.
 */
export async function listTiledMaps(files: ProjectFiles, notes: string[]): Promise<string[]> {
  const projects = (await files.list(''))
    .filter((e) => !e.folder && /\.tiled-project$/i.test(e.name))
    .map((e) => e.name)
    .sort()
  if (projects.length === 0)
    return tiledMapsAmong(
      files,
      await listGameFiles(files, isTiledMap, { notes, skip: (p) => /(^|\/)node_modules$/.test(p) }),
      notes,
    )
  if (projects.length > 1) notes.push(`${projects.length} .tiled-project files; ${projects[0]} is followed`)
  return listTiledProjectMaps(files, projects[0], notes)
}
