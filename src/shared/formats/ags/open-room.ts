/**
 * AGS 4's open room format: a folder `Rooms/N/` holding `data.xml` (the room's fields, as
 * the AGS editor's Room.cs serialises them) beside `background0.png` (.. `background4.png`)
 * and 8-bit indexed mask PNGs `walkableareas.png`, `hotspots.png`, `regions.png`,
 * `walkbehinds.png` (colour index = id). Read here from data.xml's text, and patched back:
 * only the fields Walkbox edits are rewritten, every other byte of data.xml is kept.
 *
 * Glossary
 * - field: an element of data.xml holding one value (`<Width>320</Width>`).
 * - list: `WalkableAreas`, `Hotspots`, `Regions`, `WalkBehinds`: one child per id, from 0.
 *
 * Units: px (room), percent (scaling).
 */
import { AGS_LIMITS, type AgsAreaScaling, type AgsRoomData } from './ags-room'
import { readOpenRoomHotspot } from './open-room-hotspots'
import {
  agsPropertiesProblem,
  readXmlProperties,
  sameAgsProperties,
  setXmlProperties,
} from './ags-properties'
import { child, childrenNamed, parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import {
  applyXmlEdits,
  escapeXmlText,
  indentOf,
  insertAfter,
  insertBefore,
  lineEndOf,
  prependContent,
  setElementText,
  type XmlEdit,
} from '../../codecs/xml/xml-patch'
import { AGS_XML_CEILINGS, MAX_ROOM_SIDE_PX } from '../../limits'

export const OPEN_ROOM_MASKS = {
  walkable: 'walkableareas.png',
  hotspots: 'hotspots.png',
  regions: 'regions.png',
  walkBehinds: 'walkbehinds.png',
} as const

function fieldText(el: XmlElement | null): string | null {
  return el ? el.text.trim() : null
}

function intField(parent: XmlElement, name: string, file: string, fallback?: number): number {
  const text = fieldText(child(parent, name))
  if (text === null || text === '') {
    if (fallback !== undefined) return fallback
    throw new Error(`${file}: <${parent.name}> has no <${name}>`)
  }
  if (!/^-?\d{1,9}$/.test(text))
    throw new Error(`${file}: <${name}> is '${text.slice(0, 40)}'; expected a whole number`)
  return Number(text)
}

function boolField(parent: XmlElement, name: string): boolean {
  return fieldText(child(parent, name))?.toLowerCase() === 'true'
}

/** A True/False field (as .NET writes booleans), anything else refused with one line. */
function boolValue(parent: XmlElement, name: string, file: string): boolean {
  const text = (fieldText(child(parent, name)) ?? '').toLowerCase()
  if (text !== 'true' && text !== 'false')
    throw new Error(
      `${file}: <${name}> is '${(fieldText(child(parent, name)) ?? '').slice(0, 40)}'; expected True or False`,
    )
  return text === 'true'
}

/** The `<Event>` elements of an element's `<Interactions>`, by their Index (version 1 and later alike). */
function eventElements(el: XmlElement): Map<number, XmlElement> {
  const out = new Map<number, XmlElement>()
  const interactions = child(el, 'Interactions')
  for (const e of interactions ? childrenNamed(interactions, 'Event') : []) {
    const index = Number(e.attrs.Index)
    if (Number.isInteger(index) && index >= 0 && index < 1000) out.set(index, e)
  }
  return out
}

/** An element's event function names by index ('' where it has none). */
function eventNames(el: XmlElement): string[] {
  const names: string[] = []
  for (const [index, e] of eventElements(el)) names[index] = e.text.trim()
  return Array.from(names, (n) => n ?? '')
}

/** The parsed data.xml with the room's fields. Throws one line naming the file. */
export function readOpenRoom(text: string, file = 'data.xml'): { data: AgsRoomData; root: XmlElement } {
  const root = parseXml(text, file, AGS_XML_CEILINGS)
  if (root.name !== 'Room') throw new Error(`${file}: the root element is <${root.name}>; expected <Room>`)
  const notes: string[] = []
  if (root.attrs.Version !== undefined && root.attrs.Version !== '1')
    notes.push(
      `${file}: <Room Version="${root.attrs.Version.slice(0, 20)}">; Walkbox knows version 1, fields it does not know are kept as they are`,
    )
  const width = intField(root, 'Width', file)
  const height = intField(root, 'Height', file)
  if (width < 1 || height < 1 || width > MAX_ROOM_SIDE_PX || height > MAX_ROOM_SIDE_PX)
    throw new Error(
      `${file}: the room is ${width}x${height}; Walkbox reads rooms of 1 to ${MAX_ROOM_SIDE_PX} px a side`,
    )
  const maskResolution = intField(root, 'MaskResolution', file, 1)
  if (maskResolution < 1 || maskResolution > 4)
    throw new Error(`${file}: MaskResolution ${maskResolution}; expected 1 to 4`)
  const list = (name: string, item: string, max: number): XmlElement[] => {
    const parent = child(root, name)
    const items = parent ? childrenNamed(parent, item) : []
    if (items.length > max)
      notes.push(`${name}: ${items.length} entries; AGS reads ${max} (ids 0..${max - 1})`)
    return items
  }
  const walkableAreas: AgsAreaScaling[] = list(
    'WalkableAreas',
    'RoomWalkableArea',
    AGS_LIMITS.walkableAreas,
  ).map((a) => ({
    continuous: boolField(a, 'UseContinuousScaling'),
    level: intField(a, 'ScalingLevel', file, 100),
    min: intField(a, 'MinScalingLevel', file, 100),
    max: intField(a, 'MaxScalingLevel', file, 100),
  }))
  const hotspots = list('Hotspots', 'RoomHotspot', AGS_LIMITS.hotspots).map(readOpenRoomHotspot)
  const walkBehindBaselines = list('WalkBehinds', 'RoomWalkBehind', AGS_LIMITS.walkBehinds).map((w) =>
    intField(w, 'Baseline', file, 0),
  )
  const regionElements = list('Regions', 'RoomRegion', AGS_LIMITS.regions)
  const regionCount = regionElements.length
  const regionEvents = regionElements.map(eventNames)
  const objectsEl = child(root, 'Objects')
  const objects = (objectsEl ? childrenNamed(objectsEl, 'RoomObject') : []).map((o) => ({
    scriptName: fieldText(child(o, 'Name')) ?? '',
    description: fieldText(child(o, 'Description')) ?? '',
  }))
  const data: AgsRoomData = {
    kind: 'ags4',
    width,
    height,
    maskResolution,
    edges: {
      left: intField(root, 'LeftEdgeX', file, 0),
      right: intField(root, 'RightEdgeX', file, width - 1),
      top: intField(root, 'TopEdgeY', file, 0),
      bottom: intField(root, 'BottomEdgeY', file, height - 1),
    },
    backgroundCount: intField(root, 'BackgroundCount', file, 1),
    ...(child(root, 'BackgroundAnimationDelay')
      ? { backgroundAnimationDelay: intField(root, 'BackgroundAnimationDelay', file, 5) }
      : {}),
    ...(child(root, 'BackgroundAnimationEnabled')
      ? { backgroundAnimationEnabled: boolValue(root, 'BackgroundAnimationEnabled', file) }
      : {}),
    walkableAreas,
    hotspots,
    walkBehindBaselines,
    regionCount,
    regionEvents,
    objects,
    properties: readXmlProperties(child(root, 'Properties')),
    notes,
  }
  if (data.backgroundCount < 1 || data.backgroundCount > AGS_LIMITS.backgrounds)
    throw new Error(
      `${file}: BackgroundCount ${data.backgroundCount}; AGS has 1 to ${AGS_LIMITS.backgrounds}`,
    )
  const delay = data.backgroundAnimationDelay
  if (delay !== undefined && (delay < 0 || delay > 255)) {
    notes.push(`${file}: BackgroundAnimationDelay ${delay}; AGS keeps 0 to 255, not carried`)
    delete data.backgroundAnimationDelay
  }
  return { data, root }
}

/**
 * `text` with a new top-level field `<name>value</name>` after BackgroundAnimationDelay (or
 * as the first field), on its own line with that field's indentation and the file's line end.
 */
function addRoomField(text: string, name: string, value: string, file: string): string {
  const root = parseXml(text, file, AGS_XML_CEILINGS)
  const delay = child(root, 'BackgroundAnimationDelay')
  const after = delay ?? root.children[0] ?? null
  const eol = lineEndOf(text)
  const element = `<${name}>${escapeXmlText(value)}</${name}>`
  if (!after) {
    if (root.selfClosing) throw new Error(`${file}: <Room/> is empty; nothing to add <${name}> to`)
    return applyXmlEdits(text, [prependContent(text, root, element)])
  }
  const indent = indentOf(text, after)
  return applyXmlEdits(text, [
    after === delay
      ? insertAfter(after, eol + indent + element)
      : insertBefore(after, element + eol + indent),
  ])
}

export interface OpenRoomEdits {
  /** New scaling per area id; areas not named keep their fields. */
  walkableAreas?: Map<number, AgsAreaScaling>
  /** New walk-to points per hotspot id. */
  walkTo?: Map<number, { x: number; y: number }>
  /** New baselines per walk-behind id, room px. */
  walkBehindBaselines?: Map<number, number>
  /** New event function names per region id, by AGS's event index (an `<Event>` the file lacks is not added). */
  regionEvents?: Map<number, string[]>
  /** BackgroundAnimationEnabled: set (added after BackgroundAnimationDelay when the file has none). */
  backgroundAnimationEnabled?: boolean
  /** BackgroundAnimationDelay, game loops 0..255: set (added first in <Room> when the file has none). */
  backgroundAnimationDelay?: number
  /** The room's own custom properties: the room's `<Properties>` rewritten to hold these (when they differ). */
  properties?: Record<string, string>
}

/**
 * data.xml's text with only the edited fields rewritten. An empty edit returns `text`
 * itself. A field whose value does not change is not touched (its spelling is kept).
 */
export function patchOpenRoom(text: string, edits: OpenRoomEdits, file = 'data.xml'): string {
  const { root } = readOpenRoom(text, file)
  const patches: XmlEdit[] = []
  const set = (parent: XmlElement, name: string, value: string) => {
    const el = child(parent, name)
    if (!el) throw new Error(`${file}: <${parent.name}> has no <${name}> to set`)
    if (el.text.trim() !== value) patches.push(setElementText(text, el, value))
  }
  const areas = childrenNamed(child(root, 'WalkableAreas') ?? root, 'RoomWalkableArea')
  for (const [id, s] of edits.walkableAreas ?? []) {
    const el = areas[id]
    if (!el)
      throw new Error(`${file}: no RoomWalkableArea ${id} (it has ${areas.length}); AGS numbers areas 0..15`)
    set(el, 'UseContinuousScaling', s.continuous ? 'True' : 'False')
    if (s.continuous) {
      set(el, 'MinScalingLevel', String(s.min))
      set(el, 'MaxScalingLevel', String(s.max))
    } else set(el, 'ScalingLevel', String(s.level))
  }
  const hotspots = childrenNamed(child(root, 'Hotspots') ?? root, 'RoomHotspot')
  for (const [id, p] of edits.walkTo ?? []) {
    const el = hotspots[id]
    if (!el) throw new Error(`${file}: no RoomHotspot ${id}`)
    set(el, 'WalkToPoint', `${Math.round(p.x)},${Math.round(p.y)}`)
  }
  const walkBehinds = childrenNamed(child(root, 'WalkBehinds') ?? root, 'RoomWalkBehind')
  for (const [id, baseline] of edits.walkBehindBaselines ?? []) {
    const el = walkBehinds[id]
    if (!el)
      throw new Error(
        `${file}: no RoomWalkBehind ${id} (it has ${walkBehinds.length}); AGS numbers walk-behinds 0..${AGS_LIMITS.walkBehinds - 1}`,
      )
    set(el, 'Baseline', String(Math.round(baseline)))
  }
  const regions = childrenNamed(child(root, 'Regions') ?? root, 'RoomRegion')
  for (const [id, names] of edits.regionEvents ?? []) {
    const events = regions[id] ? eventElements(regions[id]) : null
    if (!events) throw new Error(`${file}: no RoomRegion ${id} (it has ${regions.length})`)
    names.forEach((name, index) => {
      const el = events.get(index)
      if (el && el.text.trim() !== name) patches.push(setElementText(text, el, name))
      else if (!el && name)
        throw new Error(`${file}: RoomRegion ${id} has no <Event Index="${index}"> to hold ${name}`)
    })
  }
  if (edits.properties) {
    const props = child(root, 'Properties')
    const have = readXmlProperties(props)
    if (!sameAgsProperties(edits.properties, have)) {
      const problem = agsPropertiesProblem(edits.properties, have, 'room properties')
      if (problem) throw new Error(`${file}: ${problem}`)
      if (!props) throw new Error(`${file}: <Room> has no <Properties> to set (save the room once in AGS)`)
      patches.push(setXmlProperties(text, props, edits.properties, lineEndOf(text)))
    }
  }
  // Room fields the file may lack: set where they are, else added (the delay first: the flag goes after it).
  const missing: [string, string][] = []
  const roomField = (name: string, value: string) => {
    if (child(root, name)) set(root, name, value)
    else missing.push([name, value])
  }
  if (edits.backgroundAnimationDelay !== undefined) {
    const delay = edits.backgroundAnimationDelay
    if (!Number.isInteger(delay) || delay < 0 || delay > 255)
      throw new Error(`${file}: BackgroundAnimationDelay ${delay}; AGS keeps 0..255 game loops`)
    roomField('BackgroundAnimationDelay', String(delay))
  }
  if (edits.backgroundAnimationEnabled !== undefined)
    roomField('BackgroundAnimationEnabled', edits.backgroundAnimationEnabled ? 'True' : 'False')
  let out = patches.length === 0 ? text : applyXmlEdits(text, patches)
  for (const [name, value] of missing) out = addRoomField(out, name, value, file)
  return out
}
