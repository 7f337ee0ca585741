/**
 * Escoria (Godot 4, godot-escoria/escoria-core) room nodes as Escoria reads them at run time
 * (`addons/escoria-core/game/core-scripts/*.gd`):
 *
 * - ESCItem (an Area2D): a clickable item; its shape is its CollisionPolygon2D or
 *   CollisionShape2D child (`_detect_children`, the last one); the player walks to its
 *   ESCInteractionLocation child, else its ESCLocation child (the last of them), else the
 *   collision child's position (`get_interact_position`). `tooltip_name` is what the player is
 *   shown; `is_trigger` makes it a trigger area (walked into, not clicked), `is_movable` a
 *   character; `is_interactive` false means it answers no click.
 * - ESCExit extends ESCItem (a door to another scene, `target_scene`); ESCPlayer extends ESCItem
 *   (the player character).
 * - ESCLocation / ESCInteractionLocation (Marker2D): named positions; `is_start_location`.
 * - ESCTerrain: the NavigationRegion2D children, `scales`, `scale_min`, `scale_max`.
 *
 * A node's class is read from its script: Escoria's own script files by name, else the game's
 * script followed along its `extends` lines (a path or one of Escoria's class names).
 *
 * Glossary
 * - class: the Escoria class a node's script is or extends ('ESCItem', ...).
 *
 * Limits: at most MAX_EXTENDS_DEPTH scripts followed per node, each read only to its first
 * MAX_SCRIPT_HEAD_CHARS characters.
 *
 * Units: none.
 */
import { scriptOf, type SceneNode } from './scene-tree'
import { MAX_EXTENDS_DEPTH, MAX_SCRIPT_HEAD_CHARS } from '../../limits'

export type EscoriaClass =
  | 'ESCItem'
  | 'ESCExit'
  | 'ESCPlayer'
  | 'ESCLocation'
  | 'ESCInteractionLocation'
  | 'ESCBackground'
  | 'ESCTerrain'
  | 'ESCRoom'

const BY_FILE: Record<string, EscoriaClass> = {
  'esc_item.gd': 'ESCItem',
  'esc_exit.gd': 'ESCExit',
  'esc_player.gd': 'ESCPlayer',
  'esc_location.gd': 'ESCLocation',
  'esc_interaction_location.gd': 'ESCInteractionLocation',
  'esc_background.gd': 'ESCBackground',
  'esc_terrain.gd': 'ESCTerrain',
  'esc_room.gd': 'ESCRoom',
}
const CLASSES = new Set<string>(Object.values(BY_FILE))

/** The Escoria class of every node whose script is or extends one of Escoria's. */
export async function escoriaClasses(
  nodes: SceneNode[],
  readText: (resPath: string) => Promise<string | null>,
): Promise<Map<SceneNode, EscoriaClass>> {
  const known = new Map<string, EscoriaClass | null>()
  const classOf = async (path: string, depth: number): Promise<EscoriaClass | null> => {
    const cached = known.get(path)
    if (cached !== undefined) return cached
    const own = BY_FILE[path.slice(path.lastIndexOf('/') + 1)]
    let found: EscoriaClass | null = own ?? null
    if (!own && depth < MAX_EXTENDS_DEPTH && /\.gd$/i.test(path)) {
      const text = (await readText(path).catch(() => null))?.slice(0, MAX_SCRIPT_HEAD_CHARS) ?? ''
      const base = /^\s*extends\s+("([^"]+)"|'([^']+)'|([A-Za-z_][A-Za-z0-9_]*))/m.exec(text)
      const quoted = base?.[2] ?? base?.[3]
      if (quoted) found = await classOf(quoted, depth + 1)
      else if (base?.[4] && CLASSES.has(base[4])) found = base[4] as EscoriaClass
    }
    known.set(path, found)
    return found
  }
  const out = new Map<SceneNode, EscoriaClass>()
  for (const n of nodes) {
    const script = scriptOf(n)
    if (!script) continue
    const c = await classOf(script, 0)
    if (c) out.set(n, c)
  }
  return out
}

/** Is an ESCItem (or subclass) a character: the player, or an item that moves about? */
export function isEscoriaCharacter(node: SceneNode, cls: EscoriaClass | undefined): boolean {
  return cls === 'ESCPlayer' || (cls === 'ESCItem' && node.props.get('is_movable')?.value === true)
}

/**
 * The node an Escoria item's player walks to, as `get_interact_position` picks it: the last
 * ESCInteractionLocation child, else the last ESCLocation child, else the collision child; null
 * when it has none of them.
 */
export function escoriaWalkTo(
  item: SceneNode,
  classes: Map<SceneNode, EscoriaClass>,
): { node: SceneNode; kind: 'location' | 'collision' } | null {
  let interaction: SceneNode | null = null
  let location: SceneNode | null = null
  let collision: SceneNode | null = null
  for (const c of item.children) {
    const cls = classes.get(c)
    if (cls === 'ESCInteractionLocation') interaction = c
    else if (cls === 'ESCLocation') location = c
    if (c.type === 'CollisionShape2D' || c.type === 'CollisionPolygon2D') collision = c
  }
  if (interaction) return { node: interaction, kind: 'location' }
  if (location) return { node: location, kind: 'location' }
  return collision ? { node: collision, kind: 'collision' } : null
}
