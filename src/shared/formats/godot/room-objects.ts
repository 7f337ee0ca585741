/**
 * The things of a Godot room scene that are not walk areas: trigger zones, hotspots (clickable
 * shapes with walk-to and look-at points) and characters, each read where its framework reads it.
 *
 * - Popochiu 2 (popochiu.ts): hotspots and clickable props are hotspots; the Background prop and
 *   props that are not clickable are art, not hotspots; regions are trigger zones (a scaling
 *   region also gives the room's scaling, in import.ts); characters are named points at their
 *   feet, never zones.
 * - Escoria (escoria.ts): items and exits are hotspots; an item with `is_trigger` is a trigger
 *   zone; the player and items that move about are characters.
 * - Any other Area2D with a CollisionPolygon2D or rectangle CollisionShape2D is a trigger zone;
 *   one that Walkbox's own export marked `metadata/walkbox_hotspot` is a hotspot again.
 *
 * Each zone and hotspot says where its shape and points came from (node, property and the
 * transform from that property's coordinates to scene px), so that a write-back puts an edit
 * back where the framework reads it.
 *
 * Glossary
 * - source: a node path, a property of it and the frame that places the property's points.
 * - field: a property of an engine node (a number, text or boolean) kept in a hotspot's
 *   `properties` under its own key, so that a write-back gives it back.
 * - scene px: the room scene root's coordinates; room px = scene px + offset.
 *
 * Units: px.
 */
import type { Point, Ring } from '../../geometry/types'
import { IdPool } from '../../room/names'
import { MAX_PROPERTIES } from '../../limits'
import { FACING_DIRECTIONS, type Hotspot, type Zone } from '../../room/schema'
import { clickableShape, isClickable, placeRing, regionScaling, type PopochiuRole } from './popochiu'
import { escoriaWalkTo, isEscoriaCharacter, type EscoriaClass } from './escoria'
import { apply, ringPoints, type SceneNode, type Transform } from './scene-tree'
import { packedPoints, resourceId, vector2 } from './tscn'

/** Where a shape or point came from: `key` of the node at `path`, placed by `frame` (its coordinates -> scene px). */
export interface ShapeSource {
  path: string
  key: string
  frame: Transform
}

export interface ZoneSource {
  id: string
  /** The node the zone was read from. */
  path: string
  /** Null when the shape cannot be written back (a rectangle, one of several polygons). */
  polygon: ShapeSource | null
}

export interface HotspotSource {
  id: string
  path: string
  polygon: ShapeSource | null
  walkTo: ShapeSource | null
  lookAt: ShapeSource | null
  /** The property that holds the description (Popochiu `description`, Escoria `tooltip_name`). */
  description: string | null
  /** Keys of `properties` that are the node's own fields (written back when edited). */
  fields: string[]
  /**
   * A hotspot Walkbox's own export wrote: its properties, condition and facing are the node's
   * `metadata/walkbox_properties` (JSON), `metadata/walkbox_enabled_by`, `metadata/walkbox_direction`.
   */
  own?: true
}

export interface CharacterRead {
  name: string
  /** Scene px. */
  at: Point
  path: string
  /** The frame of the character's parent (its `position` is in it). */
  frame: Transform
}

export interface ScalingRegion {
  zoneId: string
  path: string
  /** Scene px. */
  ring: Ring
  top: number
  bottom: number
}

export interface RoomObjects {
  zones: Zone[]
  hotspots: Hotspot[]
  characters: CharacterRead[]
  zoneSources: ZoneSource[]
  hotspotSources: HotspotSource[]
  /** Marker2D nodes read as a hotspot's walk-to point (not points of their own). */
  walkToMarkers: Set<SceneNode>
  /** Popochiu regions with `scaling` (scene px). */
  scalingRegions: ScalingRegion[]
}

export interface ObjectsContext {
  nodes: SceneNode[]
  parents: Map<SceneNode, SceneNode>
  roles: Map<SceneNode, PopochiuRole>
  escoria: Map<SceneNode, EscoriaClass>
  /** The Popochiu Background prop (art, not a hotspot). */
  backgroundProp: SceneNode | null | undefined
  /** The background sprite; an Area2D holding it is no zone. */
  backgroundNode: SceneNode | null
  used: Set<SceneNode>
  notes: string[]
  toRoom: (p: Point) => Point
  metaText: (n: SceneNode, key: string) => string | undefined
}

