/**
 * Custom property commands, one for every kind of object that has properties: add a property,
 * rename its key, set its value, set its type, remove it. Each is one named, invertible step
 * (a RoomFieldsCommand over the one list, or the room field, that holds the object). Bad keys,
 * duplicates, values that do not fit their type and the limit are refused with the sentence
 * the status line shows (properties.ts rules).
 *
 * Glossary
 * - owner: the object whose properties change: the room, or one walk area, walk polygon, gate,
 *   zone, walk-behind area, hotspot or point, by its id.
 * - property edit: one of add / rename / set / type / remove.
 *
 * Units: none.
 */
import type { Room } from '../../../shared/room/schema'
import {
  propertyKeyError,
  propertyValueError,
  valueForType,
  type Properties,
  type PropertyType,
  type PropertyTypes,
  type WithProperties,
} from '../../../shared/room/properties'
import { cloneJson, type EditTarget } from './edit-target'
import { RoomFieldsCommand } from './room-fields'

export type PropertyOwner =
  | { kind: 'room' }
  | { kind: 'area'; id: number }
  | { kind: 'polygon'; id: string }
  | { kind: 'gate'; id: string }
  | { kind: 'zone'; id: string }
  | { kind: 'walk-behind'; id: number }
  | { kind: 'hotspot'; id: string }
  | { kind: 'point'; id: string }

export type PropertyEdit =
  | { op: 'add'; key: string; value: string; type?: PropertyType }
  | { op: 'rename'; from: string; to: string }
  | { op: 'set'; key: string; value: string }
  | { op: 'type'; key: string; type: PropertyType | undefined }
  | { op: 'remove'; key: string }

/** How the owner is named in a command's label ("gate Door", "the room"). */
const KIND_WORDS: Record<PropertyOwner['kind'], string> = {
  room: 'the room',
  area: 'walk area',
  polygon: 'walk polygon',
  gate: 'gate',
  zone: 'zone',
  'walk-behind': 'walk-behind',
  hotspot: 'hotspot',
  point: 'point',
}

/** The owner's object in `room` (null when it is not there). */
export function propertyOwnerObject(room: Room, owner: PropertyOwner): WithProperties | null {
  switch (owner.kind) {
    case 'room':
      return room
    case 'area':
      return room.areas.find((a) => a.id === owner.id) ?? null
    case 'polygon':
      return room.polygons.find((p) => p.id === owner.id) ?? null
    case 'gate':
      return room.gates.find((g) => g.id === owner.id) ?? null
    case 'zone':
      return room.zones.find((z) => z.id === owner.id) ?? null
    case 'walk-behind':
      return room.walkBehinds?.areas.find((a) => a.id === owner.id) ?? null
    case 'hotspot':
      return room.hotspots?.find((h) => h.id === owner.id) ?? null
    case 'point':
      return room.points?.find((p) => p.id === owner.id) ?? null
  }
}

/** The owner's name for labels and messages. */
function ownerName(room: Room, owner: PropertyOwner): string {
  if (owner.kind === 'room') return KIND_WORDS.room
  const x = propertyOwnerObject(room, owner) as { name?: string } | null
  return `${KIND_WORDS[owner.kind]} ${x?.name || owner.id}`
}

