/**
 * An indexed mask shown as a tinted overlay: each id its colour, 0 transparent. The GPU
 * holds the ids themselves (one byte a pixel, an 'r8unorm' texture per tile) and a 256-entry
 * palette; a small shader looks each pixel's colour up. So:
 * - a brush dab uploads only the rows of its rectangle, straight from the mask's bytes (no
 *   colour conversion, no canvas): the work per dab does not grow with the room;
 * - opening a room uploads its mask once, a quarter of what RGBA tiles would be;
 * - recolouring (an area's colour, a flag that dims a closed area) changes the palette only.
 * The walk mask and the walk-behind layer each have one.
 *
 * Glossary
 * - tile: a square of at most MASK_TILE_PX px (textures have a size limit). A tile that spans
 *   the mask's whole width reads the mask's own bytes (a view, no copy); other tiles keep a
 *   copy of their part, refreshed where a rectangle is redrawn.
 * - palette: 256 RGBA entries; entry 0 is never drawn.
 * - kept tiles: when another mask goes on screen (a room switch), the tiles of the one that
 *   leaves stay on the GPU, with a fingerprint of its bytes, for the last KEPT_MASKS masks;
 *   the same mask coming back with the same fingerprint shows them again with no upload (a
 *   mask changed meanwhile is uploaded afresh).
 *
 * Units: room px (= mask px).
 */
import {
  BufferImageSource,
  Container,
  GlProgram,
  Mesh,
  MeshGeometry,
  Shader,
  type TextureSource,
} from 'pixi.js'
import type { Rect } from '../../../shared/geometry/types'

/** Side of an overlay tile, room px (WebGL 2 guarantees textures of 2048 px at least). */
export const MASK_TILE_PX = 2048

/** Masks whose tiles stay on the GPU after they leave the screen (see "kept tiles"). */
export const KEPT_MASKS = 4

/**
 * A fingerprint of a mask's bytes (FNV-1a over 32-bit words, then the tail bytes): equal
 * fingerprints of one mask array mean, for all practical purposes, unchanged bytes.
 */
export function maskFingerprint(mask: Uint8Array): number {
  let h = 0x811c9dc5 ^ mask.length
  const words = mask.byteOffset % 4 === 0 ? mask.length >> 2 : 0
  if (words > 0) {
    const w32 = new Uint32Array(mask.buffer, mask.byteOffset, words)
    for (let i = 0; i < words; i++) h = Math.imul(h ^ w32[i], 0x01000193)
  }
  for (let i = words * 4; i < mask.length; i++) h = Math.imul(h ^ mask[i], 0x01000193)
  return h >>> 0
}

/** The tiles of a mask that left the screen, and what they showed. */
interface KeptTiles {
  tiles: MaskTile[]
  columns: number
  width: number
  height: number
  fingerprint: number
}

const VERTEX = `#version 300 es
in vec2 aPosition;
in vec2 aUV;
out vec2 vUV;
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
void main() {
  mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  gl_Position = vec4((mvp * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  vUV = aUV;
}
`

// Premultiplied output (Pixi blends premultiplied): the palette colour times the layer's alpha.
const FRAGMENT = `#version 300 es
precision mediump float;
in vec2 vUV;
out vec4 finalColor;
uniform sampler2D uIds;
uniform sampler2D uPalette;
uniform vec4 uColor;
void main() {
  float id = floor(texture(uIds, vUV).r * 255.0 + 0.5);
  if (id < 0.5) discard;
  vec4 c = texture(uPalette, vec2((id + 0.5) / 256.0, 0.5));
  float a = uColor.a * c.a;
  finalColor = vec4(c.rgb * a, a);
}
`

interface MaskTile {
  x: number
  y: number
  width: number
  height: number
  /** The tile's ids: a view of the mask (full-width tiles) or a copy. */
  ids: Uint8Array
  copied: boolean
  source: BufferImageSource
  mesh: Mesh<MeshGeometry, Shader>
}

let program: GlProgram | null = null

