/**
 * A Walkbox room written back into the Godot scene it was imported from, in place, where the
 * engine reads each thing: a Popochiu walkable area's `interaction_polygon` and its Perimeter's
 * NavigationPolygon, another region's NavigationPolygon (`vertices`, `polygons`, `outlines`);
 * a zone's or hotspot's polygon, walk-to and look-at points, description and fields in the
 * node properties the import read them from (room-objects.ts sources), through the inverse
 * of the same transforms; points' positions; Popochiu scaling regions' scales; the gates
 * Walkbox wrote (their Area2D's metadata and shape's polygon, import-gates.ts sources); every
 * object's custom properties as the `metadata/<key>` lines of its node (writeMetadata: edited,
 * added, removed). Every other byte of every file stays as it was (ids, uids, scripts,
 * signals, other metadata, order, comments). An unedited room changes nothing: the scene's
 * room is compared in the project's normal form.
 *
 * A walk area is edited when its polygons differ from what the scene gives by more than
 * EDIT_TOLERANCE_PX.
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
import { normaliseRoom } from '../../room/normalise'
import type { Hotspot, Room } from '../../room/schema'
import { navigationPolygonLines, roomFlagsList } from './export'
import { importGodotScene, navigationOutlines, type GodotImportSource } from './import'
import { polygonPosition, walkableAreaShape } from './popochiu'
import type { ShapeSource } from './room-objects'
import { apply, readSceneTree, walkTree, type SceneNode, type Transform } from './scene-tree'
import {
  isMetadataName,
  METADATA_NAME_RULE,
  noteKey,
  POINT_KIND_META,
  resourceId,
  tscnNumber,
  tscnPackedPoints,
  tscnString,
  tscnVector2,
  vector2,
  type TscnValue,
} from './tscn'

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
 * The lines of `key`'s value in the section whose heading is at 1-based `headingLine`: its
 * `key = ...` line and any continuation lines (0-based `start`, `count`), or null when the
 * section does not set it.
 */
function propertyLines(
  lines: string[],
  headingLine: number,
  key: string,
): { start: number; count: number } | null {
  const heading = headingLine - 1
  let end = heading + 1
  while (end < lines.length && !lines[end].startsWith('[')) end++
  const keyOf = (l: string) => /^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(l)?.[1]
  const at = lines.slice(heading + 1, end).findIndex((l) => keyOf(l) === key)
  if (at < 0) return null
  const start = heading + 1 + at
  let stop = start + 1
  while (stop < end && lines[stop].trim() !== '' && keyOf(lines[stop]) === undefined) stop++
  return { start, count: stop - start }
}

/**
 * The line edit that sets `key` of the section whose heading is at 1-based `headingLine`:
 * its `key = ...` line (with any continuation lines) replaced, else the line inserted
 * right after the heading.
 */
