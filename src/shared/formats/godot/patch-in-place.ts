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
import { navigationPolygonLines, roomFlagsList } from './export'
import { importGodotScene, type GodotImportSource } from './import'
import { apply, readSceneTree, walkTree, type SceneNode, type Transform } from './scene-tree'
import { resourceId, tscnPackedPoints, tscnString, tscnVector2 } from './tscn'

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

/** The text of `key`'s value in the sub_resource section `id` (continuation lines joined), or null. */
function sectionValue(lines: string[], id: string, key: string): string | null {
  const heading = lines.findIndex(
    (l) => l.startsWith('[sub_resource') && /\bid="([^"]*)"/.exec(l)?.[1] === id,
  )
  if (heading < 0) return null
  const keyOf = (l: string) => /^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(l)?.[1]
  for (let i = heading + 1; i < lines.length && !lines[i].startsWith('['); i++) {
    if (keyOf(lines[i]) !== key) continue
    const out = [lines[i].replace(/^[^=]*=/, '')]
    for (
      let j = i + 1;
      j < lines.length && lines[j].trim() !== '' && !lines[j].startsWith('[') && !keyOf(lines[j]);
      j++
    )
      out.push(lines[j])
    return out.join('\n')
  }
  return null
}

const ringKey = (p: Point) => `${Math.round(p.x / EDIT_TOLERANCE_PX)},${Math.round(p.y / EDIT_TOLERANCE_PX)}`

/** Where ring `b` starts and which way it runs to be ring `a` (any start, either winding), or null. */
function ringMatch(a: Point[], b: Point[]): { start: number; step: 1 | -1 } | null {
  if (a.length !== b.length || a.length === 0) return null
  const ka = a.map(ringKey)
  const kb = b.map(ringKey)
  const n = ka.length
  for (let k = 0; k < n; k++) {
    if (kb[k] !== ka[0]) continue
    if (ka.every((v, i) => v === kb[(k + i) % n])) return { start: k, step: 1 }
    if (ka.every((v, i) => v === kb[(k - i + n) % n])) return { start: k, step: -1 }
  }
  return null
}

const signedArea = (r: Point[]) =>
  r.reduce((s, p, i) => {
    const q = r[(i + 1) % r.length]
    return s + p.x * q.y - q.x * p.y
  }, 0)

/**
 * The `outlines` elements to write for the new rings `rings` (local px) given the file's
 * `outlines` value: a ring the file already has (same vertices within EDIT_TOLERANCE_PX, any
 * start, either winding) keeps the file's text; an edited ring takes the place of the file's
 * ring it shares most vertices with, that ring's winding, and starts at the vertex nearest
 * that ring's first; other rings follow. Null when the file's value cannot be read.
 */
function keptOutlines(rings: Point[][], value: string | null): string[] | null {
  if (value === null) return null
  const found = [...value.matchAll(/PackedVector2Array\(([^)]*)\)/g)]
  if (found.length === 0) return null
  const theirs = found.map((m) => {
    const nums = m[1]
      .split(',')
      .filter((t) => t.trim() !== '')
      .map(Number)
    const pts: Point[] = []
    for (let i = 0; i + 1 < nums.length; i += 2) pts.push({ x: nums[i], y: nums[i + 1] })
    return { text: m[0], pts, ok: nums.every(Number.isFinite) && nums.length % 2 === 0 }
  })
  if (theirs.some((t) => !t.ok)) return null
  const slot: (string | null)[] = theirs.map(() => null)
  const rest: Point[][] = []
  for (const r of rings) {
    const i = theirs.findIndex((t, k) => slot[k] === null && ringMatch(r, t.pts))
    if (i >= 0) slot[i] = theirs[i].text
    else rest.push(r)
  }
  const extra: string[] = []
  for (const r of rest) {
    const keys = new Set(r.map(ringKey))
    let best = -1
    let shared = 0
    theirs.forEach((t, k) => {
      if (slot[k] !== null) return
      const n = t.pts.filter((p) => keys.has(ringKey(p))).length
      if (n > shared) {
        shared = n
        best = k
      }
    })
    if (best < 0) {
      extra.push(tscnPackedPoints(r))
      continue
    }
    const old = theirs[best].pts
    let ring = Math.sign(signedArea(r)) === Math.sign(signedArea(old)) ? r : [...r].reverse()
    const d = (p: Point) => (p.x - old[0].x) ** 2 + (p.y - old[0].y) ** 2
    const start = ring.reduce((b, p, i) => (d(p) < d(ring[b]) ? i : b), 0)
    ring = [...ring.slice(start), ...ring.slice(0, start)]
    slot[best] = tscnPackedPoints(ring)
  }
  return [...slot.filter((t): t is string => t !== null), ...extra]
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

