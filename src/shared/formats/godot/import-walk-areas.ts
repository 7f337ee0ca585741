/**
 * The walk areas of a Godot room scene: NavigationRegion2D (Godot 3: NavigationPolygonInstance)
 * nodes and Popochiu walkable areas, one walk area each, their outlines as walk polygons.
 *
 * - A NavigationPolygon's `outlines` (nesting decides outer or hole), else the boundary of its
 *   `vertices` + `polygons`.
 * - A region with `enabled = false` gets a flag (default false) that switches its area on;
 *   under an Escoria ESCTerrain only one region is active at a time, so the others switch off
 *   when it is on; Popochiu walks one walkable area at a time, the first enabled one.
 * - A Popochiu walkable area: its `interaction_polygon` at `interaction_polygon_position`.
 *
 * Glossary
 * - region: a node that gives one walk area (RegionRead).
 * - exclusive: only one region of its kind walks at a time (Escoria terrain, Popochiu).
 *
 * Units: px.
 */
import type { AreaPolygon, Point, Ring } from '../../geometry/types'
import { pointInRing, signedArea, withoutRepeats } from '../../geometry/polygon'
import { flagIdFromName, IdPool } from '../../room/names'
import type { Room, WalkPolygon } from '../../room/schema'
import { areaToWalkPolygon } from '../../room/convert'
import { apply, ringPoints, scriptOf, walkTree, type SceneNode } from './scene-tree'
import { packedInts, packedPoints, resourceId } from './tscn'
import { placeRing, walkableAreaShape } from './popochiu'
import { metadataProperties } from './room-objects'
import {
  metaText,
  offerFlags,
  ringToRoom,
  type RoomBuild,
  type RoomImport,
  type SceneRead,
} from './import-types'

const REGION_TYPES = new Set(['NavigationRegion2D', 'NavigationPolygonInstance'])

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

export interface RegionRead {
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
 * Every region of the scene: Popochiu walkable areas (read as Popochiu builds them in _ready(),
 * their Perimeter part of them), then the navigation regions not inside one.
 */
export function readWalkRegions(scene: SceneRead): RegionRead[] {
  const { notes, used } = scene
  const regions = readPopochiuWalkableAreas(scene)
  const ofWalkableArea = new Set<SceneNode>()
  for (const r of regions)
    for (const c of walkTree(r.node)) if (REGION_TYPES.has(c.type)) ofWalkableArea.add(c)
  for (const n of scene.nodes) {
    if (!REGION_TYPES.has(n.type) || ofWalkableArea.has(n)) continue
    const r = readRegion(n, notes)
    if (!r) continue
    used.add(n)
    const parent = scene.parents.get(n)
    const parentScript = parent ? scriptOf(parent) : null
    r.exclusive = !!parentScript && /esc_terrain\.gd$/.test(parentScript)
    regions.push(r)
  }
  if (regions.length === 0)
    notes.push(
      scene.popochiu
        ? 'no walkable area with an outline under WalkableAreas: the room has no walkable area'
        : 'no NavigationRegion2D with a navigation polygon: the room has no walkable area',
    )
  return regions
}

/** Popochiu walkable areas: `interaction_polygon` at `interaction_polygon_position`; one walks at a time. */
function readPopochiuWalkableAreas(scene: SceneRead): RegionRead[] {
  const { notes, used } = scene
  const regions: RegionRead[] = []
  for (const [n, role] of scene.roles) {
    if (role !== 'walkable-area') continue
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
  return regions
}

/** A flag (default false) for each disabled region that Walkbox's own export did not name one for. */
function disabledRegionFlags(build: RoomBuild, regions: RegionRead[]): Map<RegionRead, string> {
  const regionFlags = new Map<RegionRead, string>()
  for (const r of regions) {
    if (r.enabled || metaText(r.node, 'walkbox_enabled_by') !== undefined) continue
    const id = flagIdFromName(
      `${r.node.name} enabled`,
      build.flags.map((f) => f.id),
    )
    build.flags.push({ id, name: `${r.node.name} enabled`, default: false })
    regionFlags.set(r, id)
  }
  return regionFlags
}

const AREA_COLOURS = ['#3cb371', '#4f86f7', '#e6a23c', '#c86bfa', '#f56c6c']

/**
 * The room's walk areas and walk polygons, one area per region (its id Walkbox's own when the
 * export wrote one); returns which node each area was read from.
 */
export function readWalkAreas(
  scene: SceneRead,
  build: RoomBuild,
  regions: RegionRead[],
): NonNullable<NonNullable<RoomImport['nodes']>['areas']> {
  const { notes } = scene
  const { room } = build
  room.areas = []
  const polygons: WalkPolygon[] = []
  const polygonIds = new IdPool()
  const areaSources: NonNullable<NonNullable<RoomImport['nodes']>['areas']> = []
  const regionFlags = disabledRegionFlags(build, regions)
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
    areaSources.push({ areaId, path: r.node.path, popochiu: scene.roles.get(r.node) === 'walkable-area' })
    room.areas.push({
      id: areaId,
      name: r.node.name,
      colour: AREA_COLOURS[i % 5],
      ...(enabledBy ? { enabledBy } : {}),
    })
    if (enabledBy && own === undefined)
      notes.push(
        `${r.node.path}: ${r.enabled ? 'enabled' : 'disabled'} region; walk area ${areaId} '${r.node.name}' is on while '${enabledBy}'`,
      )
    // The region's own metadata: custom properties of each of its walk polygons (export.ts).
    const properties = metadataProperties(r.node, notes)
    for (const area of r.polygons) {
      const id = polygonIds.take(r.node.name, 'polygon')
      polygons.push({
        ...areaToWalkPolygon(
          { outer: ringToRoom(build, area.outer), holes: area.holes.map((h) => ringToRoom(build, h)) },
          id,
          areaId,
        ),
        ...(Object.keys(properties).length > 0 ? { properties: { ...properties } } : {}),
      })
    }
  })
  readOwnAreaList(scene, room)
  if (room.areas.length === 0) room.areas = [{ id: 1, name: 'Walkable', colour: '#3cb371' }]
  for (const a of room.areas) offerFlags(build, a.enabledBy)
  room.polygons = polygons
  return areaSources
}

/** Walkbox's own export lists every area (also those without polygons) on the root. */
function readOwnAreaList(scene: SceneRead, room: Room): void {
  const ownAreas = metaText(scene.root, 'walkbox_areas')
  if (ownAreas === undefined) return
  try {
    const listed = JSON.parse(ownAreas) as unknown
    if (!Array.isArray(listed)) return
    for (const a of listed as Room['areas']) {
      if (typeof a?.id !== 'number' || typeof a.name !== 'string' || typeof a.colour !== 'string') continue
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
  } catch {
    scene.notes.push('metadata/walkbox_areas on the root is not JSON; areas named after the regions')
  }
}
