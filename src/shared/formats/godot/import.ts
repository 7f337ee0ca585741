/**
 * Godot 4 room scene (.tscn) -> Walkbox room. Reads a room as its framework reads it
 * (Popochiu 2: popochiu.ts; Escoria: escoria.ts; the rules in docs/engines.md), and plain
 * Godot 4 scenes:
 *
 * - NavigationRegion2D (or Godot 3's NavigationPolygonInstance) with a NavigationPolygon:
 *   its `outlines` (nesting decides outer or hole), else the boundary of its `vertices` +
 *   `polygons` -> walk polygons, one walk area per region. A region with `enabled = false`
 *   gets a flag (default false) that switches its area on; under an Escoria ESCTerrain only
 *   one region is active at a time, so the others switch off when it is on. A Popochiu
 *   walkable area -> its `interaction_polygon` at `interaction_polygon_position`.
 * - Popochiu hotspots and clickable props, Escoria items -> hotspots; Popochiu regions and
 *   other Area2D -> trigger zones; characters -> points (room-objects.ts).
 * - Marker2D / Position2D -> named points; `player_start` or `is_start_location = true`
 *   -> the test-walk start.
 * - Escoria ESCTerrain `scales` + `scale_min` / `scale_max` -> the scale map; Popochiu scaling
 *   regions -> linear scaling; Popochiu 2.1 obstacle props -> gates.
 * - The background sprite (Popochiu: the Background prop's) -> the room's background; room px
 *   are the background's px, and `sceneOffset` keeps where the scene's origin lies so that
 *   export gives Godot its own coordinates back. The room is always one the project store
 *   keeps: a picture or scale map not of its size is left out and named.
 *
 * Glossary
 * - scene px: coordinates in the room scene's root; room px = scene px + sceneOffset.
 * - notes: everything assumed, skipped or missing, one line each; never a crash.
 *
 * Units: px.
 */
import type { AreaPolygon, Point, Ring } from '../../geometry/types'
import { pointInRing, signedArea, withoutRepeats } from '../../geometry/polygon'
import { idFromName, flagIdFromName, IdPool } from '../../room/names'
import {
  emptyRoom,
  FlagIdSchema,
  type Flag,
  type Room,
  type PointKind,
  POINT_KINDS,
  type RoomPoint,
  type WalkPolygon,
} from '../../room/schema'
import { areaToWalkPolygon } from '../../room/convert'
import { flagExpressionError, flagsInExpression } from '../../room/flag-expression'
import {
  apply,
  IDENTITY,
  readSceneTree,
  ringPoints,
  scriptOf,
  walkTree,
  type SceneNode,
  type SceneSource,
  type Transform,
} from './scene-tree'
import { drawOrder, drawSprite, spriteRect, type Rgba } from './compose-background'
import { encodeRgbaPng } from '../../codecs/rgba-png'
import { packedInts, packedPoints, POINT_KIND_META, resourceId, vector2, type TscnValue } from './tscn'
import {
  applyPropSprites,
  backgroundSprite,
  isPopochiuRoom,
  obstacleRing,
  placeRing,
  popochiuRoles,
  walkableAreaShape,
  type PopochiuRole,
} from './popochiu'
import { escoriaClasses, type EscoriaClass } from './escoria'
import {
  readRoomObjects,
  zoneRings,
  type HotspotSource,
  type ShapeSource,
  type ZoneSource,
} from './room-objects'
import { MAX_DRAWN_SPRITES, MAX_NAMED_NODES, MAX_ROOM_SIDE_PX } from '../../limits'

/** Where a room point came from: the node's `position` (in its parent's frame). */
export type PointSource = ShapeSource & { id: string }

export interface GodotImportSource extends SceneSource {
  /** Bytes of a res:// file (textures), or null when it is not there. */
  readBytes(resPath: string): Promise<Uint8Array | null>
  /** Pixel size of an image's bytes, or null when they are not a readable image. */
  imageSize(bytes: Uint8Array): { width: number; height: number } | null
  /** RGBA pixels of an image's bytes (throws naming `name` when unreadable); without it, sprites are not drawn into the background. */
  decodeImage?(bytes: Uint8Array, name: string): Promise<Rgba>
}

export interface ImportedImage {
  /** File name for the room folder. */
  name: string
  bytes: Uint8Array
}

export interface RoomImport {
  room: Room
  /** Flags the room's expressions use, to add to the project when missing. */
  flags: Flag[]
  background?: ImportedImage
  /** Backgrounds 2..N (room.backgroundFrames names them, in order). */
  backgroundFrames?: ImportedImage[]
  /** A greyscale scale map of room size (room.scaling.map names it). */
  scaleMap?: ImportedImage
  /**
   * Why the room has no background, one line for the author (the game names a picture that is
   * not there, or one Walkbox does not read; no picture at all), when the import gives none.
   */
  noBackground?: string
  notes: string[]
  /** Paths of the source's nodes read into the room (or that place such nodes); every other node is named in `notes`. */
  nodes?: {
    imported: string[]
    /** The node and property each room point was read from. */
    points?: PointSource[]
    /** The node each walk area was read from: a NavigationRegion2D, or a Popochiu walkable area. */
    areas?: { areaId: number; path: string; popochiu: boolean }[]
    zones?: ZoneSource[]
    hotspots?: HotspotSource[]
    /** The Popochiu scaling regions the room's linear scaling was read from. */
    scaling?: { zoneId: string; path: string }[]
  }

  /** Tiled: ids of the map's objects read into the room; every other object is named in `notes`. */
  objects?: { imported: number[] }
}

const REGION_TYPES = new Set(['NavigationRegion2D', 'NavigationPolygonInstance'])
const MARKER_TYPES = new Set(['Marker2D', 'Position2D'])