/**
 * The line edit that sets `key` of the section whose heading is at 1-based `headingLine`:
 * its `key = ...` line (with any continuation lines) replaced, else the line inserted
 * right after the heading.
 */
function propertyEdit(lines: string[], headingLine: number, key: string, newLine: string): LineEdit {
  const heading = headingLine - 1
  let end = heading + 1
  while (end < lines.length && !lines[end].startsWith('[')) end++
  const keyOf = (l: string) => /^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(l)?.[1]
  const at = lines.slice(heading + 1, end).findIndex((l) => keyOf(l) === key)
  if (at < 0) return { start: heading + 1, count: 0, lines: [newLine] }
  const start = heading + 1 + at
  let stop = start + 1
  while (stop < end && lines[stop].trim() !== '' && keyOf(lines[stop]) === undefined) stop++
  return { start, count: stop - start, lines: [newLine] }
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
 * the notes and left as they are. With the project's `flags`, the root's
 * metadata/walkbox_flags is written when the defaults (or names) of the flags the scene
 * names differ from what the scene gives on import.
 */
export async function patchGodotRoom(
  source: GodotImportSource,
  scenePath: string,
  room: Room,
  flags?: readonly { id: string; name?: string; default: boolean }[],
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
  const linesOf = async (file: string): Promise<string[]> => {
    if (!texts.has(file)) {
      const text = await source.readText(`res://${file}`)
      if (text === null) throw new Error(`${file}: not there any more`)
      texts.set(file, text)
    }
    return texts
      .get(file)!
      .split('\n')
      .map((l) => l.replace(/\r$/, ''))
  }
  const nodes = walkTree(root)
  const byPath = new Map(nodes.map((n) => [n.path, n]))
  const parents = new Map<SceneNode, SceneNode>()
  for (const n of nodes) for (const c of n.children) parents.set(c, n)
  const toScene = (p: Point): Point => ({ x: p.x - offset.x, y: p.y - offset.y })
  /** Sets `key` of `node` to `value` text where Godot reads it; false when there is no place for it. */
  const setProperty = async (node: SceneNode, key: string, value: string): Promise<boolean> => {
    const prop = node.props.get(key)
    const where = prop ? { file: prop.file, line: prop.line } : node.section
    if (!where) return false
    const file = where.file.path.replace(/^res:\/\//, '')
    const lines = await linesOf(file)
    byFile.set(file, [...(byFile.get(file) ?? []), propertyEdit(lines, where.line, key, `${key} = ${value}`)])
    return true
  }
  /** A name changed in Walkbox stays the scene's: a node's name is its path, which scripts use. */
  const renamed = (what: string, was: string, path: string) =>
    notes.push(
      `${what}: renamed in Walkbox, the node ${path} keeps its name '${was}' in the scene (scripts find nodes by name: rename it in Godot)`,
    )
  const seen = new Map<string, string>()
  for (const node of nodes) {
    if (!REGION_TYPES.has(node.type)) continue
    const gameArea = game.room.areas.find((a) => a.name === node.name)
    // The import made the area's id from the region; a renamed area keeps that id.
    const area =
      (gameArea && room.areas.find((a) => a.id === gameArea.id)) ??
      room.areas.find((a) => a.name === node.name)
    if (!area || !gameArea) {
      notes.push(`${node.path}: no walk area '${node.name}' in the room; the region is left as it is`)
      continue
    }
    if (area.name !== node.name) renamed(`walk area '${area.name}'`, node.name, node.path)
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
    const lines = await linesOf(file)
    const newLines = navigationPolygonLines(areas)
    const kept = keptOutlines(
      areas.flatMap((a) => [a.outer, ...a.holes]),
      sectionValue(lines, id, 'outlines'),
    )
    if (kept) newLines[2] = `outlines = Array[PackedVector2Array]([${kept.join(', ')}])`
    byFile.set(file, [...(byFile.get(file) ?? []), ...sectionEdits(lines, id, newLines, file)])
    notes.push(
      `${node.path}: walk area '${area.name}' edited: its navigation polygon (${id} in ${file.split('/').pop()})`,
    )
  }
  // Zones: the polygon of the node a zone came from (Popochiu's interaction_polygon, or the
  // zone's one CollisionPolygon2D), in that node's coordinates.
  const round = (v: number) => Math.round(v / EDIT_TOLERANCE_PX)
  // The same ring whatever vertex it starts at and whichever way it winds (the project's
  // normal form may turn a ring round): only a moved, added or removed vertex is an edit.
  const sameRing = (a: [number, number][], b: [number, number][]) => {
    if (a.length !== b.length) return false
    const key = ([x, y]: [number, number]) => `${round(x)},${round(y)}`
    const ka = a.map(key)
    const kb = b.map(key)
    const n = ka.length
    for (let k = 0; k < n; k++) {
      if (kb[k] !== ka[0]) continue
      if (ka.every((v, i) => v === kb[(k + i) % n])) return true
      if (ka.every((v, i) => v === kb[(k - i + n) % n])) return true
    }
    return n === 0
  }
  for (const z of room.zones) {
    const path = z.properties?.godotPath
    // A node gives one zone (matched by its path, whatever its name now) or several (by name).
    const ofNode = game.room.zones.filter((g) => g.properties?.godotPath === path)
    const was = ofNode.length === 1 ? ofNode[0] : ofNode.find((g) => g.name === z.name)
    if (path === undefined || !was) continue
    if (was.name !== z.name) renamed(`zone '${z.name}'`, was.name, path)
    if (z.shape.kind !== 'polygon' || was.shape.kind !== 'polygon') continue
    if (sameRing(z.shape.outer, was.shape.outer)) continue
    const node = byPath.get(path)
    const polygons = node
      ? node.children.filter((c) => c.type === 'CollisionPolygon2D' && c.props.has('polygon'))
      : []
    const single = game.room.zones.filter((g) => g.properties?.godotPath === path).length === 1
    const target =
      node && single
        ? node.props.has('interaction_polygon')
          ? node
          : polygons.length === 1
            ? polygons[0]
            : null
        : null
    const back = target ? invert(target.global) : null
    if (!target || !back) {
      notes.push(`zone '${z.name}': ${path} has no single polygon to write; not written`)
      continue
    }
    const key = target === node ? 'interaction_polygon' : 'polygon'
    const local = z.shape.outer.map(([x, y]) => apply(back, toScene({ x, y })))
    if (await setProperty(target, key, tscnPackedPoints(local)))
      notes.push(`zone '${z.name}': ${target.path} ${key} edited`)
  }

  // Points: a marker's position (in its parent's coordinates) or a Popochiu walk_to_point.
  for (const src of game.nodes?.points ?? []) {
    const mine = room.points?.find((p) => p.id === src.id)
    const was = game.room.points?.find((p) => p.id === src.id)
    if (!mine || !was) continue
    if (mine.name !== was.name) renamed(`point '${mine.name}'`, was.name, src.path)
    if (round(mine.x) === round(was.x) && round(mine.y) === round(was.y)) continue
    const node = byPath.get(src.path)
    const frame = node ? (src.key === 'position' ? parents.get(node)?.global : node.global) : undefined
    const back = frame ? invert(frame) : null
    if (!node || !back) {
      notes.push(`point '${mine.name}': ${src.path} cannot be moved; not written`)
      continue
    }
    const at = apply(back, toScene(mine))
    if (await setProperty(node, src.key, tscnVector2(at)))
      notes.push(`point '${mine.name}': ${src.path} ${src.key} edited`)
  }

  // Flags: the root's metadata/walkbox_flags (what the import reads their defaults from),
  // only when a flag the scene names has another default or name in the project.
  if (flags) {
    const wanted = roomFlagsList(room, flags)
    // Names count only where the scene gives them (its metadata/walkbox_flags); the others
    // are made from a node's name or the id on import.
    const named = new Set<string>()
    const own = root.props.get('metadata/walkbox_flags')?.value
    try {
      const listed = typeof own === 'string' ? (JSON.parse(own) as unknown) : []
      for (const f of Array.isArray(listed) ? (listed as { id?: unknown; name?: unknown }[]) : [])
        if (typeof f?.id === 'string' && typeof f.name === 'string') named.add(f.id)
    } catch {
      // Not JSON: the import said so; no names of its own.
    }
    const changed = wanted.some((f) => {
      const had = game.flags.find((g) => g.id === f.id)
      return had !== undefined && (had.default !== f.default || (named.has(f.id) && had.name !== f.name))
    })
    if (changed) {
      if (await setProperty(root, 'metadata/walkbox_flags', tscnString(JSON.stringify(wanted))))
        notes.push(
          `${scenePath.replace(/^res:\/\//, '')}: metadata/walkbox_flags on the root written (the flags the room names changed)`,
        )
      else
        notes.push('the scene root has no section to hold metadata/walkbox_flags; flag defaults not written')
    }
  }

  const files: PatchedFile[] = []
  for (const [path, edits] of byFile) {
    // Inserts before a replacement at the same line.
    edits.sort((a, b) => a.start - b.start || a.count - b.count)
    const before = texts.get(path)!
    const after = applyLineEdits(before, edits)
    if (after !== before) files.push({ path, before, after, edits })
  }
  if (room.gates.length > 0)
    notes.push('gates are not written in place (export with --out for a whole scene with them)')
  if (room.walkBehinds && room.walkBehinds.areas.length > 0)
    notes.push(
      `walk-behinds: ${room.walkBehinds.areas.length} not written in place (export with --out for a whole scene with them as Polygon2D cut-outs)`,
    )
  const newZones = room.zones.filter(
    (z) => !game.room.zones.some((g) => g.properties?.godotPath === z.properties?.godotPath),
  ).length
  const newPoints = (room.points ?? []).filter((p) => !game.room.points?.some((q) => q.id === p.id)).length
  if (newZones + newPoints > 0)
    notes.push(
      `${newZones} zone(s) and ${newPoints} point(s) new in Walkbox have no node in the scene; not written in place`,
    )
  // Deleting a node is the author's call in Godot (scripts and signals may use it).
  for (const g of game.room.zones) {
    const path = g.properties?.godotPath
    const ofNode = game.room.zones.filter((o) => o.properties?.godotPath === path)
    const kept = room.zones.some(
      (z) => z.properties?.godotPath === path && (ofNode.length === 1 || z.name === g.name),
    )
    if (path !== undefined && !kept)
      notes.push(
        `zone '${g.name}': removed in Walkbox; its node ${path} is left in the scene (delete it in Godot)`,
      )
  }
  for (const src of game.nodes?.points ?? []) {
    const gone = game.room.points?.find((p) => p.id === src.id)
    if (gone && !room.points?.some((p) => p.id === src.id))
      notes.push(
        `point '${gone.name}': removed in Walkbox; ${src.path} is left in the scene (delete it in Godot)`,
      )
  }
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
