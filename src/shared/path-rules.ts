/**
 * The one check of a path that comes from untrusted input: a name inside a project or room
 * file, a save journal's paths, a .zip project's entries, the files an importer asks of a
 * game folder, the browser's project names. Every rule has a name and one message; each
 * caller states the rule set its paths follow (the sets below), so two callers that take
 * the same kind of path refuse the same paths with the same words.
 *
 * Glossary
 * - path: text naming a file or folder relative to a root (the project, the game, the zip).
 * - segment: the text between two separators.
 * - normal path: '/' separated, no empty, '.' or '..' segment (what Walkbox writes itself).
 * - rule: one named condition (PathRule); the first one a path breaks is its problem.
 * - rule set: what a caller states (PathRules): whether '\' separates folders or is refused,
 *   whether empty and '.' segments are dropped or refused, whether Windows' reserved names
 *   and characters are refused.
 * - case-fold key: a path as a case-insensitive file system (Windows, macOS) compares it.
 *
 * Always refused, whatever the set: a value that is not text, an empty path, a path longer
 * than MAX_PATH_CHARS or deeper than MAX_PATH_DEPTH segments, a control character (U+0000 to
 * U+001F, U+007F), an absolute path ('/x', '\x', '\\server\share', 'C:/x', 'c:x'), a URL
 * ('res://x', 'file:x'), a '..' segment (resolveInside takes one that stays inside the root),
 * and a path that names no file ('.', './').
 *
 * Units: characters for lengths, segments for depth.
 */
import { MAX_PATH_CHARS, MAX_PATH_DEPTH } from './limits'

/** The name of each rule a path can break. */
export type PathRule =
  | 'text'
  | 'empty'
  | 'length'
  | 'control'
  | 'absolute'
  | 'url'
  | 'backslash'
  | 'up'
  | 'normal'
  | 'no-file'
  | 'depth'
  | 'windows-name'
  | 'windows-character'
  | 'case-collision'

/** What a caller's paths follow beyond the rules every path follows. */
export interface PathRules {
  /** '\' between folders: read as '/' (project files made on Windows), or refused. */
  backslash: 'separator' | 'refuse'
  /** Empty and '.' segments ('a//b', './a'): dropped, or refused (the path must be normal). */
  dotSegments: 'drop' | 'refuse'
  /** Refuse Windows' device names (CON, NUL, COM1, ...), its reserved characters and names ending in '.' or ' '. */
  windowsNames: boolean
}

/**
 * Names inside project.walkbox.json and room.json (room folders, background, mask and
 * scale-map files), and the browser's project names: a project made on Windows opens
 * elsewhere, so '\' separates too and './' is allowed. Windows' names are not refused: a room
 * id such as 'aux' is a valid room folder on the other systems, and refusing it would lock
 * an author out of their project.
 */
export const PROJECT_FILE_PATHS: PathRules = {
  backslash: 'separator',
  dotSegments: 'drop',
  windowsNames: false,
}

/**
 * Paths Walkbox writes and reads itself in normal form: a save journal's targets, staged
 * files and removals, the files read from or written into a game folder (the editor's and
 * `walkbox import`'s), OPFS project files.
 */
export const NORMAL_PATHS: PathRules = { backslash: 'refuse', dotSegments: 'refuse', windowsNames: false }

/**
 * The entries of a .zip project: normal paths that every system can hold, since the import
 * writes each one as a file (and no two may differ only in case: see caseFoldChecker).
 */
export const ZIP_ENTRY_PATHS: PathRules = { backslash: 'refuse', dotSegments: 'refuse', windowsNames: true }

/**
 * Paths one file of a game names another by (Tiled's tilesets, templates and project folders):
 * as written on any system, relative to the naming file's folder.
 */
export const GAME_REFERENCE_PATHS: PathRules = {
  backslash: 'separator',
  dotSegments: 'drop',
  windowsNames: false,
}

/** The first rule a path breaks: its name and the words that follow the path in a message. */
export interface PathProblem {
  rule: PathRule
  /** E.g. "goes up with '..'", written after the path: "'../x.png' goes up with '..'". */
  problem: string
}