/** The owner's properties after `edit` (a new object; the order of keys kept, a renamed key in its place). */
function edited(
  x: WithProperties,
  edit: PropertyEdit,
): { properties: Properties; propertyTypes: PropertyTypes; label: string } {
  const properties = x.properties ?? {}
  const types: PropertyTypes = { ...(x.propertyTypes ?? {}) }
  const fail = (message: string): never => {
    throw new Error(message)
  }
  const has = (key: string) => Object.hasOwn(properties, key) || fail(`There is no property '${key}'.`)
  switch (edit.op) {
    case 'add': {
      const problem = propertyKeyError(edit.key, properties) ?? propertyValueError(edit.type, edit.value)
      if (problem) fail(`Cannot add the property: ${problem}.`)
      if (edit.type) types[edit.key] = edit.type
      return {
        properties: { ...properties, [edit.key]: edit.value },
        propertyTypes: types,
        label: `Add property '${edit.key}' to`,
      }
    }
    case 'rename': {
      has(edit.from)
      const problem = propertyKeyError(edit.to, properties, edit.from)
      if (problem) fail(`Cannot rename '${edit.from}': ${problem}.`)
      const out = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => (k === edit.from ? [edit.to, v] : [k, v])),
      )
      if (types[edit.from] !== undefined) {
        types[edit.to] = types[edit.from]
        if (edit.to !== edit.from) delete types[edit.from]
      }
      return {
        properties: out,
        propertyTypes: types,
        label: `Rename property '${edit.from}' to '${edit.to}' of`,
      }
    }
    case 'set': {
      has(edit.key)
      const problem = propertyValueError(types[edit.key], edit.value)
      if (problem) fail(`Cannot set '${edit.key}': ${problem}.`)
      return {
        properties: { ...properties, [edit.key]: edit.value },
        propertyTypes: types,
        label: `Set property '${edit.key}' of`,
      }
    }
    case 'type': {
      has(edit.key)
      if (edit.type === undefined) delete types[edit.key]
      else types[edit.key] = edit.type
      const value = valueForType(edit.type, properties[edit.key])
      return {
        properties: { ...properties, [edit.key]: value },
        propertyTypes: types,
        label: `Make property '${edit.key}' ${edit.type ?? 'text'} in`,
      }
    }
    case 'remove': {
      has(edit.key)
      const out = { ...properties }
      delete out[edit.key]
      delete types[edit.key]
      return { properties: out, propertyTypes: types, label: `Remove property '${edit.key}' of` }
    }
  }
}

/** Why `edit` cannot be done to `x` (the sentence the command would be refused with), or null. */
export function propertyEditProblem(x: WithProperties, edit: PropertyEdit): string | null {
  try {
    edited(x, edit)
    return null
  } catch (e) {
    return (e as Error).message
  }
}

/** `x` with new properties: empty types left out; `keep` keeps an empty `properties` (zones, hotspots). */
function withProperties<T extends WithProperties>(
  x: T,
  properties: Properties,
  propertyTypes: PropertyTypes,
  keep: boolean,
): T {
  const out: T = { ...x, properties }
  if (!keep && Object.keys(properties).length === 0) delete out.properties
  if (Object.keys(propertyTypes).length > 0) out.propertyTypes = propertyTypes
  else delete out.propertyTypes
  return out
}

/** One property edit of one object, as one undo step named after what it did and to what. */
export function propertyCommand(
  target: EditTarget,
  owner: PropertyOwner,
  edit: PropertyEdit,
): RoomFieldsCommand {
  const room = target.room
  const x = propertyOwnerObject(room, owner)
  if (!x)
    throw new Error(`There is no ${KIND_WORDS[owner.kind]} '${'id' in owner ? owner.id : ''}' any more.`)
  const next = edited(x, edit)
  const label = `${next.label} ${ownerName(room, owner)}`
  const put = <T extends WithProperties>(item: T, keep = false) =>
    withProperties(item, next.properties, next.propertyTypes, keep)
  const map = <T extends WithProperties>(list: T[], is: (item: T) => boolean, keep = false) =>
    cloneJson(list).map((item) => (is(item) ? put(item, keep) : item))
  switch (owner.kind) {
    case 'room': {
      const r = put({ properties: room.properties, propertyTypes: room.propertyTypes })
      return new RoomFieldsCommand(label, target, {
        properties: r.properties,
        propertyTypes: r.propertyTypes,
      })
    }
    case 'area':
      return new RoomFieldsCommand(label, target, { areas: map(room.areas, (a) => a.id === owner.id) })
    case 'polygon':
      return new RoomFieldsCommand(label, target, { polygons: map(room.polygons, (p) => p.id === owner.id) })
    case 'gate':
      return new RoomFieldsCommand(label, target, { gates: map(room.gates, (g) => g.id === owner.id) })
    case 'zone':
      return new RoomFieldsCommand(label, target, { zones: map(room.zones, (z) => z.id === owner.id, true) })
    case 'walk-behind':
      return new RoomFieldsCommand(label, target, {
        walkBehinds: {
          ...cloneJson(room.walkBehinds!),
          areas: map(room.walkBehinds!.areas, (a) => a.id === owner.id),
        },
      })
    case 'hotspot':
      return new RoomFieldsCommand(label, target, {
        hotspots: map(room.hotspots ?? [], (h) => h.id === owner.id, true),
      })
    case 'point':
      return new RoomFieldsCommand(label, target, {
        points: map(room.points ?? [], (p) => p.id === owner.id),
      })
  }
}
