/**
 * The Godot corpus check (scripts/corpus.ts): Popochiu 2, Escoria and plain Godot 4 games.
 *
 * For each game (a scratch copy): the whole game is imported as `walkbox import` does it; every
 * room is checked against a reading of its scene files made here, independently of Walkbox's
 * importer (a small reader below, following Popochiu's and Escoria's own rules, docs/engines.md):
 *
 * - background: the picture the engine shows (Popochiu: the Background prop's `texture`, one
 *   frame of `frames` x `v_frames`) and the room the size of that frame, placed where its sprite
 *   draws it (`sceneOffset`); n/a where the engine names no background (Escoria, plain scenes).
 * - areas: every walk-area ring (Popochiu: `interaction_polygon` at `interaction_polygon_position`
 *   under the walkable area; else a NavigationRegion2D's `outlines`) within 1 px of a ring of
 *   the room's area of that name.
 * - hotspots: every clickable's polygon (Popochiu hotspots and clickable props at their
 *   `interaction_polygon_position`; Escoria items' CollisionPolygon2D), walk-to (`walk_to_point`,
 *   an ESCLocation) and look-at point within 1 px of the room's hotspot from that node.
 * - points: Popochiu markers and characters (at their feet) within 1 px of a point of their name.
 * - unedited: the room written back unedited (`walkbox export --into`) changes no byte.
 * - edit: one walk-area vertex moved 1 px and written back: only the lines of the area's polygon
 *   change (or are added where the scene had none: an empty interaction_polygon); Popochiu's `interaction_polygon` (read again here) holds the moved vertex; the scene
 *   imported again gives the edited area back.
 *
 * Glossary
 * - scene px: the room scene root's coordinates; room px = scene px + sceneOffset.
 * - ring: a closed list of points.
 *
 * Units: px.
 */
import { createHash } from 'node:crypto'
import { readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { importGodotGameCommand } from '../../src/cli/godot-game-commands'
import { exportIntoCommand } from '../../src/cli/game-export'
import { folderSource } from '../../src/cli/format-commands'
import { importGodotScene, type GodotImportSource } from '../../src/shared/formats/godot/import'
import * as store from '../../src/main/services/project-store'
import type { Room } from '../../src/shared/room/schema'
import type { CheckResult, CorpusEngine, GameResult, RoomRow } from './types'

/** How far (px) a read position may be from where the engine puts it. */
const TOLERANCE_PX = 1

type P = { x: number; y: number }
type T = [number, number, number, number, number, number]

// ---------------------------------------------------------------------------------------
// An independent reader of Godot 4 text scenes: sections, raw property text, a node tree with
// sub-scenes grafted and transforms from position, rotation and scale.

interface Section {
  heading: string
  tag: string
  attr: (key: string) => string | undefined
  /** Raw value text of each property (continuation lines joined). */
  props: Map<string, string>
}

function sectionsOf(text: string): Section[] {
  const out: Section[] = []
  let current: Section | null = null
  let key: string | null = null
  for (const line of text.split(/\r?\n/)) {
    const heading = /^\[([A-Za-z_]+)([^\n]*)\]\s*$/.exec(line)
    if (heading) {
      const raw = heading[2]
      current = {
        heading: line,
        tag: heading[1],
        attr: (k) =>
          new RegExp(`\\b${k}=("([^"]*)"|([^\\s\\]]+))`)
            .exec(raw)
            ?.slice(2)
            .find((v) => v !== undefined),
        props: new Map(),
      }
      out.push(current)
      key = null
      continue
    }
    if (!current) continue
    const kv = /^([A-Za-z_][A-Za-z0-9_/]*)\s*=\s?(.*)$/.exec(line)
    if (kv) {
      key = kv[1]
      current.props.set(key, kv[2])
    } else if (key && line.trim() !== '') current.props.set(key, `${current.props.get(key)}\n${line}`)
  }
  return out
}

const NUM = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?'
const vec = (v: string | undefined): P | null => {
  const m = new RegExp(`^\\s*Vector2i?\\(\\s*(${NUM})\\s*,\\s*(${NUM})\\s*\\)`).exec(v ?? '')
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null
}
const numberOf = (v: string | undefined): number | null => {
  const m = new RegExp(`^\\s*(${NUM})\\s*$`).exec(v ?? '')
  return m ? Number(m[1]) : null
}
/** Every PackedVector2Array(...) in a value, as point lists. */
const packedRings = (v: string | undefined): P[][] =>
  [...(v ?? '').matchAll(/PackedVector2Array\(([^)]*)\)/g)].map((m) => {
    const n = m[1]
      .split(',')
      .filter((s) => s.trim() !== '')
      .map(Number)
    return Array.from({ length: Math.floor(n.length / 2) }, (_, i) => ({ x: n[2 * i], y: n[2 * i + 1] }))
  })
