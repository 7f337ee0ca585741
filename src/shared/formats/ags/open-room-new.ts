/**
 * A Walkbox room as a brand-new AGS 4 room folder (`Rooms/N/`), for a room AGS has not got
 * yet: `data.xml` with every element the AGS 4 editor writes for a room (Room.cs ToXml and
 * SerializeUtils, in the layout of a room saved by AGS 4: top-level fields in name order,
 * the room's events, then Objects, Hotspots (50), WalkableAreas (16), WalkBehinds (16) and
 * Regions (16), each list full, as the editor makes a new room); `background0.png` and
 * `background1.png`.. for the further frames; the four masks as 8-bit indexed PNGs (index =
 * id, a 256-colour palette as AGS writes): `walkableareas.png`, `regions.png` and
 * `hotspots.png` at the room's MaskResolution, `walkbehinds.png` at 1:1 (AGS keeps
 * walk-behinds at room size whatever the mask resolution: Room.GetMaskScale); and the room
 * script `roomN.asc`, empty, as the editor makes it.
 *
 * data.xml is written as format version 1 (`<Room Version="1">`, events as indexed
 * `<Interactions>`), the layout the bench's room saved by AGS 4 has and Walkbox's reader
 * knows; the AGS 4 editor loads it and converts the events itself (Room.LoadFromXml).
 *
 * Glossary
 * - hotspots: the room's hotspot layer, with their pixels, names, descriptions, walk-to
 *   points and properties (open-room-hotspots.ts).
 * - room properties: the room's own custom properties, in data.xml's top `<Properties>`.
 * - walk-to point: a room point whose id ends in `-walk-to` (what the AGS importer made of
 *   a hotspot's walk-to point before the hotspot layer) becomes a hotspot with that walk-to
 *   point, in an id the hotspot layer leaves free; its script name is the id's start, its
 *   description the point's name without " (walk-to)".
 * - room number: N of `Rooms/N`, written in `<Number>` and in the script's name.
 *
 * Units: px (room), percent (scaling), game loops (animation delay).
 */
import { agsPropertiesProblem, agsStoredProperties } from './ags-properties'
import { walkBehindCells } from '../../analysis/walk-behind-cut'
import type { ExportInput, ExportResult, ExportFile, NewOpenRoomOptions } from '../format-io'

export type { NewOpenRoomOptions } from '../format-io'
import { maskPalette } from './ags'
import { AGS_LIMITS, areaRows, maskToStoredSize, type AgsAreaScaling } from './ags-room'
import { frameFileName } from './import-room'
import {
  agsScalingFor,
  regionEventsOfZones,
  regionEventTable,
  regionsOf,
  walkableOf,
} from './open-room-export'
import { OPEN_ROOM_MASKS } from './open-room'
import { agsObjectsAndEdges, type AgsObjectPoint } from './crm-import'
import { newRoomHotspots, scriptNameOf } from './open-room-hotspots'
import { escapeXmlText } from '../../codecs/xml/xml-patch'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b)

/** The room number an id or name ends with ('room-7', 'Room 7'), or null. */
export function roomNumberOf(text: string): number | null {
  const m = /(?:^|\D)(\d{1,3})$/.exec(text)
  return m ? Number(m[1]) : null
}

