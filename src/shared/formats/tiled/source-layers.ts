/**
 * The layers and children of a map's text as the in-place writers see them (JSON and TMX
 * alike): where each child starts and ends, and the format's own handle. Its own file so that
 * the in-place plan and the obstacle plan both import it without a circle.
 *
 * Units: characters of the map's text (start, end); px (offsets).
 */
import type { TiledObject } from './map-types'
import type { ObjectAlignment } from './object-shapes'

/** A child of an object layer in the map's text (TMX: also <properties>). */
export interface SourceChild {
  start: number
  end: number
  /** Set for objects: the object as far as the map says it (Tiled's defaults not filled). */
  object?: Partial<TiledObject> & { text?: unknown; otherShape?: string }
  /** The format's own handle of the child (a JSON node), for writers that patch it in place. */
  node?: unknown
}

/** A layer of the map's text. */
export interface SourceLayer<Ref> {
  type: 'objectgroup' | 'group' | 'tilelayer' | 'other'
  name: string
  /** Tiled 1.9+ class, '' when none. */
  className: string
  /** The layer's own property `walkbox`, when it has one. */
  walkboxProperty?: unknown
  offsetx: number
  offsety: number
  children: SourceChild[]
  layers: SourceLayer<Ref>[]
  /** The format's own handle (an XML element, a JSON node). */
  ref: Ref
}

/** What a tile object takes from its tileset: its alignment and size, by global tile id (px). */
export type TileObjectFacts = (gid: number) => { alignment: ObjectAlignment; width: number; height: number }
