/**
 * Planning a write into a game: every linked room written by its engine's planner
 * (engine-planners.ts) over the game's files as they are now, a file that would not change
 * dropped (an unedited game plans no change at all), and each change described for the
 * author (a one-line summary, the unified diff of a text file) before anything is written.
 * Writes nothing.
 *
 * Glossary
 * - change: one game file the write replaces (or makes: `before` null, a new AGS room).
 * - fingerprint: a digest of a plan (paths, before and after bytes); a write runs only when
 *   planning again, inside the game's lock, gives the fingerprint the author was shown.
 *
 * Units: bytes.
 */
import {
  GameFolderError,
  gamePathProblem,
  type GameCodec,
  type GameFlag,
  type GameKind,
  type GameLink,
  type GameRoomState,
} from '../formats/game-folder'
import { unifiedDiff } from '../codecs/unified-diff'
import type { ProjectFiles } from '../room/unit-save'
import { GAME_ENGINE_WRITERS } from './engine-planners'

/** One file a write into a game replaces or makes. */
export interface GameFileChange {
  /** Game path. */
  path: string
  /** The room it comes from. */
  roomId: string
  /** What the file holds now; null for a file the write makes. */
  before: Uint8Array | null
  after: Uint8Array
  /** One line: what changes in it. */
  summary: string
  /** Text files: the unified diff; '' for images. */
  unifiedDiff: string
}

