/**
 * The named points of a Godot room scene: Marker2D / Position2D nodes (Escoria ESCLocation
 * among them) and each character's feet; `player_start` or `is_start_location = true` (or
 * Walkbox's own `metadata/walkbox_start`) is the test-walk start. A point's properties are its
 * node's `metadata/<key>` (a Popochiu character's none: POPOCHIU_CHARACTER).
 *
 * Glossary
 * - scene px: coordinates in the room scene's root; room px = scene px + sceneOffset.
 * - frame: the transform from the coordinates of a point's `position` (its parent's) to scene px.
 *
 * Units: px.
 */
import type { Point } from '../../geometry/types'
import { IdPool } from '../../room/names'
import { type PointKind, POINT_KINDS, type RoomPoint } from '../../room/schema'
import { apply, IDENTITY, scriptOf, type SceneNode, type Transform } from './scene-tree'
import { POINT_KIND_META } from './tscn'
import { metadataProperties, type RoomObjects } from './room-objects'
import { metaText, toRoom, type PointSource, type RoomBuild, type SceneRead } from './import-types'

const MARKER_TYPES = new Set(['Marker2D', 'Position2D'])

/**
 * Why a Popochiu character's point has no properties in the scene: when a room opens, Popochiu
 * frees the room scene's copy of each character (popochiu_room.gd clean_characters) and puts
 * the game's own character where it stood, copying only its position and looks
 * (popochiu_room_data.gd save_characters), so metadata on that copy never reaches the game.
 * An Escoria character stays the room scene's node, so its metadata there is the point's.
 */
export const POPOCHIU_CHARACTER =
  "Popochiu replaces the room's copy of a character with the game's own when the room opens (only its position and looks are kept), so metadata on it never reaches the game: set it in the character's own scene in Godot"

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

/**
 * A plain Marker2D child of an Escoria item or exit (no script of Escoria's) is never read by
 * Escoria: `get_interact_position` walks the player to an ESCInteractionLocation or ESCLocation
 * child, else to the collision shape, and only counts the others. Such a marker is usually left
 * at its item's origin (no `position`, under an Area2D with none: the scene's (0, 0) by Godot's
 * own transform rules), so it is named in a note, not made a point. Walkbox's own markers stay.
 */
function unreadInEscoriaItem(scene: SceneRead, n: SceneNode): boolean {
  const parent = scene.parents.get(n)
  const cls = parent ? scene.escoria.get(parent) : undefined
  if (!parent || (cls !== 'ESCItem' && cls !== 'ESCExit') || scene.escoria.has(n)) return false
  if (n.props.has(POINT_KIND_META) || metaText(n, 'walkbox_name') !== undefined) return false
  const at = apply(n.global, { x: 0, y: 0 })
  scene.notes.push(
    `${n.path}: a Marker2D without an Escoria script under the Escoria item ${parent.path} (at ${at.x}, ${at.y}), which Escoria does not read (the player walks to an ESCLocation child, else to the collision shape); not a point`,
  )
  return true
}

export interface PointsRead {
  points: RoomPoint[]
  /** Which node property each point came from (for writing it back in place). */
  sources: PointSource[]
  /** The test-walk start in room px, when a marker gives it. */
  start: Point | null
}

/** The room's points: its markers (not a hotspot's walk-to nor a character's), then its characters. */
export function readPoints(scene: SceneRead, build: RoomBuild, objects: RoomObjects): PointsRead {
  const read: PointsRead = { points: [], sources: [], start: null }
  const pointIds = new IdPool()
  const addPoint = (
    name: string,
    p: Point,
    path: string,
    frame: Transform,
    kind: PointKind = 'marker',
    properties: Record<string, string> = {},
    noMetadata?: string,
  ) => {
    const id = pointIds.take(name, 'point')
    const at = toRoom(build, p)
    read.points.push({
      id,
      name,
      x: at.x,
      y: at.y,
      ...(kind !== 'marker' ? { kind } : {}),
      ...(Object.keys(properties).length > 0 ? { properties } : {}),
    })
    read.sources.push({ id, path, key: 'position', frame, ...(noMetadata ? { noMetadata } : {}) })
  }
  const inCharacter = (n: SceneNode) => objects.characters.some((c) => n.path.startsWith(c.path + '/'))
  const ownExport = metaText(scene.root, 'walkbox_room_id') !== undefined
  for (const n of scene.nodes) {
    if (!MARKER_TYPES.has(n.type)) continue
    scene.used.add(n)
    // A hotspot's walk-to marker is its walkTo; a character's markers move with it.
    if (objects.walkToMarkers.has(n) || inCharacter(n)) continue
    if (unreadInEscoriaItem(scene, n)) continue
    const at = apply(n.global, { x: 0, y: 0 })
    const generic = MARKER_TYPES.has(n.name) || /^ESCLocation$/.test(n.name)
    const parentName = n.path.includes('/') ? n.path.split('/').slice(-2, -1)[0] : ''
    // Walkbox's own export marks its start marker (not a point of its own).
    const walkboxStart = n.props.get('metadata/walkbox_start')?.value === true
    const isStart =
      walkboxStart ||
      (!ownExport && (n.props.get('is_start_location')?.value === true || /^player_start$/i.test(n.name)))
    if (isStart) read.start = toRoom(build, at)
    if (walkboxStart) continue
    addPoint(
      metaText(n, 'walkbox_name') ?? (generic && parentName ? `${parentName}/${n.name}` : n.name),
      at,
      n.path,
      scene.parents.get(n)?.global ?? IDENTITY,
      markerKind(n, isStart),
      metadataProperties(n, scene.notes),
    )
  }
  // Characters: a named point at each one's feet (where the room scene places it), with the
  // metadata of its node in the room scene where the game keeps that node (POPOCHIU_CHARACTER).
  const byPath = new Map(scene.nodes.map((n) => [n.path, n]))
  for (const c of objects.characters) {
    const node = byPath.get(c.path)
    if (scene.popochiu) addPoint(c.name, c.at, c.path, c.frame, 'marker', {}, POPOCHIU_CHARACTER)
    else addPoint(c.name, c.at, c.path, c.frame, 'marker', node ? metadataProperties(node, scene.notes) : {})
  }
  return read
}