/** The one message of each rule, after the path it is about. */
export const PATH_PROBLEMS = {
  text: (found: string) => `is not text (found ${found}); expected a path`,
  empty: 'is empty',
  length: `is longer than ${MAX_PATH_CHARS} characters`,
  control: (code: string) => `contains the control character ${code}`,
  absolute: 'is absolute',
  url: 'is a URL; expected a path',
  backslash: "contains '\\'; expected '/' between folders",
  up: "goes up with '..'",
  normal: "has an empty or '.' segment; expected a normal path",
  'no-file': 'names no file',
  depth: `is more than ${MAX_PATH_DEPTH} folders deep`,
  'windows-name': (segment: string) => `names '${segment}', which Windows cannot hold as a file name`,
  'windows-character': (char: string) => `contains '${char}', which Windows does not allow in a file name`,
  'case-collision': (other: string) => `differs from '${other}' only in case`,
} as const satisfies Record<PathRule, string | ((detail: string) => string)>

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f]/
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i
const WINDOWS_CHARACTER = /[<>:"|?*]/

const fail = (rule: PathRule, problem: string): PathProblem => ({ rule, problem })

/** A code point as 'U+001F'. */
const codeOf = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * The segments of `value` under `rules` ('.' and empty ones dropped when the set drops them),
 * or the first rule it breaks.
 */
export function pathSegments(value: unknown, rules: PathRules): string[] | PathProblem {
  return segmentsOf(value, rules, false)
}

/** pathSegments; with `up`, '..' segments are kept (for resolveInside) and no segment at all is allowed. */
function segmentsOf(value: unknown, rules: PathRules, up: boolean): string[] | PathProblem {
  if (typeof value !== 'string')
    return fail('text', PATH_PROBLEMS.text(value === null ? 'null' : typeof value))
  if (value.length === 0) return fail('empty', PATH_PROBLEMS.empty)
  if (value.length > MAX_PATH_CHARS) return fail('length', PATH_PROBLEMS.length)
  const control = CONTROL.exec(value)
  if (control) return fail('control', PATH_PROBLEMS.control(codeOf(control[0])))
  if (/^[\\/]/.test(value) || /^[A-Za-z]:/.test(value)) return fail('absolute', PATH_PROBLEMS.absolute)
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(value)) return fail('url', PATH_PROBLEMS.url)
  if (rules.backslash === 'refuse' && value.includes('\\')) return fail('backslash', PATH_PROBLEMS.backslash)
  const all = value.split(rules.backslash === 'separator' ? /[\\/]/ : '/')
  if (!up && all.includes('..')) return fail('up', PATH_PROBLEMS.up)
  const segments = all.filter((s) => s !== '' && s !== '.')
  if (!up && segments.length === 0) return fail('no-file', PATH_PROBLEMS['no-file'])
  if (rules.dotSegments === 'refuse' && segments.length !== all.length)
    return fail('normal', PATH_PROBLEMS.normal)
  if (segments.length > MAX_PATH_DEPTH) return fail('depth', PATH_PROBLEMS.depth)
  if (rules.windowsNames) {
    for (const s of segments) {
      const char = WINDOWS_CHARACTER.exec(s)
      if (char) return fail('windows-character', PATH_PROBLEMS['windows-character'](char[0]))
      if (WINDOWS_DEVICE.test(s) || (s !== '..' && /[. ]$/.test(s)))
        return fail('windows-name', PATH_PROBLEMS['windows-name'](s))
    }
  }
  return segments
}

/** The first rule `value` breaks under `rules`, or null when it is a path the caller may use. */
export function pathProblem(value: unknown, rules: PathRules): PathProblem | null {
  const segments = pathSegments(value, rules)
  return Array.isArray(segments) ? null : segments
}

/** `value` as a normal path ('/' separated), or the first rule it breaks. */
export function normalPath(value: unknown, rules: PathRules): string | PathProblem {
  const segments = pathSegments(value, rules)
  return Array.isArray(segments) ? segments.join('/') : segments
}

/**
 * `value`, as one file names another relative to the folder `base` (a normal path, '' for the
 * root), as a normal path under the root ('' for the root itself): '..' is taken while it stays
 * inside the root, every other rule of `rules` holds; or the first rule it breaks.
 */
export function resolveInside(base: string, value: unknown, rules: PathRules): string | PathProblem {
  const segments = segmentsOf(value, rules, true)
  if (!Array.isArray(segments)) return segments
  const out = base ? base.split('/') : []
  for (const s of segments) {
    if (s !== '..') out.push(s)
    else if (out.pop() === undefined) return fail('up', PATH_PROBLEMS.up)
  }
  if (out.length > MAX_PATH_DEPTH) return fail('depth', PATH_PROBLEMS.depth)
  return out.join('/')
}

/** How a case-insensitive file system compares `path` (a normal path). */
export function caseFoldKey(path: string): string {
  return path.normalize('NFC').toLowerCase()
}

/**
 * A check of paths one at a time against those seen before: the problem of a path (normal)
 * that differs from an earlier one only in case, naming the earlier one, or null. A path seen
 * twice exactly is the caller's to refuse.
 */
export function caseFoldChecker(): (path: string) => PathProblem | null {
  const seen = new Map<string, string>()
  return (path) => {
    const key = caseFoldKey(path)
    const earlier = seen.get(key)
    if (earlier === undefined) seen.set(key, path)
    else if (earlier !== path) return fail('case-collision', PATH_PROBLEMS['case-collision'](earlier))
    return null
  }
}

/** A path as messages quote it: in JSON quotes (control characters escaped), cut at 80 characters. */
export function shownPath(value: unknown): string {
  if (typeof value !== 'string') return String(value)
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
}
