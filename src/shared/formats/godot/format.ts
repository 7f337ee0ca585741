/**
 * The Godot 4 scene format (.tscn): Popochiu and Escoria rooms, NavigationRegion2D walk areas,
 * Area2D zones, Marker2D points, read from and written to one scene.
 *
 * Glossary
 * - res://: the Godot project's root; an import reads res:// paths from the folder given.
 *
 * Units: px.
 */
import { exportGodotScene } from './export'
import { importGodotScene } from './import'
import { backgroundFile, framesNote } from '../export-notes'
import type { RoomFormat } from '../format-io'

export const GODOT_SCENE_FORMAT: RoomFormat = {
  id: 'godot',
  label: 'Godot 4 scene',
  extensions: ['tscn'],
  rootFile: {
    name: 'project.godot',
    missing: 'No project.godot in what was picked: res:// is taken as the picked folder.',
  },
  resDirField: { label: 'Godot folder', name: 'Godot res:// folder' },
  description:
    'Popochiu 2 walkable areas and hotspots, Escoria items, NavigationRegion2D walk areas, Area2D zones, Marker2D points (Godot 4)',
  exportRoom(input) {
    const resDir = (input.resDir ?? `res://rooms/${input.room.id}`).replace(/\/+$/, '')
    const { text, notes } = exportGodotScene(input.room, {
      backgroundResPath: input.background ? `${resDir}/${input.background.name}` : undefined,
      flags: input.flags,
      mask: input.mask,
    })
    notes.push(`files go in ${resDir}/ of the Godot project`)
    notes.push(
      ...framesNote(input.room, 'the scene has one background Sprite2D (switching frames is game code)'),
    )
    return { files: [{ path: `${input.room.id}.tscn`, text }, ...backgroundFile(input)], notes }
  },
  async importRoom(source, path, options) {
    const notes: string[] = []
    const godotRoot = await source.readText('project.godot')
    if (godotRoot === null)
      notes.push('no project.godot at the top of the folder: res:// is taken as that folder')
    const result = await importGodotScene(
      {
        readText: (p) => source.readText(p.replace(/^res:\/\//, '')),
        readBytes: (p) => source.readBytes(p.replace(/^res:\/\//, '')),
        imageSize: source.imageSize,
        decodeImage: (bytes, name) => source.decodeImage(bytes, name),
      },
      `res://${path.replace(/^res:\/\//, '')}`,
      { roomId: options.roomId, roomName: options.name },
    )
    result.notes.unshift(...notes)
    return result
  },
}