function propertyEdit(lines: string[], headingLine: number, key: string, newLine: string): LineEdit {
  const at = propertyLines(lines, headingLine, key)
  return at ? { ...at, lines: [newLine] } : { start: headingLine, count: 0, lines: [newLine] }
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
  const read = await importGodotScene({ ...source, decodeImage: undefined }, res, { roomId: room.id })
  // The scene's room as a project keeps it (normal form: 2 decimals), so that an unedited room
  // compares equal to it whatever the rounding of its numbers.
  const game = { ...read, room: normaliseRoom(read.room) }
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
  const toScene = (p: Point): Point => ({ x: p.x - offset.x, y: p.y - offset.y })
  /** Sets `key` of `node` to `value` text where Godot reads it; false when there is no place for it. */
  const setProperty = async (
    node: SceneNode,
    key: string,
    value: string,
    /** Always in the section that places the node (an override of its sub-scene's value). */
    own = false,
  ): Promise<boolean> => {
    const prop = own ? undefined : node.props.get(key)
    const where = prop ? { file: prop.file, line: prop.line } : node.section
    if (!where) return false
    const file = where.file.path.replace(/^res:\/\//, '')
    const lines = await linesOf(file)
    byFile.set(file, [...(byFile.get(file) ?? []), propertyEdit(lines, where.line, key, `${key} = ${value}`)])
    return true
  }
  /**
   * Removes `key` of `node` from the section that sets it (Godot: a property with no line has
   * its default; metadata with no line is no metadata); false when no section sets it.
   */
  const removeProperty = async (node: SceneNode, key: string): Promise<boolean> => {
    const prop = node.props.get(key)
    if (!prop) return false
    const file = prop.file.path.replace(/^res:\/\//, '')
    const at = propertyLines(await linesOf(file), prop.line, key)
    if (!at) return false
    byFile.set(file, [...(byFile.get(file) ?? []), { ...at, lines: [] }])
    return true
  }
  /** A name changed in Walkbox stays the scene's: a node's name is its path, which scripts use. */
  const renamed = (what: string, was: string, path: string) =>
    notes.push(
      `${what}: renamed in Walkbox, the node ${path} keeps its name '${was}' in the scene (scripts find nodes by name: rename it in Godot)`,
    )
  /** The text of `key`'s value in the section whose heading is at 1-based `line` of `file` (res://), or null. */
  const propertyText = async (file: string, line: number, key: string): Promise<string | null> => {
    const lines = await linesOf(file.replace(/^res:\/\//, ''))
    const keyOf = (l: string) => /^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(l)?.[1]
    for (let i = line; i < lines.length && !lines[i].startsWith('['); i++) {
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
  /** Is the game's Popochiu a 2.0 (its walkable areas keep interaction_polygon untyped)? */
  const popochiuIs20 = async () =>
    /^\s*version\s*=\s*"2\.0/m.test((await source.readText('res://addons/popochiu/plugin.cfg')) ?? '')
  /** Scene px -> the coordinates of a source's property (null when its frame cannot be undone). */

  const toLocal = (frame: Transform) => {
    const back = invert(frame)
    return back ? (p: Point) => apply(back, toScene(p)) : null
  }

  /** The NavigationPolygon lines of a region for the given rings (its own coordinates). */
  const seen = new Map<string, string>()
  const writeNavigationPolygon = async (node: SceneNode, areas: AreaPolygon[], label: string) => {
    const prop = node.props.get('navigation_polygon') ?? node.props.get('navpoly')
    const id = prop ? resourceId(prop.value, 'SubResource') : null
    if (!prop || id === null) {
      notes.push(`${node.path}: its navigation polygon is not a sub-resource of a scene; not written`)
      return
    }
    const file = prop.file.path.replace(/^res:\/\//, '')
    const key = `${file}#${id}`
    if (seen.has(key)) {
      notes.push(`${node.path}: shares its navigation polygon with ${seen.get(key)}; not written`)
      return
    }
    seen.set(key, node.path)
    const lines = await linesOf(file)
    const newLines = navigationPolygonLines(areas)
    const kept = keptOutlines(
      areas.flatMap((a) => [a.outer, ...a.holes]),
      sectionValue(lines, id, 'outlines'),
    )
    if (kept) newLines[2] = `outlines = Array[PackedVector2Array]([${kept.join(', ')}])`
    // A scene that writes these arrays untyped ([...], as hand-written and older scenes do) keeps that.
    for (const [k, key] of [
      [1, 'polygons'],
      [2, 'outlines'],
    ] as const)
      if (/^\s*\[/.test(sectionValue(lines, id, key) ?? ''))
        newLines[k] = newLines[k].replace(/^(\w+) = Array\[\w+\]\((\[.*\])\)$/, '$1 = $2')
    byFile.set(file, [...(byFile.get(file) ?? []), ...sectionEdits(lines, id, newLines, file)])

    notes.push(`${node.path}: ${label}: its navigation polygon (${id} in ${file.split('/').pop()})`)
  }

  /**
   * A Popochiu walkable area: its interaction_polygon (what Popochiu loads in _ready(), in the
   * game and in its editor) and its Perimeter's NavigationPolygon (what Godot shows), both in
   * the Perimeter's coordinates with the Perimeter at interaction_polygon_position.
   */
  const writeWalkableArea = async (area: SceneNode, mine: AreaPolygon[], label: string) => {
    const shape = walkableAreaShape(area, (p) => navigationOutlines(p, []), [])
    if (!shape) {
      notes.push(`${area.path}: the walkable area has no outline to replace; not written`)
      return
    }
    const local = toLocal(shape.frame)
    if (!local) {
      notes.push(`${area.path}: its transform cannot be undone (scale 0); not written`)
      return
    }
    const areas = mine.map((a) => ({ outer: a.outer.map(local), holes: a.holes.map((h) => h.map(local)) }))
    const rings = areas.flatMap((a) => [a.outer, ...a.holes])
    const was = area.props.get('interaction_polygon')
    const wasText = was ? await propertyText(was.file.path, was.line, 'interaction_polygon') : null
    const kept = (wasText !== null ? keptOutlines(rings, wasText) : null) ?? rings.map(tscnPackedPoints)
    const typed = wasText !== null ? /^\s*Array\[/.test(wasText) : !(await popochiuIs20())
    const value = typed ? `Array[PackedVector2Array]([${kept.join(', ')}])` : `[${kept.join(', ')}]`
    await setProperty(area, 'interaction_polygon', value)
    const perimeter = shape.perimeter
    if (shape.from === 'navigation_polygon' && perimeter) {
      // Popochiu's editor takes the Perimeter's position with its outlines.
      const at = vector2(perimeter.props.get('position')?.value) ?? { x: 0, y: 0 }
      const ipp = polygonPosition(area)
      if (at.x !== ipp.x || at.y !== ipp.y)
        await setProperty(area, 'interaction_polygon_position', tscnVector2(at))
    } else if (perimeter) {
      // Godot without Popochiu's script draws the Perimeter where the scene puts it.
      const at = vector2(perimeter.props.get('position')?.value) ?? { x: 0, y: 0 }
      const ipp = polygonPosition(area)
      if (at.x !== ipp.x || at.y !== ipp.y) {
        await setProperty(perimeter, 'position', tscnVector2(ipp))
        notes.push(
          `${perimeter.path}: moved to interaction_polygon_position (${ipp.x}, ${ipp.y}), where Popochiu puts it, so Godot shows the area where the game walks`,
        )
      }
    }
    notes.push(`${area.path}: ${label}: interaction_polygon (what Popochiu walks)`)
    if (perimeter) await writeNavigationPolygon(perimeter, areas, label)
  }

  for (const src of game.nodes?.areas ?? []) {
    const node = byPath.get(src.path)
    const gameArea = game.room.areas.find((a) => a.id === src.areaId)
    if (!node || !gameArea) continue
    // The import made the area's id from the region; a renamed area keeps that id.
    const area =
      room.areas.find((a) => a.id === gameArea.id) ?? room.areas.find((a) => a.name === gameArea.name)
    if (!area) {
      notes.push(`${node.path}: no walk area '${gameArea.name}' in the room; left as it is`)
      continue
    }
    if (area.name !== gameArea.name) renamed(`walk area '${area.name}'`, gameArea.name, node.path)
    const mine = room.polygons.filter((p) => p.areaId === area.id).map(walkPolygonToArea)
    const theirs = game.room.polygons.filter((p) => p.areaId === gameArea.id).map(walkPolygonToArea)
    if (shapeKey(mine) === shapeKey(theirs)) continue
    if (mine.length === 0) {
      notes.push(`${node.path}: walk area '${area.name}' has no polygons in the room; left as it is`)
      continue
    }
    const label = `walk area '${area.name}' edited`
    if (src.popochiu) {
      await writeWalkableArea(node, mine, label)
      continue
    }
    const local = toLocal(node.global)
    if (!local) {
      notes.push(`${node.path}: its transform cannot be undone (scale 0); not written`)
      continue
    }
    await writeNavigationPolygon(
      node,
      mine.map((a) => ({ outer: a.outer.map(local), holes: a.holes.map((h) => h.map(local)) })),
      label,
    )
  }

  // Zones and hotspots: the polygon of the node property the import read (Popochiu's
  // interaction_polygon at its interaction_polygon_position, a CollisionPolygon2D's polygon).
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
  const samePoint = (a?: { x: number; y: number }, b?: { x: number; y: number }) =>
    a === undefined || b === undefined ? a === b : round(a.x) === round(b.x) && round(a.y) === round(b.y)
  const writeRing = async (what: string, source: ShapeSource | null, outer: [number, number][]) => {
    const node = source ? byPath.get(source.path) : undefined
    const local = source ? toLocal(source.frame) : null
    if (!source || !node || !local) {
      notes.push(`${what}: its shape has no single polygon to write; not written`)
      return
    }
    if (await setProperty(node, source.key, tscnPackedPoints(outer.map(([x, y]) => local({ x, y })))))
      notes.push(`${what}: ${node.path} ${source.key} edited`)
  }
  const writePoint = async (
    what: string,
    source: ShapeSource | null,
    p: { x: number; y: number } | undefined,
  ) => {
    const node = source ? byPath.get(source.path) : undefined
    const local = source ? toLocal(source.frame) : null
    if (!p) {
      notes.push(`${what}: removed in Walkbox; the scene keeps it`)
      return
    }
    if (!source || !node || !local) {
      notes.push(`${what}: has no property in the scene to hold it; not written`)
      return
    }
    if (await setProperty(node, source.key, tscnVector2(local(p))))
      notes.push(`${what}: ${node.path} ${source.key} edited`)
  }
  /**
   * An object's custom properties edited in Walkbox back into its node's `metadata/<key>` (where
   * the import read them, room-objects.ts metadataProperties): an edited value typed as the
   * scene had it (a float stays a float), a new key a new line in the node's section, a removed
   * key's line deleted (Godot: no line, no metadata). Named in a note and left as it is: a key
   * the node holds elsewhere (a field, `global_id`), a name Godot refuses for metadata
   * (isMetadataName), a value not of the scene's type, a removed key an instanced scene sets,
   * and every key of an object whose node's metadata is not its properties (`noMetadata`).
   */
  const writeMetadata = async (
    what: string,
    mine: Record<string, string>,
    theirs: Record<string, string>,
    path: string,
    noMetadata?: string,
  ) => {
    const node = byPath.get(path)
    if (!node) return
    const changed = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter(
      (key) => key !== 'godotPath' && mine[key] !== theirs[key],
    )
    if (noMetadata && changed.length > 0) {
      notes.push(`${what}: properties ${changed.map(noteKey).join(', ')} not written (${noMetadata})`)
      return
    }
    for (const key of changed) {
      const meta = `metadata/${key}`
      const had = node.props.get(meta)
      if (theirs[key] !== undefined && !had) {
        notes.push(`${what}: property ${noteKey(key)} is not the node's metadata; not written`)
        continue
      }
      // A line of an instanced scene (a character's own scene, shared by every room that
      // instances it) is overridden in the section that places this node, as Godot's editor
      // does; it cannot be removed from there.
      const shared =
        had !== undefined && node.section !== undefined && had.file.path !== node.section.file.path
      if (mine[key] === undefined) {
        if (shared)
          notes.push(
            `${what}: property ${noteKey(key)} is set in ${had.file.path}, which other scenes may instance; not removed (remove it there in Godot)`,
          )
        else if (await removeProperty(node, meta)) notes.push(`${what}: ${path} ${meta} removed`)
        continue
      }
      if (key.startsWith('walkbox_') || (!had && !isMetadataName(key))) {
        notes.push(`${what}: property ${noteKey(key)} not written (${METADATA_NAME_RULE})`)
        continue
      }
      let value = fieldText(had?.value, mine[key])
      if (value === null) {
        notes.push(
          `${what}: property ${noteKey(key)} ${JSON.stringify(mine[key])} is not a ${typeof had?.value}; the scene keeps ${meta}`,
        )
        continue
      }
      // Godot writes a float with a point (VariantWriter: "1.0"); a whole number stays a float.
      if (had && typeof had.value === 'number' && /^-?\d+$/.test(value)) {
        const was = await propertyText(had.file.path, had.line, meta)
        if (was !== null && /[.eE]|inf|nan/.test(was)) value += '.0'
      }
      if (await setProperty(node, meta, value, shared))
        notes.push(
          `${what}: ${path} ${meta} ${shared ? `set over ${had.file.path}'s` : had ? 'edited' : 'added'}`,
        )
    }
  }
  /**
   * A hotspot Walkbox's own export wrote: its properties (one JSON line, as export.ts writes
   * it), condition and facing back into the node's walkbox_ metadata; an emptied one's line
   * deleted.
   */
  const writeOwnHotspot = async (what: string, node: SceneNode, h: Hotspot, was: Hotspot) => {
    const sorted = (p: Record<string, string>) => JSON.stringify(Object.entries(p).sort())
    const props = Object.keys(h.properties).length > 0 ? JSON.stringify(h.properties) : undefined
    for (const [key, value, changed] of [
      ['walkbox_properties', props, sorted(h.properties) !== sorted(was.properties)],
      ['walkbox_enabled_by', h.enabledBy, h.enabledBy !== was.enabledBy],
      ['walkbox_direction', h.direction, h.direction !== was.direction],
    ] as const) {
      if (!changed) continue
      const meta = `metadata/${key}`
      if (value === undefined) await removeProperty(node, meta)
      else await setProperty(node, meta, tscnString(value))
      notes.push(`${what}: ${node.path} ${meta} ${value === undefined ? 'removed' : 'written'}`)
    }
  }
  /** The one zone or hotspot of the scene `x` came from (by its node, and by name when a node gave several). */
  const counterpart = <T extends { name: string; properties?: Record<string, string> }>(
    x: T,
    theirs: T[],
  ) => {
    const path = x.properties?.godotPath
    const ofNode = theirs.filter((g) => g.properties?.godotPath === path)
    return path === undefined
      ? undefined
      : ofNode.length === 1
        ? ofNode[0]
        : ofNode.find((g) => g.name === x.name)
  }
  // A zone of a project imported before hotspots were read (issue #27) may name a node Walkbox
  // now reads as a hotspot: nothing is guessed; the author re-imports the room to edit it so.
  const nowHotspot = (path: string | undefined) =>
    path !== undefined && (game.room.hotspots ?? []).some((h) => h.properties.godotPath === path)
  for (const z of room.zones) {
    const was = counterpart(z, game.room.zones)
    if (!was && nowHotspot(z.properties?.godotPath)) {
      notes.push(
        `zone '${z.name}': ${z.properties!.godotPath} is a hotspot in the scene (a clickable, read as one since Walkbox has hotspots); not written (import the room again to edit it as a hotspot)`,
      )
      continue
    }
    if (!was) continue
    const path = was.properties!.godotPath
    if (was.name !== z.name) renamed(`zone '${z.name}'`, was.name, path)
    await writeMetadata(`zone '${z.name}'`, z.properties, was.properties, path)
    if (z.shape.kind !== 'polygon' || was.shape.kind !== 'polygon') continue
    if (sameRing(z.shape.outer, was.shape.outer)) continue
    const src = game.nodes?.zones?.find((s) => s.id === was.id)
    await writeRing(`zone '${z.name}'`, src?.polygon ?? null, z.shape.outer)
  }
  for (const h of room.hotspots ?? []) {
    const was = counterpart(h, game.room.hotspots ?? [])
    const src = was ? game.nodes?.hotspots?.find((s) => s.id === was.id) : undefined
    if (!was || !src) continue
    const node = byPath.get(src.path)
    if (was.name !== h.name) renamed(`hotspot '${h.name}'`, was.name, src.path)
    if (
      h.shape.kind === 'polygon' &&
      was.shape.kind === 'polygon' &&
      !sameRing(h.shape.outer, was.shape.outer)
    )
      await writeRing(`hotspot '${h.name}'`, src.polygon, h.shape.outer)
    else if (h.shape.kind !== was.shape.kind)
      notes.push(`hotspot '${h.name}': a painted shape has no place in a Godot scene; not written`)
    if (!samePoint(h.walkTo, was.walkTo))
      await writePoint(`hotspot '${h.name}' walk-to point`, src.walkTo, h.walkTo)
    if (!samePoint(h.lookAt, was.lookAt))
      await writePoint(`hotspot '${h.name}' look-at point`, src.lookAt, h.lookAt)
    if ((h.description ?? '') !== (was.description ?? '') && node && src.description) {
      await setProperty(node, src.description, tscnString(h.description ?? ''))
      notes.push(`hotspot '${h.name}': ${src.path} ${src.description} edited`)
    }
    if (src.own && node) {
      await writeOwnHotspot(`hotspot '${h.name}'`, node, h, was)
      continue
    }
    // The node's metadata (properties `metadata/<key>`) as every object's; its fields one by one.
    const metadata = (p: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => k.startsWith('metadata/'))
          .map(([k, v]) => [k.slice('metadata/'.length), v]),
      )
    await writeMetadata(`hotspot '${h.name}'`, metadata(h.properties), metadata(was.properties), src.path)
    for (const key of src.fields) {
      const mine = h.properties[key]
      const theirs = was.properties[key]
      if (mine === theirs || !node || key.startsWith('metadata/')) continue
      const value = mine === undefined ? null : fieldText(node.props.get(key)?.value, mine)
      if (value === null) {
        notes.push(
          `hotspot '${h.name}': property ${noteKey(key)} ${mine === undefined ? 'removed' : `${JSON.stringify(mine)} is not a ${typeof node.props.get(key)?.value}`}; the scene keeps its value`,
        )
        continue
      }
      await setProperty(node, key, value)
      notes.push(`hotspot '${h.name}': ${src.path} ${key} edited`)
    }
    const added = Object.keys(h.properties).filter(
      (k) => k !== 'godotPath' && !k.startsWith('metadata/') && was.properties[k] === undefined,
    )
    if (added.length > 0)
      notes.push(
        `hotspot '${h.name}': properties ${added.map(noteKey).join(', ')} are no field the node sets; not written (a property named metadata/<key> is written as the node's metadata)`,
      )
    if (h.direction !== was.direction || h.enabledBy !== was.enabledBy)
      notes.push(`hotspot '${h.name}': its facing and condition have no place in the scene; not written`)
  }

  // Points: a marker's or a character's position, in its parent's coordinates.
  for (const src of game.nodes?.points ?? []) {
    const mine = room.points?.find((p) => p.id === src.id)
    const was = game.room.points?.find((p) => p.id === src.id)
    if (!mine || !was) continue
    if (mine.name !== was.name) renamed(`point '${mine.name}'`, was.name, src.path)
    const node = byPath.get(src.path)
    if ((mine.kind ?? 'marker') !== (was.kind ?? 'marker') && node) {
      // Godot has no point kinds: Walkbox's own metadata keeps it (import.ts reads it back).
      await setProperty(node, POINT_KIND_META, tscnString(mine.kind ?? 'marker'))
      notes.push(`point '${mine.name}': ${src.path} ${POINT_KIND_META} = ${mine.kind ?? 'marker'}`)
    }
    await writeMetadata(
      `point '${mine.name}'`,
      mine.properties ?? {},
      was.properties ?? {},
      src.path,
      src.noMetadata,
    )
    if (samePoint(mine, was)) continue
    await writePoint(`point '${mine.name}'`, src, mine)
  }

  // Gates: Walkbox's own gate Area2D keeps the gate in metadata (walkbox_gate_kind,
  // walkbox_flag_expression, walkbox_area_id, the properties) and its shape child's polygon;
  // a Popochiu obstacle is its prop's obstacle_polygon, not written here.
  for (const src of game.nodes?.gates ?? []) {
    const mine = room.gates.find((g) => g.id === src.gateId)
    const was = game.room.gates.find((g) => g.id === src.gateId)
    const node = byPath.get(src.path)
    if (!mine || !was || !node) continue
    const what = `gate '${mine.name}'`
    if (mine.name !== was.name) renamed(what, was.name, src.path)
    await writeMetadata(what, mine.properties ?? {}, was.properties ?? {}, src.path, src.noMetadata)
    const ring = (g: typeof mine) => g.polygon ?? []
    const reshaped = !sameRing(ring(mine), ring(was))
    const own = src.noMetadata === undefined
    if (!own) {
      if (reshaped || mine.kind !== was.kind || mine.flagExpression !== was.flagExpression)
        notes.push(
          `${what}: a Popochiu obstacle's shape and condition are not written in place (edit the prop in Godot)`,
        )
      continue
    }
    if (reshaped && ring(mine).length < 3)
      notes.push(`${what}: has no polygon in Walkbox; the scene keeps its shape`)
    else if (reshaped) await writeRing(what, src.polygon, ring(mine))
    for (const [key, value, before] of [
      ['metadata/walkbox_gate_kind', mine.kind, was.kind],
      ['metadata/walkbox_flag_expression', mine.flagExpression, was.flagExpression],
    ] as const)
      if (value !== before) {
        await setProperty(node, key, tscnString(value))
        notes.push(`${what}: ${src.path} ${key} edited`)
      }
    if (mine.areaId !== was.areaId) {
      const meta = 'metadata/walkbox_area_id'
      if (mine.areaId === undefined) await removeProperty(node, meta)
      else await setProperty(node, meta, String(mine.areaId))
      notes.push(`${what}: ${src.path} ${meta} ${mine.areaId === undefined ? 'removed' : 'edited'}`)
    }
  }

  // Walk polygons' custom properties: the metadata of the region they were read from (one
  // NavigationRegion2D or Popochiu walkable area per walk area; its polygons share it).
  for (const src of game.nodes?.areas ?? []) {
    const of = (r: Room) => r.polygons.filter((p) => p.areaId === src.areaId)
    const mine = of(room)
    const was = of(game.room)
    if (mine.length === 0 || was.length === 0) continue
    // Every key of its polygons, the first polygon's value where they differ (as export.ts).
    const merged = (list: Room['polygons']) =>
      Object.assign({}, ...list.map((p) => p.properties ?? {}).reverse()) as Record<string, string>
    await writeMetadata(`walk area ${src.areaId}`, merged(mine), merged(was), src.path)
  }

  // Popochiu scaling regions: the room's linear scaling at each region's top and bottom rows.
  const scaled = game.nodes?.scaling ?? []
  const theirStops = game.room.scaling.linear.find((l) => l.areaId === 0)?.stops
  const myStops =
    room.scaling.mode === 'linear' ? room.scaling.linear.find((l) => l.areaId === 0)?.stops : undefined
  if (scaled.length > 0 && JSON.stringify(myStops) !== JSON.stringify(theirStops)) {
    if (!myStops)
      notes.push('scaling: the room no longer scales by y; the Popochiu scaling regions keep their scales')
    else
      for (const r of scaled) {
        const zone = game.room.zones.find((z) => z.id === r.zoneId)
        const node = byPath.get(r.path)
        if (!zone || zone.shape.kind !== 'polygon' || !node) continue
        const ys = zone.shape.outer.map(([, y]) => y)
        for (const [key, y] of [
          ['scale_top', Math.min(...ys)],
          ['scale_bottom', Math.max(...ys)],
        ] as const) {
          const scale = scaleAt(myStops, y) / 100
          const had = node.props.get(key)?.value
          if (typeof had === 'number' && Math.abs(had - scale) < 1e-4) continue
          await setProperty(node, key, tscnNumber(scale))
          notes.push(`scaling: ${r.path} ${key} = ${tscnNumber(scale)} (the room's scale at y ${y})`)
        }
      }
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
  if (room.walkBehinds && room.walkBehinds.areas.length > 0)
    notes.push(
      `walk-behinds: ${room.walkBehinds.areas.length} not written in place (export with --out for a whole scene with them as Polygon2D cut-outs)`,
    )
  const isNew = <T extends { properties?: Record<string, string> }>(mine: T[], theirs: T[]) =>
    mine.filter((z) => !theirs.some((g) => g.properties?.godotPath === z.properties?.godotPath)).length
  const newZones = isNew(
    room.zones.filter((z) => !nowHotspot(z.properties?.godotPath)),
    game.room.zones,
  )
  const newHotspots = isNew(room.hotspots ?? [], game.room.hotspots ?? [])
  const newPoints = (room.points ?? []).filter((p) => !game.room.points?.some((q) => q.id === p.id)).length
  const gateNodes = game.nodes?.gates ?? []
  const newGates = room.gates.filter((g) => !gateNodes.some((s) => s.gateId === g.id)).length
  if (newZones + newHotspots + newPoints + newGates > 0)
    notes.push(
      `${newZones} zone(s), ${newHotspots} hotspot(s), ${newPoints} point(s) and ${newGates} gate(s) new in Walkbox have no node in the scene; not written in place (export with --out for a whole scene with them)`,
    )
  // Deleting a node is the author's call in Godot (scripts and signals may use it).
  const gone = <T extends { name: string; properties?: Record<string, string> }>(
    what: string,
    mine: T[],
    theirs: T[],
  ) => {
    for (const g of theirs) {
      const path = g.properties?.godotPath
      const ofNode = theirs.filter((o) => o.properties?.godotPath === path)
      const kept = mine.some(
        (z) => z.properties?.godotPath === path && (ofNode.length === 1 || z.name === g.name),
      )
      if (path !== undefined && !kept)
        notes.push(
          `${what} '${g.name}': removed in Walkbox; its node ${path} is left in the scene (delete it in Godot)`,
        )
    }
  }
  gone('zone', room.zones, game.room.zones)
  gone(
    'hotspot',
    room.hotspots ?? [],
    (game.room.hotspots ?? []).filter(
      (h) => !room.zones.some((z) => z.properties?.godotPath === h.properties.godotPath),
    ),
  )

  for (const src of game.nodes?.points ?? []) {
    const gone = game.room.points?.find((p) => p.id === src.id)
    if (gone && !room.points?.some((p) => p.id === src.id))
      notes.push(
        `point '${gone.name}': removed in Walkbox; ${src.path} is left in the scene (delete it in Godot)`,
      )
  }
  for (const src of gateNodes) {
    const gone = game.room.gates.find((g) => g.id === src.gateId)
    if (gone && !room.gates.some((g) => g.id === src.gateId))
      notes.push(
        `gate '${gone.name}': removed in Walkbox; ${src.path} is left in the scene (delete it in Godot)`,
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

/** A field's new text `value` written as the scene had it (a number, a boolean, text); null when it is not one. */
function fieldText(had: TscnValue | undefined, value: string): string | null {
  if (typeof had === 'number') {
    const n = Number(value)
    return value.trim() !== '' && Number.isFinite(n) ? tscnNumber(n) : null
  }
  if (typeof had === 'boolean') return value === 'true' || value === 'false' ? value : null
  return tscnString(value)
}

/** The scale (percent) at `y` of linear stops: interpolated between them, held beyond the ends. */
function scaleAt(stops: { y: number; scale: number }[], y: number): number {
  const sorted = [...stops].sort((a, b) => a.y - b.y)
  if (y <= sorted[0].y) return sorted[0].scale
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]]
    if (y <= b.y) return b.y === a.y ? b.scale : a.scale + ((y - a.y) / (b.y - a.y)) * (b.scale - a.scale)
  }
  return sorted[sorted.length - 1].scale
}
