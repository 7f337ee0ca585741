/**
 * Walkbox room -> Godot 4 scene (.tscn, format=3), written the way Godot 4 writes its own
 * scenes (see ../shared/bench/engines): a Node2D root; the background as a Sprite2D
 * (when asked); one NavigationRegion2D per walk area with a NavigationPolygon holding
 * both `outlines` (outer rings and holes) and a triangulation (`vertices` + `polygons`,
 * which Godot 4 navigates without baking); an Area2D + CollisionPolygon2D per zone; a
 * Marker2D per point; walk-behinds as background-textured Polygon2D nodes with their
 * origin on the baseline under a y-sorted Node2D. Coordinates are the scene's: room px -
 * sceneOffset.
 *
 * Glossary
 * - dropped: what Godot has no place for, named in the notes instead of lost silently.
 *
 * Units: px.
 */
import { propertiesNotKeptNotes } from '../../room/property-notes'
import { triangulateAreas } from '../../geometry/triangulate'
import type { AreaPolygon, Point } from '../../geometry/types'
import { simplifyAreas, traceMask } from '../../geometry/vectorise'
import { walkBehindCells } from '../../analysis/walk-behind-cut'
import { walkPolygonToArea } from '../../room/convert'
import type { Room, WalkPolygon } from '../../room/schema'
import { flagExpressionError, flagsInExpression } from '../../room/flag-expression'
import {
  isMetadataName,
  METADATA_NAME_RULE,
  noteKey,
  POINT_KIND_META,
  tscnPackedPoints,
  tscnString,
  tscnVector2,
} from './tscn'

export interface GodotExportOptions {
  /** res:// path of the background texture; no Sprite2D when absent. */
  backgroundResPath?: string
  /** The room's area-id mask (room size): a mask-authoritative room's walk areas are traced from it. */
  mask?: Uint8Array | null
  /** The project's flags: those the room's expressions name travel with their defaults. */
  flags?: readonly { id: string; name?: string; default: boolean }[]
}

/** How far a traced outline may stray from the mask's pixel edges (what the nav core uses). */
export const TRACE_TOLERANCE_PX = 0.75

/**
 * An object's custom properties as `metadata/<key>` lines of its node (what the import reads back,
 * room-objects.ts metadataProperties); a key Godot takes for no metadata name is named in a note.
 */
function metadataLines(
  what: string,
  properties: Record<string, string> | undefined,
  notes: string[],
): string[] {
  const entries = Object.entries(properties ?? {})
  const odd = entries.map(([k]) => k).filter((k) => !isMetadataName(k))
  if (odd.length > 0)
    notes.push(
      `${what}: propert${odd.length === 1 ? 'y' : 'ies'} ${odd.map(noteKey).join(', ')} not exported (${METADATA_NAME_RULE})`,
    )
  return entries
    .filter(([k]) => isMetadataName(k))
    .map(([k, v]) => `metadata/${k} = ${tscnString(String(v))}`)
}

/** The custom properties of an area's walk polygons, for its one NavigationRegion2D; a key they give differently is named. */
function regionProperties(
  areaName: string,
  polygons: readonly WalkPolygon[],
  notes: string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  const differ = new Set<string>()
  for (const p of polygons)
    for (const [k, v] of Object.entries(p.properties ?? {})) {
      if (out[k] !== undefined && out[k] !== v) differ.add(k)
      else out[k] = v
    }
  if (differ.size > 0)
    notes.push(
      `walk area '${areaName}': its polygons give propert${differ.size === 1 ? 'y' : 'ies'} ${[...differ].map((k) => `'${k}'`).join(', ')} different values; its one NavigationRegion2D keeps the first polygon's`,
    )
  return out
}

/** The node's name line and, when Godot's name rules changed it, the author's name as metadata. */
function nameLines(name: string, nodeName: string): string[] {
  return nodeName === name ? [] : [`metadata/walkbox_name = ${tscnString(name)}`]
}

