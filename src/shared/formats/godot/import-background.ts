/**
 * The background of a Godot room scene: which sprite shows it (Popochiu: the Background prop's;
 * otherwise a sprite named like a background, else the first one under the root), where the
 * room's origin lies in the scene (room px are the background's px), and the other visible
 * sprites drawn over it in Godot's draw order (compose-background.ts).
 *
 * Glossary
 * - scene px: coordinates in the room scene's root; room px = scene px + offset.
 * - cropped: the background shows part of its picture (a frame of a sheet, a region).
 *
 * Units: px.
 */
import type { Point } from '../../geometry/types'
import { apply, scriptOf, type SceneNode, type Transform } from './scene-tree'
import { drawOrder, drawSprite, spriteRect, type Rgba } from './compose-background'
import { encodeRgbaPng } from '../../codecs/rgba-png'
import { resourceId, vector2, type TscnValue } from './tscn'
import type { EscoriaClass } from './escoria'
import type { backgroundSprite } from './popochiu'
import { MAX_DRAWN_SPRITES } from '../../limits'
import type { GodotImportSource, ImportedImage, SceneRead, Size } from './import-types'

export function fileName(resPath: string): string {
  return resPath.slice(resPath.lastIndexOf('/') + 1)
}

export function extension(resPath: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(resPath)
  return m ? m[1].toLowerCase() : ''
}

/** The res:// path a texture property names, or null. */
export function texturePath(node: SceneNode, key: string): string | null {
  const p = node.props.get(key)
  if (!p) return null
  const id = resourceId(p.value, 'ExtResource')
  if (id === null) return null
  return p.file.ext.get(id)?.path ?? null
}

export function num(v: TscnValue | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback
}

/**
 * The sprite that shows the room's background. Popochiu: the Background prop's Sprite2D (its
 * texture is the prop's `texture`); no Background (or Bg) prop, no background. Otherwise a sprite named
 * like a background, else the first one under the root, else the first one; never a character's.
 */
function chooseBackground(
  nodes: SceneNode[],
  parents: Map<SceneNode, SceneNode>,
  popochiuSprite: SceneNode | null | undefined,
  escoria: Map<SceneNode, EscoriaClass>,
): SceneNode | null {
  if (popochiuSprite !== undefined)
    return popochiuSprite && texturePath(popochiuSprite, 'texture') ? popochiuSprite : null
  // An Escoria item's (or exit's, or character's) own sprite is the item, not the room.
  const inItem = (n: SceneNode) => {
    for (let p = parents.get(n); p; p = parents.get(p)) {
      const c = escoria.get(p)
      if (c === 'ESCItem' || c === 'ESCExit' || c === 'ESCPlayer') return true
    }
    return false
  }
  const sprites = nodes.filter(
    (n) => n.type === 'Sprite2D' && texturePath(n, 'texture') && !isCharacter(n, parents) && !inItem(n),
  )
  const named = (n: SceneNode) => /background|^bg$|^bg[_\s-]/i.test(n.path.split('/').slice(-2).join('/'))
  return sprites.find(named) ?? sprites.find((n) => !n.path.includes('/')) ?? sprites[0] ?? null
}

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'webp'])

/** A node that moves about the room (Popochiu's Characters, an Escoria player or character). */
export function isCharacter(node: SceneNode, parents: Map<SceneNode, SceneNode>): boolean {
  for (let n: SceneNode | undefined = node; n; n = parents.get(n)) {
    if (n.path === 'Characters') return true
    const script = scriptOf(n)
    if (script && /(esc_player|character)[^/]*\.gd$/i.test(script)) return true
  }
  return false
}

/**
 * The background with every other visible sprite of the room drawn over it in Godot's draw
 * order (compose-background.ts), as one PNG; null when there is nothing to draw over it or
 * no image decoder. What cannot be drawn is named in `notes`.
 */
