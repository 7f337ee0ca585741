/**
 * Which Walkbox kind each layer of a Tiled map holds, by documented rules (never by a word
 * a layer's name happens to contain), and the mapping an author gives for the layers the
 * rules leave alone (`walkbox import --layer NAME=KIND`, the import dialog).
 *
 * A layer is of a kind, the first of these that says one:
 * 1. the mapping given with the import (`--layer`, the dialog);
 * 2. the map property `walkbox.layers` (the mapping remembered in the map: a JSON object
 *    `{ "<layer name>": "<kind>" }`, written back with the room);
 * 3. the layer's own string property `walkbox` (`walkbox = obstacles`);
 * 4. the layer's class (Tiled 1.9+) when it is exactly a kind's name;
 * 5. the layer's name when it is exactly one of the names Walkbox gives its own layers
 *    (`walkable`, `gates`, `zones`, `node graph`, `points`, `hotspots`), in any case;
 * 6. the group layer it is in.
 * Names, classes and properties are compared whole and without regard to case; a layer no
 * rule names is left alone (its typed objects aside, see read-map.ts) and named in a note.
 *
 * Glossary
 * - layer kind: what a layer's objects or tiles are: `walkable` (walk polygons, walkable
 *   cells), `obstacles` (the room is the map minus them), `gates`, `zones`, `points`,
 *   `hotspots`, `nodes` (a node graph), or `none` (left alone, whatever its name says).
 * - tile source: a mapping key that names tiles rather than a layer: `@shapes` (the
 *   collision shapes Tiled's tile collision editor gives tiles: an `<objectgroup>` inside a
 *   tileset's `<tile>`) and `@property:NAME` (cells whose tile, or its tileset, has the
 *   property NAME set to true). Each counts on every tile layer not given a kind of its own;
 *   it may be `walkable` or `obstacles`.
 * - mapping: layer name (or tile source) -> layer kind.
 *
 * Units: none.
 */
import { MAX_LAYER_NAME, MAX_MAPPING_ENTRIES } from '../../limits'

export const LAYER_KINDS = [
  'walkable',
  'obstacles',
  'gates',
  'zones',
  'points',
  'hotspots',
  'nodes',
  'none',
] as const
export type LayerKind = (typeof LAYER_KINDS)[number]

/** Kinds a tile source may be given. */
export const TILE_SOURCE_KINDS: readonly LayerKind[] = ['walkable', 'obstacles', 'none']

/** Layer names Walkbox gives its own layers, and the kind each is (rule 5). */
export const WALKBOX_LAYER_NAMES: Readonly<Record<string, LayerKind>> = {
  walkable: 'walkable',
  gates: 'gates',
  zones: 'zones',
  'node graph': 'nodes',
  points: 'points',
  hotspots: 'hotspots',
}

/** The map property that remembers the mapping. */
export const LAYERS_PROPERTY = 'walkbox.layers'

/** The mapping key of tile collision shapes. */
export const SHAPES_SOURCE = '@shapes'
/** The prefix of a tile-property mapping key (`@property:collides`). */
export const PROPERTY_SOURCE = '@property:'

export type LayerMapping = Readonly<Record<string, LayerKind>>

/** How a layer got its kind (for notes and the import dialog). */
export type KindRule = 'mapping' | 'map property' | 'layer property' | 'class' | 'name' | 'group'

const kindByLowerName = new Map(LAYER_KINDS.map((k) => [k, k]))

/** The kind a word names (a kind's name in any case), else undefined. */
export function kindNamed(word: unknown): LayerKind | undefined {
  return typeof word === 'string' ? kindByLowerName.get(word.trim().toLowerCase() as LayerKind) : undefined
}

/** Is this mapping key a tile source (not a layer)? */
export const isTileSource = (key: string): boolean =>
  key === SHAPES_SOURCE || (key.startsWith(PROPERTY_SOURCE) && key.length > PROPERTY_SOURCE.length)

/** Why `kind` may not be given to `key`, or null. */
export function mappingProblem(key: string, kind: LayerKind): string | null {
  if (key.length === 0) return 'an empty layer name'
  if (key.length > MAX_LAYER_NAME) return `a layer name longer than ${MAX_LAYER_NAME} characters`
  if (key.startsWith('@') && !isTileSource(key))
    return `'${key}': a name starting with @ is a tile source: @shapes or @property:NAME`
  if (isTileSource(key) && !TILE_SOURCE_KINDS.includes(kind))
    return `'${key}': tiles are walkable, obstacles or none, not ${kind}`
  return null
}

