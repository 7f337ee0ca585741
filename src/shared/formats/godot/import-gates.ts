/**
 * The gates of a Godot room scene: those Walkbox's own export wrote (an Area2D with
 * `metadata/walkbox_gate_kind` and `metadata/walkbox_flag_expression`), and Popochiu 2.1
 * obstacle props, which carve their `obstacle_polygon` out of every walkable area (a
 * block-polygon gate that always holds).
 *
 * Glossary
 * - scene px: coordinates in the room scene's root; room px = scene px + sceneOffset.
 *
 * Units: px.
 */
import { IdPool } from '../../room/names'
import { obstacleRing } from './popochiu'
import { metadataProperties, zoneRings } from './room-objects'
import {
  metaText,
  offerFlags,
  ringToRoom,
  type GateSource,
  type RoomBuild,
  type SceneRead,
} from './import-types'

/** Why a Popochiu obstacle gate's properties have no place in the scene. */
const POPOCHIU_PROP_METADATA =
  "the prop's metadata is the prop's own (its hotspot's when it is clickable), not its obstacle's"

/** Ids of the room's gates, shared by the sections that add gates. */
export function gateIdPool(build: RoomBuild): IdPool {
  const gateIds = new IdPool()
  for (const g of build.room.gates) gateIds.keep(g.id)
  return gateIds
}

/** Gates written by Walkbox's own export (Area2D with metadata/walkbox_gate_kind), with the node each came from. */
export function readOwnGates(scene: SceneRead, build: RoomBuild, gateIds: IdPool): GateSource[] {
  const { notes, used } = scene
  const sources: GateSource[] = []
  for (const n of scene.nodes) {
    const kind = metaText(n, 'walkbox_gate_kind')
    const expression = metaText(n, 'walkbox_flag_expression')
    if (n.type !== 'Area2D' || (kind !== 'block-polygon' && kind !== 'open-area') || expression === undefined)
      continue
    const rings = zoneRings(n, notes, used)
    const ring = rings[0]?.ring
    used.add(n)
    const areaId = n.props.get('metadata/walkbox_area_id')?.value
    const properties = metadataProperties(n, notes)
    const id = gateIds.take(metaText(n, 'walkbox_name') ?? n.name, 'gate')
    sources.push({ gateId: id, path: n.path, polygon: rings.length === 1 ? rings[0].source : null })
    build.room.gates.push({
      id,
      name: metaText(n, 'walkbox_name') ?? n.name,
      kind,
      ...(ring ? { polygon: ringToRoom(build, ring).map((p): [number, number] => [p.x, p.y]) } : {}),
      ...(typeof areaId === 'number' ? { areaId } : {}),
      flagExpression: expression,
      ...(Object.keys(properties).length > 0 ? { properties } : {}),
    })
    offerFlags(build, expression)
  }
  return sources
}

/**
 * Popochiu 2.1 obstacles: props that carve their obstacle_polygon out of every walkable area,
 * as block-polygon gates that always hold.
 */
export function readPopochiuObstacles(scene: SceneRead, build: RoomBuild, gateIds: IdPool): GateSource[] {
  const sources: GateSource[] = []
  for (const [n, role] of scene.roles) {
    if (role !== 'prop') continue
    const ring = obstacleRing(n, scene.parents.get(n))
    if (!ring) continue
    scene.used.add(n)
    const id = gateIds.take(`${n.name} obstacle`, 'gate')
    // The prop's metadata is its own (its hotspot's when it is clickable), not its obstacle's.
    sources.push({ gateId: id, path: n.path, polygon: null, noMetadata: POPOCHIU_PROP_METADATA })
    build.room.gates.push({
      id,
      name: `${n.name} obstacle`,
      kind: 'block-polygon',
      polygon: ringToRoom(build, ring).map((p): [number, number] => [p.x, p.y]),
      flagExpression: 'true',
    })
    scene.notes.push(
      `${n.path}: its obstacle_polygon carves the walkable areas (a gate '${n.name} obstacle' that always holds), placed where Popochiu puts it at run time (the prop moved down by its baseline)`,
    )
  }
  return sources
}