/** Properties of a node that place it or draw it, not engine fields of the object. */
const NOT_FIELDS = new Set([
  'position',
  'rotation',
  'scale',
  'skew',
  'interaction_polygon',
  'interaction_polygon_position',
  'walk_to_point',
  'look_at_point',
  'description',
  'tooltip_name',
  'script',
  'texture',
  'obstacle_polygon',
  'obstacle_polygon_position',
])

/**
 * A node's rings as Godot's collision nodes give them: each CollisionPolygon2D child, each
 * rectangle CollisionShape2D (other shapes are notes). With `interaction_polygon`, the
 * clickable's polygon at its interaction_polygon_position (Popochiu's rule, popochiu.ts).
 */
export function zoneRings(
  node: SceneNode,
  notes: string[],
  used: Set<SceneNode>,
): { ring: Ring; source: ShapeSource | null }[] {
  if (node.props.has('interaction_polygon')) {
    const shape = clickableShape(node, notes)
    const child = node.children.find((c) => c.name === 'InteractionPolygon')
    if (child) used.add(child)
    if (shape)
      return [
        {
          ring: placeRing(shape.points, shape.frame),
          source:
            shape.from === 'interaction_polygon'
              ? { path: node.path, key: 'interaction_polygon', frame: shape.frame }
              : { path: shape.child!.path, key: 'polygon', frame: shape.frame },
        },
      ]
  }
  const out: { ring: Ring; source: ShapeSource | null }[] = []
  for (const c of node.children) {
    if (c.type === 'CollisionPolygon2D') {
      const pts = ringPoints(c, 'its polygon', packedPoints(c.props.get('polygon')?.value))
      if (pts && pts.length >= 3) {
        out.push({
          ring: pts.map((p) => apply(c.global, p)),
          source: { path: c.path, key: 'polygon', frame: c.global },
        })
        used.add(c)
      }
    } else if (c.type === 'CollisionShape2D') {
      const shapeProp = c.props.get('shape')
      const id = shapeProp ? resourceId(shapeProp.value, 'SubResource') : null
      const shape = id !== null ? shapeProp!.file.sub.get(id) : undefined
      const size = vector2(shape?.props.get('size'))
      if (shape?.attrs.type === 'RectangleShape2D' && size) {
        const [w, h] = [size.x / 2, size.y / 2]
        const corners = [
          { x: -w, y: -h },
          { x: w, y: -h },
          { x: w, y: h },
          { x: -w, y: h },
        ]
        out.push({ ring: corners.map((p) => apply(c.global, p)), source: null })
        used.add(c)
      } else {
        notes.push(
          `${c.path}: a ${String(shape?.attrs.type ?? 'collision shape')} is not a polygon; not imported as a shape`,
        )
      }
    }
  }
  // Several polygons of one node are written back only one by one when the node has one.
  if (out.length > 1) for (const o of out) o.source = null
  return out
}

/**
 * A node's own metadata (`metadata/<key>`, not Walkbox's `walkbox_*`) as zone properties:
 * text, numbers and booleans as text; other values are named in a note.
 */
export function metadataProperties(node: SceneNode, notes: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, p] of node.props) {
    if (!key.startsWith('metadata/')) continue
    const name = key.slice('metadata/'.length)
    if (name.startsWith('walkbox_') || name === '__proto__') continue
    const v = p.value
    if (Object.keys(out).length >= MAX_PROPERTIES - 2) {
      notes.push(`${node.path}: more than ${MAX_PROPERTIES - 2} metadata entries; the rest not kept`)
      break
    }
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = String(v)
    else notes.push(`${node.path}: metadata/${name} is not text, a number or a boolean; not kept`)
  }
  return out
}

/** A node's engine fields (text, numbers, booleans, under their own keys; metadata as `metadata/<key>`). */
export function nodeFields(node: SceneNode, notes: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  let count = 0
  for (const [key, p] of node.props) {
    if (NOT_FIELDS.has(key) || key.startsWith('metadata/walkbox_') || key === '__proto__') continue
    const v = p.value
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue
    if (++count > MAX_PROPERTIES - 1) {
      notes.push(`${node.path}: more than ${MAX_PROPERTIES - 1} fields; the rest not kept`)
      break
    }
    out[key] = String(v)
  }
  return out
}

const text = (n: SceneNode, key: string): string | undefined => {
  const v = n.props.get(key)?.value
  return typeof v === 'string' ? v : undefined
}

