/**
 * Vector length for the hot loops of the polygon pathfinders: Math.hypot guards
 * against overflow and is several times slower in V8; coordinates in room px never
 * come near overflow.
 *
 * Units: whatever the components are in (room px).
 */
export function norm(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy)
}
