import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseMovingAiMap, parseMovingAiScenarios } from '../../../../src/shared/measure/readers/movingai'
import { benchPath } from '../../../support/bench-data'

describe('parseMovingAiMap', () => {
  it('reads the header and the terrain: . G S passable, everything else blocked', () => {
    const map = parseMovingAiMap('type octile\nheight 2\nwidth 4\nmap\n.GS@\nTOW.')
    expect(map.width).toBe(4)
    expect(map.height).toBe(2)
    expect(Array.from(map.cells)).toEqual([1, 1, 1, 0, 0, 0, 0, 1])
  })

  it('accepts CRLF line endings, a trailing newline and width before height', () => {
    const map = parseMovingAiMap('type octile\r\nwidth 3\r\nheight 1\r\nmap\r\n.@.\r\n')
    expect(map).toMatchObject({ width: 3, height: 1 })
    expect(Array.from(map.cells)).toEqual([1, 0, 1])
  })

  it('names the line and what was expected', () => {
    expect(() => parseMovingAiMap('type octile\nheight 2\nwidth 3\nmap\n...\n..')).toThrow(
      /line 6: expected a row of 3 terrain characters, got 2/,
    )
    expect(() => parseMovingAiMap('type octile\nheight 3\nwidth 3\nmap\n...\n...')).toThrow(
      /line 7: expected row 3 of 3/,
    )
    expect(() => parseMovingAiMap('type octile\nheight x\nwidth 3\nmap')).toThrow(
      /line 2: expected "height <positive integer>"/,
    )
    expect(() => parseMovingAiMap('octile\nheight 1\nwidth 1\nmap\n.')).toThrow(
      /line 1: expected "type octile"/,
    )
    expect(() => parseMovingAiMap('type octile\nheight 1\nwidth 1\nmaps\n.')).toThrow(
      /line 4: expected "map"/,
    )
    expect(() => parseMovingAiMap('type octile\nheight 1\nwidth 1\nmap\n.\n..')).toThrow(
      /line 6: expected end of file/,
    )
  })

  it('reads every map of the benchmark data with the sizes of its README', () => {
    const sizes: Record<string, [number, number, number]> = {
      den520d: [256, 257, 28178],
      AR0011SR: [512, 512, 120458],
      '8room_000': [512, 512, 206642],
      'maze512-4-0': [512, 512, 209263],
      Berlin_0_1024: [1024, 1024, 794748],
    }
    for (const [name, [w, h, passable]] of Object.entries(sizes)) {
      const map = parseMovingAiMap(readFileSync(benchPath('movingai', `${name}.map`), 'utf8'))
      expect([map.width, map.height, map.cells.reduce((s, v) => s + v, 0)], name).toEqual([w, h, passable])
    }
  })
})

describe('parseMovingAiScenarios', () => {
  it('reads tab-separated version 1 files', () => {
    const file = parseMovingAiScenarios('version 1\n3\tmaps/x.map\t8\t6\t1\t2\t7\t5\t7.41421\n')
    expect(file.version).toBe('1')
    expect(file.scenarios).toEqual([
      {
        bucket: 3,
        map: 'maps/x.map',
        width: 8,
        height: 6,
        startX: 1,
        startY: 2,
        goalX: 7,
        goalY: 5,
        optimalLength: 7.41421,
      },
    ])
  })

  it('reads space-separated version 1.0 files with unsorted buckets and two decimals', () => {
    const file = parseMovingAiScenarios(
      'version 1.0\n61 maps/bgmaps/a.map 512 512 210 395 87 201 244.95\n3 a.map 512 512 0 0 1 1 1.41\n',
    )
    expect(file.version).toBe('1.0')
    expect(file.scenarios.map((s) => s.bucket)).toEqual([61, 3])
    expect(file.scenarios[0].optimalLength).toBe(244.95)
    expect(file.scenarios[1].map).toBe('a.map')
  })

  it('reads lengths with 8 decimals and integers', () => {
    const file = parseMovingAiScenarios(
      'version 1\n0\tB.map\t4\t4\t0\t0\t2\t1\t2.41421356\n0\tB.map\t4\t4\t0\t0\t2\t0\t2',
    )
    expect(file.scenarios.map((s) => s.optimalLength)).toEqual([2.41421356, 2])
  })

  it('names the line and what was expected', () => {
    expect(() => parseMovingAiScenarios('version 2\n')).toThrow(/line 1: expected version 1/)
    expect(() => parseMovingAiScenarios('1\ta\t1\t1\t0\t0\t0\t0\t0')).toThrow(
      /line 1: expected "version 1" or "version 1.0"/,
    )
    expect(() => parseMovingAiScenarios('version 1\n\n1\ta\t4\t4\t0\t0\t1')).toThrow(
      /line 3: expected 9 fields/,
    )
    expect(() => parseMovingAiScenarios('version 1\n1\ta\t4\t4\tx\t0\t1\t1\t1')).toThrow(
      /line 2: expected an integer startX in field 5/,
    )
    expect(() => parseMovingAiScenarios('version 1\n1\ta\t4\t4\t0\t0\t1\t1\tabc')).toThrow(
      /line 2: expected a non-negative decimal optimalLength/,
    )
    expect(() => parseMovingAiScenarios('version 1\n1\ta\t4\t4\t0\t4\t1\t1\t1')).toThrow(
      /line 2: expected startY inside the 4x4 map/,
    )
  })

  it('reads every scenario file of the benchmark data', () => {
    const counts: Record<string, [string, number]> = {
      den520d: ['1', 888],
      AR0011SR: ['1.0', 1280],
      '8room_000': ['1', 1940],
      'maze512-4-0': ['1', 9730],
      Berlin_0_1024: ['1', 3850],
    }
    for (const [name, [version, count]] of Object.entries(counts)) {
      const file = parseMovingAiScenarios(readFileSync(benchPath('movingai', `${name}.map.scen`), 'utf8'))
      expect([file.version, file.scenarios.length], name).toEqual([version, count])
    }
    const ar = parseMovingAiScenarios(readFileSync(benchPath('movingai', 'AR0011SR.map.scen'), 'utf8'))
    const buckets = ar.scenarios.map((s) => s.bucket)
    expect(buckets).not.toEqual([...buckets].sort((a, b) => a - b))
    expect(ar.scenarios[0].map).toBe('maps/bgmaps/AR0011SR.map')
  })
})