async function flattenSprites(
  source: GodotImportSource,
  root: SceneNode,
  nodes: SceneNode[],
  bgNode: SceneNode,
  size: { width: number; height: number },
  offset: Point,
  notes: string[],
  used: Set<SceneNode>,
  cropped: boolean,
): Promise<ImportedImage | null> {
  const parents = new Map<SceneNode, SceneNode>()
  for (const n of nodes) for (const c of n.children) parents.set(c, n)
  const order = drawOrder(root)
  const bgKey = order.get(bgNode)!
  const behind = (k: { z: number; order: number }) =>
    k.z < bgKey.z || (k.z === bgKey.z && k.order < bgKey.order)
  const sprites = nodes.filter((n) => n !== bgNode && n.type === 'Sprite2D' && texturePath(n, 'texture'))
  const drawn: SceneNode[] = []
  const left: string[] = []
  for (const n of sprites) {
    const k = order.get(n)!
    if (!k.visible) left.push(`${n.path} (hidden)`)
    else if (isCharacter(n, parents)) left.push(`${n.path} (a character)`)
    else if (behind(k)) left.push(`${n.path} (behind the background)`)
    else drawn.push(n)
  }
  for (const n of nodes)
    if (n.type === 'AnimatedSprite2D' && !isCharacter(n, parents))
      left.push(`${n.path} (an AnimatedSprite2D)`)
  if (drawn.length === 0 && !cropped) {
    if (left.length > 0) notes.push(`sprites not drawn into the background: ${left.join(', ')}`)
    return null
  }
  if (!source.decodeImage) {
    if (drawn.length > 0)
      notes.push(
        `${drawn.length} sprite(s) over the background not drawn into it (no image decoder here): ${drawn.map((n) => n.path).join(', ')}`,
      )
    return null
  }
  drawn.sort((a, b) => order.get(a)!.z - order.get(b)!.z || order.get(a)!.order - order.get(b)!.order)
  if (drawn.length > MAX_DRAWN_SPRITES) {
    left.push(...drawn.slice(MAX_DRAWN_SPRITES).map((n) => `${n.path} (over ${MAX_DRAWN_SPRITES} sprites)`))
    drawn.length = MAX_DRAWN_SPRITES
  }
  const canvas = {
    width: size.width,
    height: size.height,
    data: new Uint8Array(size.width * size.height * 4),
  }
  const shift = (t: Transform): Transform => [t[0], t[1], t[2], t[3], t[4] + offset.x, t[5] + offset.y]
  const put: string[] = []
  for (const n of [bgNode, ...drawn]) {
    const path = texturePath(n, 'texture')!
    const bytes = IMAGE_TYPES.has(extension(path)) ? await source.readBytes(path) : null
    let image: Rgba | null = null
    if (bytes) {
      try {
        image = await source.decodeImage(bytes, path)
      } catch (e) {
        const why = `${n.path} (${(e as Error).message.split('\n')[0]})`
        if (n === bgNode) {
          notes.push(
            `sprites not drawn into the background: the background itself could not be decoded: ${why}`,
          )
          return null
        }
        left.push(why)
        continue
      }
    }
    if (!image) {
      if (n === bgNode) return null
      left.push(`${n.path} (texture ${path} missing or not a PNG, JPEG or WebP)`)
      continue
    }
    if (n !== bgNode && (n.props.has('modulate') || n.props.has('self_modulate')))
      notes.push(`${n.path}: modulate not applied to the sprite drawn into the background`)
    const touched = drawSprite(canvas, { node: n, image, toRoom: shift(n.global) })
    if (n !== bgNode) put.push(`${n.path}${touched === 0 ? ' (outside the room)' : ''}`)
    used.add(n)
  }
  if (put.length > 0)
    notes.push(
      `background: drawn with ${put.length} sprite(s) over it in Godot's draw order: ${put.join(', ')}`,
    )
  if (left.length > 0) notes.push(`sprites not drawn into the background: ${left.join(', ')}`)
  if (put.length === 0 && !cropped) return null
  return { name: 'background.png', bytes: encodeRgbaPng(canvas.width, canvas.height, canvas.data) }
}

/**
 * Imports the scene at `scenePath` (a res:// path). `roomId` is the id the room gets.

/** What the background gives the room. */
export interface BackgroundRead {
  node: SceneNode | null
  /** Popochiu's Background prop (null: none; undefined: not a Popochiu room). */
  prop?: SceneNode | null
  image?: ImportedImage
  /** Why the room has no background (RoomImport.noBackground). */
  missing?: string
  /** The background's size, px (the frame it shows), when known. */
  size: Size | null
  /** Scene px -> room px. */
  offset: Point
}

/** Popochiu's Background prop and its sprite (popochiu.ts); undefined when the room is not Popochiu's. */
export type PopochiuBackground = ReturnType<typeof backgroundSprite>

/**
 * The room's background: its sprite, its picture (with the sprites over it drawn in), its
 * size and where the room's origin lies in the scene.
 */