/**
 * `NAME=KIND` texts (the command line's `--layer`, given once per layer) as a mapping; the
 * last `=` splits, so a layer name may hold one. Throws one line naming the first text that
 * is not a mapping.
 */
export function parseLayerMapping(texts: readonly string[]): LayerMapping {
  if (texts.length > MAX_MAPPING_ENTRIES)
    throw new Error(`--layer: at most ${MAX_MAPPING_ENTRIES} layers may be mapped`)
  const out: Record<string, LayerKind> = {}
  for (const text of texts) {
    const at = text.lastIndexOf('=')
    const name = at < 0 ? '' : text.slice(0, at)
    const kind = at < 0 ? undefined : kindNamed(text.slice(at + 1))
    if (at < 0 || kind === undefined)
      throw new Error(
        `--layer ${JSON.stringify(text)}: expected NAME=KIND, KIND one of ${LAYER_KINDS.join(', ')}`,
      )
    const problem = mappingProblem(name, kind)
    if (problem) throw new Error(`--layer ${JSON.stringify(text)}: ${problem}`)
    out[name] = kind
  }
  return out
}

/**
 * The mapping a map remembers (its property `walkbox.layers`), and notes on what in it is
 * not a mapping (left out).
 */
export function rememberedMapping(value: unknown, notes: string[]): LayerMapping {
  if (value === undefined) return {}
  let parsed: unknown
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : value
  } catch {
    notes.push(`map property ${LAYERS_PROPERTY} is not JSON; ignored`)
    return {}
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    notes.push(`map property ${LAYERS_PROPERTY} is not an object of layer names and kinds; ignored`)
    return {}
  }
  const out: Record<string, LayerKind> = {}
  for (const [name, given] of Object.entries(parsed).slice(0, MAX_MAPPING_ENTRIES)) {
    const kind = kindNamed(given)
    const problem = kind === undefined ? `'${String(given)}' is not a kind` : mappingProblem(name, kind)
    if (problem) notes.push(`map property ${LAYERS_PROPERTY}: '${name}': ${problem}; ignored`)
    else out[name] = kind!
  }
  return out
}

/** The text of the map property `walkbox.layers` for a mapping (keys in the mapping's order). */
export function mappingText(mapping: LayerMapping): string {
  return JSON.stringify(mapping)
}

/** What the rules look at in a layer. */
export interface LayerFacts {
  name: string
  /** Tiled 1.9+ layer class ('' when none). */
  className?: string
  /** The layer's own property `walkbox`, when it has one. */
  walkboxProperty?: unknown
}

/** A layer's kind and the rule that gave it, or null when no rule names it. */
export function kindOfLayer(
  layer: LayerFacts,
  given: LayerMapping,
  remembered: LayerMapping,
  inherited: { kind: LayerKind; rule: KindRule } | null,
): { kind: LayerKind; rule: KindRule } | null {
  const name = layer.name
  if (Object.prototype.hasOwnProperty.call(given, name)) return { kind: given[name], rule: 'mapping' }
  if (Object.prototype.hasOwnProperty.call(remembered, name))
    return { kind: remembered[name], rule: 'map property' }
  const own = kindNamed(layer.walkboxProperty)
  if (own) return { kind: own, rule: 'layer property' }
  const byClass = kindNamed(layer.className)
  if (byClass) return { kind: byClass, rule: 'class' }
  const byName = WALKBOX_LAYER_NAMES[name.trim().toLowerCase()]
  if (byName) return { kind: byName, rule: 'name' }
  return inherited ? { kind: inherited.kind, rule: 'group' } : null
}

/** The mapping's tile sources (layer names left out). */
export function tileSources(
  given: LayerMapping,
  remembered: LayerMapping,
): { shapes?: LayerKind; properties: { name: string; kind: LayerKind }[] } {
  const merged = { ...remembered, ...given }
  const properties: { name: string; kind: LayerKind }[] = []
  for (const [key, kind] of Object.entries(merged))
    if (key.startsWith(PROPERTY_SOURCE) && kind !== 'none')
      properties.push({ name: key.slice(PROPERTY_SOURCE.length), kind })
  const shapes = merged[SHAPES_SOURCE]
  return { ...(shapes && shapes !== 'none' ? { shapes } : {}), properties }
}

/** The object kind a layer of this kind gives its untyped objects. */
export const OBJECT_KIND_OF: Readonly<Record<LayerKind, string>> = {
  walkable: 'walkable',
  obstacles: 'obstacle',
  gates: 'gate',
  zones: 'zone',
  points: 'point',
  hotspots: 'hotspot',
  nodes: 'node',
  none: '',
}
