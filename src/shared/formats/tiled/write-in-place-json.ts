/**
 * A room written back into the game's own .tmj (Tiled JSON) in place: the `objects` arrays
 * of the layers holding what the author edited are rewritten (in-place-plan.ts decides
 * what), new layers are added at the end of `layers`, `nextobjectid` / `nextlayerid` are
 * raised; every other byte of the file is kept.
 *
 * Glossary
 * - element layout: the whitespace the file puts before the first element of an array,
 *   between elements and after the last; written arrays reuse it, and written objects are
 *   indented to the first element's column.
 *
 * Units: UTF-16 offsets.
 */
import type { Room } from '../../room/schema'
import { member, parseJsonSpans, type JsonNode } from '../json-spans'
import { TiledMapRefused } from './external-files'
import { planInPlace, type SourceChild, type SourceLayer } from './in-place-plan'
import type { TiledMap, TiledObject } from './map-types'
import { applyXmlEdits as applyEdits } from '../../codecs/xml/xml-patch'
import { memberText, patchValue } from './json-patch'
import { freshRead, propertiesToSet, type TiledWriteOptions } from './write-back'

interface Ref {
  layer: JsonNode
  objects?: JsonNode
}

const plain = (text: string, n: JsonNode | undefined): unknown =>
  n ? (JSON.parse(text.slice(n.start, n.end)) as unknown) : undefined

function sourceLayers(text: string, list: JsonNode | undefined, depth: number): SourceLayer<Ref>[] {
  if (list?.kind !== 'array') return []
  return list.items.map((l) => {
    const t = plain(text, member(l, 'type'))
    const type = t === 'objectgroup' || t === 'group' || t === 'tilelayer' ? t : 'other'
    const objects = member(l, 'objects')
    const name = plain(text, member(l, 'name'))
    const className = plain(text, member(l, 'class'))
    const props = member(l, 'properties')
    const walkbox =
      props?.kind === 'array'
        ? props.items.find((p) => plain(text, member(p, 'name')) === 'walkbox')
        : undefined
    return {
      type,
      name: typeof name === 'string' ? name : '',
      className: typeof className === 'string' ? className : '',
      ...(walkbox ? { walkboxProperty: plain(text, member(walkbox, 'value')) } : {}),
      offsetx: Number(plain(text, member(l, 'offsetx'))) || 0,
      offsety: Number(plain(text, member(l, 'offsety'))) || 0,
      children:
        type === 'objectgroup' && objects?.kind === 'array'
          ? objects.items.map((o): SourceChild => {
              const value = plain(text, o) as SourceChild['object']
              const object =
                value && typeof value === 'object'
                  ? { ...value, ...(member(o, 'capsule') ? { otherShape: 'capsule' } : {}) }
                  : undefined
              return { start: o.start, end: o.end, node: o, ...(object ? { object } : {}) }
            })
          : [],
      layers: type === 'group' && depth < 32 ? sourceLayers(text, member(l, 'layers'), depth + 1) : [],
      ref: { layer: l, ...(objects?.kind === 'array' ? { objects } : {}) },
    }
  })
}

/** An array's elements as `items` (texts, indented already) laid out as the file lays out `array`. */
function arrayText(
  text: string,
  array: JsonNode & { kind: 'array' },
  items: string[],
  from: (number | undefined)[] = [],
): string {
  if (items.length === 0) return '[]'
  const els = array.items
  const lead = els.length > 0 ? text.slice(array.start + 1, els[0].start) : ''
  const sep = els.length > 1 ? text.slice(els[0].end, els[1].start) : `,${lead}`
  const trail = els.length > 0 ? text.slice(els[els.length - 1].end, array.end - 1) : ''
  // Between two elements that were neighbours in the file, the file's own separator stays.
  const between = (k: number) => {
    const a = from[k - 1]
    const b = from[k]
    return a !== undefined && b === a + 1 ? text.slice(els[a].end, els[b].start) : sep
  }
  return `[${lead}${items.map((t, k) => (k === 0 ? t : between(k) + t)).join('')}${trail}]`
}

/** The indentation of an array's first element's line ('' when it has none). */
function columnOf(text: string, array: JsonNode & { kind: 'array' }): string {
  return array.items.length > 0 ? /[ \t]*$/.exec(text.slice(array.start + 1, array.items[0].start))![0] : ''
}

const objectJson = (o: TiledObject) => JSON.stringify(o, null, 1)

/**
 * The .tmj text with the room written in place (only the kinds the author edited), and
 * notes. Throws TiledMapRefused when an edit cannot go where it came from (a walk area made
 * of tiles).
 */
