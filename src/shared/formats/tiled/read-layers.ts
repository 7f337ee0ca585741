/**
 * The layer tree of a Tiled map (JSON structure), flattened depth first: each layer with its
 * placement and the kind its rules give it (layer-kinds.ts), one function per layer type (group,
 * object layer, tile layer, image layer). An object layer's objects are classified here: an
 * object's own type names its kind when it is one of KINDS, else its layer's kind does; text and
 * other shapes, malformed objects and objects no rule names are counted for the notes.
 *
 * Glossary
 * - placement: the sum of the offsets of a layer and its groups, px; parallax factors
 *   multiply down the tree (objects are read where they are at the parallax origin).
 * - kind: what an object becomes: its type when that is one of KINDS, else its layer's.
 *
 * Units: px (map px).
 */
import { MAX_LISTED_PROBLEMS } from './external-files'
import type { TiledLayer, TiledObject } from './map-types'
import { kindOfLayer, OBJECT_KIND_OF, type KindRule, type LayerKind, type LayerMapping } from './layer-kinds'
import { KINDS, propsOf, type Placed } from './read-elements'

/** A layer of the map as the import read it (for notes and the import dialog's mapping). */
export interface LayerUse {
  name: string
  /** The names of the groups it is in and its own, joined by ' / '. */
  path: string
  type: 'objectgroup' | 'tilelayer' | 'imagelayer' | 'group'
  kind: LayerKind | null
  rule: KindRule | null
  /** Objects (object layers) or tiles (tile layers) it holds. */
  count: number
}

export interface TileLayerAt {
  layer: Extract<TiledLayer, { type: 'tilelayer' }>
  dx: number
  dy: number
  kind: LayerKind | null
}

/** The map's layers, flattened, and what they hold. */
export interface LayerTree {
  /** The objects of a kind, each with its layer's placement. */
  placed: Placed[]
  tileLayers: TileLayerAt[]
  images: Extract<TiledLayer, { type: 'imagelayer' }>[]
  /** Names of the layers that scroll at another speed. */
  parallax: Set<string>
  /** Every layer, depth first, with the kind it was read as. */
  layers: LayerUse[]
  /** Layers with objects no rule gives a kind, with how many. */
  leftAlone: string[]
  /** Object ids by the shape Walkbox does not read (text, point of another kind...). */
  skipped: Map<string, number[]>
  malformed: string[]
}

/** Where a layer lies in the tree: the placement and parallax of the groups above it. */
interface LayerAt {
  dx: number
  dy: number
  px: number
  py: number
  depth: number
  inherited: { kind: LayerKind; rule: KindRule } | null
  path: string
}

/** The rules that give layers their kind: the author's mapping, then the map's remembered one. */
export interface LayerRules {
  mapping: LayerMapping
  remembered: LayerMapping
}

/** The map's layer tree flattened; malformed and unread objects are named in `notes`. */
export function flattenLayers(list: readonly TiledLayer[], rules: LayerRules, notes: string[]): LayerTree {
  const tree: LayerTree = {
    placed: [],
    tileLayers: [],
    images: [],
    parallax: new Set(),
    layers: [],
    leftAlone: [],
    skipped: new Map(),
    malformed: [],
  }
  visitLayers(tree, list, { dx: 0, dy: 0, px: 1, py: 1, depth: 0, inherited: null, path: '' }, rules, notes)
  for (const m of tree.malformed.slice(0, MAX_LISTED_PROBLEMS)) notes.push(`${m}; skipped`)
  if (tree.malformed.length > MAX_LISTED_PROBLEMS)
    notes.push(`and ${tree.malformed.length - MAX_LISTED_PROBLEMS} more malformed objects skipped`)
  for (const [shape, ids] of tree.skipped)
    notes.push(
      `${ids.length} ${shape} object${ids.length === 1 ? '' : 's'} not read (object${ids.length === 1 ? '' : 's'} ${ids.slice(0, MAX_LISTED_PROBLEMS).join(', ')}${ids.length > MAX_LISTED_PROBLEMS ? ', …' : ''})`,
    )
  return tree
}