/** A character's name: Popochiu marks its editor copies with ' *'; Escoria names it by global_id. */
function characterName(n: SceneNode): string {
  return (text(n, 'global_id') || n.name).replace(/\s*\*$/, '')
}

export function readRoomObjects(ctx: ObjectsContext): RoomObjects {
  const { nodes, roles, escoria, used, notes, toRoom, metaText } = ctx
  const zones: Zone[] = []
  const hotspots: Hotspot[] = []
  const characters: CharacterRead[] = []
  const zoneSources: ZoneSource[] = []
  const hotspotSources: HotspotSource[] = []
  const walkToMarkers = new Set<SceneNode>()
  const scalingRegions: ScalingRegion[] = []
  const zoneIds = new IdPool()
  const hotspotIds = new IdPool()
  const ring2 = (r: Ring) => r.map(toRoom).map((p): [number, number] => [p.x, p.y])
  const notClickable: string[] = []

  const addZone = (
    n: SceneNode,
    found: { ring: Ring; source: ShapeSource | null }[],
    extra: Record<string, string>,
  ) => {
    const ownName = metaText(n, 'walkbox_name') ?? n.name
    found.forEach(({ ring, source }, k) => {
      const name = found.length > 1 ? `${ownName} ${k + 1}` : ownName
      const id = zoneIds.take(name, 'zone')
      const globalId = n.props.get('global_id')?.value
      const properties: Record<string, string> = { godotPath: n.path }
      if (typeof globalId === 'string') properties.global_id = globalId
      Object.assign(properties, extra, metadataProperties(n, notes))
      const enabledBy = metaText(n, 'walkbox_enabled_by')
      zones.push({
        id,
        name,
        shape: { kind: 'polygon', outer: ring2(ring) },
        events: {
          enter: metaText(n, 'walkbox_enter') ?? '',
          exit: metaText(n, 'walkbox_exit') ?? '',
          stand: metaText(n, 'walkbox_stand') ?? '',
        },
        ...(enabledBy !== undefined ? { enabledBy } : {}),
        properties,
      })
      zoneSources.push({ id, path: n.path, polygon: source })
      const scales = roles.get(n) === 'region' ? regionScaling(n) : null
      if (scales) scalingRegions.push({ zoneId: id, path: n.path, ring, ...scales })
    })
    if (found.length > 0) used.add(n)
  }

  /** A point property in the node's own coordinates (Popochiu walk_to_point, look_at_point). */
  const ownPoint = (n: SceneNode, key: string) => {
    const v = vector2(n.props.get(key)?.value)
    const p = v ? toRoom(apply(n.global, v)) : undefined
    return { point: p && { x: p.x, y: p.y }, source: { path: n.path, key, frame: n.global } }
  }

  const addHotspot = (
    n: SceneNode,
    found: { ring: Ring; source: ShapeSource | null }[],
    points: {
      walkTo: { point?: Point; source: ShapeSource | null }
      lookAt: { point?: Point; source: ShapeSource | null }
    },
    descriptionKey: string,
    enabled: boolean,
    own?: Pick<Hotspot, 'name' | 'properties' | 'enabledBy' | 'direction'>,
  ) => {
    if (found.length === 0) {
      notes.push(`${n.path}: a clickable without a polygon; not a hotspot`)
      return
    }
    used.add(n)
    const fields = own ? {} : nodeFields(n, notes)
    const description = text(n, descriptionKey)
    found.forEach(({ ring, source }, k) => {
      const base = own?.name ?? n.name
      const name = found.length > 1 ? `${base} ${k + 1}` : base
      const id = hotspotIds.take(name, 'hotspot')
      const enabledBy = own ? own.enabledBy : enabled ? undefined : 'false'
      hotspots.push({
        id,
        name,
        ...(description !== undefined && (description !== '' || own) ? { description } : {}),
        shape: { kind: 'polygon', outer: ring2(ring) },
        ...(points.walkTo.point ? { walkTo: points.walkTo.point } : {}),
        ...(points.lookAt.point ? { lookAt: points.lookAt.point } : {}),
        ...(own?.direction ? { direction: own.direction } : {}),
        ...(enabledBy !== undefined ? { enabledBy } : {}),
        properties: own ? own.properties : { godotPath: n.path, ...fields },
      })
      hotspotSources.push({
        id,
        path: n.path,
        polygon: source,
        walkTo: found.length === 1 ? points.walkTo.source : null,
        lookAt: found.length === 1 ? points.lookAt.source : null,
        description: descriptionKey,
        fields: Object.keys(fields),
        ...(own ? { own: true as const } : {}),
      })
    })
  }

  for (const n of nodes) {
    const role = roles.get(n)
    if (role === 'character' || (role === undefined && isEscoriaCharacter(n, escoria.get(n)))) {
      used.add(n)
      const parent = ctx.parents.get(n)
      characters.push({
        name: characterName(n),
        at: apply(n.global, { x: 0, y: 0 }),
        path: n.path,
        frame: parent?.global ?? n.global,
      })
      continue
    }
    if (role === 'hotspot' || role === 'prop') {
      if (n === ctx.backgroundProp) continue
      if (role === 'prop' && !isClickable(n)) {
        notClickable.push(n.path)
        continue
      }
      addHotspot(
        n,
        zoneRings(n, notes, used),
        { walkTo: ownPoint(n, 'walk_to_point'), lookAt: ownPoint(n, 'look_at_point') },
        'description',
        isClickable(n),
      )
      continue
    }
    if (role === 'region') {
      const extra: Record<string, string> = {}
      for (const key of ['script_name', 'description', 'enabled', 'scaling', 'scale_top', 'scale_bottom']) {
        const v = n.props.get(key)?.value
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') extra[key] = String(v)
      }
      addZone(n, zoneRings(n, notes, used), extra)
      continue
    }
    if (role !== undefined || n.type !== 'Area2D') continue
    if (ctx.backgroundNode && ctx.backgroundNode.path.startsWith(n.path + '/')) continue // the background prop
    if (metaText(n, 'walkbox_gate_kind') !== undefined) continue // a Walkbox gate, read by the import
    const cls = escoria.get(n)
    if ((cls === 'ESCItem' || cls === 'ESCExit') && n.props.get('is_trigger')?.value !== true) {
      const to = escoriaWalkTo(n, escoria)
      if (to?.kind === 'location') walkToMarkers.add(to.node)
      const at = to ? toRoom(apply(to.node.global, { x: 0, y: 0 })) : undefined
      const parent = to ? ctx.parents.get(to.node) : undefined
      addHotspot(
        n,
        zoneRings(n, notes, used),
        {
          walkTo: {
            point: at && { x: at.x, y: at.y },
            source:
              to?.kind === 'location' && parent
                ? { path: to.node.path, key: 'position', frame: parent.global }
                : null,
          },
          lookAt: { source: null },
        },
        'tooltip_name',
        n.props.get('is_interactive')?.value !== false,
      )
      continue
    }
    if (n.props.get('metadata/walkbox_hotspot')?.value === true) {
      addHotspot(
        n,
        zoneRings(n, notes, used),
        { walkTo: ownPoint(n, 'walk_to_point'), lookAt: ownPoint(n, 'look_at_point') },
        'description',
        true,
        walkboxHotspot(n, metaText, notes),
      )
      continue
    }

    addZone(n, zoneRings(n, notes, used), {})
  }
  if (notClickable.length > 0)
    notes.push(`props that are not clickable (art only, not hotspots): ${notClickable.join(', ')}`)
  return { zones, hotspots, characters, zoneSources, hotspotSources, walkToMarkers, scalingRegions }
}

