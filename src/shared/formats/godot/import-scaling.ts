/**
 * The scaling of a Godot room scene: an Escoria ESCTerrain's `scales` texture with `scale_min` /
 * `scale_max` as the scale map, else Popochiu scaling regions as linear scaling by y.
 *
 * Glossary
 * - scale map: a greyscale picture of the room's size; black is `min` %, white `max` %.
 * - band: a Popochiu scaling region's rows, scale_top at its top and scale_bottom at its bottom.
 *
 * Units: px; scales in % (Godot's factors x 100).
 */
import { scriptOf } from './scene-tree'
import type { RoomObjects } from './room-objects'
import { extension, fileName, num, texturePath } from './import-background'
import { toRoom, type ImportedImage, type RoomBuild, type SceneRead, type Size } from './import-types'

export interface ScaleMapRead {
  image: ImportedImage
  /** The ESCTerrain node and its texture's file name and size (kept only when it is the room's size). */
  path: string
  file: string
  size: Size
}

/** Scale map (Escoria ESCTerrain): kept when it is the room's size (checked once that is known). */
export async function readScaleMap(scene: SceneRead, build: RoomBuild): Promise<ScaleMapRead | undefined> {
  const { source, notes } = scene
  let read: ScaleMapRead | undefined
  for (const n of scene.nodes) {
    const script = scriptOf(n)
    const scales = texturePath(n, 'scales')
    if (!scales || !(script && /esc_terrain\.gd$/.test(script))) continue
    scene.used.add(n)
    const min = num(n.props.get('scale_min')?.value, 0.3) * 100
    const max = num(n.props.get('scale_max')?.value, 1) * 100
    const bytes = extension(scales) === 'png' ? await source.readBytes(scales) : null
    const size = bytes ? source.imageSize(bytes) : null
    if (!bytes || !size) {
      notes.push(
        `${n.path}: scale texture ${scales} is missing or not a PNG; scaling not imported (scale_min ${min}%, scale_max ${max}%)`,
      )
    } else {
      read = { image: { name: 'scalemap.png', bytes }, path: n.path, file: fileName(scales), size }
      build.room.scaling = { mode: 'map', linear: [], map: { file: 'scalemap.png', min, max } }
    }
  }
  return read
}

/**
 * Popochiu scaling regions: a character is scale_top at the region's top y and scale_bottom at
 * its bottom y; as Walkbox scaling, linear stops for the whole room (Popochiu scales only
 * inside the region, which a note says). Only when nothing else scales the room.
 */
export function readPopochiuScaling(scene: SceneRead, build: RoomBuild, objects: RoomObjects): void {
  const { notes } = scene
  const { room } = build
  if (room.scaling.mode !== 'none' || objects.scalingRegions.length === 0) return
  const bands = objects.scalingRegions
    .map((r) => {
      const ys = r.ring.map((p) => toRoom(build, p).y)
      return { ...r, y0: Math.min(...ys), y1: Math.max(...ys) }
    })
    .sort((a, b) => a.y0 - b.y0)
  const stops: { y: number; scale: number }[] = []
  const taken: string[] = []
  for (const b of bands) {
    const last = stops[stops.length - 1]
    if (b.top <= 0 || b.bottom <= 0) {
      notes.push(`${b.path}: scale_top ${b.top}, scale_bottom ${b.bottom}: a scale must be above 0; not read`)
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
  if (stops.length === 0) return
  room.scaling = {
    mode: 'linear',
    linear: [{ areaId: 0, stops }],
    ...(room.scaling.map ? { map: room.scaling.map } : {}),
  }
  notes.push(
    `scaling from the Popochiu scaling region(s) ${taken.join(', ')}: linear by y for the whole room (Popochiu scales only inside each region, by scale_top at its top and scale_bottom at its bottom)`,
  )
}
