/**
 * Popochiu 2 rooms as Popochiu itself reads them (carenalgas/popochiu, tags v2.0.0 .. v2.1.0,
 * `addons/popochiu/engine/objects/*`): which node of a room scene is a walkable area, a prop, a
 * hotspot, a region, a marker or a character, and where each takes its shape at run time.
 *
 * - A room (PopochiuRoom, a Node2D) holds the groups WalkableAreas, Props, Hotspots, Regions,
 *   Markers and Characters (popochiu_room.tscn); each object is a direct child of its group.
 * - A walkable area (PopochiuWalkableArea) keeps its outlines in `interaction_polygon` (an array of
 *   PackedVector2Array) and the position of its `Perimeter` NavigationRegion2D in
 *   `interaction_polygon_position`. In `_ready()`, in the game and in the editor, Popochiu builds
 *   a new NavigationPolygon from those outlines and puts the Perimeter at that position
 *   (2.0 `clear_and_bake`, 2.1 `_load_navigation_polygon`); the NavigationPolygon saved in the
 *   scene is what the editor copies into an empty `interaction_polygon`.
 * - A clickable (PopochiuClickable: props, hotspots; PopochiuRegion alike) keeps its polygon in
 *   `interaction_polygon` and the position of its `InteractionPolygon` CollisionPolygon2D child
 *   in `interaction_polygon_position`; `_ready()` sets the child's polygon and position from them.
 *   `walk_to_point` and `look_at_point` are in the clickable's own coordinates (`to_global`).
 * - A prop (PopochiuProp) shows its `texture` on its `Sprite2D` child, cut into `frames` x
 *   `v_frames` with `current_frame` shown (the setters copy them onto the sprite). The room's
 *   background is the prop named `Background` or `Bg` (the prop factory,
 *   `factory_popochiu_prop.gd`, gives such a prop z_index -1 and its baseline at the top).
 * - A region (PopochiuRegion) with `scaling` scales a character inside it from `scale_top` at its
 *   polygon's top y to `scale_bottom` at its bottom y (`_update_character_scaling_region`).
 * - A 2.1 prop with `obstacle` carves its `obstacle_polygon` out of every walkable area, placed by
 *   the prop's run-time transform (`setup_obstacles`: `prop.to_global(vertex)`), the prop having
 *   moved down by `baseline` x scale.y in its `_ready()`.
 *
 * Glossary
 * - frame: the transform from the coordinates a polygon is written in to scene px.
 * - scene px: the room scene root's coordinates.
 *
 * Units: px; scales as factors (1 = full size).
 */
import type { Point, Ring } from '../../geometry/types'
import {
  compose,
  IDENTITY,
  localTransform,
  apply,
  ringPoints,
  type SceneNode,
  type Transform,
} from './scene-tree'
import { packedPoints, vector2, type TscnValue } from './tscn'

export type PopochiuRole = 'walkable-area' | 'prop' | 'hotspot' | 'region' | 'marker' | 'character'

const GROUPS: Record<string, PopochiuRole> = {
  WalkableAreas: 'walkable-area',
  Props: 'prop',
  Hotspots: 'hotspot',
  Regions: 'region',
  Markers: 'marker',
  Characters: 'character',
}

/** Is this scene root a Popochiu room (at least three of its six groups under the root)? */
export function isPopochiuRoom(root: SceneNode): boolean {
  return root.children.filter((c) => c.name in GROUPS).length >= 3
}

/** Each Popochiu object of the room (the direct children of its groups) and its role. */
export function popochiuRoles(root: SceneNode): Map<SceneNode, PopochiuRole> {
  const roles = new Map<SceneNode, PopochiuRole>()
  for (const group of root.children) {
    const role = GROUPS[group.name]
    if (role) for (const c of group.children) roles.set(c, role)
  }
  return roles
}

/** A list of points written as PackedVector2Array(...) or as an array of Vector2(...) (2.1's obstacle_polygon). */
export function pointList(v: TscnValue | undefined): Point[] | null {
  const packed = packedPoints(v)
  if (packed) return packed
  if (!Array.isArray(v)) return null
  const out: Point[] = []
  for (const e of v) {
    const p = vector2(e)
    if (!p) return null
    out.push(p)
  }
  return out
}