const extId = (v: string | undefined) => /ExtResource\(\s*"([^"]+)"\s*\)/.exec(v ?? '')?.[1]
const subId = (v: string | undefined) => /SubResource\(\s*"([^"]+)"\s*\)/.exec(v ?? '')?.[1]
const str = (v: string | undefined) => /^\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(v ?? '')?.[1]

interface Node {
  name: string
  type: string
  path: string
  parent: Node | null
  children: Node[]
  /** Property raw text and the file that set it (resource ids are per file). */
  props: Map<string, { text: string; file: SceneFile }>
  global: T
}
interface SceneFile {
  res: string
  ext: Map<string, string>
  sub: Map<string, Section>
}

const compose = (p: T, q: T): T => [
  p[0] * q[0] + p[2] * q[1],
  p[1] * q[0] + p[3] * q[1],
  p[0] * q[2] + p[2] * q[3],
  p[1] * q[2] + p[3] * q[3],
  p[0] * q[4] + p[2] * q[5] + p[4],
  p[1] * q[4] + p[3] * q[5] + p[5],
]
const at = (t: T, p: P): P => ({ x: t[0] * p.x + t[2] * p.y + t[4], y: t[1] * p.x + t[3] * p.y + t[5] })
const local = (n: Node, position?: P): T => {
  const pos = position ?? vec(n.props.get('position')?.text) ?? { x: 0, y: 0 }
  const s = vec(n.props.get('scale')?.text) ?? { x: 1, y: 1 }
  const r = numberOf(n.props.get('rotation')?.text) ?? 0
  return [Math.cos(r) * s.x, Math.sin(r) * s.x, -Math.sin(r) * s.y, Math.cos(r) * s.y, pos.x, pos.y]
}
const IDENTITY: T = [1, 0, 0, 1, 0, 0]