export async function readBackground(
  scene: SceneRead,
  shown: PopochiuBackground | undefined,
): Promise<BackgroundRead> {
  const { notes, used } = scene
  const bgProp = shown === undefined ? undefined : (shown?.prop ?? null)
  const bgNode = chooseBackground(
    scene.nodes,
    scene.parents,
    shown === undefined ? undefined : (shown?.sprite ?? null),
    scene.escoria,
  )
  if (bgNode) used.add(bgNode)
  if (bgProp) used.add(bgProp)
  if (bgNode && shown?.byName)
    notes.push(
      `${bgNode.path}: taken as the background by its name (the room has no prop named Background or Bg, which Popochiu makes the background)`,
    )
  if (!bgNode) {
    if (scene.popochiu) {
      notes.push(
        'no Background prop with a texture (Popochiu shows the room on the prop named Background or Bg); the room has no background',
      )
      return {
        node: null,
        prop: bgProp,
        missing:
          "the Popochiu room has no Background prop with a texture (the prop named 'Background' or 'Bg' under Props)",
        size: null,
        offset: { x: 0, y: 0 },
      }
    }
    notes.push('no background sprite found; the room has no background')
    return {
      node: null,
      prop: bgProp,
      missing: 'the scene has no Sprite2D with a texture to take as its background',
      size: null,
      offset: { x: 0, y: 0 },
    }
  }
  const read = await readBackgroundSprite(scene, bgNode)
  // Sprites over the background (Popochiu props, Escoria items) flattened into it; a background
  // that shows one frame of a sheet (or a region of its texture) is cut to it.
  if (read.image && read.size) {
    const flat = await flattenSprites(
      scene.source,
      scene.root,
      scene.nodes,
      bgNode,
      read.size,
      read.offset,
      notes,
      used,
      read.cropped,
    )
    if (flat) read.image = flat
    else if (read.cropped) {
      notes.push(
        `${bgNode.path}: the background shows one frame of ${texturePath(bgNode, 'texture')}; without an image decoder here it cannot be cut out, so the room has no background`,
      )
      read.missing = `the background sprite ${bgNode.path} shows one frame of a sheet, which needs an image decoder to cut out`
      read.image = undefined
    }
  }
  return {
    node: bgNode,
    prop: bgProp,
    image: read.image,
    missing: read.missing,
    size: read.size,
    offset: read.offset,
  }
}

/** The background sprite's picture, the frame of it that it shows, and where its top-left lies. */
async function readBackgroundSprite(
  scene: SceneRead,
  bgNode: SceneNode,
): Promise<BackgroundRead & { cropped: boolean }> {
  const { source, notes } = scene
  let background: ImportedImage | undefined
  let noBackground: string | undefined
  let offset = { x: 0, y: 0 }
  let cropped = false
  const path = texturePath(bgNode, 'texture')!
  const bytes = IMAGE_TYPES.has(extension(path)) ? await source.readBytes(path) : null
  let bgSize = bytes ? source.imageSize(bytes) : null
  if (bytes && bgSize)
    background = { name: `background.${extension(path) === 'jpeg' ? 'jpg' : extension(path)}`, bytes }
  else {
    notes.push(
      `${bgNode.path}: background texture ${path} is missing or not a PNG, JPEG or WebP; the room has no background`,
    )
    noBackground = !IMAGE_TYPES.has(extension(path))
      ? `the scene's background sprite ${bgNode.path} shows ${path}, a kind of texture Walkbox does not read (it reads PNG, JPEG and WebP)`
      : bytes
        ? `the scene's background sprite ${bgNode.path} shows ${path}, which is not a PNG, JPEG or WebP image Walkbox can read`
        : `the scene's background sprite ${bgNode.path} shows ${path}, which is not in the game folder`
  }
  const hframes = num(bgNode.props.get('hframes')?.value, 1)
  const vframes = num(bgNode.props.get('vframes')?.value, 1)
  // What the sprite shows: one frame of its sheet, or its region (Sprite2D's own rule).
  const rect = bgSize ? spriteRect(bgNode, { ...bgSize, data: new Uint8Array(0) }) : null
  const frame = rect ? { width: rect.w, height: rect.h } : null
  if (rect && bgSize && (rect.w !== bgSize.width || rect.h !== bgSize.height)) {
    cropped = true
    notes.push(
      `${bgNode.path}: the background shows ${hframes > 1 || vframes > 1 ? `one of ${hframes}x${vframes} frames` : 'a region'} of ${texturePath(bgNode, 'texture')} (${rect.w}x${rect.h} at ${rect.x}, ${rect.y}); the room is that size`,
    )
  }

  const centered = bgNode.props.get('centered')?.value !== false
  const own = vector2(bgNode.props.get('offset')?.value) ?? { x: 0, y: 0 }
  const t: Transform = bgNode.global
  if (
    Math.abs(t[0] - 1) > 1e-9 ||
    Math.abs(t[3] - 1) > 1e-9 ||
    Math.abs(t[1]) > 1e-9 ||
    Math.abs(t[2]) > 1e-9
  ) {
    notes.push(
      `${bgNode.path}: background is scaled or rotated in the scene; room px follow its position only`,
    )
  }
  if (centered && !frame) {
    notes.push(
      `${bgNode.path}: background is centred and its size is unknown; room origin assumed at the scene origin`,
    )
  } else {
    const topLeft = apply(t, {
      x: own.x - (centered && frame ? frame.width / 2 : 0),
      y: own.y - (centered && frame ? frame.height / 2 : 0),
    })
    offset = { x: -topLeft.x || 0, y: -topLeft.y || 0 }
  }
  if (frame) bgSize = { width: Math.round(frame.width), height: Math.round(frame.height) }
  return { node: bgNode, image: background, missing: noBackground, size: bgSize, offset, cropped }
}