const num = (v: TscnValue | undefined, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback

/**
 * The frame of a child that Popochiu places at `position` at run time: the child's own
 * rotation, scale and skew from the scene, its position replaced, under its parent's transform.
 * Without the child (a sub-scene that is not there), a plain move by `position`.
 */
export function placedFrame(parent: SceneNode, child: SceneNode | undefined, position: Point): Transform {
  const own = child ? localTransform(child.props) : [...IDENTITY]
  return compose(parent.global, [own[0], own[1], own[2], own[3], position.x, position.y])
}

/** The `interaction_polygon_position` of a node ((0, 0) when the scene does not set it). */
export function polygonPosition(node: SceneNode): Point {
  return vector2(node.props.get('interaction_polygon_position')?.value) ?? { x: 0, y: 0 }
}

/** Where a walkable area's outlines come from, in their own coordinates, and the frame that places them. */
export interface WalkableAreaShape {
  perimeter: SceneNode | undefined
  /** Outlines in the Perimeter's coordinates. */
  outlines: Point[][]
  /** Perimeter coordinates -> scene px, as Popochiu places the Perimeter (at interaction_polygon_position). */
  frame: Transform
  /** 'interaction_polygon': the outlines Popochiu loads; 'navigation_polygon': copied from the Perimeter's NavigationPolygon because interaction_polygon is empty. */
  from: 'interaction_polygon' | 'navigation_polygon'
}

/**
 * A walkable area's shape as Popochiu builds it in `_ready()`. `navigationOutlines` gives the
 * Perimeter's saved NavigationPolygon outlines (for an empty `interaction_polygon`: the editor copies
 * those, and the Perimeter's own position, when it opens the room).
 */
export function walkableAreaShape(
  area: SceneNode,
  navigationOutlines: (perimeter: SceneNode) => Point[][] | null,
  notes: string[],
): WalkableAreaShape | null {
  const perimeter = area.children.find((c) => c.name === 'Perimeter')
  const raw = area.props.get('interaction_polygon')?.value
  const outlines: Point[][] = []
  if (Array.isArray(raw))
    for (const o of raw) {
      const pts = ringPoints(area, 'an outline of its interaction polygon', packedPoints(o))
      if (pts) outlines.push(pts)
      else notes.push(`${area.path}: an interaction_polygon outline is not a PackedVector2Array; left out`)
    }
  if (outlines.some((o) => o.length >= 3)) {
    return {
      perimeter,
      outlines,
      frame: placedFrame(area, perimeter, polygonPosition(area)),
      from: 'interaction_polygon',
    }
  }
  const saved = perimeter ? navigationOutlines(perimeter) : null
  if (!perimeter || !saved || saved.length === 0) return null
  notes.push(
    `${area.path}: interaction_polygon is empty, so the game as saved walks nowhere here; read from the Perimeter's NavigationPolygon, which Popochiu's editor copies into interaction_polygon when it opens the room`,
  )
  return { perimeter, outlines: saved, frame: perimeter.global, from: 'navigation_polygon' }
}

/** A clickable's or region's polygon as Popochiu sets its InteractionPolygon in `_ready()`. */
export interface ClickableShape {
  child: SceneNode | undefined
  points: Point[]
  /** InteractionPolygon coordinates -> scene px. */
  frame: Transform
  from: 'interaction_polygon' | 'child'
}

export function clickableShape(node: SceneNode, notes: string[]): ClickableShape | null {
  const child = node.children.find((c) => c.name === 'InteractionPolygon')
  const own = ringPoints(
    node,
    'its interaction polygon',
    packedPoints(node.props.get('interaction_polygon')?.value),
  )
  if (own && own.length >= 3)
    return {
      child,
      points: own,
      frame: placedFrame(node, child, polygonPosition(node)),
      from: 'interaction_polygon',
    }
  const drawn = child
    ? ringPoints(child, 'its polygon', packedPoints(child.props.get('polygon')?.value))
    : null
  if (child && drawn && drawn.length >= 3) {
    notes.push(
      `${node.path}: interaction_polygon is empty, so the game as saved has no shape here; read from its InteractionPolygon, which Popochiu's editor copies into interaction_polygon when it opens the room`,
    )
    return { child, points: drawn, frame: child.global, from: 'child' }
  }
  return null
}

/** A node's polygon in scene px. */
export function placeRing(points: Point[], frame: Transform): Ring {
  return points.map((p) => apply(frame, p))
}

/** The exported values of a prop that Popochiu copies onto its Sprite2D child. */
const SPRITE_VALUES: [string, string][] = [
  ['texture', 'texture'],
  ['frames', 'hframes'],
  ['v_frames', 'vframes'],
  ['current_frame', 'frame'],
]

/**
 * Gives each prop's Sprite2D child what Popochiu's setters give it at run time: the prop's
 * `texture`, `frames`, `v_frames` and `current_frame` (where the scene sets them) become the
 * sprite's `texture`, `hframes`, `vframes` and `frame`. Changes only the tree read for import.
 */
export function applyPropSprites(roles: Map<SceneNode, PopochiuRole>): void {
  for (const [prop, role] of roles) {
    if (role !== 'prop') continue
    const sprite = prop.children.find((c) => c.name === 'Sprite2D' && c.type === 'Sprite2D')
    if (!sprite) continue
    for (const [from, to] of SPRITE_VALUES) {
      const value = prop.props.get(from)
      if (value) sprite.props.set(to, value)
    }
  }
}

/**
 * The room's background prop: the prop named `Background` or `Bg` (Popochiu's prop factory
 * makes a prop whose snake_case name is `background` or `bg` the background: drawn behind,
 * baseline at the top), by its node name or its script_name.
 */
export function backgroundProp(roles: Map<SceneNode, PopochiuRole>): SceneNode | null {
  const props = [...roles].filter(([, r]) => r === 'prop').map(([n]) => n)
  const isBackground = (name: unknown) => typeof name === 'string' && /^(background|bg)$/i.test(name)
  return (
    props.find((n) => isBackground(n.name)) ??
    props.find((n) => isBackground(n.props.get('script_name')?.value)) ??
    null
  )
}

/**
 * What shows a Popochiu room's background: the Background prop's Sprite2D; in a room without
 * one, by name (said in a note by the import): a prop whose name ends in `Background`
 * (`DeadBodyBackground`), else a Sprite2D under the room's root named `Background` or `Bg`.
 */
export function backgroundSprite(
  root: SceneNode,
  roles: Map<SceneNode, PopochiuRole>,
): { sprite: SceneNode; prop: SceneNode | null; byName: boolean } | null {
  const spriteOf = (prop: SceneNode) =>
    prop.children.find((c) => c.type === 'Sprite2D' && c.name === 'Sprite2D')
  const prop = backgroundProp(roles)
  if (prop) {
    const sprite = spriteOf(prop)
    return sprite ? { sprite, prop, byName: false } : null
  }
  const named = [...roles].find(([n, r]) => r === 'prop' && /background$/i.test(n.name) && spriteOf(n))?.[0]
  if (named) return { sprite: spriteOf(named)!, prop: named, byName: true }
  const own = root.children.find((c) => c.type === 'Sprite2D' && /^(background|bg)$/i.test(c.name))
  return own ? { sprite: own, prop: null, byName: true } : null
}

/** Is a prop clickable (Popochiu's `clickable`, true unless the scene says false)? */
export function isClickable(node: SceneNode): boolean {
  return node.props.get('clickable')?.value !== false
}

/** A scaling region's scales, or null when it does not scale (`scaling` false or absent). */
export function regionScaling(node: SceneNode): { top: number; bottom: number } | null {
  if (node.props.get('scaling')?.value !== true) return null
  return {
    top: num(node.props.get('scale_top')?.value, 1),
    bottom: num(node.props.get('scale_bottom')?.value, 1),
  }
}

/**
 * A 2.1 prop's obstacle in scene px as Popochiu carves it: `obstacle_polygon` through the prop's
 * run-time transform (its position moved down by baseline x scale.y); null when the prop is no
 * obstacle or has fewer than 3 vertices.
 */
export function obstacleRing(prop: SceneNode, parent: SceneNode | undefined): Ring | null {
  if (prop.props.get('obstacle')?.value !== true) return null
  const pts = ringPoints(prop, 'its obstacle polygon', pointList(prop.props.get('obstacle_polygon')?.value))
  if (!pts || pts.length < 3) return null
  const local = localTransform(prop.props)
  const baseline = num(prop.props.get('baseline')?.value, 0)
  const scaleY = vector2(prop.props.get('scale')?.value)?.y ?? 1
  local[5] += baseline * scaleY
  const frame = compose(parent?.global ?? IDENTITY, local)
  return pts.map((p) => apply(frame, p))
}