/** XML text writer in the editor's style: two spaces per level, `<X />` for empty text. */
class XmlOut {
  private readonly lines: string[] = ['<?xml version="1.0" encoding="utf-8"?>']
  private depth = 0
  open(name: string, attrs = ''): void {
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${attrs}>`)
    this.depth++
  }
  close(name: string): void {
    this.depth--
    this.lines.push(`${'  '.repeat(this.depth)}</${name}>`)
  }
  /** A field; text with a space gets xml:space="preserve", as SerializeUtils writes strings. */
  field(name: string, value: string | number | boolean, attrs = ''): void {
    const text = typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value)
    const space = typeof value === 'string' && value.includes(' ') ? ' xml:space="preserve"' : ''
    const pad = '  '.repeat(this.depth)
    this.lines.push(
      text === ''
        ? `${pad}<${name}${attrs} />`
        : `${pad}<${name}${attrs}${space}>${escapeXmlText(text)}</${name}>`,
    )
  }
  /** `<Properties>` with one `<CustomProperty>` (Name, Value) per entry, as CustomProperties.ToXml writes them. */
  properties(values: Record<string, string>): void {
    const entries = Object.entries(values)
    if (entries.length === 0) return this.field('Properties', '')
    this.open('Properties')
    for (const [name, value] of entries) {
      this.open('CustomProperty')
      this.field('Name', name)
      this.field('Value', value)
      this.close('CustomProperty')
    }
    this.close('Properties')
  }
  /** `<Interactions>` with `count` empty indexed events (the version 1 event table). */
  events(count: number, names: readonly string[] = []): void {
    this.open('Interactions')
    for (let i = 0; i < count; i++) this.field('Event', names[i] ?? '', ` Index="${i}"`)
    this.close('Interactions')
  }
  text(): string {
    return this.lines.join('\n')
  }
}

/** Event counts of the version 1 tables (the bench's data.xml, InteractionSchema). */
const EVENTS = { room: 10, hotspot: 10, region: 3, object: 8 } as const

/**
 * `<Objects>`: one `<RoomObject>` per object, with the fields the AGS 4 editor writes
 * (RoomObject.ToXml, in the bench's order), their start point, sprite, names and
 * visibility from the room's object points, the rest as a new object has them.
 */
function writeObjects(x: XmlOut, objects: readonly AgsObjectPoint[]): void {
  if (objects.length === 0) return x.field('Objects', '')
  x.open('Objects')
  for (const o of objects) {
    x.open('RoomObject')
    x.field('Baseline', 0)
    x.field('BaselineOverridden', false)
    x.field('BlendMode', 'Normal')
    x.field('Clickable', true)
    x.field('Description', o.description)
    x.field('EffectiveBaseline', o.y)
    x.field('Enabled', true)
    x.field('Image', o.sprite)
    x.field('Name', o.scriptName)
    x.field('Properties', '')
    x.field('StartX', o.x)
    x.field('StartY', o.y)
    x.field('UseRoomAreaLighting', false)
    x.field('UseRoomAreaScaling', false)
    x.field('Visible', o.visible)
    x.events(EVENTS.object)
    x.close('RoomObject')
  }
  x.close('Objects')
}

/**
 * The files of a new AGS 4 room folder for `input`; paths are relative to that folder.
 * What AGS has no place for is in the notes.
 */
export function exportNewOpenRoom(input: ExportInput, options: NewOpenRoomOptions = {}): ExportResult {
  const notes: string[] = []
  // An AGS 3 room's edges and objects, kept as room points (crm-import.ts), go back where AGS 4 keeps them.
  const { room, objects, edges } = agsObjectsAndEdges(input.room, notes)
  const { width, height } = room.size
  const maskResolution = options.maskResolution ?? 1
  if (!Number.isInteger(maskResolution) || maskResolution < 1 || maskResolution > 4)
    throw new Error(`mask resolution ${maskResolution}: AGS keeps masks at 1:1 to 1:4`)
  const number = options.number ?? roomNumberOf(room.id) ?? roomNumberOf(room.name) ?? 1
  if (!Number.isInteger(number) || number < 0 || number > 999)
    throw new Error(`room number ${number}: AGS numbers rooms 0 to 999`)
  const files: ExportFile[] = []
  const mask = (path: string, cells: Uint8Array, scale: number) => {
    const m = maskToStoredSize(cells, width, height, scale)
    files.push({ path, indexed: { ...m, palette: maskPalette(256) } })
  }

  // Backgrounds: background0.png, then the frames as background1.png...
  let backgroundCount = 0
  if (!input.background) notes.push('background: the room has none; AGS shows a black one of the room size')
  else if (!isPng(input.background.bytes))
    notes.push(
      `background: ${input.background.name} is not a PNG and AGS 4 reads background0.png; not written (save it as PNG)`,
    )
  else {
    files.push({ path: 'background0.png', bytes: input.background.bytes })
    backgroundCount = 1
    for (const [i, frame] of (input.backgroundFrames ?? []).entries()) {
      if (backgroundCount >= AGS_LIMITS.backgrounds) {
        notes.push(
          `background frames past ${AGS_LIMITS.backgrounds}: AGS has at most 5 backgrounds; not written`,
        )
        break
      }
      if (!isPng(frame.bytes)) {
        notes.push(
          `background frame ${i + 2} (${frame.name}): not a PNG; frames ${i + 2}.. are not written (AGS shows them in order)`,
        )
        break
      }
      files.push({ path: frameFileName(backgroundCount), bytes: frame.bytes })
      backgroundCount++
    }
  }
  const framesWritten = backgroundCount > 1

  // Masks.
  const walk = walkableOf(input)
  const overAreas = new Set<number>()
  for (const v of walk) if (v >= AGS_LIMITS.walkableAreas) overAreas.add(v)
  if (overAreas.size > 0)
    notes.push(
      `walkable areas ${[...overAreas].sort((a, b) => a - b).join(', ')}: above AGS's ${AGS_LIMITS.walkableAreas - 1}; written, AGS will not read them`,
    )
  mask(OPEN_ROOM_MASKS.walkable, walk, maskResolution)
  mask(OPEN_ROOM_MASKS.regions, regionsOf(room, walk, notes), maskResolution)
  const layer = newRoomHotspots(room, notes)
  mask(OPEN_ROOM_MASKS.hotspots, layer.cells, maskResolution)
  const wbCells = walkBehindCells(room) ?? new Uint8Array(width * height)
  mask(OPEN_ROOM_MASKS.walkBehinds, wbCells, 1)
  if (maskResolution > 1)
    notes.push(
      `masks: walkable areas, regions and hotspots at 1:${maskResolution} (MaskResolution); walk-behinds at 1:1, as AGS keeps them`,
    )

