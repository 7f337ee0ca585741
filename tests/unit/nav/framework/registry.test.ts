/**
 * The registry lists the nine algorithms of DESIGN.md (then any added since) once each, with their options, and
 * defaultOptions gives every option its faithful value.
 *
 * Units: none.
 */
import { describe, expect, it } from 'vitest'
import {
  ALGORITHM_IDS,
  completeOptions,
  defaultOptions,
  getPathfinder,
  GRID_ALGORITHM_IDS,
  isAlgorithmId,
  pathfinders,
  POLYGON_ALGORITHM_IDS,
} from '../../../../src/shared/nav/registry'
import * as byName from '../../../../src/shared/nav/pathfinder-exports'

describe('registry', () => {
  it('lists the nine algorithms of DESIGN.md first, in display order, and every algorithm once', () => {
    // A new algorithm is one more line after these (CONTRIBUTING.md); nothing else counts them.
    expect(ALGORITHM_IDS.slice(0, 9)).toEqual([
      'sampled-grid',
      'visibility-polygon',
      'downscaled-grid',
      'flood-fill',
      'node-graph',
      'navmesh-funnel',
      'jps',
      'octile-astar',
      'any-angle-optimal',
    ])
    expect(pathfinders.map((p) => p.id)).toEqual(ALGORITHM_IDS)
    expect(new Set([...GRID_ALGORITHM_IDS, ...POLYGON_ALGORITHM_IDS])).toEqual(new Set(ALGORITHM_IDS))
    expect(new Set(ALGORITHM_IDS).size).toBe(ALGORITHM_IDS.length)
    expect(GRID_ALGORITHM_IDS.length + POLYGON_ALGORITHM_IDS.length).toBe(ALGORITHM_IDS.length)
  })

  it('names exactly the registered algorithms in pathfinder-exports.ts, the list the game runtime re-exports', () => {
    const named = Object.entries(byName).map(([name, p]) => [name, p.id])
    expect(named.map(([, id]) => id).sort()).toEqual([...ALGORITHM_IDS].sort())
    // Each under its id in camel case (navmesh-funnel as navmeshFunnel), as games import it.
    for (const [name, id] of named) expect(name).toBe(id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
  })

  it('gives every algorithm a label, an origin, a summary and well-formed options', () => {
    for (const p of pathfinders) {
      expect(p.label.length).toBeGreaterThan(0)
      expect(p.origin.length).toBeGreaterThan(0)
      expect(p.summary.length).toBeGreaterThan(20)
      expect(new Set(p.options.map((o) => o.key)).size).toBe(p.options.length)
      for (const o of p.options) {
        if (o.type === 'number') {
          expect(o.faithful).toBeGreaterThanOrEqual(o.min ?? -Infinity)
          expect(o.faithful).toBeLessThanOrEqual(o.max ?? Infinity)
        }
        if (o.type === 'choice') expect(o.choices).toContain(o.faithful)
      }
    }
  })

  it('defaultOptions gives each option its faithful value', () => {
    for (const p of pathfinders) {
      const defaults = defaultOptions(p.id)
      expect(Object.keys(defaults).sort()).toEqual(p.options.map((o) => o.key).sort())
      for (const o of p.options) expect(defaults[o.key]).toBe(o.faithful)
    }
  })

  it('keeps the original write-ups as the defaults', () => {
    // DESIGN.md: neptune samples the mask every 4 px and used squared distance; Tick's Tales
    // searched breadth-first; visibility-polygon and navmesh-funnel are the plain versions.
    expect(defaultOptions('sampled-grid')).toMatchObject({ spacing: 4, cost: 'squared', shortening: true })
    expect(defaultOptions('downscaled-grid')).toMatchObject({ search: 'bfs', smoothing: true })
    expect(defaultOptions('flood-fill')).toMatchObject({ beelineFirst: true, beautify: true })
    expect(defaultOptions('visibility-polygon')).toMatchObject({ tautEdges: false })
    expect(defaultOptions('navmesh-funnel')).toMatchObject({ entry: 'partial-funnel', corridors: 1 })
  })

  it('completeOptions overlays given values and rejects unknown keys and wrong types', () => {
    const withOption = pathfinders.find((p) => p.options.length > 0)!
    const spec = withOption.options[0]
    expect(() => completeOptions(withOption.id, { definitelyNotAnOption: 1 })).toThrow(
      /definitelyNotAnOption/,
    )
    const wrong = spec.type === 'number' ? 'text' : 42
    expect(() => completeOptions(withOption.id, { [spec.key]: wrong })).toThrow(spec.key)
    expect(completeOptions(withOption.id, {})).toEqual(defaultOptions(withOption.id))
  })

  it('knows its ids', () => {
    expect(isAlgorithmId('jps')).toBe(true)
    expect(isAlgorithmId('dijkstra')).toBe(false)
    expect(getPathfinder('octile-astar').id).toBe('octile-astar')
  })
})
