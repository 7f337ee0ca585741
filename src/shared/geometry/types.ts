/**
 * Geometry types shared by every layer.
 *
 * Glossary
 * - room px: the room's own pixel space. x grows right, y grows down, (0,0) is the
 *   top-left corner of the top-left pixel. Pixel (c, r) covers [c, c+1) x [r, r+1);
 *   its centre is (c + 0.5, r + 0.5).
 * - ring: a closed polygon outline given by its vertices; the closing edge from the
 *   last vertex back to the first is implicit (the first vertex is not repeated).
 * - area polygon: an outer ring with zero or more hole rings inside it. The
 *   normalised orientation of outer rings and holes is defined in polygon.ts:
 *   outer rings have a POSITIVE shoelace sum in y-down room px (clockwise as seen on
 *   screen), holes a negative one (counter-clockwise on screen); `normaliseArea` applies it.
 * - cell: an integer grid coordinate (col, row) in some grid; which grid (mask px,
 *   a downscaled grid, a sampled grid) is said by the code that uses it.
 */

/** A point in room px. */
export interface Point {
  x: number
  y: number
}

/** An integer cell of a grid (column, row). */
export interface Cell {
  col: number
  row: number
}

/** A closed outline; the closing edge is implicit. */
export type Ring = Point[]

/** A walkable polygon with holes, in room px. */
export interface AreaPolygon {
  outer: Ring
  holes: Ring[]
}

/** Axis-aligned rectangle in room px (or in cells, when stated). */
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** A constrained triangulation of the walkable polygons. */
export interface Triangulation {
  /** Vertex coordinates, interleaved x, y (room px). */
  readonly vertices: Float64Array
  /** Triangles as vertex index triples, counter-clockwise in y-down screen terms is NOT assumed; see geometry/triangulate.ts. */
  readonly triangles: Uint32Array
  /** For each triangle edge (3 per triangle, edge k joins vertex k and k+1 mod 3): the neighbouring triangle across it, or -1 for a wall. */
  readonly neighbours: Int32Array
}
