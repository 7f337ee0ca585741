/**
 * The size of a room read from a Godot scene, and what must fit it: Walkbox's own
 * `metadata/walkbox_width/height`, else Popochiu's `width` / `height` (the background's when they
 * differ: a scrolling room), else the background's, else the bounds of the geometry. The room
 * is always one the project store keeps: a picture or scale map not of its size is left out
 * and named; a walk area outside the room is said.
 *
 * Units: px.
 */
import type { Point } from '../../geometry/types'
import type { Room } from '../../room/schema'
import { MAX_ROOM_SIDE_PX } from '../../limits'
import type { SceneRead, Size } from './import-types'

/** The room's size (see the module comment); `bgSize` is the background's frame, when known. */
export function roomSize(scene: SceneRead, room: Room, bgSize: Size | null): Size {
  const { root, notes } = scene
  const w = root.props.get('width')?.value
  const h = root.props.get('height')?.value
  const ownW = root.props.get('metadata/walkbox_width')?.value
  const ownH = root.props.get('metadata/walkbox_height')?.value
  const differs = (size: Size) => !!bgSize && (bgSize.width !== size.width || bgSize.height !== size.height)
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
    const size = { width: ownW, height: ownH }
    if (bgSize && differs(size))
      notes.push(
        `room size ${size.width}x${size.height} from metadata/walkbox_width/height; the background is ${bgSize.width}x${bgSize.height}`,
      )
    return size
  }
  if (typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0) {
    const size = { width: Math.round(w), height: Math.round(h) }
    if (!bgSize || !differs(size)) return size
    notes.push(
      `room size ${size.width}x${size.height} from the scene's width/height; the background is ${bgSize.width}x${bgSize.height} (a scrolling room)`,
    )
    return bgSize
  }
  if (bgSize) return bgSize
  const size = geometryBounds(room)
  notes.push(
    `room size assumed ${size.width}x${size.height} (the bounds of its geometry): no width/height on the scene and no readable background`,
  )
  return size
}

/** The smallest room from (0, 0) that holds the room's walk polygons, zones, points and hotspots (at least 1x1). */
function geometryBounds(room: Room): Size {
  let maxX = 1
  let maxY = 1
  const grow = (p: Point) => {
    maxX = Math.max(maxX, p.x)
    maxY = Math.max(maxY, p.y)
  }
  for (const p of room.polygons) p.outer.forEach(([x, y]) => grow({ x, y }))
  for (const z of room.zones)
    if (z.shape.kind === 'polygon') z.shape.outer.forEach(([x, y]) => grow({ x, y }))
  for (const p of room.points ?? []) grow(p)
  for (const h of room.hotspots ?? []) {
    if (h.shape.kind === 'polygon') h.shape.outer.forEach(([x, y]) => grow({ x, y }))
    if (h.walkTo) grow(h.walkTo)
    if (h.lookAt) grow(h.lookAt)
  }
  return { width: Math.ceil(maxX), height: Math.ceil(maxY) }
}

/** A walk area the scene puts (partly) outside the room is said, with its bounds. */
export function noteAreasOutside(scene: SceneRead, room: Room): void {
  const size = room.size
  for (const a of room.areas) {
    const own = room.polygons.filter((p) => p.areaId === a.id).flatMap((p) => p.outer)
    if (own.length === 0) continue
    const xs = own.map(([x]) => x)
    const ys = own.map(([, y]) => y)
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    const bounds = `${Math.round(x0)}..${Math.round(x1)} x ${Math.round(y0)}..${Math.round(y1)}`
    if (x1 <= 0 || y1 <= 0 || x0 >= size.width || y0 >= size.height)
      scene.notes.push(
        `walk area '${a.name}' lies outside the room (its bounds ${bounds}, the room 0..${size.width} x 0..${size.height}): nothing of it is walkable here`,
      )
    else if (x0 < -0.5 || y0 < -0.5 || x1 > size.width + 0.5 || y1 > size.height + 0.5)
      scene.notes.push(
        `walk area '${a.name}' reaches outside the room (its bounds ${bounds}, the room 0..${size.width} x 0..${size.height})`,
      )
  }
}
