/**
 * Rooms for the room-analysis tests: small hand-made rooms built on emptyRoom, and the
 * sample project (its courtyard room, with the area mask decoded from walkmask.png).
 *
 * Units: room px, px/s, percent.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { decodeMask } from '../../../src/main/services/image-codec'
import { projectFromText, roomFromText } from '../../../src/shared/room/load'
import { emptyProject, emptyRoom } from '../../../src/shared/room/schema'
import type { Coord, Project, Room, Zone } from '../../../src/shared/room/schema'
import { repoRoot } from '../../support/bench-data'

const SAMPLE = resolve(repoRoot, 'resources/sample-project')

/** An axis-aligned rectangle as a ring, clockwise on screen. */
export function rect(x0: number, y0: number, x1: number, y1: number): Coord[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]
}

/** A polygon room of the given size whose walk polygons are the given rectangles (area 1 unless said). */
export function roomOfRects(
  width: number,
  height: number,
  rects: { outer: Coord[]; areaId?: number; holes?: Coord[][] }[],
): Room {
  const room = emptyRoom({ id: 'test', width, height })
  const areaIds = [...new Set(rects.map((r) => r.areaId ?? 1))]
  room.areas = areaIds.map((id) => ({ id, name: `Area ${id}`, colour: '#3cb371' }))
  room.polygons = rects.map((r, i) => ({
    id: `p${i}`,
    areaId: r.areaId ?? 1,
    outer: r.outer,
    holes: r.holes ?? [],
  }))
  return room
}

/** A zone with events named after its id. */
export function zone(id: string, shape: Zone['shape'], enabledBy?: string): Zone {
  return {
    id,
    name: id,
    shape,
    events: { enter: `${id}Enter`, exit: `${id}Exit`, stand: `${id}Stand` },
    ...(enabledBy === undefined ? {} : { enabledBy }),
    properties: {},
  }
}

/** A project with one character and the given flags. */
export function projectWith(
  flags: { id: string; default: boolean }[] = [],
  character: Partial<Project['characters'][number]> = {},
): Project {
  const project = emptyProject({ name: 'Test' })
  project.flags = flags.map((f) => ({ ...f, name: f.id }))
  project.characters = [
    { id: 'hero', name: 'Hero', height: 200, footWidth: 28, speed: 200, speedScales: false, ...character },
  ]
  return project
}

export interface Sample {
  project: Project
  room: Room
  /** Area mask of the courtyard (walkmask.png), room size. */
  mask: Uint8Array
}

let sampleCache: Promise<Sample> | undefined

/** The sample project and its courtyard room, read once per test file. */
export function sample(): Promise<Sample> {
  sampleCache ??= (async () => {
    const project = projectFromText(await readFile(`${SAMPLE}/project.walkbox.json`, 'utf8')).value
    const room = roomFromText(await readFile(`${SAMPLE}/rooms/courtyard/room.json`, 'utf8')).value
    const mask = await decodeMask(`${SAMPLE}/rooms/courtyard/walkmask.png`, 'walkmask.png', { rule: 'ids' })
    return { project, room, mask: mask.cells }
  })()
  return sampleCache
}