/** A Godot node name: no . : @ / " % (Godot replaces them too). */
export function godotNodeName(name: string, taken: Set<string>): string {
  const base = name.replace(/[.:@/"%]/g, '_').trim() || 'Node'
  let out = base
  for (let i = 2; taken.has(out); i++) out = `${base}${i}`
  taken.add(out)
  return out
}

/** The three property lines of a NavigationPolygon: vertices + polygons (a triangulation) and outlines. */
export function navigationPolygonLines(areas: AreaPolygon[]): string[] {
  const tri = triangulateAreas(areas)
  const vertices: Point[] = []
  for (let i = 0; i < tri.vertices.length; i += 2)
    vertices.push({ x: tri.vertices[i], y: tri.vertices[i + 1] })
  const polygons: string[] = []
  for (let t = 0; t < tri.triangles.length; t += 3) {
    polygons.push(`PackedInt32Array(${tri.triangles[t]}, ${tri.triangles[t + 1]}, ${tri.triangles[t + 2]})`)
  }
  const outlines = areas.flatMap((a) => [a.outer, ...a.holes]).map(tscnPackedPoints)
  return [
    `vertices = ${tscnPackedPoints(vertices)}`,
    `polygons = Array[PackedInt32Array]([${polygons.join(', ')}])`,
    `outlines = Array[PackedVector2Array]([${outlines.join(', ')}])`,
  ]
}

function navigationPolygon(id: string, areas: AreaPolygon[]): string {
  return [`[sub_resource type="NavigationPolygon" id="${id}"]`, ...navigationPolygonLines(areas), ''].join(
    '\n',
  )
}

/** The project's flags the room's expressions name, with their defaults (metadata/walkbox_flags). */
export function roomFlagsList(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[],
): { id: string; name: string; default: boolean }[] {
  const used = new Set<string>()
  const expressions = [
    ...room.areas.map((a) => a.enabledBy),
    ...room.zones.map((z) => z.enabledBy),
    ...room.gates.map((g) => g.flagExpression),
  ]
  for (const e of expressions) {
    if (e === undefined || flagExpressionError(e)) continue
    for (const id of flagsInExpression(e)) used.add(id)
  }
  return flags
    .filter((f) => used.has(f.id))
    .map((f) => ({ id: f.id, name: f.name ?? f.id, default: f.default }))
}

/** The flags the room's expressions name, with their defaults, as one JSON metadata line. */
function roomFlagsLine(
  room: Room,
  flags: readonly { id: string; name?: string; default: boolean }[],
): string[] {
  const listed = roomFlagsList(room, flags)
  return listed.length > 0 ? [`metadata/walkbox_flags = ${tscnString(JSON.stringify(listed))}`] : []
}

export function exportGodotScene(
  room: Room,
  options: GodotExportOptions = {},
): { text: string; notes: string[] } {
  const notes: string[] = []
  const off = room.sceneOffset ?? { x: 0, y: 0 }
  const toScene = (x: number, y: number): Point => ({ x: x - off.x, y: y - off.y })
  const ring = (r: [number, number][]) => r.map(([x, y]) => toScene(x, y))

  const ext: string[] = []
  const sub: string[] = []
  const nodes: string[] = []
  const rootName = godotNodeName(room.name, new Set())
  nodes.push(
    `[node name=${tscnString(rootName)} type="Node2D"]`,
    `metadata/walkbox_room_id = ${tscnString(room.id)}`,
    ...nameLines(room.name, rootName),
    // The room's size (Godot has none: without a background it cannot be told on the way back).
    `metadata/walkbox_width = ${room.size.width}`,
    `metadata/walkbox_height = ${room.size.height}`,
    // Every walk area (also those without polygons, which gates may name), for the way back.
    `metadata/walkbox_areas = ${tscnString(JSON.stringify(room.areas))}`,
    ...roomFlagsLine(room, options.flags ?? []),
    '',
  )

  if (options.backgroundResPath) {
    ext.push(
      `[ext_resource type="Texture2D" path=${tscnString(options.backgroundResPath)} id="1_background"]`,
      '',
    )
    nodes.push(
      '[node name="Background" type="Sprite2D" parent="."]',
      ...(off.x !== 0 || off.y !== 0 ? [`position = ${tscnVector2(toScene(0, 0))}`] : []),
      'texture = ExtResource("1_background")',
      'centered = false',
      '',
    )
  }

  // A mask-authoritative room without polygons: each area's pixels traced into polygons
  // (outlines along pixel edges, simplified within TRACE_TOLERANCE_PX), which Godot navigates.
  const { width, height } = room.size
  const mask = options.mask && options.mask.length === width * height ? options.mask : null
  const traceFromMask = room.authoritative === 'mask' && room.polygons.length === 0
  if (traceFromMask && !mask) {
    notes.push(
      'walk mask: Godot navigates polygons; this room is mask-authoritative and its mask was not given (no NavigationRegion2D written)',
    )
  } else if (traceFromMask) {
    notes.push(
      `walk mask: traced into NavigationRegion2D polygons (outlines within ${TRACE_TOLERANCE_PX} px of the mask's pixel edges); the mask itself is not exported`,
    )
  } else if (room.authoritative === 'mask') {
    notes.push(
      'walk mask: the room is mask-authoritative; its polygons were exported, the mask itself was not',
    )
  }
  const nodeNames = new Set<string>()
  room.areas.forEach((area, i) => {
    const roomAreas: AreaPolygon[] =
      traceFromMask && mask
        ? simplifyAreas(
            traceMask(width, height, (k) => mask[k] === area.id),
            TRACE_TOLERANCE_PX,
          )
        : room.polygons.filter((p) => p.areaId === area.id).map(walkPolygonToArea)
    if (roomAreas.length === 0) return
    const areas = roomAreas.map((a) => ({
      outer: ring(a.outer.map((q): [number, number] => [q.x, q.y])),
      holes: a.holes.map((h) => ring(h.map((q): [number, number] => [q.x, q.y]))),
    }))
    const id = `NavigationPolygon_${i + 1}`
    sub.push(navigationPolygon(id, areas))
    const name = godotNodeName(area.name, nodeNames)
    nodes.push(
      `[node name=${tscnString(name)} type="NavigationRegion2D" parent="."]`,
      `navigation_polygon = SubResource("${id}")`,
      ...(area.enabledBy !== undefined
        ? [`metadata/walkbox_enabled_by = ${tscnString(area.enabledBy)}`, 'enabled = false']
        : []),
      `metadata/walkbox_area_id = ${area.id}`,
      ...metadataLines(
        `walk area '${area.name}'`,
        regionProperties(
          area.name,
          room.polygons.filter((p) => p.areaId === area.id),
          notes,
        ),
        notes,
      ),
      '',
    )
    if (area.enabledBy !== undefined) {
      notes.push(
        `walk area '${area.name}': on while '${area.enabledBy}'; exported disabled with the expression as metadata/walkbox_enabled_by for your script`,
      )
    }
  })

  if (room.gates.length > 0) {
    nodes.push('[node name="Gates" type="Node2D" parent="."]', '')
    const gateNames = new Set<string>()
    for (const g of room.gates) {
      const name = godotNodeName(g.name, gateNames)
      nodes.push(
        `[node name=${tscnString(name)} type="Area2D" parent="Gates"]`,
        ...nameLines(g.name, name),
        `metadata/walkbox_gate_kind = ${tscnString(g.kind)}`,
        `metadata/walkbox_flag_expression = ${tscnString(g.flagExpression)}`,
        ...(g.areaId !== undefined ? [`metadata/walkbox_area_id = ${g.areaId}`] : []),
        ...metadataLines(`gate '${g.name}'`, g.properties, notes),
        '',
      )
      if (g.polygon) {
        nodes.push(
          `[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent=${tscnString(`Gates/${name}`)}]`,
          `polygon = ${tscnPackedPoints(ring(g.polygon))}`,
          '',
        )
      }
    }
    notes.push(
      `gates: Godot has no flag-driven walk blocker; ${room.gates.length} exported as Area2D under Gates with metadata/walkbox_flag_expression`,
    )
  }

  const zones = room.zones.filter((z) => z.shape.kind === 'polygon')
  if (zones.length > 0) {
    nodes.push('[node name="Zones" type="Node2D" parent="."]', '')
    const zoneNames = new Set<string>()
    for (const z of zones) {
      if (z.shape.kind !== 'polygon') continue
      const name = godotNodeName(z.name, zoneNames)
      const meta = [
        ...(['enter', 'exit', 'stand'] as const)
          .filter((k) => z.events[k] !== '')
          .map((k) => `metadata/walkbox_${k} = ${tscnString(z.events[k])}`),
        ...(z.enabledBy !== undefined ? [`metadata/walkbox_enabled_by = ${tscnString(z.enabledBy)}`] : []),
        ...metadataLines(`zone '${z.name}'`, z.properties, notes),
      ]
      nodes.push(
        `[node name=${tscnString(name)} type="Area2D" parent="Zones"]`,
        ...nameLines(z.name, name),
        ...meta,
        '',
      )
      nodes.push(
        `[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent=${tscnString(`Zones/${name}`)}]`,
        `polygon = ${tscnPackedPoints(ring(z.shape.outer))}`,
        '',
      )
    }
  }
  // Hotspots: an Area2D each with its polygon, its walk-to and look-at points in its own
  // coordinates (Popochiu's walk_to_point, look_at_point) and its description; Walkbox marks
  // them (metadata/walkbox_hotspot) and keeps their properties as one JSON line for the way back.
  const hotspots = room.hotspots ?? []
  const drawn = hotspots.filter((h) => h.shape.kind === 'polygon')
  if (drawn.length > 0) {
    nodes.push('[node name="Hotspots" type="Node2D" parent="."]', '')
    const hotspotNames = new Set<string>()
    for (const h of drawn) {
      if (h.shape.kind !== 'polygon') continue
      const name = godotNodeName(h.name, hotspotNames)
      const at = (p: { x: number; y: number }) => tscnVector2(toScene(p.x, p.y))
      nodes.push(
        `[node name=${tscnString(name)} type="Area2D" parent="Hotspots"]`,
        ...nameLines(h.name, name),
        ...(h.description !== undefined ? [`description = ${tscnString(h.description)}`] : []),
        ...(h.walkTo ? [`walk_to_point = ${at(h.walkTo)}`] : []),
        ...(h.lookAt ? [`look_at_point = ${at(h.lookAt)}`] : []),
        'metadata/walkbox_hotspot = true',
        ...(h.direction ? [`metadata/walkbox_direction = ${tscnString(h.direction)}`] : []),
        ...(h.enabledBy !== undefined ? [`metadata/walkbox_enabled_by = ${tscnString(h.enabledBy)}`] : []),
        ...(Object.keys(h.properties).length > 0
          ? [`metadata/walkbox_properties = ${tscnString(JSON.stringify(h.properties))}`]
          : []),
        '',
        `[node name="CollisionPolygon2D" type="CollisionPolygon2D" parent=${tscnString(`Hotspots/${name}`)}]`,
        `polygon = ${tscnPackedPoints(ring(h.shape.outer))}`,
        '',
      )
    }
  }
  const painted = hotspots.filter((h) => h.shape.kind === 'mask')
  if (painted.length > 0)
    notes.push(
      `hotspots ${painted.map((h) => h.name || h.id).join(', ')}: painted in the hotspot mask, not exported (Godot hotspots are polygons)`,
    )

  const areaZones = room.zones.length - zones.length

  if (areaZones > 0)
    notes.push(
      `${areaZones} zone${areaZones === 1 ? '' : 's'} shaped as a walk area: not exported (Godot zones are polygons)`,
    )

  const points = room.points ?? []
  const start = room.testWalk.start
  nodes.push('[node name="Points" type="Node2D" parent="."]', '')
  // The points keep their names; the start takes a name no point has and says what it is.
  const pointNames = new Set<string>()
  const pointNodes = points.map((p) => godotNodeName(p.name, pointNames))
  const startName = godotNodeName('player_start', pointNames)
  nodes.push(
    `[node name="${startName}" type="Marker2D" parent="Points"]`,
    `position = ${tscnVector2(toScene(start.x, start.y))}`,
    'metadata/walkbox_start = true',
    '',
  )
  points.forEach((p, i) => {
    nodes.push(
      `[node name=${tscnString(pointNodes[i])} type="Marker2D" parent="Points"]`,
      `position = ${tscnVector2(toScene(p.x, p.y))}`,
      ...nameLines(p.name, pointNodes[i]),
      ...(p.kind && p.kind !== 'marker' ? [`${POINT_KIND_META} = ${tscnString(p.kind)}`] : []),
      ...metadataLines(`point '${p.name}'`, p.properties, notes),
      '',
    )
  })

  // Walk-behinds: each area's outline as a Polygon2D textured with the background, its node
  // origin on the baseline, under a y-sorted parent (docs/engines.md says why).
  const wbCells = walkBehindCells(room)
  if (wbCells && room.walkBehinds) {
    if (!options.backgroundResPath) {
      notes.push(
        `walk-behinds: ${room.walkBehinds.areas.length} not exported; they are cut from the background and the export has none`,
      )
    } else {
      nodes.push(
        '[node name="WalkBehinds" type="Node2D" parent="."]',
        'y_sort_enabled = true',
        'metadata/walkbox_note = "Put the characters under this node (or give them a y-sorted parent together with it): Godot then draws each walk-behind in front of a character whose position is above its baseline."',
        '',
      )
      const taken = new Set<string>()
      let holes = 0
      for (const a of room.walkBehinds.areas) {
        const traced = simplifyAreas(
          traceMask(width, height, (i) => wbCells[i] === a.id),
          0.5,
        )
        if (traced.length === 0) {
          notes.push(`walk-behind ${a.id}: 0 px in its mask; not exported`)
          continue
        }
        traced.forEach((part, k) => {
          holes += part.holes.length
          const name = godotNodeName(
            (a.name ?? `Walk-behind ${a.id}`) + (traced.length > 1 ? ` ${k + 1}` : ''),
            taken,
          )
          const origin = toScene(0, a.baseline)
          nodes.push(
            `[node name=${tscnString(name)} type="Polygon2D" parent="WalkBehinds"]`,
            `position = ${tscnVector2(origin)}`,
            'texture = ExtResource("1_background")',
            `texture_offset = ${tscnVector2({ x: 0, y: a.baseline })}`,
            `polygon = ${tscnPackedPoints(part.outer.map((q) => ({ x: q.x, y: q.y - a.baseline })))}`,
            `metadata/walkbox_walk_behind = ${a.id}`,
            `metadata/walkbox_baseline = ${a.baseline}`,
            '',
          )
        })
      }
      if (holes > 0)
        notes.push(
          `walk-behinds: ${holes} hole${holes === 1 ? '' : 's'} in their outlines not kept (a Polygon2D here is one outline)`,
        )
    }
  }

  if (room.nodeGraph.nodes.length > 0)
    notes.push('node graph: Godot scenes have no authored graph; not exported')
  if (room.scaling.mode === 'linear') notes.push('scaling: linear stops have no Godot node; not exported')
  if (room.scaling.mode === 'map')
    notes.push('scaling: the scale map is an Escoria ESCTerrain texture; not exported')

  const loadSteps = ext.length / 2 + sub.length + 1
  const text = [`[gd_scene load_steps=${loadSteps} format=3]`, '', ...ext, ...sub, ...nodes]
    .join('\n')
    .replace(/\n+$/, '\n')
  notes.push(...propertiesNotKeptNotes(room, ['room', 'areas', 'walkBehinds'], 'Godot'))
  return { text, notes }
}
