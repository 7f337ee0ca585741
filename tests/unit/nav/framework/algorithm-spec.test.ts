import { describe, expect, it } from 'vitest'
import {
  parseAlgorithmSpec,
  parseAlgorithmSpecs,
  splitSpecs,
} from '../../../../src/shared/nav/algorithm-spec'

describe('algorithm specs', () => {
  it('splits a list at commas outside brackets', () => {
    expect(splitSpecs('jps, flood-fill[loop=js,beautify=false] ,navmesh-funnel')).toEqual([
      'jps',
      'flood-fill[loop=js,beautify=false]',
      'navmesh-funnel',
    ])
  })

  it('reads typed option values and names the variant by the options that differ from the defaults', () => {
    expect(parseAlgorithmSpec('navmesh-funnel')).toEqual({
      id: 'navmesh-funnel',
      options: {},
      label: 'navmesh-funnel',
    })
    expect(parseAlgorithmSpec('navmesh-funnel[corridors=3, entry=midpoint]')).toEqual({
      id: 'navmesh-funnel',
      options: { corridors: 3, entry: 'midpoint' },
      label: 'navmesh-funnel[entry=midpoint,corridors=3]',
    })
    expect(parseAlgorithmSpec('flood-fill[beautify=0]').options).toEqual({ beautify: false })
    // Giving the default value changes nothing, so the label stays the plain id.
    expect(parseAlgorithmSpec('navmesh-funnel[entry=partial-funnel]').label).toBe('navmesh-funnel')
    expect(parseAlgorithmSpecs('jps,jps[]').map((r) => r.label)).toEqual(['jps', 'jps'])
  })

  it('says what is wrong with a bad spec', () => {
    expect(() => parseAlgorithmSpec('dijkstra')).toThrow(/unknown algorithm "dijkstra" \(known: .*jps/)
    expect(() => parseAlgorithmSpec('jps[speed=2]')).toThrow(/jps: unknown option "speed"/)
    expect(() => parseAlgorithmSpec('navmesh-funnel[entry=middle]')).toThrow(
      /entry must be one of partial-funnel, midpoint/,
    )
    expect(() => parseAlgorithmSpec('navmesh-funnel[corridors=99]')).toThrow(
      /corridors must be between 1 and 8/,
    )
    expect(() => parseAlgorithmSpec('navmesh-funnel[corridors=two]')).toThrow(/expected a number/)
    expect(() => parseAlgorithmSpec('flood-fill[beautify=maybe]')).toThrow(/expected true or false/)
    expect(() => parseAlgorithmSpec('flood-fill[beautify]')).toThrow(/expected beautify=value/)
    expect(() => parseAlgorithmSpec('flood-fill[loop=js')).toThrow(/expected an algorithm id/)
  })
})
