/**
 * A Walkbox room written back into the Godot scene it was imported from, in place: the
 * NavigationPolygon of every region whose walk area was edited gets new `vertices`,
 * `polygons` and `outlines` lines (in the region node's own coordinates); every other byte
 * of every file stays as it was (ids, uids, scripts, signals, metadata, order, comments).
 * An unedited room changes nothing.
 *
 * A region's walk area is the area named after its node (the import names it so); it is
 * edited when its polygons differ from what the scene gives by more than EDIT_TOLERANCE_PX.
 *
 * Glossary
 * - edit: one run of whole lines of a file replaced by others (0-based `start`, `count`
 *   old lines, the new `lines`); a file's edits never overlap.
 * - local px: coordinates of the region node (its global transform undone); room px =
 *   scene px + the room's sceneOffset.
 *
 * Units: px.
 */
import type { AreaPolygon, Point } from '../../geometry/types'
import { walkPolygonToArea } from '../../room/convert'
import type { Room } from '../../room/schema'
import { navigationPolygonLines } from './export'
import { importGodotScene, type GodotImportSource } from './import'
import { apply, readSceneTree, walkTree, type Transform } from './scene-tree'
import { resourceId } from './tscn'

/** Project files keep coordinates to 2 decimals (normalise.ts): a smaller change is no edit. */
export const EDIT_TOLERANCE_PX = 0.01

export interface LineEdit {
  start: number
  count: number
  lines: string[]
}

export interface PatchedFile {
  /** Path in the game folder ('/'-separated, no res://). */
  path: string
  before: string
  after: string
  edits: LineEdit[]
}

const REGION_TYPES = new Set(['NavigationRegion2D', 'NavigationPolygonInstance'])
const PATCHED_KEYS = ['vertices', 'polygons', 'outlines']

function invert(t: Transform): Transform | null {
  const det = t[0] * t[3] - t[2] * t[1]
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null
  const a = t[3] / det
  const b = -t[1] / det
  const c = -t[2] / det
  const d = t[0] / det
  return [a, b, c, d, -(a * t[4] + c * t[5]), -(b * t[4] + d * t[5])]
}

/** A set of rings as sorted text, for comparing two areas' geometry. */
function shapeKey(areas: AreaPolygon[]): string {
  const round = (v: number) => (Math.round(v / EDIT_TOLERANCE_PX) * EDIT_TOLERANCE_PX).toFixed(2)
  const ring = (r: Point[]) =>
    r
      .map((p) => `${round(p.x)},${round(p.y)}`)
      .sort()
      .join(' ')
  return areas
    .flatMap((a) => [ring(a.outer), ...a.holes.map(ring)])
    .sort()
    .join(' | ')
}

/** The line edits that give a sub_resource section `id` new NavigationPolygon lines. */
function sectionEdits(lines: string[], id: string, newLines: string[], file: string): LineEdit[] {
  const idOf = (l: string) => /\bid="([^"]*)"/.exec(l)?.[1]
  const heading = lines.findIndex((l) => l.startsWith('[sub_resource') && idOf(l) === id)
  if (heading < 0) throw new Error(`${file}: no [sub_resource id="${id}"] heading`)
  let end = heading + 1
  while (end < lines.length && !lines[end].startsWith('[')) end++
  const keyOf = (l: string) => /^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(l)?.[1]
  const edits: LineEdit[] = []
  const missing: string[] = []
  PATCHED_KEYS.forEach((key, k) => {
    const at = lines.slice(heading + 1, end).findIndex((l) => keyOf(l) === key)
    if (at < 0) {
      missing.push(newLines[k])
      return
    }
    const start = heading + 1 + at
    // A value may run over lines until the next property, blank line or heading.
    let stop = start + 1
    while (stop < end && lines[stop].trim() !== '' && keyOf(lines[stop]) === undefined) stop++
    edits.push({ start, count: stop - start, lines: [newLines[k]] })
  })
  if (missing.length > 0) edits.push({ start: heading + 1, count: 0, lines: missing })
  return edits.sort((a, b) => a.start - b.start)
}

/** Applies non-overlapping line edits (sorted by start) to a text, keeping its line endings. */
export function applyLineEdits(text: string, edits: LineEdit[]): string {
  const crlf = text.includes('\r\n')
  const lines = text.split('\n')
  const out: string[] = []
  let at = 0
  for (const e of edits) {
    out.push(...lines.slice(at, e.start))
    out.push(...e.lines.map((l) => (crlf ? `${l}\r` : l)))
    at = e.start + e.count
  }
  out.push(...lines.slice(at))
  return out.join('\n')
}

/**
 * The files of the game to change so that the scene at `scenePath` has the room's walk
 * areas. Reads through `source` only (res:// = the game folder). Regions whose area is not
 * in the room, or whose polygon resource is shared or not in a scene file, are named in
 * the notes and left as they are.
 */