/**
 * The kind of the point a marker node gives: Walkbox's own metadata when it has it; the
 * player start (`player_start`, an Escoria `is_start_location`); an Escoria ESCLocation
 * (esc_location.gd: a place a character walks to, `player_orients_on_arrival`) a walk-to
 * point; any other marker (Popochiu's markers, plain Marker2D) a marker.
 */
function markerKind(n: SceneNode, isStart: boolean): PointKind {
  const given = n.props.get(POINT_KIND_META)?.value
  if (typeof given === 'string' && (POINT_KINDS as readonly string[]).includes(given))
    return given as PointKind
  if (isStart) return 'player-start'
  return /esc_location\.gd$/.test(scriptOf(n) ?? '') ? 'walk-to' : 'marker'
}

function fileName(resPath: string): string {
  return resPath.slice(resPath.lastIndexOf('/') + 1)
}

function extension(resPath: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(resPath)
  return m ? m[1].toLowerCase() : ''
}

/** The res:// path a texture property names, or null. */
function texturePath(node: SceneNode, key: string): string | null {
  const p = node.props.get(key)
  if (!p) return null
  const id = resourceId(p.value, 'ExtResource')
  if (id === null) return null
  return p.file.ext.get(id)?.path ?? null
}

function num(v: TscnValue | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback
}

/** Rings of outlines sorted into polygons with holes by nesting (even depth: outer). */
export function nestRings(rings: Ring[]): AreaPolygon[] {
  const clean = rings.map(withoutRepeats).filter((r) => r.length >= 3 && Math.abs(signedArea(r)) > 1e-9)
  const depth = clean.map((r, i) =>
    clean.reduce(
      (d, s, j) =>
        j !== i && Math.abs(signedArea(s)) > Math.abs(signedArea(r)) && pointInRing(s, r[0], false)
          ? d + 1
          : d,
      0,
    ),
  )
  const out: { area: AreaPolygon; index: number }[] = []
  clean.forEach((r, i) => {
    if (depth[i] % 2 === 0) out.push({ area: { outer: r, holes: [] }, index: i })
  })
  clean.forEach((r, i) => {
    if (depth[i] % 2 === 0) return
    // the smallest outer that contains it
    let best: { area: AreaPolygon; index: number } | null = null
    for (const o of out) {
      if (depth[o.index] !== depth[i] - 1 || !pointInRing(o.area.outer, r[0], false)) continue
      if (!best || Math.abs(signedArea(o.area.outer)) < Math.abs(signedArea(best.area.outer))) best = o
    }
    best?.area.holes.push(r)
  })
  return out.map((o) => o.area)
}