  // Scaling per walkable area present.
  const rows = areaRows(walk, width)
  const scaling = new Map<number, AgsAreaScaling>()
  for (const [area, { top, bottom }] of [...rows].sort((a, b) => a[0] - b[0]))
    if (area < AGS_LIMITS.walkableAreas) scaling.set(area, agsScalingFor(room, area, top, bottom, notes))

  // Walk-behind baselines.
  const baselines = new Map<number, number>()
  for (const a of room.walkBehinds?.areas ?? []) {
    if (a.id < AGS_LIMITS.walkBehinds) baselines.set(a.id, Math.round(a.baseline))
  }
  const overBehinds = (room.walkBehinds?.areas ?? []).filter((a) => a.id >= AGS_LIMITS.walkBehinds)
  if (overBehinds.length > 0)
    notes.push(
      `walk-behinds ${overBehinds.map((a) => a.id).join(', ')}: above AGS's ${AGS_LIMITS.walkBehinds - 1}; their pixels are written, AGS ignores them and their baselines are not written`,
    )

  // Hotspots: the room's hotspot layer (open-room-hotspots.ts), then the walk-to points of a
  // room from before it, in the ids left free.
  const hotspots = layer.entries
  const fromPoints: string[] = []
  const others: string[] = []
  for (const p of room.points ?? []) {
    const m = /^(.+)-walk-to$/.exec(p.id)
    if (!m) {
      others.push(p.name)
      continue
    }
    const id = hotspots.findIndex((h, i) => i > 0 && h === null)
    if (id < 0) {
      notes.push(`point ${p.name}: AGS has hotspots 1..${AGS_LIMITS.hotspots - 1}; not written`)
      continue
    }
    let name = scriptNameOf(m[1])
    for (let k = 2; hotspots.some((h) => h?.scriptName.toLowerCase() === name.toLowerCase()); k++)
      name = `${scriptNameOf(m[1])}${k}`
    hotspots[id] = {
      scriptName: name,
      description: p.name.replace(/ \(walk-to\)$/, ''),
      walkTo: { x: Math.round(p.x), y: Math.round(p.y) },
    }
    fromPoints.push(`${id} ${name}`)
  }
  if (fromPoints.length > 0)
    notes.push(
      `hotspots ${fromPoints.join(', ')}: from the walk-to points, with no pixels (draw them in AGS)`,
    )
  if (others.length > 0)
    notes.push(
      `points ${others.join(', ')}: AGS has no named room points (only hotspots' walk-to points); not written`,
    )