export class IndexedOverlay {
  readonly container: Container
  private tiles: MaskTile[] = []
  private columns = 0
  private mask: Uint8Array | null = null
  private maskWidth = 0
  private maskHeight = 0
  /** See "kept tiles"; the oldest first. */
  private readonly kept = new Map<Uint8Array, KeptTiles>()
  private readonly paletteBytes = new Uint8Array(256 * 4)
  private readonly palette: BufferImageSource

  constructor(label: string) {
    this.container = new Container({ label })
    this.palette = new BufferImageSource({
      resource: this.paletteBytes,
      width: 256,
      height: 1,
      format: 'rgba8unorm',
      alphaMode: 'no-premultiply-alpha',
      scaleMode: 'nearest',
      autoGenerateMipmaps: false,
    })
  }

  /**
   * Show `mask` with `palette` (256 * 3 bytes: r, g, b per id). The same mask array again
   * (a recolour: a flag changed, an area's colour) only changes the palette.
   */
  setMask(mask: Uint8Array | null, width: number, height: number, palette: Uint8Array): void {
    this.setPalette(palette)
    if (mask && mask === this.mask && width === this.maskWidth && this.tiles.length > 0) {
      this.updateRect(mask, width, { x: 0, y: 0, width, height })
      return
    }
    this.keepTiles()
    if (!mask) return
    if (this.restoreTiles(mask, width, height)) return
    this.mask = mask
    this.maskWidth = width
    this.maskHeight = height
    program ??= GlProgram.from({ vertex: VERTEX, fragment: FRAGMENT, name: 'indexed-overlay' })
    this.columns = Math.ceil(width / MASK_TILE_PX)
    for (let y = 0; y < height; y += MASK_TILE_PX) {
      for (let x = 0; x < width; x += MASK_TILE_PX) {
        const w = Math.min(MASK_TILE_PX, width - x)
        const h = Math.min(MASK_TILE_PX, height - y)
        const copied = w !== width
        const ids = copied ? new Uint8Array(w * h) : mask.subarray(y * width, (y + h) * width)
        if (copied) copyRect(mask, width, ids, w, x, y, { x: 0, y: 0, width: w, height: h })
        const source = new BufferImageSource({
          resource: ids,
          width: w,
          height: h,
          format: 'r8unorm',
          alphaMode: 'no-premultiply-alpha',
          scaleMode: 'nearest',
          autoGenerateMipmaps: false,
        })
        const geometry = new MeshGeometry({
          positions: new Float32Array([0, 0, w, 0, w, h, 0, h]),
          uvs: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]),
          indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
        })
        const shader = new Shader({
          glProgram: program,
          resources: { uIds: source as TextureSource, uPalette: this.palette as TextureSource },
        })
        const mesh = new Mesh({ geometry, shader })
        mesh.position.set(x, y)
        this.container.addChild(mesh)
        this.tiles.push({ x, y, width: w, height: h, ids, copied, source, mesh })
      }
    }
  }

  /** Recolour: `palette` is 256 * 3 bytes (r, g, b per id). */
  setPalette(palette: Uint8Array): void {
    const bytes = this.paletteBytes
    let changed = false
    for (let id = 0; id < 256; id++) {
      const a = id === 0 ? 0 : 255
      const at = id * 4
      const r = palette[id * 3] ?? 0
      const g = palette[id * 3 + 1] ?? 0
      const b = palette[id * 3 + 2] ?? 0
      if (bytes[at] !== r || bytes[at + 1] !== g || bytes[at + 2] !== b || bytes[at + 3] !== a) {
        bytes[at] = r
        bytes[at + 1] = g
        bytes[at + 2] = b
        bytes[at + 3] = a
        changed = true
      }
    }
    if (changed) this.palette.update()
  }

  /** Upload only `rect` (mask px): the rows of it in each tile it touches. */
  updateRect(mask: Uint8Array, maskWidth: number, rect: Rect): void {
    if (this.tiles.length === 0 || rect.width <= 0 || rect.height <= 0) return
    const c0 = Math.max(0, Math.floor(rect.x / MASK_TILE_PX))
    const c1 = Math.min(this.columns - 1, Math.floor((rect.x + rect.width - 1) / MASK_TILE_PX))
    const r0 = Math.max(0, Math.floor(rect.y / MASK_TILE_PX))
    const r1 = Math.floor((rect.y + rect.height - 1) / MASK_TILE_PX)
    for (let tr = r0; tr <= r1; tr++) {
      for (let tc = c0; tc <= c1; tc++) {
        const tile = this.tiles[tr * this.columns + tc]
        if (!tile) continue
        // The part of rect inside this tile, in tile px.
        const x0 = Math.max(rect.x, tile.x) - tile.x
        const y0 = Math.max(rect.y, tile.y) - tile.y
        const x1 = Math.min(rect.x + rect.width, tile.x + tile.width) - tile.x
        const y1 = Math.min(rect.y + rect.height, tile.y + tile.height) - tile.y
        if (x1 <= x0 || y1 <= y0) continue
        const part = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
        if (tile.copied) copyRect(mask, maskWidth, tile.ids, tile.width, tile.x, tile.y, part)
        const [start, end] = dirtyTexels(tile.width, part)
        tile.source.update(start, end)
      }
    }
  }

  get hasTiles(): boolean {
    return this.tiles.length > 0
  }

  setStyle(visible: boolean, opacity: number): void {
    this.container.visible = visible
    this.container.alpha = opacity
  }

  /** The tiles on screen leave it but stay on the GPU (see "kept tiles"). */
  private keepTiles(): void {
    const mask = this.mask
    if (mask && this.tiles.length > 0) {
      this.dropKept(mask)
      this.kept.set(mask, {
        tiles: this.tiles,
        columns: this.columns,
        width: this.maskWidth,
        height: this.maskHeight,
        fingerprint: maskFingerprint(mask),
      })
      for (const old of this.kept.keys()) {
        if (this.kept.size <= KEPT_MASKS) break
        this.dropKept(old)
      }
      this.container.removeChildren()
      this.tiles = []
      this.mask = null
    } else this.destroyTiles()
  }

  /** Show the kept tiles of `mask` again when its bytes and size are what they showed. */
  private restoreTiles(mask: Uint8Array, width: number, height: number): boolean {
    const kept = this.kept.get(mask)
    if (!kept) return false
    this.kept.delete(mask)
    if (kept.width !== width || kept.height !== height || kept.fingerprint !== maskFingerprint(mask)) {
      destroyTileList(kept.tiles)
      return false
    }
    this.tiles = kept.tiles
    this.columns = kept.columns
    this.mask = mask
    this.maskWidth = width
    this.maskHeight = height
    for (const tile of this.tiles) this.container.addChild(tile.mesh)
    return true
  }

  private dropKept(mask: Uint8Array): void {
    const kept = this.kept.get(mask)
    if (!kept) return
    this.kept.delete(mask)
    destroyTileList(kept.tiles)
  }

  /** Free every tile, those on screen and those kept. */
  destroyTiles(): void {
    destroyTileList(this.tiles)
    for (const mask of [...this.kept.keys()]) this.dropKept(mask)
    this.tiles = []
    this.mask = null
    this.container.removeChildren()
  }

  /** How many masks have their tiles kept off screen (for tests). */
  get keptMasks(): number {
    return this.kept.size
  }
}

function destroyTileList(tiles: readonly MaskTile[]): void {
  for (const tile of tiles) {
    const { geometry, shader } = tile.mesh
    tile.mesh.destroy()
    geometry.destroy()
    shader?.destroy()
    tile.source.destroy()
  }
}

/**
 * The texels a tile uploads for `part` (tile px): from its first to one past its last, in
 * row-major order (the rows in between go whole: one upload per dab, never the whole tile).
 */
export function dirtyTexels(tileWidth: number, part: Rect): [number, number] {
  return [part.y * tileWidth + part.x, (part.y + part.height - 1) * tileWidth + part.x + part.width]
}

/** Copy `part` (tile px) of the mask into a tile's copy of its ids (the tile at tx, ty). */
function copyRect(
  mask: Uint8Array,
  maskWidth: number,
  ids: Uint8Array,
  tileWidth: number,
  tx: number,
  ty: number,
  part: Rect,
): void {
  for (let y = part.y; y < part.y + part.height; y++) {
    const from = (ty + y) * maskWidth + tx + part.x
    ids.set(mask.subarray(from, from + part.width), y * tileWidth + part.x)
  }
}
