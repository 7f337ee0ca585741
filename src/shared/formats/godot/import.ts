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
 *
 * One function per section, in the order they run (each in its own module):
 * readBackground (import-background.ts), readWalkRegions + readWalkAreas (import-walk-areas.ts),
 * readRoomObjects (room-objects.ts), readOwnGates (import-gates.ts), readPoints
 * (import-points.ts), readScaleMap + readPopochiuScaling (import-scaling.ts),
 * readPopochiuObstacles (import-gates.ts), roomSize (import-size.ts), then what is left
 * (noteUnreadNodes, readOwnFlags here).
 */
import { idFromName } from '../../room/names'
import {
  defaultTestCharacter,
  defaultTestWalkStart,
  emptyRoom,
  FlagIdSchema,
  type Flag,
  type Room,
} from '../../room/schema'
import { readSceneTree, scriptOf, walkTree, type SceneNode } from './scene-tree'
import {
  applyPropSprites,
  backgroundSprite,
  isPopochiuRoom,
  popochiuRoles,
  type PopochiuRole,
} from './popochiu'
import { escoriaClasses } from './escoria'
import { readRoomObjects } from './room-objects'
import { MAX_NAMED_NODES } from '../../limits'
import {
  metaText,
  offerFlags,
  toRoom,
  type GodotImportSource,
  type RoomBuild,
  type RoomImport,
  type SceneRead,
} from './import-types'
import { fileName, readBackground, type BackgroundRead } from './import-background'
import { readWalkAreas, readWalkRegions } from './import-walk-areas'
import { gateIdPool, readOwnGates, readPopochiuObstacles } from './import-gates'
import { readPoints } from './import-points'
import { readPopochiuScaling, readScaleMap } from './import-scaling'
import { noteAreasOutside, roomSize } from './import-size'

export type { GodotImportSource, ImportedImage, PointSource, RoomImport } from './import-types'
export { meshBoundary, navigationOutlines, nestRings } from './import-walk-areas'

/**
 * Imports the scene at `scenePath` (a res:// path). `roomId` is the id the room gets.
 * Throws only when the scene itself cannot be read; everything else becomes a note.
 */
export async function importGodotScene(
  source: GodotImportSource,
  scenePath: string,
  options: { roomId?: string; roomName?: string } = {},
): Promise<RoomImport> {
  const scene = await readScene(source, scenePath)
  const { notes } = scene
  // Popochiu 2: each prop's sprite as its setters make it; the Background prop's shows the room.
  applyPropSprites(scene.roles)
  const shown = scene.popochiu ? backgroundSprite(scene.root, scene.roles) : undefined
  // Background: room px are its px.
  const bg = await readBackground(scene, shown)
  const regions = readWalkRegions(scene)
  const build: RoomBuild = { room: newRoom(scene, options), flags: [], offset: bg.offset }
  const { room } = build
  const areaSources = readWalkAreas(scene, build, regions)

  // Zones, hotspots and characters, each where its framework reads it (room-objects.ts).
  const objects = readRoomObjects({
    nodes: scene.nodes,
    parents: scene.parents,
    roles: scene.roles,
    escoria: scene.escoria,
    backgroundProp: bg.prop,
    backgroundNode: bg.node,
    used: scene.used,
    notes,
    toRoom: (p) => toRoom(build, p),
    metaText,
  })
  if (objects.hotspots.length > 0) room.hotspots = objects.hotspots
  for (const h of objects.hotspots) offerFlags(build, h.enabledBy)
  room.zones = objects.zones
  for (const z of objects.zones) offerFlags(build, z.enabledBy)

  const gateIds = gateIdPool(build)
  const gateSources = readOwnGates(scene, build, gateIds)
  const points = readPoints(scene, build, objects)
  room.points = points.points
  const scale = await readScaleMap(scene, build)
  readPopochiuScaling(scene, build, objects)
  gateSources.push(...readPopochiuObstacles(scene, build, gateIds))

  room.size = roomSize(scene, room, bg.size)
  const { background, noBackground } = fitBackground(scene, room, bg)
  // Walkbox keeps a scale map of the room's size only (the project store's rule): another is
  // named and left out, so that the room this import gives is one the project keeps.
  let scaleMap = scale?.image
  if (scale && (scale.size.width !== room.size.width || scale.size.height !== room.size.height)) {
    notes.push(
      `${scale.path}: scale texture ${scale.file} is ${scale.size.width}x${scale.size.height}, the room ${room.size.width}x${room.size.height}; scaling not imported`,
    )
    scaleMap = undefined
    room.scaling = { mode: 'none', linear: [] }
  }
  noteAreasOutside(scene, room)
  // The test character a new room of this size gets: the room was made before its size was
  // known, and Floor from picture's default margin and the test walk's speed come from it.
  room.testWalk = {
    ...room.testWalk,
    start: points.start ?? defaultTestWalkStart(room.size.width, room.size.height),
    ...defaultTestCharacter(room.size.height),
  }
  if (bg.offset.x !== 0 || bg.offset.y !== 0) room.sceneOffset = bg.offset
  if (background) room.background = background.name

  noteScripts(scene)
  noteUnreadNodes(scene)
  const imported = scene.nodes.filter((n) => scene.used.has(n)).map((n) => n.path)
  readOwnFlags(scene, build.flags)
  return {
    room,
    flags: build.flags,
    background,
    scaleMap,
    ...(noBackground && !background ? { noBackground } : {}),
    notes,
    nodes: {
      imported,
      points: points.sources,
      areas: areaSources,
      zones: objects.zoneSources,
      hotspots: objects.hotspotSources,
      gates: gateSources,
      scaling: objects.scalingRegions.map((r) => ({ zoneId: r.zoneId, path: r.path })),
    },
  }
}