/** The boundary of a mesh of convex polygons: edges used once, chained into rings. */
export function meshBoundary(vertices: Point[], polygons: number[][]): Ring[] {
  const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`)
  const count = new Map<string, number>()
  for (const poly of polygons)
    for (let i = 0; i < poly.length; i++) {
      const k = key(poly[i], poly[(i + 1) % poly.length])
      count.set(k, (count.get(k) ?? 0) + 1)
    }
  const next = new Map<number, number[]>()
  for (const poly of polygons)
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]
      const b = poly[(i + 1) % poly.length]
      if (count.get(key(a, b)) !== 1) continue
      next.set(a, [...(next.get(a) ?? []), b])
    }
  const rings: Ring[] = []
  const used = new Set<string>()
  for (const [start, outs] of next) {
    for (const first of outs) {
      if (used.has(`${start}>${first}`)) continue
      const ring: number[] = [start]
      let a = start
      let b = first
      for (let guard = 0; guard <= vertices.length + 1; guard++) {
        used.add(`${a}>${b}`)
        if (b === start) break
        ring.push(b)
        const candidates = (next.get(b) ?? []).filter((c) => !used.has(`${b}>${c}`))
        if (candidates.length === 0) break
        a = b
        b = candidates[0]
      }
      if (ring.length >= 3) rings.push(ring.map((i) => vertices[i]))
    }
  }
  return rings
}

interface RegionRead {
  /** The NavigationRegion2D, or the Popochiu walkable area that holds one. */
  node: SceneNode
  polygons: AreaPolygon[]
  enabled: boolean
  exclusive: boolean
}

/**
 * The outlines of a navigation region's NavigationPolygon in the region's own coordinates: its
 * `outlines`, else the boundary of its `vertices` + `polygons`; null (with a note) when it has none.
 */
export function navigationOutlines(node: SceneNode, notes: string[]): Ring[] | null {
  const navProp = node.props.get('navigation_polygon') ?? node.props.get('navpoly')
  const subId = navProp ? resourceId(navProp.value, 'SubResource') : null
  const res = subId !== null ? navProp!.file.sub.get(subId) : undefined
  if (!res) {
    notes.push(`${node.path}: navigation region without a NavigationPolygon in the scene; skipped`)
    return null
  }
  let rings: Ring[] = []
  const outlines = res.props.get('outlines')
  if (Array.isArray(outlines) && outlines.length > 0) {
    for (const o of outlines) {
      const pts = ringPoints(node, 'an outline of its navigation polygon', packedPoints(o))
      if (pts) rings.push(pts)
    }
  }
  if (rings.length === 0) {
    const vertices = ringPoints(node, 'its navigation polygon', packedPoints(res.props.get('vertices')))
    const polys = res.props.get('polygons')
    if (vertices && Array.isArray(polys)) {
      const indexLists = polys.map((p) => packedInts(p)).filter((p): p is number[] => p !== null)
      const bad = indexLists.some((p) => p.some((i) => !Number.isInteger(i) || i < 0 || i >= vertices.length))
      if (bad) {
        notes.push(`${node.path}: a polygon names a vertex that does not exist; region skipped`)
        return null
      }
      rings = meshBoundary(vertices, indexLists)
    }
  }
  return rings
}

function readRegion(node: SceneNode, notes: string[]): RegionRead | null {
  const local = navigationOutlines(node, notes)
  if (!local) return null
  const rings = local.map((r) => r.map((p) => apply(node.global, p)))
  const polygons = nestRings(rings)

  if (polygons.length === 0) {
    notes.push(`${node.path}: the navigation polygon is empty; skipped`)
    return null
  }
  const enabled = node.props.get('enabled')?.value !== false
  return { node, polygons, enabled, exclusive: false }
}

/**
 * The sprite that shows the room's background. Popochiu: the Background prop's Sprite2D (its
 * texture is the prop's `texture`); no Background (or Bg) prop, no background. Otherwise a sprite named
 * like a background, else the first one under the root, else the first one; never a character's.
 */
function chooseBackground(
  nodes: SceneNode[],
  parents: Map<SceneNode, SceneNode>,
  popochiuSprite: SceneNode | null | undefined,
  escoria: Map<SceneNode, EscoriaClass>,
): SceneNode | null {
  if (popochiuSprite !== undefined)
    return popochiuSprite && texturePath(popochiuSprite, 'texture') ? popochiuSprite : null
  // An Escoria item's (or exit's, or character's) own sprite is the item, not the room.
  const inItem = (n: SceneNode) => {
    for (let p = parents.get(n); p; p = parents.get(p)) {
      const c = escoria.get(p)
      if (c === 'ESCItem' || c === 'ESCExit' || c === 'ESCPlayer') return true
    }
    return false
  }
  const sprites = nodes.filter(
    (n) => n.type === 'Sprite2D' && texturePath(n, 'texture') && !isCharacter(n, parents) && !inItem(n),
  )
  const named = (n: SceneNode) => /background|^bg$|^bg[_\s-]/i.test(n.path.split('/').slice(-2).join('/'))
  return sprites.find(named) ?? sprites.find((n) => !n.path.includes('/')) ?? sprites[0] ?? null
}

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'webp'])

/** A node that moves about the room (Popochiu's Characters, an Escoria player or character). */
function isCharacter(node: SceneNode, parents: Map<SceneNode, SceneNode>): boolean {
  for (let n: SceneNode | undefined = node; n; n = parents.get(n)) {
    if (n.path === 'Characters') return true
    const script = scriptOf(n)
    if (script && /(esc_player|character)[^/]*\.gd$/i.test(script)) return true
  }
  return false
}

/**
 * The background with every other visible sprite of the room drawn over it in Godot's draw
 * order (compose-background.ts), as one PNG; null when there is nothing to draw over it or
 * no image decoder. What cannot be drawn is named in `notes`.
 */
async function flattenSprites(
  source: GodotImportSource,
  root: SceneNode,
  nodes: SceneNode[],
  bgNode: SceneNode,
  size: { width: number; height: number },
  offset: Point,
  notes: string[],
  used: Set<SceneNode>,
  cropped: boolean,
): Promise<ImportedImage | null> {
  const parents = new Map<SceneNode, SceneNode>()
  for (const n of nodes) for (const c of n.children) parents.set(c, n)
  const order = drawOrder(root)
  const bgKey = order.get(bgNode)!
  const behind = (k: { z: number; order: number }) =>
    k.z < bgKey.z || (k.z === bgKey.z && k.order < bgKey.order)
  const sprites = nodes.filter((n) => n !== bgNode && n.type === 'Sprite2D' && texturePath(n, 'texture'))
  const drawn: SceneNode[] = []
  const left: string[] = []
  for (const n of sprites) {
    const k = order.get(n)!
    if (!k.visible) left.push(`${n.path} (hidden)`)
    else if (isCharacter(n, parents)) left.push(`${n.path} (a character)`)
    else if (behind(k)) left.push(`${n.path} (behind the background)`)
    else drawn.push(n)
  }
  for (const n of nodes)
    if (n.type === 'AnimatedSprite2D' && !isCharacter(n, parents))
      left.push(`${n.path} (an AnimatedSprite2D)`)
  if (drawn.length === 0 && !cropped) {
    if (left.length > 0) notes.push(`sprites not drawn into the background: ${left.join(', ')}`)
    return null
  }
  if (!source.decodeImage) {
    if (drawn.length > 0)
      notes.push(
        `${drawn.length} sprite(s) over the background not drawn into it (no image decoder here): ${drawn.map((n) => n.path).join(', ')}`,
      )
    return null
  }
  drawn.sort((a, b) => order.get(a)!.z - order.get(b)!.z || order.get(a)!.order - order.get(b)!.order)
  if (drawn.length > MAX_DRAWN_SPRITES) {
    left.push(...drawn.slice(MAX_DRAWN_SPRITES).map((n) => `${n.path} (over ${MAX_DRAWN_SPRITES} sprites)`))
    drawn.length = MAX_DRAWN_SPRITES
  }
  const canvas = {
    width: size.width,
    height: size.height,
    data: new Uint8Array(size.width * size.height * 4),
  }
  const shift = (t: Transform): Transform => [t[0], t[1], t[2], t[3], t[4] + offset.x, t[5] + offset.y]
  const put: string[] = []
  for (const n of [bgNode, ...drawn]) {
    const path = texturePath(n, 'texture')!
    const bytes = IMAGE_TYPES.has(extension(path)) ? await source.readBytes(path) : null
    let image: Rgba | null = null
    if (bytes) {
      try {
        image = await source.decodeImage(bytes, path)
      } catch (e) {
        const why = `${n.path} (${(e as Error).message.split('\n')[0]})`
        if (n === bgNode) {
          notes.push(
            `sprites not drawn into the background: the background itself could not be decoded: ${why}`,
          )
          return null
        }
        left.push(why)
        continue
      }
    }
    if (!image) {
      if (n === bgNode) return null
      left.push(`${n.path} (texture ${path} missing or not a PNG, JPEG or WebP)`)
      continue
    }
    if (n !== bgNode && (n.props.has('modulate') || n.props.has('self_modulate')))
      notes.push(`${n.path}: modulate not applied to the sprite drawn into the background`)
    const touched = drawSprite(canvas, { node: n, image, toRoom: shift(n.global) })
    if (n !== bgNode) put.push(`${n.path}${touched === 0 ? ' (outside the room)' : ''}`)
    used.add(n)
  }
  if (put.length > 0)
    notes.push(
      `background: drawn with ${put.length} sprite(s) over it in Godot's draw order: ${put.join(', ')}`,
    )
  if (left.length > 0) notes.push(`sprites not drawn into the background: ${left.join(', ')}`)
  if (put.length === 0 && !cropped) return null
  return { name: 'background.png', bytes: encodeRgbaPng(canvas.width, canvas.height, canvas.data) }
}

