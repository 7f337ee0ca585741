/**
 * The Walkbox runtime: what a JavaScript game ships to walk its characters through rooms
 * authored in Walkbox. It reads a runtime room file (`walkbox export <project> <room>
 * --format runtime`), keeps the game's flags, and answers paths with any of Walkbox's nine
 * algorithms (the same code the editor compares), zones at a point and the character
 * scale at a point. Pure TypeScript: runs in browsers, workers and Node.
 *
 *   import { loadRoom } from './walkbox-runtime.js'
 *   const room = loadRoom(await (await fetch('porch.walkbox.json')).json(), { flags: { doorOpen: true } })
 *   const { points, reached } = room.findPath({ x: 40, y: 180 }, { x: 300, y: 170 })
 *
 * Glossary
 * - flags: the game's state; areas, gates and zones switch with them as authored.
 * - algorithm: one of ALGORITHM_IDS; 'navmesh-funnel' (fast, shortest within 1 % on the
 *   bench rooms) unless the game asks for another.
 *
 * Units: room px; scale in percent.
 */
import { navWorldForRoom, type FlagState } from '../shared/analysis/room-world'
import { scaleAt as scaleAtPoint } from '../shared/analysis/scaling'
import { zonesAt as zonesAtPoint } from '../shared/analysis/zones'
import { readRuntimeRoom } from '../shared/formats/runtime'
import type { Point } from '../shared/geometry/types'
import { ALGORITHM_IDS, type AlgorithmId } from '../shared/nav/registry'
import { prepareAlgorithm, runQuery } from '../shared/nav/run'
import type { NavWorld } from '../shared/nav/types'
import type { Room, Zone } from '../shared/room/schema'

export { ALGORITHM_IDS, type AlgorithmId, type Point, type Room, type Zone }

export interface RuntimePath {
  /** From the start (moved onto the walkable area if it was off it) to the goal or the closest reachable point. */
  points: Point[]
  reached: boolean
  /** Length of `points`, room px. */
  length: number
  /** Why the goal was not reached or was moved, when it was. */
  reason?: string
}

export interface RuntimeRoom {
  readonly room: Room
  /** The current flag values (the project's defaults the export carried, overridden by the game). */
  readonly flags: Readonly<Record<string, boolean>>
  setFlag(id: string, value: boolean): void
  isWalkable(p: Point): boolean
  findPath(from: Point, to: Point, options?: { algorithm?: AlgorithmId }): RuntimePath
  /** Zones (enabled in the current flags) that contain the point. */
  zonesAt(p: Point): Zone[]
  /** Character scale at the point, percent. */
  scaleAt(p: Point): number
  /** A named point of the room (points, else 'start' for the test-walk start). */
  point(name: string): Point | null
}

export function loadRoom(data: unknown, options: { flags?: FlagState; file?: string } = {}): RuntimeRoom {
  const read = readRuntimeRoom(data, options.file)
  const { room, mask, scaleMap } = read
  const flags: Record<string, boolean> = { ...read.flags, ...(options.flags ?? {}) }
  let world: NavWorld | null = null
  let worldKey = ''
  const currentWorld = (): NavWorld => {
    const key = JSON.stringify(Object.entries(flags).sort())
    if (!world || key !== worldKey) {
      world = navWorldForRoom(room, mask, flags, key)
      worldKey = key
    }
    return world
  }
  return {
    room,
    get flags() {
      return { ...flags }
    },
    setFlag(id, value) {
      flags[id] = value
    },
    isWalkable: (p) => currentWorld().isWalkable(p),
    findPath(from, to, opts = {}) {
      const algorithm = opts.algorithm ?? 'navmesh-funnel'
      if (!ALGORITHM_IDS.includes(algorithm))
        throw new Error(
          `unknown algorithm '${String(algorithm)}'; expected one of ${ALGORITHM_IDS.join(', ')}`,
        )
      const result = runQuery(prepareAlgorithm(currentWorld(), algorithm), from, to)
      if (result.error) throw new Error(`${algorithm}: ${result.error}`)
      let length = 0
      for (let i = 1; i < result.points.length; i++) {
        length += Math.hypot(
          result.points[i].x - result.points[i - 1].x,
          result.points[i].y - result.points[i - 1].y,
        )
      }
      return {
        points: result.points,
        reached: result.reached,
        length,
        ...(result.reason ? { reason: result.reason } : {}),
      }
    },
    zonesAt: (p) => zonesAtPoint(room, mask, flags, p),
    scaleAt: (p) => scaleAtPoint(room, mask, scaleMap, p).percent,
    point(name) {
      const p = room.points?.find((q) => q.name === name || q.id === name)
      if (p) return { x: p.x, y: p.y }
      return name === 'start' ? { ...room.testWalk.start } : null
    },
  }
}