/** Each layer of `list`, by its type. */
function visitLayers(
  tree: LayerTree,
  list: readonly TiledLayer[],
  at: LayerAt,
  rules: LayerRules,
  notes: string[],
): void {
  for (const l of list) {
    if (!l || typeof l !== 'object') continue
    const layerName = typeof l.name === 'string' ? l.name : String(l.name ?? '')
    const ox = at.dx + (Number((l as { offsetx?: number }).offsetx) || 0)
    const oy = at.dy + (Number((l as { offsety?: number }).offsety) || 0)
    const fx = at.px * (Number((l as { parallaxx?: number }).parallaxx ?? 1) || 0)
    const fy = at.py * (Number((l as { parallaxy?: number }).parallaxy ?? 1) || 0)
    if ((fx !== 1 || fy !== 1) && l.type !== 'group' && l.type !== 'imagelayer') tree.parallax.add(layerName)
    const k = kindOfLayer(
      {
        name: layerName,
        className: typeof l.class === 'string' ? l.class : undefined,
        walkboxProperty: propsOf(l.properties).get('walkbox'),
      },
      rules.mapping,
      rules.remembered,
      at.inherited,
    )
    const where = at.path ? `${at.path} / ${layerName}` : layerName
    const use: LayerUse = {
      name: layerName,
      path: where,
      type: l.type === 'group' || l.type === 'objectgroup' || l.type === 'tilelayer' ? l.type : 'imagelayer',
      kind: k?.kind ?? null,
      rule: k?.rule ?? null,
      count: 0,
    }
    if (l.type === 'group') {
      tree.layers.push(use)
      if (at.depth < 32 && Array.isArray(l.layers))
        visitLayers(
          tree,
          l.layers,
          { dx: ox, dy: oy, px: fx, py: fy, depth: at.depth + 1, inherited: k, path: where },
          rules,
          notes,
        )
    } else if (l.type === 'objectgroup') {
      visitObjectLayer(tree, l, use, k, ox, oy)
    } else if (l.type === 'tilelayer') {
      tree.layers.push(use)
      tree.tileLayers.push({ layer: l, dx: ox, dy: oy, kind: k?.kind ?? null })
    } else if (l.type === 'imagelayer') {
      tree.layers.push(use)
      tree.images.push(l)
    } else {
      notes.push(`layer '${layerName}' (${(l as { type?: string }).type}): not read`)
    }
  }
}

/** An object layer: each of its objects classified by its own type, else by the layer's kind. */
function visitObjectLayer(
  tree: LayerTree,
  l: Extract<TiledLayer, { type: 'objectgroup' }>,
  use: LayerUse,
  k: { kind: LayerKind; rule: KindRule } | null,
  dx: number,
  dy: number,
): void {
  const objects = Array.isArray(l.objects) ? l.objects : []
  use.count = objects.length
  tree.layers.push(use)
  if (k?.kind === 'none') return
  let unread = 0
  for (const o of objects) {
    if (!o || typeof o !== 'object') continue
    const shape = (o as { otherShape?: string }).otherShape ?? ((o as { text?: unknown }).text ? 'text' : '')
    if (shape) {
      const ids = tree.skipped.get(shape) ?? []
      ids.push(o.id)
      tree.skipped.set(shape, ids)
      continue
    }
    const checked = checkObject(o)
    if (typeof checked === 'string') {
      tree.malformed.push(`object ${String(o.id)}: ${checked}`)
      continue
    }
    const typed = (KINDS as readonly string[]).includes(checked.type) ? checked.type : ''
    let kind = typed
    if (!kind && k) kind = k.kind === 'nodes' && checked.polyline ? 'join' : OBJECT_KIND_OF[k.kind]
    if (!kind) {
      unread++
      continue
    }
    tree.placed.push({ o: checked, kind, layer: use.name, dx, dy })
  }
  if (unread > 0)
    tree.leftAlone.push(`${JSON.stringify(use.name)} (${unread} object${unread === 1 ? '' : 's'})`)
}

const finiteOr0 = (v: unknown): number | null =>
  v === undefined || v === null ? 0 : typeof v === 'number' && Number.isFinite(v) ? v : null

/** An object with every field it uses of the right type, or what is wrong with it. */
function checkObject(o: TiledObject): TiledObject | string {
  const out = { ...o }
  for (const k of ['x', 'y', 'width', 'height', 'rotation'] as const) {
    const v = finiteOr0(o[k])
    if (v === null) return `${k} is not a number`
    out[k] = v
  }
  for (const k of ['polygon', 'polyline'] as const) {
    const list = o[k]
    if (list === undefined) continue
    if (!Array.isArray(list) || !list.every((p) => Number.isFinite(p?.x) && Number.isFinite(p?.y)))
      return `${k} is not a list of points`
  }
  out.name = typeof o.name === 'string' ? o.name : ''
  const type = typeof o.type === 'string' && o.type ? o.type : (o as { class?: unknown }).class
  out.type = typeof type === 'string' ? type : ''
  if (o.properties !== undefined && !Array.isArray(o.properties)) out.properties = []
  return out
}
