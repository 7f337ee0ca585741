/**
 * The editor's Import Room dialog on a picked Godot project folder lists the project's rooms
 * first (issue 19): Popochiu's room, not the hotspot sub-scene that sorts first; Escoria's
 * ESCRoom scenes, not their terrain scenes. The picked files are the bench games' own.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rankedImportCandidates, type PickedFile } from '../../src/renderer/actions/room-formats'
import { benchPath } from '../support/bench-data'

async function pickFolder(dir: string): Promise<PickedFile[]> {
  const out: PickedFile[] = []
  const visit = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name)
      if (e.isDirectory()) await visit(full)
      else {
        const path = relative(dir, full).split('\\').join('/')
        out.push({ path, file: new File([await readFile(full)], e.name) })
      }
    }
  }
  await visit(dir)
  return out
}

describe('Import Room on a Godot project folder', () => {
  it('Popochiu: the room first, marked as a room', async () => {
    const ranked = await rankedImportCandidates(
      await pickFolder(benchPath('engines', 'popochiu-sample-game')),
    )
    expect(ranked[0]).toMatchObject({ path: 'game/rooms/house/room_house.tscn', room: true })
    expect(ranked.filter((c) => c.room)).toHaveLength(1)
    expect(ranked[1].path).toBe('game/rooms/house/hotspots/window/hotspot_window.tscn')
  })

  it('Escoria: the four ESCRoom scenes first, the terrain scenes after', async () => {
    const ranked = await rankedImportCandidates(await pickFolder(benchPath('engines', 'escoria-demo-game')))
    expect(ranked.map((c) => `${c.room ? 'room ' : ''}${c.path}`)).toEqual([
      'room game/rooms/room02/room02.tscn',
      'room game/rooms/room03/room03.tscn',
      'room game/rooms/room04/room04.tscn',
      'room game/rooms/room05/room05.tscn',
      'game/rooms/room03/walkable_area.tscn',
      'game/rooms/room05/walkable_area.tscn',
    ])
  })
})
