/**
 * The reference to one object of a room (outliner, multi-select), in a file of its own so
 * that the tool contract (tool.ts) and the object helpers (object-refs.ts) can both name it.
 *
 * Glossary
 * - object ref: `{ kind, id }` (a hole adds `hole`, its index in its polygon); numeric ids
 *   (mask walk areas, walk-behinds) are kept as text so that every ref has one key.
 *
 * Units: none.
 */
export type ObjectKind = 'polygon' | 'hole' | 'area' | 'gate' | 'zone' | 'walk-behind' | 'hotspot' | 'point'

export interface ObjectRef {
  kind: ObjectKind
  id: string
  /** A hole: its index in polygon `id`. */
  hole?: number
}