/** What Walkbox's own export keeps of a hotspot on its node (name, properties, condition, facing). */
function walkboxHotspot(
  n: SceneNode,
  metaText: (n: SceneNode, key: string) => string | undefined,
  notes: string[],
): Pick<Hotspot, 'name' | 'properties' | 'enabledBy' | 'direction'> {
  const properties: Record<string, string> = {}
  const listed = metaText(n, 'walkbox_properties')
  if (listed !== undefined) {
    try {
      const parsed = JSON.parse(listed) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        for (const [k, v] of Object.entries(parsed).slice(0, MAX_PROPERTIES))
          if (typeof v === 'string' && k !== '__proto__') properties[k] = v
    } catch {
      notes.push(`${n.path}: metadata/walkbox_properties is not JSON; the hotspot's properties are not read`)
    }
  }
  const direction = metaText(n, 'walkbox_direction')
  const enabledBy = metaText(n, 'walkbox_enabled_by')
  return {
    name: metaText(n, 'walkbox_name') ?? n.name,
    properties,
    ...(enabledBy !== undefined ? { enabledBy } : {}),
    ...(direction !== undefined && (FACING_DIRECTIONS as readonly string[]).includes(direction)
      ? { direction: direction as Hotspot['direction'] }
      : {}),
  }
}
