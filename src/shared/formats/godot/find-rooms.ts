/**
 * Which scenes of a Godot 4 project are rooms, the way the adventure frameworks lay them out:
 *
 * - Popochiu 2: `game/rooms/<name>/room_<name>.tscn` (its room folders; props, hotspots and
 *   walkable areas beside them are sub-scenes, not rooms), and every room Popochiu's own list
 *   names: the `[rooms]` of `game/popochiu_data.cfg` (PopochiuResources.DATA; early 2.0 games
 *   keep it in `popochiu/`), each a PopochiuRoomData `.tres` whose `scene` is the room.
 * - Escoria: scenes whose root node runs `esc_room.gd` (the ESCRoom class) or is typed
 *   `ESCRoom`.
 * - Otherwise: scenes with a NavigationRegion2D (or NavigationPolygonInstance) that no
 *   other such scene instances (a terrain sub-scene is part of the room that instances it).
 *
 * The first rule that finds any room decides for the whole project, so an Escoria game's
 * `walkable_area.tscn` terrain scenes are not taken for rooms of their own.
 *
 * Glossary
 * - scene path: a path relative to the folder of project.godot, '/'-separated, no `res://`.
 * - kind: which rule made a scene a room ('popochiu', 'escoria', 'navigation').
 *
 * Limits: at most MAX_SCANNED_SCENES scenes are read; each read is bounded by the source.
 *
 * Units: none.
 */
import { parseTscn, resourceId } from './tscn'
import { MAX_SCANNED_SCENES } from '../../limits'

export type GodotRoomKind = 'popochiu' | 'escoria' | 'navigation'

export interface GodotRoomList {
  /** Room scenes, sorted by path. */
  rooms: { path: string; kind: GodotRoomKind }[]
  /** The other scenes, sorted by path. */
  others: string[]
  notes: string[]
  /** Why the project is not read at all, one line (a Godot 3 project); no rooms then. */
  refused?: string
}

/**
 * Why a project.godot is one Walkbox does not read, or null: Godot 3 writes `config_version=4`
 * (Popochiu 1, Escoria for Godot 3), Godot 4 writes 5.
 */
export function godotProjectRefusal(projectGodot: string | null): string | null {
  const version = /^\s*config_version\s*=\s*(\d+)/m.exec(projectGodot ?? '')?.[1]
  if (version === undefined || Number(version) >= 5) return null
  return `a Godot ${Number(version) === 4 ? '3' : 'older'} project (project.godot config_version=${version}, as Popochiu 1 and Escoria for Godot 3 games are); Walkbox reads Godot 4 projects (Popochiu 2, Escoria for Godot 4)`
}

/** The room scenes Popochiu's own data file lists (its `[rooms]`, each a .tres naming its `scene`). */
async function popochiuListedRooms(readText: (path: string) => Promise<string | null>): Promise<string[]> {
  const out: string[] = []
  for (const cfg of ['game/popochiu_data.cfg', 'popochiu/popochiu_data.cfg']) {
    const text = await readText(cfg).catch(() => null)
    const section = text ? /^\[rooms\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] : undefined
    if (!section) continue
    for (const m of section.matchAll(/^[^=\n]+=\s*"res:\/\/([^"\n]+\.tres)"/gm)) {
      const data = await readText(m[1]).catch(() => null)
      const scene = data ? /^scene\s*=\s*"res:\/\/([^"\n]+\.tscn)"/m.exec(data)?.[1] : undefined
      if (scene) out.push(scene)
    }
  }
  return out
}

const POPOCHIU_ROOM = /^game\/rooms\/[^/]+\/room_[^/]+\.tscn$/i
const NAVIGATION_TYPES = new Set(['NavigationRegion2D', 'NavigationPolygonInstance'])

/** Is this scene path a Popochiu room by where it lies? */
export function isPopochiuRoomPath(path: string): boolean {
  return POPOCHIU_ROOM.test(path)
}

interface SceneFacts {
  escoriaRoom: boolean
  navigation: boolean
  /** Scene paths (no res://) this scene instances. */
  instances: string[]
}

function sceneFacts(text: string, path: string): SceneFacts {
  const sections = parseTscn(text, path)
  const ext = new Map<string, { type: string; path: string }>()
  for (const s of sections)
    if (s.tag === 'ext_resource')
      ext.set(String(s.attrs.id), { type: String(s.attrs.type ?? ''), path: String(s.attrs.path ?? '') })
  const root = sections.find((s) => s.tag === 'node' && s.attrs.parent === undefined)
  const scriptId = resourceId(root?.props.get('script'), 'ExtResource')
  const scriptPath = scriptId !== null ? (ext.get(scriptId)?.path ?? '') : ''
  return {
    escoriaRoom: root?.attrs.type === 'ESCRoom' || /(^|\/)esc_room\.gd$/.test(scriptPath),
    navigation: sections.some((s) => s.tag === 'node' && NAVIGATION_TYPES.has(String(s.attrs.type ?? ''))),
    instances: [...ext.values()]
      .filter((e) => e.type === 'PackedScene' && e.path.startsWith('res://'))
      .map((e) => e.path.slice('res://'.length)),
  }
}

/**
 * Sorts the project's scenes into rooms and the rest. `scenes` are scene paths (any order);
 * `readText` gives a scene's text (null when it cannot be read).
 */
export async function findGodotRooms(
  scenes: readonly string[],
  readText: (path: string) => Promise<string | null>,
): Promise<GodotRoomList> {
  const notes: string[] = []
  const all = [...new Set(scenes.filter((p) => /\.tscn$/i.test(p)))].sort()
  const refused = godotProjectRefusal(await readText('project.godot').catch(() => null))
  if (refused) return { rooms: [], others: all, notes, refused }
  const scanned = all.slice(0, MAX_SCANNED_SCENES)
  if (all.length > scanned.length)
    notes.push(`${all.length} scenes; only the first ${MAX_SCANNED_SCENES} (by path) were looked at`)
  const listed = new Set((await popochiuListedRooms(readText)).filter((p) => scanned.includes(p)))
  const popochiu = scanned.filter((p) => isPopochiuRoomPath(p) || listed.has(p))
  if (popochiu.length > 0) {
    return {
      rooms: popochiu.map((path) => ({ path, kind: 'popochiu' })),
      others: all.filter((p) => !popochiu.includes(p)),

      notes,
    }
  }
  const facts = new Map<string, SceneFacts>()
  for (const path of scanned) {
    let text: string | null = null
    try {
      text = await readText(path)
      if (text !== null) facts.set(path, sceneFacts(text, path))
    } catch (e) {
      notes.push(`${path}: not read (${(e as Error).message.split('\n')[0]})`)
    }
  }
  const escoria = scanned.filter((p) => facts.get(p)?.escoriaRoom)
  let rooms: { path: string; kind: GodotRoomKind }[]
  if (escoria.length > 0) rooms = escoria.map((path) => ({ path, kind: 'escoria' }))
  else {
    const navigation = scanned.filter((p) => facts.get(p)?.navigation)
    const instanced = new Set(navigation.flatMap((p) => facts.get(p)!.instances))
    rooms = navigation.filter((p) => !instanced.has(p)).map((path) => ({ path, kind: 'navigation' }))
  }
  const isRoom = new Set(rooms.map((r) => r.path))
  return { rooms, others: all.filter((p) => !isRoom.has(p)), notes }
}
