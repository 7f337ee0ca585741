/**
 * The shapes of a Tiled map as Walkbox reads and writes it (JSON and TMX alike): map, layers,
 * objects, tilesets, properties. Its own file so that the reader (read-map.ts), the writer
 * (map.ts), the TMX codec and the external files all import it without a circle.
 *
 * Units: px (Tiled's pixel coordinates are room px); tiles where a field says so.
 */
import type { ObjectAlignment } from './object-shapes'
import type { RawTileData } from './tile-data'

export type TiledPropertyType = 'string' | 'int' | 'float' | 'bool' | 'object' | 'file' | 'color'

export interface TiledProperty {
  name: string
  type: TiledPropertyType
  value: string | number | boolean
  /** A custom type's name (Tiled 1.8+ enums and classes), kept when an object is rewritten. */
  propertytype?: string
}

export interface TiledObject {
  id: number
  name: string
  type: string
  x: number
  y: number
  width: number
  height: number
  rotation: number
  visible: boolean
  point?: boolean
  ellipse?: boolean
  polygon?: { x: number; y: number }[]
  polyline?: { x: number; y: number }[]
  properties?: TiledProperty[]
  /** A tile object's global tile id (flip flags in the top bits). */
  gid?: number
  /** A template instance: the .tx/.tj file, relative to the map (resolved by external-files.ts). */
  template?: string
  /** Set by external-files.ts on tile objects: their tileset's alignment. */
  tileAlignment?: ObjectAlignment
}

/** Layer placement Tiled adds up through groups (px; parallax factors, 1 = none). */
export interface TiledLayerPlacement {
  offsetx?: number
  offsety?: number
  parallaxx?: number
  parallaxy?: number
}

/** One chunk of an infinite map's tile layer (x, y, width, height in tiles). */
export interface TiledChunk extends RawTileData {
  x: number
  y: number
  width: number
  height: number
  /** Set by external-files.ts: the decoded gids. */
  gids?: Uint32Array
}

/** One tile of a tileset that says something of it: its properties, its image size, its collision shapes. */
export interface TiledTile {
  id: number
  type?: string
  properties?: TiledProperty[]
  /** The tile's own image size (image collection tilesets), px. */
  imagewidth?: number
  imageheight?: number
  /** Collision shapes (Tiled's tile collision editor), in the tile's px from its top-left. */
  objectgroup?: { objects?: TiledObject[] }
}

/** A tileset as the map (inline) or its .tsx/.tsj file gives it; `tiles` hold per-tile properties and shapes. */
export interface TiledTileset {
  firstgid: number
  source?: string
  name?: string
  tilewidth?: number
  tileheight?: number
  tilecount?: number
  objectalignment?: ObjectAlignment
  /** Where tiles are drawn from their cell's bottom-left corner, px. */
  tileoffset?: { x: number; y: number }
  properties?: TiledProperty[]
  tiles?: TiledTile[]
}

/** What every layer may carry: Tiled 1.9's class and custom properties. */
export interface TiledLayerCommon {
  class?: string
  properties?: TiledProperty[]
}

export type TiledLayer =
  | ({
      id: number
      name: string
      type: 'objectgroup'
      draworder: 'topdown' | 'index'
      objects: TiledObject[]
      opacity: number
      visible: boolean
      x: number
      y: number
    } & TiledLayerPlacement &
      TiledLayerCommon)
  | ({
      id: number
      name: string
      type: 'group'
      layers: TiledLayer[]
      opacity: number
      visible: boolean
    } & TiledLayerPlacement &
      TiledLayerCommon)
  | ({
      id: number
      name: string
      type: 'tilelayer'
      width: number
      height: number
      startx?: number
      starty?: number
      data?: RawTileData['data']
      encoding?: string
      compression?: string
      chunks?: TiledChunk[]
      /** Set by external-files.ts: the decoded gids of a finite layer. */
      gids?: Uint32Array
      opacity: number
      visible: boolean
    } & TiledLayerPlacement &
      TiledLayerCommon)
  | ({
      id: number
      name: string
      type: 'imagelayer'
      image: string
      opacity: number
      visible: boolean
      x: number
      y: number
      offsetx?: number
      offsety?: number
    } & TiledLayerCommon)

export interface TiledMap {
  type: 'map'
  version: string
  tiledversion: string
  orientation: 'orthogonal'
  renderorder: 'right-down'
  infinite: boolean
  compressionlevel: number
  width: number
  height: number
  tilewidth: number
  tileheight: number
  nextlayerid: number
  nextobjectid: number
  layers: TiledLayer[]
  tilesets: TiledTileset[]
  properties?: TiledProperty[]
}