export async function writeRoomIntoTmj(
  text: string,
  file: string,
  room: Room,
  options: TiledWriteOptions = {},
): Promise<{ text: string; notes: string[] }> {
  const root = parseJsonSpans(text, file)
  if (root.kind !== 'object' || plain(text, member(root, 'type')) !== 'map')
    throw new Error(`${file}: not a Tiled map (no "type": "map")`)
  const layersNode = member(root, 'layers')
  if (layersNode?.kind !== 'array') throw new Error(`${file}: a map without a "layers" list`)
  const nextObjectNode = member(root, 'nextobjectid')
  const nextLayerNode = member(root, 'nextlayerid')
  const { fresh, given, remembered, tiles } = await freshRead(
    JSON.parse(text) as TiledMap,
    file,
    room,
    options,
  )
  const plan = planInPlace(
    sourceLayers(text, layersNode, 0),
    room,
    {
      object: Number(plain(text, nextObjectNode)) || 1,
      layer: Number(plain(text, nextLayerNode)) || 1,
    },
    file,
    { infinite: plain(text, member(root, 'infinite')) === true },
    fresh,
    given,
    remembered,
    tiles,
  )
  if (plan.problems.length > 0) throw new TiledMapRefused(file, plan.problems)
  const edits: { start: number; end: number; text: string }[] = []
  const added: string[] = []
  for (const { written, existing, pieces, newId } of plan.layers) {
    if (!existing) {
      const objects = pieces.flatMap((p) => ('write' in p ? [p.write] : []))
      added.push(JSON.stringify({ ...written, id: newId!, objects }, null, 1))
      continue
    }
    const array = existing.ref.objects
    const column = array?.kind === 'array' ? columnOf(text, array) : ''
    const items = pieces.map((p) =>
      'keep' in p
        ? text.slice(p.keep.start, p.keep.end)
        : p.replaces?.node
          ? patchValue(text, p.replaces.node as JsonNode, p.write)
          : objectJson(p.write).replace(/\n/g, `\n${column}`),
    )
    if (array?.kind === 'array') {
      const at = new Map(array.items.map((n, k) => [n, k]))
      const from = pieces.map((p) => at.get(('keep' in p ? p.keep.node : p.replaces?.node) as JsonNode))
      edits.push({ start: array.start, end: array.end, text: arrayText(text, array, items, from) })
    } else if (items.length > 0) {
      // A layer without "objects": the member is added after its first one.
      const first = existing.ref.layer.kind === 'object' ? existing.ref.layer.members[0] : undefined
      if (first)
        edits.push({ start: first.value.end, end: first.value.end, text: `,"objects":[${items.join(',')}]` })
    }
  }
  if (added.length > 0) {
    // Inserted after the last layer (whose own objects may be edited too: no overlap).
    const els = layersNode.items
    if (els.length === 0)
      edits.push({ start: layersNode.start, end: layersNode.end, text: arrayText(text, layersNode, added) })
    else {
      const sep = els.length > 1 ? text.slice(els[0].end, els[1].start) : ','
      const column = /[ \t]*$/.exec(text.slice(layersNode.start + 1, els[0].start))![0]
      const at = els[els.length - 1].end
      edits.push({
        start: at,
        end: at,
        text: added.map((t) => sep + t.replace(/\n/g, `\n${column}`)).join(''),
      })
    }
  }
  // Map properties: walkbox.flags when the flags changed, walkbox.layers when the mapping is new.
  const notes: string[] = []
  const props = member(root, 'properties')
  const item = (name: string) =>
    props?.kind === 'array' ? props.items.find((p) => plain(text, member(p, 'name')) === name) : undefined
  const set = propertiesToSet(
    room,
    options,
    (name) => {
      const v = plain(text, member(item(name), 'value'))
      return typeof v === 'string' ? v : undefined
    },
    given,
    remembered,
    plan.mapped,
    plan.changed,
  )
  const newItems: string[] = []
  for (const { name, text: value } of set) {
    const valueNode = member(item(name), 'value')
    if (valueNode) edits.push({ start: valueNode.start, end: valueNode.end, text: JSON.stringify(value) })
    else newItems.push(JSON.stringify({ name, type: 'string', value }))
    notes.push(
      `${file}: map property ${name} written (${name === 'walkbox.flags' ? 'the flags the room names changed' : 'the mapping of its layers, remembered'})`,
    )
  }
  if (newItems.length > 0) {
    if (props?.kind === 'array')
      edits.push({
        start: props.start,
        end: props.end,
        text: arrayText(text, props, [...props.items.map((p) => text.slice(p.start, p.end)), ...newItems]),
      })
    else if (root.kind === 'object' && root.members.length > 0) {
      const at = root.members[root.members.length - 1].value.end
      edits.push({
        start: at,
        end: at,
        text: memberText(text, root, 'properties', `[${newItems.join(',')}]`),
      })
    } else
      edits.push({ start: root.end - 1, end: root.end - 1, text: `"properties":[${newItems.join(',')}]` })
  }
  if (plan.changed)
    for (const [node, value, key] of [
      [nextObjectNode, plan.nextObject, 'nextobjectid'],
      [nextLayerNode, plan.nextLayer, 'nextlayerid'],
    ] as const) {
      if (node) {
        const old = Number(plain(text, node)) || 0
        if (value > old) edits.push({ start: node.start, end: node.end, text: String(value) })
      } else if (value > 1 && root.kind === 'object' && root.members.length > 0) {
        const at = root.members[root.members.length - 1].value.end
        edits.push({ start: at, end: at, text: memberText(text, root, key, String(value)) })
      }
    }
  return { text: applyEdits(text, edits), notes: [...plan.notes, ...notes] }
}
