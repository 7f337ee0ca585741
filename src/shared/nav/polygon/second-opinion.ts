/**
 * When a corridor search's answer deserves a second look. The partial-funnel search keeps
 * one funnel per triangle, the one with the lowest estimate; where two corridors around a
 * hole meet, the one kept may pull longer than the one dropped (the estimates are lower
 * bounds, not the lengths). That can happen only when the corridor found crosses a portal
 * that is not a bridge (mesh-bridges.ts): there is another way round. Both navmesh-funnel's
 * search and the game's route then search again from the goal to the start, dropping every
 * estimate at or above the length found, and keep what that finds (always shorter).
 *
 * Units: triangle indices, edge indices 0..2.
 */
import type { MeshBridges } from './mesh-bridges'

/** Does the corridor (triangles, and the edge each but the last is left by) cross a portal that is not a bridge? */
export function crossesCycle(
  bridges: MeshBridges,
  corridor: ArrayLike<number>,
  edges: ArrayLike<number>,
  count = edges.length,
): boolean {
  const bridge = bridges.bridge
  for (let i = 0; i < count; i++) if (bridge[3 * corridor[i] + edges[i]] === 0) return true
  return false
}