export interface GameWritePlan {
  engine: GameKind
  changes: GameFileChange[]
  /** What was assumed, left out or not written, one line each. */
  notes: string[]
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const isText = (path: string) => /\.(tscn|tres|tmx|tmj|json|xml|asc)$/i.test(path)

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** '3 lines changed', '2 lines changed, 1 added', '1 line removed': what a text diff does, plainly. */
export function linesSummary(removed: number, added: number): string {
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`
  const changed = Math.min(removed, added)
  if (changed === 0)
    return added > 0 ? `${lines(added)} added` : removed > 0 ? `${lines(removed)} removed` : 'no line changed'
  const rest =
    added > removed ? `, ${added - removed} added` : removed > added ? `, ${removed - added} removed` : ''
  return `${lines(changed)} changed${rest}`
}

/** A change's summary and diff. */
export function describeChange(
  path: string,
  before: Uint8Array | null,
  after: Uint8Array,
): { summary: string; diff: string } {
  if (!isText(path)) {
    const what = /walkableareas\.png$/i.test(path)
      ? 'walkable area mask'
      : /regions\.png$/i.test(path)
        ? 'region mask'
        : /walkbehinds\.png$/i.test(path)
          ? 'walk-behind mask'
          : /hotspots\.png$/i.test(path)
            ? 'hotspot mask'
            : 'picture'
    if (before === null) return { summary: `new ${what} (${after.length} bytes)`, diff: '' }
    return { summary: `${what} repainted (${before.length} bytes before, ${after.length} after)`, diff: '' }
  }
  const diff = unifiedDiff(before === null ? '' : decoder.decode(before), decoder.decode(after), path)
  if (before === null) return { summary: `new file (${after.length} bytes)`, diff }
  let added = 0
  let removed = 0
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---')) continue
    if (line.startsWith('+')) added++
    else if (line.startsWith('-')) removed++
  }
  return { summary: linesSummary(removed, added), diff }
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]

/** The line refusing a game file whose mode allows no write. */
export function readOnlyFileLine(path: string): string {
  return `${path}: read-only (its mode allows no write: a file version control has not checked out?); Walkbox does not replace it: make it writable and write again; nothing written`
}

/**
 * Refuse, in one line, the first change whose file is read-only (`readOnlyFile`, where the
 * host has modes). Nothing is written either way.
 */
export async function refuseReadOnlyFiles(
  changes: readonly Pick<GameFileChange, 'path' | 'before'>[],
  readOnlyFile?: (path: string) => Promise<boolean>,
): Promise<void> {
  if (!readOnlyFile) return
  for (const c of changes)
    if (c.before !== null && (await readOnlyFile(c.path))) throw new GameFolderError(readOnlyFileLine(c.path))
}

/**
 * The files the rooms' edits change in the game, read over `files` as they are now; none
 * when nothing Walkbox carries was edited. Writes nothing. A game whose engine has no planner
 * is refused in one line. `flags` are the project's: a Tiled map or
 * a Godot scene gets the defaults of the flags its room names when they changed.
 */
export async function planGameWrite(
  files: ProjectFiles,
  link: GameLink,
  rooms: ReadonlyMap<string, GameRoomState>,
  codec: GameCodec,
  flags: readonly GameFlag[],
  options: { readOnlyFile?: (path: string) => Promise<boolean> } = {},
): Promise<GameWritePlan> {
  const writer = GAME_ENGINE_WRITERS[link.engine]
  if (!writer.plan) throw new GameFolderError(writer.cannotWrite ?? `${link.engine} games are not written`)
  const notes: string[] = []
  const changes: GameFileChange[] = []
  const byPath = new Map<string, Uint8Array | null>()
  const push = async (roomId: string, path: string, after: Uint8Array, own?: string) => {
    const problem = gamePathProblem(path)
    if (problem) throw new GameFolderError(`${path}: ${problem}; nothing written`)
    const before = byPath.has(path) ? byPath.get(path)! : await files.read(path)
    if (before === null) throw new GameFolderError(`${path}: not in the game any more; nothing written`)
    if (sameBytes(before, after)) return
    const at = changes.findIndex((c) => c.path === path)
    const first = at >= 0 ? changes[at].before : before
    const { summary, diff } = describeChange(path, first, after)
    const change = { path, roomId, before: first, after, summary: own ?? summary, unifiedDiff: diff }
    if (at >= 0) changes[at] = change
    else changes.push(change)
    byPath.set(path, after)
  }
  for (const r of link.rooms) {
    const state = rooms.get(r.roomId)
    if (!state) {
      notes.push(`${r.file}: its room '${r.roomId}' is not in the project any more; left as it is`)
      continue
    }
    const problem = gamePathProblem(r.file)
    if (problem) throw new GameFolderError(`${r.file}: ${problem}; nothing written`)
    try {
      const planned = await writer.plan({ files, codec, link: r, state, flags })
      for (const f of planned.files) await push(r.roomId, f.path, f.bytes, f.summary)
      notes.push(...planned.notes)
    } catch (e) {
      throw new GameFolderError(`room '${r.roomId}' (${r.file}): ${oneLine(e)}; nothing written`)
    }
  }
  await refuseReadOnlyFiles(changes, options.readOnlyFile)
  return { engine: link.engine, changes, notes: [...new Set(notes)] }
}

/** A digest of a plan: equal plans, equal fingerprints (FNV-1a over paths and bytes). */
export function planFingerprint(plan: Pick<GameWritePlan, 'changes'>): string {
  let h = 0x811c9dc5
  const mix = (bytes: Uint8Array) => {
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0
    h = Math.imul(h ^ 0xff, 0x01000193) >>> 0
  }
  for (const c of plan.changes) {
    mix(encoder.encode(c.path))
    mix(c.before ?? new Uint8Array([0xfe]))
    mix(c.after)
  }
  return `${plan.changes.length}-${h.toString(16)}`
}

/**
 * A plan as the author is shown it: no file bytes, the fingerprint Write must match, and in
 * its notes first what recovery did when the plan was made (a stopped write finished).
 */
export function planForAuthor(plan: GameWritePlan & { warnings?: string[] }): {
  changes: Omit<GameFileChange, 'before' | 'after'>[]
  notes: string[]
  fingerprint: string
} {
  return {
    changes: plan.changes.map(({ path, roomId, summary, unifiedDiff }) => ({
      path,
      roomId,
      summary,
      unifiedDiff,
    })),
    notes: [...(plan.warnings ?? []), ...plan.notes],
    fingerprint: planFingerprint(plan),
  }
}