export async function patchGodotRoom(
  source: GodotImportSource,
  scenePath: string,
  room: Room,
): Promise<{ files: PatchedFile[]; notes: string[] }> {
  const notes: string[] = []
  const res = `res://${scenePath.replace(/^res:\/\//, '')}`
  const root = await readSceneTree(source, res, [])
  const game = await importGodotScene({ ...source, decodeImage: undefined }, res, { roomId: room.id })
  const offset = room.sceneOffset ?? { x: 0, y: 0 }
  const gameOffset = game.room.sceneOffset ?? { x: 0, y: 0 }
  if (
    Math.abs(offset.x - gameOffset.x) > EDIT_TOLERANCE_PX ||
    Math.abs(offset.y - gameOffset.y) > EDIT_TOLERANCE_PX
  )
    notes.push(
      `the room's scene offset (${offset.x}, ${offset.y}) is not the scene's (${gameOffset.x}, ${gameOffset.y}); room px are taken with the room's`,
    )
  const byFile = new Map<string, LineEdit[]>()
  const texts = new Map<string, string>()
  const seen = new Map<string, string>()
  for (const node of walkTree(root)) {
    if (!REGION_TYPES.has(node.type)) continue
    const area = room.areas.find((a) => a.name === node.name)
    const gameArea = game.room.areas.find((a) => a.name === node.name)
    if (!area || !gameArea) {
      notes.push(`${node.path}: no walk area '${node.name}' in the room; the region is left as it is`)
      continue
    }
    const mine = room.polygons.filter((p) => p.areaId === area.id).map(walkPolygonToArea)
    const theirs = game.room.polygons.filter((p) => p.areaId === gameArea.id).map(walkPolygonToArea)
    if (shapeKey(mine) === shapeKey(theirs)) continue
    const prop = node.props.get('navigation_polygon') ?? node.props.get('navpoly')
    const id = prop ? resourceId(prop.value, 'SubResource') : null
    if (!prop || id === null) {
      notes.push(`${node.path}: its navigation polygon is not a sub-resource of a scene; not written`)
      continue
    }
    const file = prop.file.path.replace(/^res:\/\//, '')
    const key = `${file}#${id}`
    if (seen.has(key)) {
      notes.push(`${node.path}: shares its navigation polygon with ${seen.get(key)}; not written`)
      continue
    }
    seen.set(key, node.path)
    if (mine.length === 0) {
      notes.push(
        `${node.path}: walk area '${area.name}' has no polygons in the room; the region is left as it is`,
      )
      continue
    }
    const back = invert(node.global)
    if (!back) {
      notes.push(`${node.path}: its transform cannot be undone (scale 0); not written`)
      continue
    }
    const local = (p: Point) => apply(back, { x: p.x - offset.x, y: p.y - offset.y })
    const areas = mine.map((a) => ({ outer: a.outer.map(local), holes: a.holes.map((h) => h.map(local)) }))
    if (!texts.has(file)) {
      const text = await source.readText(`res://${file}`)
      if (text === null) throw new Error(`${file}: not there any more`)
      texts.set(file, text)
    }
    const lines = texts
      .get(file)!
      .split('\n')
      .map((l) => l.replace(/\r$/, ''))
    byFile.set(file, [
      ...(byFile.get(file) ?? []),
      ...sectionEdits(lines, id, navigationPolygonLines(areas), file),
    ])
    notes.push(`${node.path}: walk area '${area.name}' edited: NavigationPolygon ${id} of ${file}`)
  }
  const files: PatchedFile[] = []
  for (const [path, edits] of byFile) {
    edits.sort((a, b) => a.start - b.start)
    const before = texts.get(path)!
    const after = applyLineEdits(before, edits)
    if (after !== before) files.push({ path, before, after, edits })
  }
  const other = ['zones', 'points', 'gates'] as const
  const extra = other.filter((k) => (room[k]?.length ?? 0) > 0)
  if (extra.length > 0)
    notes.push(
      `written in place: walk areas only; ${extra.join(', ')} are not (export with --out for a whole scene)`,
    )
  return { files, notes }
}

/** A unified diff of one patched file (3 lines of context), for a dry run. */
export function unifiedDiff(file: PatchedFile): string {
  const old = file.before.split('\n').map((l) => l.replace(/\r$/, ''))
  const out = [`--- a/${file.path}`, `+++ b/${file.path}`]
  const context = 3
  // Group edits whose context overlaps into hunks.
  const groups: LineEdit[][] = []
  for (const e of file.edits) {
    const last = groups[groups.length - 1]
    const prev = last?.[last.length - 1]
    if (prev && e.start - (prev.start + prev.count) <= 2 * context) last.push(e)
    else groups.push([e])
  }
  let shift = 0
  for (const g of groups) {
    const from = Math.max(0, g[0].start - context)
    const lastEdit = g[g.length - 1]
    const to = Math.min(old.length, lastEdit.start + lastEdit.count + context)
    const body: string[] = []
    let at = from
    let added = 0
    let removed = 0
    for (const e of g) {
      for (; at < e.start; at++) body.push(` ${old[at]}`)
      for (let k = 0; k < e.count; k++) body.push(`-${old[e.start + k]}`)
      for (const l of e.lines) body.push(`+${l}`)
      removed += e.count
      added += e.lines.length
      at = e.start + e.count
    }
    for (; at < to; at++) body.push(` ${old[at]}`)
    const oldCount = to - from
    const newCount = oldCount - removed + added
    out.push(`@@ -${from + 1},${oldCount} +${from + 1 + shift},${newCount} @@`, ...body)
    shift += added - removed
  }
  return out.join('\n') + '\n'
}