/**
 * Imports the scene at `scenePath` (a res:// path). `roomId` is the id the room gets.
 * Throws only when the scene itself cannot be read; everything else becomes a note.
 */
export async function importGodotScene(
  source: GodotImportSource,
  scenePath: string,
  options: { roomId?: string; roomName?: string } = {},
): Promise<RoomImport> {
  const notes: string[] = []
  const root = await readSceneTree(source, scenePath, notes)
  const nodes = walkTree(root)
  const metaText = (n: SceneNode, key: string): string | undefined => {
    const v = n.props.get(`metadata/${key}`)?.value
    return typeof v === 'string' ? v : undefined
  }

  /** Each node's parent (one pass: a scene may hold thousands of nodes). */
  const parents = new Map<SceneNode, SceneNode>()
  for (const n of nodes) for (const c of n.children) parents.set(c, n)
  // Popochiu 2: the room's objects by their group, each prop's sprite as its setters make it.
  const popochiu = isPopochiuRoom(root)
  const roles = popochiu ? popochiuRoles(root) : new Map<SceneNode, PopochiuRole>()
  applyPropSprites(roles)
  const shown = popochiu ? backgroundSprite(root, roles) : undefined
  const bgProp = shown === undefined ? undefined : (shown?.prop ?? null)

  /** Nodes read into the room (their ancestors too: they place them); the others are named. */
  const used = new Set<SceneNode>([root])
  // Background: room px are its px.
  const escoria = await escoriaClasses(nodes, (p) => source.readText(p))
  const bgNode = chooseBackground(
    nodes,
    parents,
    shown === undefined ? undefined : (shown?.sprite ?? null),
    escoria,
  )
  if (bgNode) used.add(bgNode)
  if (bgProp) used.add(bgProp)
  if (bgNode && shown?.byName)
    notes.push(
      `${bgNode.path}: taken as the background by its name (the room has no prop named Background or Bg, which Popochiu makes the background)`,
    )
  let background: ImportedImage | undefined
  let noBackground: string | undefined
  let bgSize: { width: number; height: number } | null = null
  let offset = { x: 0, y: 0 }
  /** The background shows part of its picture (a frame of a sheet, a region): it is cut to that. */
  let cropped = false
  if (bgNode) {
    const path = texturePath(bgNode, 'texture')!
    const bytes = IMAGE_TYPES.has(extension(path)) ? await source.readBytes(path) : null
    bgSize = bytes ? source.imageSize(bytes) : null
    if (bytes && bgSize)
      background = { name: `background.${extension(path) === 'jpeg' ? 'jpg' : extension(path)}`, bytes }
    else {
      notes.push(
        `${bgNode.path}: background texture ${path} is missing or not a PNG, JPEG or WebP; the room has no background`,
      )
      noBackground = !IMAGE_TYPES.has(extension(path))
        ? `the scene's background sprite ${bgNode.path} shows ${path}, a kind of texture Walkbox does not read (it reads PNG, JPEG and WebP)`
        : bytes
          ? `the scene's background sprite ${bgNode.path} shows ${path}, which is not a PNG, JPEG or WebP image Walkbox can read`
          : `the scene's background sprite ${bgNode.path} shows ${path}, which is not in the game folder`
    }
    const hframes = num(bgNode.props.get('hframes')?.value, 1)
    const vframes = num(bgNode.props.get('vframes')?.value, 1)
    // What the sprite shows: one frame of its sheet, or its region (Sprite2D's own rule).
    const rect = bgSize ? spriteRect(bgNode, { ...bgSize, data: new Uint8Array(0) }) : null
    const frame = rect ? { width: rect.w, height: rect.h } : null
    if (rect && bgSize && (rect.w !== bgSize.width || rect.h !== bgSize.height)) {
      cropped = true
      notes.push(
        `${bgNode.path}: the background shows ${hframes > 1 || vframes > 1 ? `one of ${hframes}x${vframes} frames` : 'a region'} of ${texturePath(bgNode, 'texture')} (${rect.w}x${rect.h} at ${rect.x}, ${rect.y}); the room is that size`,
      )
    }

    const centered = bgNode.props.get('centered')?.value !== false
    const own = vector2(bgNode.props.get('offset')?.value) ?? { x: 0, y: 0 }
    const t: Transform = bgNode.global
    if (
      Math.abs(t[0] - 1) > 1e-9 ||
      Math.abs(t[3] - 1) > 1e-9 ||
      Math.abs(t[1]) > 1e-9 ||
      Math.abs(t[2]) > 1e-9
    ) {
      notes.push(
        `${bgNode.path}: background is scaled or rotated in the scene; room px follow its position only`,
      )
    }
    if (centered && !frame) {
      notes.push(
        `${bgNode.path}: background is centred and its size is unknown; room origin assumed at the scene origin`,
      )
    } else {
      const topLeft = apply(t, {
        x: own.x - (centered && frame ? frame.width / 2 : 0),
        y: own.y - (centered && frame ? frame.height / 2 : 0),
      })
      offset = { x: -topLeft.x || 0, y: -topLeft.y || 0 }
    }
    if (frame) bgSize = { width: Math.round(frame.width), height: Math.round(frame.height) }
  } else if (popochiu) {
    notes.push(
      'no Background prop with a texture (Popochiu shows the room on the prop named Background or Bg); the room has no background',
    )
    noBackground =
      "the Popochiu room has no Background prop with a texture (the prop named 'Background' or 'Bg' under Props)"
  } else {
    notes.push('no background sprite found; the room has no background')
    noBackground = 'the scene has no Sprite2D with a texture to take as its background'
  }
  // Sprites over the background (Popochiu props, Escoria items) flattened into it; a background
  // that shows one frame of a sheet (or a region of its texture) is cut to it.
  if (bgNode && background && bgSize) {
    const flat = await flattenSprites(source, root, nodes, bgNode, bgSize, offset, notes, used, cropped)
    if (flat) background = flat
    else if (cropped) {
      notes.push(
        `${bgNode.path}: the background shows one frame of ${texturePath(bgNode, 'texture')}; without an image decoder here it cannot be cut out, so the room has no background`,
      )
      noBackground = `the background sprite ${bgNode.path} shows one frame of a sheet, which needs an image decoder to cut out`
      background = undefined
    }
  }
  const toRoom = (p: Point): Point => ({ x: p.x + offset.x, y: p.y + offset.y })
  const ringToRoom = (r: Ring): Ring => r.map(toRoom)

  // Walkable regions. A Popochiu walkable area is read as Popochiu builds it in _ready()
  // (interaction_polygon at interaction_polygon_position); its Perimeter is part of it.
  const regions: RegionRead[] = []
  const ofWalkableArea = new Set<SceneNode>()
  for (const [n, role] of roles) {
    if (role !== 'walkable-area') continue
    for (const c of walkTree(n)) if (REGION_TYPES.has(c.type)) ofWalkableArea.add(c)
    const shape = walkableAreaShape(n, (p) => navigationOutlines(p, notes), notes)
    const polygons = shape ? nestRings(shape.outlines.map((o) => placeRing(o, shape.frame))) : []
    if (polygons.length === 0) {
      notes.push(
        `${n.path}: walkable area with no outline (interaction_polygon and its Perimeter's NavigationPolygon are empty); skipped`,
      )
      continue
    }
    used.add(n)
    if (shape?.perimeter) used.add(shape.perimeter)
    regions.push({ node: n, polygons, enabled: n.props.get('enabled')?.value !== false, exclusive: true })
  }
  // Popochiu walks one area at a time: the first enabled one when the room starts.
  const firstOn = regions.find((r) => r.enabled)
  for (const r of regions)
    if (r.enabled && r !== firstOn) {
      r.enabled = false
      notes.push(
        `${r.node.path}: Popochiu walks one walkable area at a time, the first enabled one (${firstOn!.node.name}) when the room starts; this one is off until its flag says so`,
      )
    }
  for (const n of nodes) {
    if (!REGION_TYPES.has(n.type) || ofWalkableArea.has(n)) continue
    const r = readRegion(n, notes)
    if (!r) continue
    used.add(n)
    const parent = parents.get(n)
    const parentScript = parent ? scriptOf(parent) : null
    r.exclusive = !!parentScript && /esc_terrain\.gd$/.test(parentScript)
    regions.push(r)
  }
  if (regions.length === 0)
    notes.push(
      popochiu
        ? 'no walkable area with an outline under WalkableAreas: the room has no walkable area'
        : 'no NavigationRegion2D with a navigation polygon: the room has no walkable area',
    )

  const metaOrText = (n: SceneNode, key: string): string | undefined => {
    const v = n.props.get(key)?.value
    return typeof v === 'string' && v.trim() !== '' ? v : undefined
  }
  const roomId =
    options.roomId ??
    metaText(root, 'walkbox_room_id') ??
    idFromName(metaOrText(root, 'script_name') ?? metaOrText(root, 'global_id') ?? root.name, [], 'room')
  // Popochiu names a room by script_name, Escoria by global_id; else the root node's name.
  const frameworkName = metaOrText(root, 'script_name') ?? metaOrText(root, 'global_id')
  const room = emptyRoom({
    id: roomId,
    name: options.roomName ?? metaText(root, 'walkbox_name') ?? frameworkName ?? root.name,
    width: 1,
    height: 1,
  })
  room.areas = []
  const flags: Flag[] = []
  /** The flags an expression names join the list offered to the project (default false). */
  const offerFlags = (expression: string | undefined) => {
    if (expression === undefined || flagExpressionError(expression)) return
    for (const id of flagsInExpression(expression)) {
      if (!flags.some((f) => f.id === id)) flags.push({ id, name: id, default: false })
    }
  }
  const polygons: WalkPolygon[] = []
  const polygonIds = new IdPool()
  const areaSources: NonNullable<RoomImport['nodes']>['areas'] = []
  const regionFlags = new Map<RegionRead, string>()
  for (const r of regions) {
    if (r.enabled || metaText(r.node, 'walkbox_enabled_by') !== undefined) continue
    const id = flagIdFromName(
      `${r.node.name} enabled`,
      flags.map((f) => f.id),
    )
    flags.push({ id, name: `${r.node.name} enabled`, default: false })
    regionFlags.set(r, id)
  }
  regions.forEach((r, i) => {
    const ownId = r.node.props.get('metadata/walkbox_area_id')?.value
    const areaId =
      typeof ownId === 'number' &&
      Number.isInteger(ownId) &&
      ownId >= 1 &&
      ownId <= 255 &&
      !room.areas.some((a) => a.id === ownId)
        ? ownId
        : i + 1
    if (areaId > 255) {
      notes.push(`${r.node.path}: more than 255 regions; skipped`)
      return
    }
    let enabledBy: string | undefined = metaText(r.node, 'walkbox_enabled_by') ?? regionFlags.get(r)
    const own = metaText(r.node, 'walkbox_enabled_by')
    if (own === undefined && r.exclusive && r.enabled) {
      const others = regions
        .filter((o) => o !== r && o.exclusive && regionFlags.has(o))
        .map((o) => regionFlags.get(o)!)
      if (others.length > 0) enabledBy = others.length === 1 ? `!${others[0]}` : `!(${others.join(' || ')})`
    }
    areaSources.push({ areaId, path: r.node.path, popochiu: roles.get(r.node) === 'walkable-area' })
    room.areas.push({
      id: areaId,
      name: r.node.name,
      colour: ['#3cb371', '#4f86f7', '#e6a23c', '#c86bfa', '#f56c6c'][i % 5],
      ...(enabledBy ? { enabledBy } : {}),
    })
    if (enabledBy && own === undefined)
      notes.push(
        `${r.node.path}: ${r.enabled ? 'enabled' : 'disabled'} region; walk area ${areaId} '${r.node.name}' is on while '${enabledBy}'`,
      )
    for (const area of r.polygons) {
      const id = polygonIds.take(r.node.name, 'polygon')
      polygons.push(
        areaToWalkPolygon({ outer: ringToRoom(area.outer), holes: area.holes.map(ringToRoom) }, id, areaId),
      )
    }
  })
  // Walkbox's own export lists every area (also those without polygons) on the root.
  const ownAreas = metaText(root, 'walkbox_areas')
  if (ownAreas !== undefined) {
    try {
      const listed = JSON.parse(ownAreas) as unknown
      if (Array.isArray(listed)) {
        for (const a of listed as Room['areas']) {
          if (typeof a?.id !== 'number' || typeof a.name !== 'string' || typeof a.colour !== 'string')
            continue
          const i = room.areas.findIndex((b) => b.id === a.id)
          const area = {
            id: a.id,
            name: a.name,
            colour: a.colour,
            ...(typeof a.enabledBy === 'string' ? { enabledBy: a.enabledBy } : {}),
          }
          if (i >= 0) room.areas[i] = area
          else room.areas.push(area)
        }
        room.areas.sort((a, b) => a.id - b.id)
      }
    } catch {
      notes.push('metadata/walkbox_areas on the root is not JSON; areas named after the regions')
    }
  }
  if (room.areas.length === 0) room.areas = [{ id: 1, name: 'Walkable', colour: '#3cb371' }]
  for (const a of room.areas) offerFlags(a.enabledBy)
  room.polygons = polygons

  // Zones, hotspots and characters, each where its framework reads it (room-objects.ts).
  const objects = readRoomObjects({
    nodes,
    parents,
    roles,
    escoria,
    backgroundProp: bgProp,
    backgroundNode: bgNode,
    used,
    notes,
    toRoom,
    metaText,
  })
  const zones = objects.zones
  if (objects.hotspots.length > 0) room.hotspots = objects.hotspots
  for (const h of objects.hotspots) offerFlags(h.enabledBy)
  room.zones = zones
  for (const z of zones) offerFlags(z.enabledBy)

  // Gates written by Walkbox's own export (Area2D with metadata/walkbox_gate_kind).
  const gateIds = new IdPool()
  for (const g of room.gates) gateIds.keep(g.id)
  for (const n of nodes) {
    const kind = metaText(n, 'walkbox_gate_kind')
    const expression = metaText(n, 'walkbox_flag_expression')
    if (n.type !== 'Area2D' || (kind !== 'block-polygon' && kind !== 'open-area') || expression === undefined)
      continue
    const ring = zoneRings(n, notes, used)[0]?.ring
    used.add(n)
    const areaId = n.props.get('metadata/walkbox_area_id')?.value
    room.gates.push({
      id: gateIds.take(metaText(n, 'walkbox_name') ?? n.name, 'gate'),
      name: metaText(n, 'walkbox_name') ?? n.name,
      kind,
      ...(ring ? { polygon: ringToRoom(ring).map((p): [number, number] => [p.x, p.y]) } : {}),
      ...(typeof areaId === 'number' ? { areaId } : {}),
      flagExpression: expression,
    })
    offerFlags(expression)
  }

  // Points and the start.
  const points: RoomPoint[] = []
  /** Which node property each point came from (for writing it back in place). */
  const pointSources: PointSource[] = []
  const pointIds = new IdPool()
  const addPoint = (name: string, p: Point, path: string, frame: Transform, kind: PointKind = 'marker') => {
    const id = pointIds.take(name, 'point')
    const at = toRoom(p)
    points.push({ id, name, x: at.x, y: at.y, ...(kind !== 'marker' ? { kind } : {}) })
    pointSources.push({ id, path, key: 'position', frame })
  }
  const inCharacter = (n: SceneNode) => objects.characters.some((c) => n.path.startsWith(c.path + '/'))
  let start: Point | null = null
  for (const n of nodes) {
    if (MARKER_TYPES.has(n.type)) {
      used.add(n)
      // A hotspot's walk-to marker is its walkTo; a character's markers move with it.
      if (objects.walkToMarkers.has(n) || inCharacter(n)) continue
      const at = apply(n.global, { x: 0, y: 0 })
      const generic = MARKER_TYPES.has(n.name) || /^ESCLocation$/.test(n.name)
      const parentName = n.path.includes('/') ? n.path.split('/').slice(-2, -1)[0] : ''
      // Walkbox's own export marks its start marker (not a point of its own).
      const walkboxStart = n.props.get('metadata/walkbox_start')?.value === true
      const ownExport = metaText(root, 'walkbox_room_id') !== undefined
      const isStart =
        walkboxStart ||
        (!ownExport && (n.props.get('is_start_location')?.value === true || /^player_start$/i.test(n.name)))
      if (isStart) start = toRoom(at)
      if (!walkboxStart) {
        addPoint(
          metaText(n, 'walkbox_name') ?? (generic && parentName ? `${parentName}/${n.name}` : n.name),
          at,
          n.path,
          parents.get(n)?.global ?? IDENTITY,
          markerKind(n, isStart),
        )
      }
    }
  }
  // Characters: a named point at each one's feet (where the room scene places it).
  for (const c of objects.characters) addPoint(c.name, c.at, c.path, c.frame)
  room.points = points

  // Scale map (Escoria ESCTerrain).
  let scaleMap: ImportedImage | undefined
  let scaleSource: { path: string; file: string; size: { width: number; height: number } } | undefined

  for (const n of nodes) {
    const script = scriptOf(n)
    const scales = texturePath(n, 'scales')
    if (!scales || !(script && /esc_terrain\.gd$/.test(script))) continue
    used.add(n)
    const min = num(n.props.get('scale_min')?.value, 0.3) * 100
    const max = num(n.props.get('scale_max')?.value, 1) * 100
    const bytes = extension(scales) === 'png' ? await source.readBytes(scales) : null
    const size = bytes ? source.imageSize(bytes) : null
    if (!bytes || !size) {
      notes.push(
        `${n.path}: scale texture ${scales} is missing or not a PNG; scaling not imported (scale_min ${min}%, scale_max ${max}%)`,
      )
    } else {
      // Kept when it is the room's size (checked once the size is known, below).
      scaleMap = { name: 'scalemap.png', bytes }
      scaleSource = { path: n.path, file: fileName(scales), size }
      room.scaling = { mode: 'map', linear: [], map: { file: 'scalemap.png', min, max } }
    }
  }

  // Popochiu scaling regions: a character is scale_top at the region's top y and scale_bottom at
  // its bottom y; as Walkbox scaling, linear stops for the whole room (Popochiu scales only
  // inside the region, which a note says).
  if (room.scaling.mode === 'none' && objects.scalingRegions.length > 0) {
    const bands = objects.scalingRegions
      .map((r) => {
        const ys = r.ring.map((p) => toRoom(p).y)
        return { ...r, y0: Math.min(...ys), y1: Math.max(...ys) }
      })
      .sort((a, b) => a.y0 - b.y0)
    const stops: { y: number; scale: number }[] = []
    const taken: string[] = []
    for (const b of bands) {
      const last = stops[stops.length - 1]
      if (b.top <= 0 || b.bottom <= 0) {
        notes.push(
          `${b.path}: scale_top ${b.top}, scale_bottom ${b.bottom}: a scale must be above 0; not read`,
        )
        continue
      }
      if (last && b.y0 < last.y) {
        notes.push(
          `${b.path}: its rows (${b.y0}..${b.y1}) overlap an earlier scaling region's; its scaling is not read (Walkbox scales by y once per room)`,
        )
        continue
      }
      if (b.y1 - b.y0 < 1e-9) continue
      stops.push({ y: b.y0, scale: b.top * 100 }, { y: b.y1, scale: b.bottom * 100 })
      taken.push(b.path)
    }
    if (stops.length > 0) {
      room.scaling = {
        mode: 'linear',
        linear: [{ areaId: 0, stops }],
        ...(room.scaling.map ? { map: room.scaling.map } : {}),
      }
      notes.push(
        `scaling from the Popochiu scaling region(s) ${taken.join(', ')}: linear by y for the whole room (Popochiu scales only inside each region, by scale_top at its top and scale_bottom at its bottom)`,
      )
    }
  }

  // Popochiu 2.1 obstacles: props that carve their obstacle_polygon out of every walkable
  // area, as block-polygon gates that always hold.
  for (const [n, role] of roles) {
    if (role !== 'prop') continue
    const ring = obstacleRing(n, parents.get(n))
    if (!ring) continue
    used.add(n)
    room.gates.push({
      id: gateIds.take(`${n.name} obstacle`, 'gate'),
      name: `${n.name} obstacle`,
      kind: 'block-polygon',
      polygon: ringToRoom(ring).map((p): [number, number] => [p.x, p.y]),
      flagExpression: 'true',
    })
    notes.push(
      `${n.path}: its obstacle_polygon carves the walkable areas (a gate '${n.name} obstacle' that always holds), placed where Popochiu puts it at run time (the prop moved down by its baseline)`,
    )
  }

  // Size: Popochiu's width/height, else the background's, else the geometry's bounds.
  const w = root.props.get('width')?.value
  const h = root.props.get('height')?.value
  const ownW = root.props.get('metadata/walkbox_width')?.value
  const ownH = root.props.get('metadata/walkbox_height')?.value
  let size: { width: number; height: number }
  if (
    typeof ownW === 'number' &&
    typeof ownH === 'number' &&
    Number.isInteger(ownW) &&
    Number.isInteger(ownH) &&
    ownW >= 1 &&
    ownH >= 1 &&
    ownW <= MAX_ROOM_SIDE_PX &&
    ownH <= MAX_ROOM_SIDE_PX
  ) {
    // Walkbox's own export says the size.
    size = { width: ownW, height: ownH }
    if (bgSize && (bgSize.width !== size.width || bgSize.height !== size.height))
      notes.push(
        `room size ${size.width}x${size.height} from metadata/walkbox_width/height; the background is ${bgSize.width}x${bgSize.height}`,
      )
  } else if (typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0) {
    size = { width: Math.round(w), height: Math.round(h) }
    if (bgSize && (bgSize.width !== size.width || bgSize.height !== size.height)) {
      notes.push(
        `room size ${size.width}x${size.height} from the scene's width/height; the background is ${bgSize.width}x${bgSize.height} (a scrolling room)`,
      )
      size = bgSize
    }
  } else if (bgSize) {
    size = bgSize
  } else {
    let maxX = 1
    let maxY = 1
    const grow = (p: Point) => {
      maxX = Math.max(maxX, p.x)
      maxY = Math.max(maxY, p.y)
    }
    for (const p of polygons) p.outer.forEach(([x, y]) => grow({ x, y }))
    for (const z of zones) if (z.shape.kind === 'polygon') z.shape.outer.forEach(([x, y]) => grow({ x, y }))
    for (const p of points) grow(p)
    for (const h of objects.hotspots) {
      if (h.shape.kind === 'polygon') h.shape.outer.forEach(([x, y]) => grow({ x, y }))
      if (h.walkTo) grow(h.walkTo)
      if (h.lookAt) grow(h.lookAt)
    }

    size = { width: Math.ceil(maxX), height: Math.ceil(maxY) }
    notes.push(
      `room size assumed ${size.width}x${size.height} (the bounds of its geometry): no width/height on the scene and no readable background`,
    )
  }
  room.size = size
  if (background && bgSize && (bgSize.width !== size.width || bgSize.height !== size.height)) {
    notes.push(
      `the background is ${bgSize.width}x${bgSize.height}, the room ${size.width}x${size.height}; the room keeps no background (a project's background is the room's size)`,
    )
    noBackground = `the background picture (${bgSize.width}x${bgSize.height}) is not the room's size (${size.width}x${size.height})`
    background = undefined
  }
  // Walkbox keeps a scale map of the room's size only (the project store's rule): another is

  // named and left out, so that the room this import gives is one the project keeps.
  if (scaleSource && (scaleSource.size.width !== size.width || scaleSource.size.height !== size.height)) {
    notes.push(
      `${scaleSource.path}: scale texture ${scaleSource.file} is ${scaleSource.size.width}x${scaleSource.size.height}, the room ${size.width}x${size.height}; scaling not imported`,
    )
    scaleMap = undefined
    room.scaling = { mode: 'none', linear: [] }
  }
  // A walk area the scene puts (partly) outside the room is said, with its bounds.
  for (const a of room.areas) {
    const own = polygons.filter((p) => p.areaId === a.id).flatMap((p) => p.outer)
    if (own.length === 0) continue
    const xs = own.map(([x]) => x)
    const ys = own.map(([, y]) => y)
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    const bounds = `${Math.round(x0)}..${Math.round(x1)} x ${Math.round(y0)}..${Math.round(y1)}`
    if (x1 <= 0 || y1 <= 0 || x0 >= size.width || y0 >= size.height)
      notes.push(
        `walk area '${a.name}' lies outside the room (its bounds ${bounds}, the room 0..${size.width} x 0..${size.height}): nothing of it is walkable here`,
      )
    else if (x0 < -0.5 || y0 < -0.5 || x1 > size.width + 0.5 || y1 > size.height + 0.5)
      notes.push(
        `walk area '${a.name}' reaches outside the room (its bounds ${bounds}, the room 0..${size.width} x 0..${size.height})`,
      )
  }
  room.testWalk.start = start ?? { x: Math.floor(size.width / 2), y: Math.floor(size.height * 0.8) }
  if (offset.x !== 0 || offset.y !== 0) room.sceneOffset = offset
  if (background) room.background = background.name

  // Scripts and unknown nodes, as notes.
  const scripts = new Set(nodes.map(scriptOf).filter((s): s is string => s !== null))
  if (scripts.size > 0)
    notes.push(
      `${scripts.size} script${scripts.size === 1 ? '' : 's'} not run (${[...scripts].map(fileName).slice(0, 5).join(', ')}${scripts.size > 5 ? ', ...' : ''})`,
    )
  // Every node not read into the room is named (grouped by type); its ancestors placed it.
  for (const n of [...used]) for (let p = parents.get(n); p && !used.has(p); p = parents.get(p)) used.add(p)
  const left = new Map<string, string[]>()
  for (const n of nodes) {
    if (used.has(n)) continue
    const paths = left.get(n.type)
    if (paths) paths.push(n.path)
    else left.set(n.type, [n.path])
  }
  if (left.size > 0) {
    let named = 0
    const groups = [...left].map(([type, paths]) => {
      const shown = paths.slice(0, Math.max(0, MAX_NAMED_NODES - named))
      named += shown.length
      const more = paths.length - shown.length
      return `${paths.length} ${type} (${shown.join(', ')}${more > 0 ? `${shown.length ? ', ' : ''}${more} more` : ''})`
    })
    notes.push(`not imported: ${groups.join('; ')}`)
  }
  const imported = nodes.filter((n) => used.has(n)).map((n) => n.path)
  // Walkbox's own export carries the defaults of the flags the room names.
  const ownFlags = metaText(root, 'walkbox_flags')
  if (ownFlags !== undefined) {
    try {
      const listed = JSON.parse(ownFlags) as unknown
      for (const f of Array.isArray(listed) ? (listed as Partial<Flag>[]) : []) {
        if (typeof f?.id !== 'string' || typeof f.default !== 'boolean' || FlagIdSchema.safeParse(f.id).error)
          continue
        // Only flags the room's expressions name (a long list in a hostile file adds nothing).
        const known = flags.find((g) => g.id === f.id)
        if (known)
          Object.assign(known, { name: typeof f.name === 'string' ? f.name : f.id, default: f.default })
      }
    } catch {
      notes.push('metadata/walkbox_flags on the root is not JSON; flags start false')
    }
  }
  return {
    room,
    flags,
    background,
    scaleMap,
    ...(noBackground && !background ? { noBackground } : {}),
    notes,
    nodes: {
      imported,
      points: pointSources,
      areas: areaSources,
      zones: objects.zoneSources,
      hotspots: objects.hotspotSources,
      scaling: objects.scalingRegions.map((r) => ({ zoneId: r.zoneId, path: r.path })),
    },
  }
}
