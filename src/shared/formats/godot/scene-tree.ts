/**
 * A Godot 4 scene as a tree of nodes with global transforms: sub-scenes instanced with
 * `instance=ExtResource(...)` are read and grafted in (the instancing node's properties
 * win over the sub-scene root's), `res://` paths resolve against the folder of
 * project.godot, and each node knows its transform to the scene root.
 *
 * Glossary
 * - scene file: one parsed .tscn with its ext_resource and sub_resource tables.
 * - prop: a node property with the scene file it was written in (resource ids are local
 *   to their file).
 * - transform: 2D affine [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f
 *   (Godot's Transform2D columns x, y, origin).
 *
 * Units: Godot px (scene coordinates).
 */
import { MAX_RING_VERTICES, MAX_SCENE_INSTANCE_DEPTH, MAX_SCENE_NODES } from '../../limits'
import { parseTscn, resourceId, vector2, type TscnSection, type TscnValue } from './tscn'

export type Transform = [number, number, number, number, number, number]

export const IDENTITY: Transform = [1, 0, 0, 1, 0, 0]

export function compose(p: Transform, q: Transform): Transform {
  return [
    p[0] * q[0] + p[2] * q[1],
    p[1] * q[0] + p[3] * q[1],
    p[0] * q[2] + p[2] * q[3],
    p[1] * q[2] + p[3] * q[3],
    p[0] * q[4] + p[2] * q[5] + p[4],
    p[1] * q[4] + p[3] * q[5] + p[5],
  ]
}

export function apply(t: Transform, p: { x: number; y: number }): { x: number; y: number } {
  return { x: t[0] * p.x + t[2] * p.y + t[4], y: t[1] * p.x + t[3] * p.y + t[5] }
}

export interface SceneFile {
  /** res:// path of the file. */
  path: string
  ext: Map<string, { type: string; path: string }>
  sub: Map<string, TscnSection>
}

export interface Prop {
  value: TscnValue
  file: SceneFile
  /** 1-based line of the heading of the section that sets it. */
  line: number
}

export interface SceneNode {
  name: string
  type: string
  /** Path from the scene root ('' for the root, 'Hotspots/r_door'). */
  path: string
  props: Map<string, Prop>
  children: SceneNode[]
  /** Transform to scene-root coordinates. */
  global: Transform
  /** The res:// path of the scene file whose root this node is, when instanced. */
  instanceOf?: string
  /** The res:// path of an instanced sub-scene that is not there (its own nodes are unknown). */
  missingInstance?: string
  /** The `[node]` section that places this node (for an instance: the instancing one). */
  section?: { file: SceneFile; line: number }
}

export interface SceneSource {
  /** The text of a res:// file, or null when it is not there. */
  readText(resPath: string): Promise<string | null>
}