async function readScene(game: string, res: string, depth = 0): Promise<Node | null> {
  if (depth > 12) return null
  const text = await readFile(join(game, res.replace(/^res:\/\//, '')), 'utf8').catch(() => null)
  if (text === null) return null
  const secs = sectionsOf(text)
  const file: SceneFile = { res, ext: new Map(), sub: new Map() }
  for (const s of secs) {
    if (s.tag === 'ext_resource') file.ext.set(s.attr('id')!, s.attr('path') ?? '')
    if (s.tag === 'sub_resource') file.sub.set(s.attr('id')!, s)
  }
  const byPath = new Map<string, Node>()
  let root: Node | null = null
  for (const s of secs) {
    if (s.tag !== 'node') continue
    const name = s.attr('name') ?? ''
    const parentPath = s.attr('parent')
    const path = parentPath === undefined ? '' : parentPath === '.' ? name : `${parentPath}/${name}`
    const instance = /instance=ExtResource\(\s*"([^"]+)"\s*\)/.exec(s.heading)?.[1]
    const sub = instance ? await readScene(game, file.ext.get(instance) ?? '', depth + 1) : null
    const node: Node = sub
      ? { ...sub, name, path }
      : {
          name,
          type: s.attr('type') ?? 'Node',
          path,
          parent: null,
          children: [],
          props: new Map(),
          global: IDENTITY,
        }
    for (const [k, v] of s.props) node.props.set(k, { text: v, file })
    if (parentPath === undefined) root = node
    else {
      const parent = byPath.get(parentPath === '.' ? '' : parentPath)
      if (!parent) continue
      node.parent = parent
      parent.children.push(node)
    }
    byPath.set(path, node)
  }
  if (root && depth === 0) {
    const place = (n: Node, path: string, parent: T) => {
      n.path = path
      n.global = path === '' ? IDENTITY : compose(parent, local(n))
      for (const c of n.children) {
        c.parent = n
        place(c, path === '' ? c.name : `${path}/${c.name}`, n.global)
      }
    }
    place(root, '', IDENTITY)
  }
  return root
}

const all = (n: Node): Node[] => [n, ...n.children.flatMap(all)]
const prop = (n: Node, k: string) => n.props.get(k)?.text
const scriptPath = (n: Node) => {
  const p = n.props.get('script')
  const id = extId(p?.text)
  return id ? (p!.file.ext.get(id) ?? '') : ''
}
const child = (n: Node, name: string) => n.children.find((c) => c.name === name)

// ---------------------------------------------------------------------------------------
// What the engines take from those scenes.

interface Expected {
  framework: 'popochiu' | 'escoria' | 'godot'
  /** The background picture and where its top-left lies in scene px; null: none; undefined: the engine names none. */
  background?: { file: string; width: number; height: number; topLeft: P } | null
  areas: Map<string, P[][]>
  hotspots: Map<string, { ring: P[] | null; walkTo?: P; lookAt?: P }>
  points: { name: string; at: P }[]
}

async function expectedOf(game: string, scene: string): Promise<Expected> {
  const root = await readScene(game, `res://${scene}`)
  if (!root) throw new Error(`${scene}: not read`)
  const groups = ['WalkableAreas', 'Props', 'Hotspots', 'Regions', 'Markers', 'Characters']
  const popochiu = root.children.filter((c) => groups.includes(c.name)).length >= 3
  const escoria = /esc_room\.gd$/.test(scriptPath(root))
  const out: Expected = {
    framework: popochiu ? 'popochiu' : escoria ? 'escoria' : 'godot',
    areas: new Map(),
    hotspots: new Map(),
    points: [],
  }
  const navOutlines = (region: Node): P[][] => {
    const p = region.props.get('navigation_polygon') ?? region.props.get('navpoly')
    const id = subId(p?.text)
    const res = id ? p!.file.sub.get(id) : undefined
    return packedRings(res?.props.get('outlines'))
  }
  if (popochiu) {
    const group = (g: string) => child(root, g)?.children ?? []
    // Background: the Background prop's texture on its Sprite2D, frames x v_frames.
    const isBg = (name: string | undefined) => /^(background|bg)$/i.test(name ?? '')
    // Without one, by name (docs/engines.md): a prop named ...Background, a root Sprite2D
    // named Background or Bg.
    const props = group('Props')
    const bg =
      props.find((p) => isBg(p.name)) ??
      props.find((p) => isBg(str(prop(p, 'script_name')))) ??
      props.find((p) => /background$/i.test(p.name) && child(p, 'Sprite2D'))
    const sprite = bg
      ? child(bg, 'Sprite2D')
      : root.children.find((c) => c.type === 'Sprite2D' && isBg(c.name))
    const texProp = bg?.props.get('texture') ?? sprite?.props.get('texture')
    const texId = extId(texProp?.text)
    const tex = texId ? texProp!.file.ext.get(texId) : undefined
    out.background = null
    if (sprite && tex && /\.(png|jpe?g|webp)$/i.test(tex)) {
      const meta = await sharp(join(game, tex.replace(/^res:\/\//, '')))
        .metadata()
        .catch(() => null)
      if (meta?.width && meta.height) {
        const h = (bg && numberOf(prop(bg, 'frames'))) ?? numberOf(prop(sprite, 'hframes')) ?? 1
        const v = (bg && numberOf(prop(bg, 'v_frames'))) ?? numberOf(prop(sprite, 'vframes')) ?? 1
        const w = Math.floor(meta.width / h)
        const hh = Math.floor(meta.height / v)
        const centered = prop(sprite, 'centered')?.trim() !== 'false'
        const off = vec(prop(sprite, 'offset')) ?? { x: 0, y: 0 }
        const topLeft = at(sprite.global, {
          x: off.x - (centered ? w / 2 : 0),
          y: off.y - (centered ? hh / 2 : 0),
        })
        out.background = { file: tex, width: w, height: hh, topLeft }
      }
    }
    for (const wa of group('WalkableAreas')) {
      let rings = packedRings(prop(wa, 'interaction_polygon')).filter((r) => r.length >= 3)
      const perimeter = child(wa, 'Perimeter')
      let frame: T
      if (rings.length > 0)
        frame = compose(
          wa.global,
          local(perimeter ?? wa, vec(prop(wa, 'interaction_polygon_position')) ?? { x: 0, y: 0 }),
        )
      else {
        rings = perimeter ? navOutlines(perimeter) : []
        frame = perimeter?.global ?? wa.global
      }
      out.areas.set(
        wa.name,
        rings.map((r) => r.map((p) => at(frame, p))),
      )
    }
    for (const n of [...group('Hotspots'), ...group('Props')]) {
      if (n === bg || prop(n, 'clickable')?.trim() === 'false') continue
      const ip = child(n, 'InteractionPolygon')
      let ring: P[] | null = null
      const own = packedRings(prop(n, 'interaction_polygon'))[0]
      if (own && own.length >= 3) {
        const ipp = vec(prop(n, 'interaction_polygon_position')) ?? { x: 0, y: 0 }
        const frame = compose(n.global, local(ip ?? n, ipp))
        ring = own.map((p) => at(frame, p))
      } else if (ip) ring = (packedRings(prop(ip, 'polygon'))[0] ?? []).map((p) => at(ip.global, p))
      const w = vec(prop(n, 'walk_to_point'))
      const l = vec(prop(n, 'look_at_point'))
      out.hotspots.set(n.path, {
        ring,
        ...(w ? { walkTo: at(n.global, w) } : {}),
        ...(l ? { lookAt: at(n.global, l) } : {}),
      })
    }
    for (const m of group('Markers')) out.points.push({ name: m.name, at: at(m.global, { x: 0, y: 0 }) })
    for (const c of group('Characters'))
      out.points.push({ name: c.name.replace(/\s*\*$/, ''), at: at(c.global, { x: 0, y: 0 }) })
  } else {
    for (const n of all(root)) {
      if (n.props.has('navigation_polygon') || n.props.has('navpoly'))
        out.areas.set(
          n.name,
          navOutlines(n).map((r) => r.map((p) => at(n.global, p))),
        )
    }
    if (escoria) {
      for (const n of all(root)) {
        const s = scriptPath(n)
        if (!/esc_(item|exit)\.gd$/.test(s) || prop(n, 'is_trigger')?.trim() === 'true') continue
        if (prop(n, 'is_movable')?.trim() === 'true') continue
        // Its shape: the collision children (_detect_children); one polygon is compared, a
        // rectangle or several shapes are not; none at all: nothing to click (no hotspot).
        const collisions = n.children.filter(
          (c) => c.type === 'CollisionPolygon2D' || c.type === 'CollisionShape2D',
        )
        if (collisions.length === 0) continue
        const poly =
          collisions.length === 1 && collisions[0].type === 'CollisionPolygon2D' ? collisions[0] : null
        const ring = poly
          ? (packedRings(prop(poly, 'polygon'))[0] ?? []).map((p) => at(poly.global, p))
          : null
        // get_interact_position: the last ESCInteractionLocation, else the last ESCLocation,
        // else the (last) collision child's origin.
        const locations = n.children.filter((c) => /esc_(interaction_)?location\.gd$/.test(scriptPath(c)))
        const interaction = locations
          .filter((c) => /esc_interaction_location\.gd$/.test(scriptPath(c)))
          .at(-1)
        const walk = interaction ?? locations.at(-1) ?? collisions.at(-1)
        out.hotspots.set(n.path, { ring, ...(walk ? { walkTo: at(walk.global, { x: 0, y: 0 }) } : {}) })
      }
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------
// Comparing.

const near = (a: P, b: P, tolerance = TOLERANCE_PX) => Math.hypot(a.x - b.x, a.y - b.y) <= tolerance
/** Is ring `a` ring `b` within the tolerance (any start vertex, either winding, repeats dropped)? */
function sameRing(a: P[], b: P[], tolerance = TOLERANCE_PX): boolean {
  const clean = (r: P[]) => r.filter((p, i) => !near(p, r[(i + 1) % r.length], tolerance) || r.length <= 3)
  const [x, y] = [clean(a), clean(b)]
  if (x.length !== y.length) return false
  const n = x.length
  for (let k = 0; k < n; k++) {
    if (x.every((p, i) => near(p, y[(k + i) % n], tolerance))) return true
    if (x.every((p, i) => near(p, y[(k - i + 2 * n) % n], tolerance))) return true
  }
  return false
}
const pt = ([x, y]: [number, number]): P => ({ x, y })
const pass: CheckResult = { status: 'pass' }
const fail = (why: string): CheckResult => ({ status: 'fail', why })
const na = (why?: string): CheckResult => ({ status: 'n/a', ...(why ? { why } : {}) })

function checkBackground(
  e: Expected,
  room: Room,
  stored: { width: number; height: number } | null,
): CheckResult {
  if (e.background === undefined) return na('the engine names no background')
  if (e.background === null)
    return room.background
      ? fail(`a background (${room.background}) where the engine shows none`)
      : na('no Background prop picture')
  const b = e.background
  if (!room.background || !stored) return fail(`no background; the engine shows ${b.file}`)
  if (room.size.width !== b.width || room.size.height !== b.height)
    return fail(`room ${room.size.width}x${room.size.height}, the picture ${b.width}x${b.height}`)
  if (stored.width !== b.width || stored.height !== b.height)
    return fail(`background file ${stored.width}x${stored.height}, the picture ${b.width}x${b.height}`)
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  if (!near({ x: -b.topLeft.x, y: -b.topLeft.y }, off))
    return fail(
      `scene offset (${off.x}, ${off.y}); the picture's top-left is at (${b.topLeft.x}, ${b.topLeft.y})`,
    )
  return pass
}

function checkAreas(e: Expected, room: Room): CheckResult {
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  const expected = [...e.areas].filter(([, rings]) => rings.length > 0)
  if (expected.length === 0)
    return room.polygons.length === 0
      ? na('no walk area in the scene')
      : fail('walk polygons the scene has not')
  for (const [name, rings] of expected) {
    const area = room.areas.find((a) => a.name === name)
    if (!area) return fail(`no walk area '${name}'`)
    const mine = room.polygons
      .filter((p) => p.areaId === area.id)
      .flatMap((p) => [p.outer, ...p.holes])
      .map((r) => r.map(pt))
    for (const r of rings) {
      const moved = r.map((p) => ({ x: p.x + off.x, y: p.y + off.y }))
      if (!mine.some((m) => sameRing(m, moved)))
        return fail(`'${name}': a ring of ${r.length} vertices not within ${TOLERANCE_PX} px`)
    }
  }
  return pass
}

function checkHotspots(e: Expected, room: Room): CheckResult {
  if (e.hotspots.size === 0)
    return (room.hotspots ?? []).length === 0
      ? na('no clickable in the scene')
      : fail('hotspots the scene has not')
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  const move = (p: P) => ({ x: p.x + off.x, y: p.y + off.y })
  for (const [path, h] of e.hotspots) {
    const mine = (room.hotspots ?? []).filter((x) => x.properties.godotPath === path)
    if (h.ring === null) continue // several shapes or none: not compared one to one
    if (mine.length !== 1) return fail(`${path}: ${mine.length} hotspots`)
    const m = mine[0]
    if (m.shape.kind !== 'polygon' || !sameRing(m.shape.outer.map(pt), h.ring.map(move)))
      return fail(`${path}: the polygon is not within ${TOLERANCE_PX} px`)
    for (const k of ['walkTo', 'lookAt'] as const) {
      const want = h[k]
      const got = m[k]
      if (!want !== !got || (want && got && !near(move(want), got)))
        return fail(
          `${path}: ${k} ${got ? `(${got.x}, ${got.y})` : 'none'}, the engine's ${want ? `(${move(want).x}, ${move(want).y})` : 'none'}`,
        )
    }
  }
  return pass
}

function checkPoints(e: Expected, room: Room): CheckResult {
  if (e.points.length === 0) return na()
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  for (const p of e.points) {
    const want = { x: p.at.x + off.x, y: p.at.y + off.y }
    if (!(room.points ?? []).some((q) => q.name === p.name && near(q, want)))
      return fail(`'${p.name}' not at (${want.x}, ${want.y})`)
  }
  return pass
}

// ---------------------------------------------------------------------------------------
// Writing back.

async function gameDigest(game: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const visit = async (dir: string, rel: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.name === '.walkbox') continue
      const path = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) await visit(join(dir, e.name), path)
      else if (/\.(tscn|tres|cfg|godot)$/i.test(e.name))
        out.set(
          path,
          createHash('sha256')
            .update(await readFile(join(dir, e.name)))
            .digest('hex'),
        )
    }
  }
  await visit(game, '')
  return out
}
const changedFiles = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort()

/**
 * Keys of the lines one text has and the other has not (counted as multisets: a replaced line
 * gives its key twice, an added line once), so that added property lines count too.
 */
function changedKeys(before: string, after: string): string[] {
  const count = (t: string) => {
    const m = new Map<string, number>()
    for (const l of t.split('\n')) m.set(l, (m.get(l) ?? 0) + 1)
    return m
  }
  const [a, b] = [count(before), count(after)]
  const keys: string[] = []
  for (const [x, y] of [
    [a, b],
    [b, a],
  ])
    for (const [line, n] of x)
      for (let k = y.get(line) ?? 0; k < n; k++)
        keys.push(/^([A-Za-z_][A-Za-z0-9_/]*)\s*=/.exec(line)?.[1] ?? `'${line.slice(0, 40)}'`)
  return keys
}

const EDIT_KEYS = new Set([
  'vertices',
  'polygons',
  'outlines',
  'interaction_polygon',
  'interaction_polygon_position',
  'position',
])

async function checkEdit(
  game: string,
  project: string,
  scene: string,
  roomId: string,
  e: Expected,
): Promise<CheckResult> {
  const loaded = await store.loadRoom(project, roomId)
  const room = loaded.room
  const polygon = room.polygons.find((p) => p.outer.length >= 3)
  if (!polygon) return na('no walk polygon to edit')
  const area = room.areas.find((a) => a.id === polygon.areaId)!
  const [x, y] = polygon.outer[0]
  const moved: [number, number] = [Math.round((x + 1) * 100) / 100, Math.round((y + 1) * 100) / 100]
  polygon.outer[0] = moved
  await store.saveRoom(project, room)
  const before = new Map<string, string>()
  const beforeDigest = await gameDigest(game)
  for (const f of beforeDigest.keys()) before.set(f, await readFile(join(game, f), 'utf8'))
  const report = await exportIntoCommand(project, roomId, game, { scene })
  if (report.files.length === 0) return fail('the edit wrote no file')
  const changed = changedFiles(beforeDigest, await gameDigest(game))
  if (changed.join() !== [...report.files].sort().join())
    return fail(`files changed: ${changed.join(', ')}; reported ${report.files.join(', ')}`)
  for (const f of changed) {
    const keys = changedKeys(before.get(f)!, await readFile(join(game, f), 'utf8'))
    const odd = keys.filter((k) => !EDIT_KEYS.has(k))
    if (odd.length > 0) return fail(`${f}: lines other than the area's changed (${odd.join(', ')})`)
  }
  // Popochiu walks interaction_polygon: the moved vertex must be in it (this reader, again).
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  if (e.framework === 'popochiu' && e.areas.has(area.name)) {
    const again = await expectedOf(game, scene)
    const rings = again.areas.get(area.name) ?? []
    const want = { x: moved[0] - off.x, y: moved[1] - off.y }
    if (!rings.some((r) => r.some((p) => Math.hypot(p.x - want.x, p.y - want.y) < 0.02)))
      return fail(`interaction_polygon of '${area.name}' does not hold the moved vertex`)
  }
  // Imported again through Walkbox: the edited area comes back.
  const source = folderSource(game) as unknown as GodotImportSource
  const back = await importGodotScene(
    {
      ...source,
      readText: (p) => source.readText(p.replace(/^res:\/\//, '')),
      readBytes: (p) => source.readBytes(p.replace(/^res:\/\//, '')),
      decodeImage: undefined,
    },
    `res://${scene}`,
  )
  // Every ring of the edited area comes back (within 0.02 px: the project keeps 2 decimals).
  const mineRings = room.polygons.filter((p) => p.areaId === area.id).flatMap((p) => [p.outer, ...p.holes])
  const backArea = back.room.areas.find((a) => a.name === area.name)
  const backRings = back.room.polygons
    .filter((p) => p.areaId === backArea?.id)
    .flatMap((p) => [p.outer, ...p.holes])
  const same =
    mineRings.length === backRings.length &&
    mineRings.every((m) => backRings.some((b) => sameRing(m.map(pt), b.map(pt), 0.02)))
  if (!same) return fail('imported again, the area is not the edited one')
  return pass
}

// ---------------------------------------------------------------------------------------

async function engineOf(game: string): Promise<string> {
  const cfg = async (p: string) => readFile(join(game, p), 'utf8').catch(() => '')
  const version = (text: string) => /^\s*version\s*=\s*"([^"]+)"/m.exec(text)?.[1]
  const godot = /config\/features=PackedStringArray\("(\d+\.\d+)"/.exec(await cfg('project.godot'))?.[1]
  const on = godot ? `, Godot ${godot}` : ''
  const popochiu = version(await cfg('addons/popochiu/plugin.cfg'))
  if (popochiu) return `Popochiu ${popochiu}${on}`
  const escoria = version(await cfg('addons/escoria-core/plugin.cfg'))
  if (escoria) return `Escoria ${escoria}${on}`
  if ((await stat(join(game, 'game/popochiu_data.cfg')).catch(() => null)) !== null)
    return `Popochiu 2 (addon not in the repository)${on}`
  return `Godot${godot ? ` ${godot}` : ' 4'} (NavigationRegion2D)`
}

export const godotCorpus: CorpusEngine = {
  id: 'godot',
  checks: ['background', 'areas', 'hotspots', 'points', 'unedited', 'edit'],
  detect: async (game) => (await stat(join(game, 'project.godot')).catch(() => null))?.isFile() === true,
  async checkGame(game: string, scratch: string): Promise<GameResult> {
    const engine = await engineOf(game)
    const project = join(scratch, 'project')
    const started = performance.now()
    let report
    try {
      report = await importGodotGameCommand(project, game)
    } catch (e) {
      return {
        game,
        engine,
        rooms: [],
        failure: (e as Error).message.split('\n')[0],
        importMs: performance.now() - started,
      }
    }
    const importMs = performance.now() - started
    const rooms: RoomRow[] = []
    for (const r of report.rooms) {
      const checks: Record<string, CheckResult> = {}
      const guard = async (name: string, run: () => Promise<CheckResult>) => {
        try {
          checks[name] = await run()
        } catch (e) {
          checks[name] = fail(`threw: ${(e as Error).message.split('\n')[0]}`)
        }
      }
      let e: Expected | null = null
      await guard('background', async () => {
        e = await expectedOf(game, r.scene)
        const loaded = await store.loadRoom(project, r.id)
        const file = loaded.room.background ? join(project, loaded.folder, loaded.room.background) : null
        const meta = file ? await sharp(file).metadata() : null
        return checkBackground(
          e,
          loaded.room,
          meta?.width && meta.height ? { width: meta.width, height: meta.height } : null,
        )
      })
      const room = (await store.loadRoom(project, r.id)).room
      if (e) {
        const exp: Expected = e
        await guard('areas', async () => checkAreas(exp, room))
        await guard('hotspots', async () => checkHotspots(exp, room))
        await guard('points', async () => checkPoints(exp, room))
      }
      await guard('unedited', async () => {
        const before = await gameDigest(game)
        const out = await exportIntoCommand(project, r.id, game, { scene: r.scene })
        const changed = changedFiles(before, await gameDigest(game))
        if (out.files.length > 0 || changed.length > 0)
          return fail(`an unedited room changed ${[...out.files, ...changed].join(', ')}`)
        return pass
      })
      if (e) {
        const exp: Expected = e
        await guard('edit', () => checkEdit(game, project, r.scene, r.id, exp))
      }
      rooms.push({ file: r.scene, checks })
    }
    for (const s of report.skipped)
      rooms.push({ file: s.scene, checks: { background: fail(`not imported: ${s.reason}`) } })
    return { game, engine, rooms, failure: null, importMs }
  },
}