  // data.xml, with the room's own custom properties in <Properties>.
  const roomProperties = agsStoredProperties(room)
  const problem = agsPropertiesProblem(roomProperties, {}, 'room properties')
  if (problem) throw new Error(problem)
  const x = new XmlOut()
  x.open('Room', ' Version="1"')
  x.field('BackgroundAnimationDelay', framesWritten ? (room.backgroundAnimationDelay ?? 5) : 5)
  x.field('BackgroundAnimationEnabled', framesWritten ? (room.backgroundAnimationEnabled ?? true) : true)
  x.field('BackgroundCount', Math.max(1, backgroundCount))
  x.field('BottomEdgeY', edges.bottom ?? height - 1)
  x.field('ColorDepth', 32)
  x.field('Description', room.name)
  x.field('FaceDirectionRatio', 0)
  x.field('GameID', options.gameId ?? 0)
  x.field('Height', height)
  x.field('LeftEdgeX', edges.left ?? 0)
  x.field('MaskResolution', maskResolution)
  x.field('Number', number)
  x.field('PlayerCharacterView', 0)
  x.properties(roomProperties)
  x.field('RightEdgeX', edges.right ?? width - 1)
  x.field('ShowPlayerCharacter', true)
  x.field('TopEdgeY', edges.top ?? 0)
  x.field('Width', width)
  x.events(EVENTS.room)
  writeObjects(x, objects)
  x.open('Hotspots')
  for (let id = 0; id < AGS_LIMITS.hotspots; id++) {
    const h = id === 0 ? null : hotspots[id]
    x.open('RoomHotspot')
    x.field('Description', h?.description ?? '')
    x.field('Name', h?.scriptName ?? `hHotspot${id}`)
    x.properties(h?.properties ?? {})
    x.field('WalkToPoint', h ? `${h.walkTo.x},${h.walkTo.y}` : '0,0')
    x.events(EVENTS.hotspot)
    x.close('RoomHotspot')
  }
  x.close('Hotspots')
  x.open('WalkableAreas')
  for (let id = 0; id < AGS_LIMITS.walkableAreas; id++) {
    const s = scaling.get(id) ?? { continuous: false, level: 100, min: 100, max: 100 }
    x.open('RoomWalkableArea')
    x.field('AreaSpecificView', 0)
    x.field('FaceDirectionRatio', 0)
    x.field('MaxScalingLevel', s.continuous ? s.max : 100)
    x.field('MinScalingLevel', s.continuous ? s.min : 100)
    x.field('ScalingLevel', s.continuous ? 100 : s.level)
    x.field('UseContinuousScaling', s.continuous)
    x.close('RoomWalkableArea')
  }
  x.close('WalkableAreas')
  x.open('WalkBehinds')
  for (let id = 0; id < AGS_LIMITS.walkBehinds; id++) {
    x.open('RoomWalkBehind')
    x.field('Baseline', baselines.get(id) ?? 0)
    x.close('RoomWalkBehind')
  }
  x.close('WalkBehinds')
  // Each region's events (Standing, WalksOnto, WalksOff) from its zones.
  const regionEvents = new Map<number, string[]>()
  for (const [id, e] of regionEventsOfZones(room, notes))
    if (e.stand || e.enter || e.exit) regionEvents.set(id, regionEventTable([], e)!)
  x.open('Regions')
  for (let id = 0; id < AGS_LIMITS.regions; id++) {
    x.open('RoomRegion')
    x.field('BlueTint', 0)
    x.field('GreenTint', 0)
    x.field('LightLevel', 100)
    x.field('RedTint', 0)
    x.field('TintLuminance', 100)
    x.field('TintSaturation', 50)
    x.field('UseColourTint', false)
    x.events(EVENTS.region, regionEvents.get(id))
    x.close('RoomRegion')
  }
  x.close('Regions')
  x.close('Room')
  files.unshift({ path: 'data.xml', text: x.text() })
  files.push({ path: `room${number}.asc`, text: '// room script file\n' })

  if (
    !framesWritten &&
    (room.backgroundAnimationDelay !== undefined || room.backgroundAnimationEnabled !== undefined)
  )
    notes.push(
      'background animation: the room has one background; AGS keeps its defaults (delay 5, animated)',
    )
  if (regionEvents.size > 0)
    notes.push(
      `region events: ${[...regionEvents.keys()].map((id) => `region ${id}`).join(', ')}; the functions they name go in room${number}.asc`,
    )
  if (room.gates.length > 0)
    notes.push(
      `gates: AGS switches walkable areas from scripts (RemoveWalkableArea); ${room.gates.length} not written`,
    )
  if (room.nodeGraph.nodes.length > 0)
    notes.push('node graph: AGS finds paths on the walkable areas itself; not written')
  if (room.sceneOffset) notes.push('scene offset: AGS rooms start at (0, 0); not written')
  if (Object.keys(edges).length < 4)
    notes.push(
      `room edges: AGS's defaults for a new room where the room has no edge point (left x=0, right x=${width - 1}, top y=0, bottom y=${height - 1})`,
    )
  if (objects.length > 0)
    notes.push(
      `room objects: ${objects.map((o) => o.scriptName || `object ${o.index}`).join(', ')} from the room's object points (their other fields as a new object has them)`,
    )
  notes.push(
    `room number ${number}: the folder is Rooms/${number} of the game, and Game.agf lists the game's rooms (add it there or with the AGS editor's room list)`,
  )
  if (options.gameId === undefined)
    notes.push(
      "GameID 0: AGS sets the game's own id when it saves the room (and its default mask resolution)",
    )
  return { files, notes: [...new Set(notes)] }
}