/** The scene's node tree, each node's parent, and which framework's room it is. */
async function readScene(source: GodotImportSource, scenePath: string): Promise<SceneRead> {
  const notes: string[] = []
  const root = await readSceneTree(source, scenePath, notes)
  const nodes = walkTree(root)
  const parents = new Map<SceneNode, SceneNode>()
  for (const n of nodes) for (const c of n.children) parents.set(c, n)
  // Popochiu 2: the room's objects by their group.
  const popochiu = isPopochiuRoom(root)
  const roles = popochiu ? popochiuRoles(root) : new Map<SceneNode, PopochiuRole>()
  const escoria = await escoriaClasses(nodes, (p) => source.readText(p))
  return { source, root, nodes, parents, popochiu, roles, escoria, used: new Set([root]), notes }
}

/** A text property of a node, when it is not blank. */
function nonBlankText(n: SceneNode, key: string): string | undefined {
  const v = n.props.get(key)?.value
  return typeof v === 'string' && v.trim() !== '' ? v : undefined
}

/** The empty room, named: Popochiu names a room by script_name, Escoria by global_id; else the root node's name. */
function newRoom(scene: SceneRead, options: { roomId?: string; roomName?: string }): Room {
  const { root } = scene
  const frameworkName = nonBlankText(root, 'script_name') ?? nonBlankText(root, 'global_id')
  const roomId =
    options.roomId ?? metaText(root, 'walkbox_room_id') ?? idFromName(frameworkName ?? root.name, [], 'room')
  return emptyRoom({
    id: roomId,
    name: options.roomName ?? metaText(root, 'walkbox_name') ?? frameworkName ?? root.name,
    width: 1,
    height: 1,
  })
}

/** The background kept when it is the room's size (a project's background is); else named and left out. */
function fitBackground(
  scene: SceneRead,
  room: Room,
  bg: BackgroundRead,
): { background: BackgroundRead['image']; noBackground: string | undefined } {
  const { size } = room
  const bgSize = bg.size
  if (bg.image && bgSize && (bgSize.width !== size.width || bgSize.height !== size.height)) {
    scene.notes.push(
      `the background is ${bgSize.width}x${bgSize.height}, the room ${size.width}x${size.height}; the room keeps no background (a project's background is the room's size)`,
    )
    return {
      background: undefined,
      noBackground: `the background picture (${bgSize.width}x${bgSize.height}) is not the room's size (${size.width}x${size.height})`,
    }
  }
  return { background: bg.image, noBackground: bg.missing }
}

/** The scripts of the scene, as one note: Walkbox does not run them. */
function noteScripts(scene: SceneRead): void {
  const scripts = new Set(scene.nodes.map(scriptOf).filter((s): s is string => s !== null))
  if (scripts.size > 0)
    scene.notes.push(
      `${scripts.size} script${scripts.size === 1 ? '' : 's'} not run (${[...scripts].map(fileName).slice(0, 5).join(', ')}${scripts.size > 5 ? ', ...' : ''})`,
    )
}

/** Every node not read into the room is named (grouped by type); its ancestors placed it. */
function noteUnreadNodes(scene: SceneRead): void {
  const { used, parents } = scene
  for (const n of [...used]) for (let p = parents.get(n); p && !used.has(p); p = parents.get(p)) used.add(p)
  const left = new Map<string, string[]>()
  for (const n of scene.nodes) {
    if (used.has(n)) continue
    const paths = left.get(n.type)
    if (paths) paths.push(n.path)
    else left.set(n.type, [n.path])
  }
  if (left.size === 0) return
  let named = 0
  const groups = [...left].map(([type, paths]) => {
    const shown = paths.slice(0, Math.max(0, MAX_NAMED_NODES - named))
    named += shown.length
    const more = paths.length - shown.length
    return `${paths.length} ${type} (${shown.join(', ')}${more > 0 ? `${shown.length ? ', ' : ''}${more} more` : ''})`
  })
  scene.notes.push(`not imported: ${groups.join('; ')}`)
}

/** Walkbox's own export carries the defaults of the flags the room names. */
function readOwnFlags(scene: SceneRead, flags: Flag[]): void {
  const ownFlags = metaText(scene.root, 'walkbox_flags')
  if (ownFlags === undefined) return
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
    scene.notes.push('metadata/walkbox_flags on the root is not JSON; flags start false')
  }
}
