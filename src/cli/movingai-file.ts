/**
 * Moving AI files for the command line and the benchmarks (Node only): read a .map into a
 * nav world and a .scen into queries.
 *
 * Glossary
 * - cell centre query: Moving AI (x, y) is a cell (column, row); we query its centre
 *   (x + 0.5, y + 0.5) in room px (1 cell = 1 px), so a grid path's length in room px is
 *   the grid length the .scen lists.
 *
 * Units: room px (= cells).
 */
import { basename } from 'node:path'
import { parseMovingAiMap, parseMovingAiScenarios } from '../shared/measure/readers/movingai'
import type { NavWorld } from '../shared/nav/types'
import { worldFromGrid } from '../shared/nav/world'
import type { Scenario } from './commands'
import { RoomLoadError } from './load-room-error'
import { FileAccessError, readRegularText } from '../main/services/regular-file'
import { MAX_JSON_FILE_BYTES } from '../shared/limits'

async function readText(file: string, expected: string): Promise<string> {
  try {
    return await readRegularText(file, file, MAX_JSON_FILE_BYTES)
  } catch (e) {
    if (e instanceof FileAccessError && e.code === 'ENOENT')
      throw new RoomLoadError(`${file}: no such readable file (expected ${expected})`)
    if (e instanceof FileAccessError) throw new RoomLoadError(`${e.message} (expected ${expected})`)
    throw e
  }
}

/** A Moving AI .map as a nav world. Throws RoomLoadError with the file and what was expected. */
export async function loadMovingAiWorld(file: string): Promise<NavWorld> {
  const text = await readText(file, 'a Moving AI .map')
  try {
    const map = parseMovingAiMap(text)
    return worldFromGrid(map.width, map.height, map.cells, `movingai:${file}`)
  } catch (e) {
    throw new RoomLoadError(
      `${file}: ${e instanceof Error ? e.message : String(e)} (expected a Moving AI .map)`,
    )
  }
}

/** The problems of a .scen file for this map, as cell-centre queries. Throws RoomLoadError on a bad file or size mismatch. */
export async function loadScenarios(
  file: string,
  world: { width: number; height: number },
): Promise<Scenario[]> {
  const text = await readText(file, 'a Moving AI .scen')
  let parsed
  try {
    parsed = parseMovingAiScenarios(text)
  } catch (e) {
    throw new RoomLoadError(
      `${file}: ${e instanceof Error ? e.message : String(e)} (expected a Moving AI .scen)`,
    )
  }
  return parsed.scenarios.map((s, i) => {
    if (s.width !== world.width || s.height !== world.height) {
      throw new RoomLoadError(
        `${basename(file)}: problem ${i + 1} is for a ${s.width}x${s.height} map, expected ${world.width}x${world.height}`,
      )
    }
    return {
      bucket: s.bucket,
      from: { x: s.startX + 0.5, y: s.startY + 0.5 },
      to: { x: s.goalX + 0.5, y: s.goalY + 0.5 },
      optimal: s.optimalLength,
    }
  })
}