/** A scene refused whole; `problems` are listed one a line (as `walkbox import` prints them). */
export class SceneRefused extends Error {
  readonly problems: string[]
  constructor(file: string, problems: string[]) {
    super(
      [
        `${file}: refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
        ...problems.map((p) => `  ${p}`),
      ].join('\n'),
    )
    this.name = 'SceneRefused'
    this.problems = problems
  }
}

/**
 * A polygon's points, refused (the whole scene, one problem naming the node) when it has more
 * than a ring may hold: checked on the count the scene gives, before anything is built from
 * them (a 23.6 MB outline once took 4.2 s and 596 MB before the limit was met).
 */
export function ringPoints<P>(node: SceneNode, what: string, pts: P[] | null): P[] | null {
  if (pts && pts.length > MAX_RING_VERTICES)
    throw new SceneRefused(node.section?.file.path ?? node.path, [
      `${node.path}: ${what} has ${pts.length} points; a ring holds at most ${MAX_RING_VERTICES}`,
    ])
  return pts
}

/** Godot node types that have a 2D transform (position, rotation, scale). */
function hasTransform(type: string): boolean {
  return !/^(Node|AnimationPlayer|Timer|AudioStreamPlayer|CanvasLayer|Label|Control|Button|Panel|ColorRect|TextureRect|RichTextLabel|.*Container)$/.test(
    type,
  )
}

/**
 * A node's transform to its parent, as Godot's Node2D builds it from `position`,
 * `rotation` (radians), `scale` and `skew` (radians): the x column is rotated by
 * `rotation` and scaled by scale.x, the y column rotated by `rotation + skew` and scaled by
 * scale.y (Transform2D::set_rotation_scale_and_skew).
 */
export function localTransform(props: Map<string, Prop>): Transform {
  const pos = vector2(props.get('position')?.value) ?? { x: 0, y: 0 }
  const scale = vector2(props.get('scale')?.value) ?? { x: 1, y: 1 }
  const angle = (key: string) => {
    const v = props.get(key)?.value
    return typeof v === 'number' && Number.isFinite(v) ? v : 0
  }
  const r = angle('rotation')
  const k = angle('skew')
  return [
    Math.cos(r) * scale.x,
    Math.sin(r) * scale.x,
    -Math.sin(r + k) * scale.y,
    Math.cos(r + k) * scale.y,
    pos.x,
    pos.y,
  ]
}

/** Reads and tables one .tscn file. */
export async function readSceneFile(
  source: SceneSource,
  resPath: string,
): Promise<{ file: SceneFile; sections: TscnSection[] } | null> {
  const text = await source.readText(resPath)
  if (text === null) return null
  // Counted before parsing: a scene over the node limit is refused at once, not after
  // every value of it has been read.
  let nodeSections = text.startsWith('[node ') ? 1 : 0
  for (let at = text.indexOf('\n[node '); at >= 0; at = text.indexOf('\n[node ', at + 1)) nodeSections++
  if (nodeSections > MAX_SCENE_NODES)
    throw new SceneRefused(resPath, [`more than ${MAX_SCENE_NODES} nodes (${nodeSections} [node] sections)`])
  const sections = parseTscn(text, resPath)
  const head = sections[0]
  if (!head || head.tag !== 'gd_scene')
    throw new Error(`${resPath}: not a Godot scene (no [gd_scene] heading)`)
  const format = head.attrs.format
  if (typeof format === 'number' && format < 3) {
    throw new Error(
      `${resPath}: a Godot ${format === 2 ? '3' : 'older'} scene (format=${format}); Walkbox reads Godot 4 scenes (format=3)`,
    )
  }
  const file: SceneFile = { path: resPath, ext: new Map(), sub: new Map() }
  for (const s of sections) {
    if (s.tag === 'ext_resource') {
      file.ext.set(String(s.attrs.id), { type: String(s.attrs.type ?? ''), path: String(s.attrs.path ?? '') })
    } else if (s.tag === 'sub_resource') file.sub.set(String(s.attrs.id), s)
  }
  return { file, sections }
}

/**
 * The node tree of the scene at `resPath`, sub-scenes grafted in. Missing sub-scenes and
 * anything skipped are added to `notes`.
 */
export async function readSceneTree(
  source: SceneSource,
  resPath: string,
  notes: string[],
): Promise<SceneNode> {
  let count = 0
  const build = async (path: string, chain: string[]): Promise<SceneNode> => {
    if (chain.length > MAX_SCENE_INSTANCE_DEPTH)
      throw new Error(`${path}: sub-scenes nest more than ${MAX_SCENE_INSTANCE_DEPTH} deep`)
    if (chain.includes(path)) throw new Error(`${path}: instances itself (${[...chain, path].join(' -> ')})`)
    const read = await readSceneFile(source, path)
    if (!read) throw new Error(`${path}: file not found`)
    const { file, sections } = read
    const byPath = new Map<string, SceneNode>()
    let root: SceneNode | null = null
    for (const s of sections) {
      if (s.tag !== 'node') continue
      if (++count > MAX_SCENE_NODES) throw new Error(`${resPath}: more than ${MAX_SCENE_NODES} nodes`)
      const name = String(s.attrs.name ?? '')
      const parent = s.attrs.parent
      const nodePath = parent === undefined ? '' : parent === '.' ? name : `${String(parent)}/${name}`
      const props = new Map<string, Prop>()
      let node: SceneNode = {
        name,
        type: String(s.attrs.type ?? 'Node'),
        path: nodePath,
        props,
        children: [],
        global: IDENTITY,
      }
      const instance = resourceId(s.attrs.instance, 'ExtResource')
      if (instance !== null) {
        const ext = file.ext.get(instance)
        const sub = ext ? await loadInstance(ext.path, [...chain, path]) : null
        if (sub) {
          node = { ...sub, name, path: nodePath, instanceOf: ext!.path }
        } else {
          // Its own properties still place it (and its children) in the scene. Popochiu's
          // clickables are Area2D whose polygon is written on the instancing node.
          node.missingInstance = ext?.path ?? instance
          if (s.attrs.type === undefined) node.type = s.props.has('interaction_polygon') ? 'Area2D' : 'Node2D'
          notes.push(
            `${nodePath}: sub-scene ${ext?.path ?? instance} is missing; its own nodes were not imported (the node's position and properties were)`,
          )
        }
      }
      node.section = { file, line: s.line }
      for (const [k, v] of s.props) node.props.set(k, { value: v, file, line: s.line })
      if (parent === undefined) {
        root = node
      } else {
        const p = byPath.get(String(parent) === '.' ? '' : String(parent))
        if (!p) {
          notes.push(`${path}: node ${nodePath}: parent ${String(parent)} not found; skipped`)
          continue
        }
        p.children.push(node)
      }
      byPath.set(nodePath, node)
    }
    if (!root) throw new Error(`${path}: the scene has no root node`)
    return root
  }
  const loadInstance = async (path: string, chain: string[]): Promise<SceneNode | null> => {
    try {
      return await build(path, chain)
    } catch (e) {
      if (/file not found/.test((e as Error).message)) return null
      throw e
    }
  }
  const root = await build(resPath, [])
  // Paths from the top scene's root, and global transforms.
  const place = (node: SceneNode, path: string, parent: Transform): void => {
    node.path = path
    const own = hasTransform(node.type) ? localTransform(node.props) : IDENTITY
    node.global = path === '' ? IDENTITY : compose(parent, own)
    for (const c of node.children) place(c, path === '' ? c.name : `${path}/${c.name}`, node.global)
  }
  place(root, '', IDENTITY)
  return root
}

/** Every node, depth first, parents before children. */
export function walkTree(root: SceneNode): SceneNode[] {
  const out: SceneNode[] = []
  const stack = [root]
  while (stack.length > 0) {
    const n = stack.pop()!
    out.push(n)
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i])
  }
  return out
}

/** The script a node runs (res:// path), if any. */
export function scriptOf(node: SceneNode): string | null {
  const p = node.props.get('script')
  if (!p) return null
  const id = resourceId(p.value, 'ExtResource')
  return id === null ? null : (p.file.ext.get(id)?.path ?? null)
}
