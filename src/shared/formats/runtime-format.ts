/**
 * The Walkbox runtime room as a room format: one JSON file for JavaScript games (no engine
 * folder: a game's own code reads it with the walkbox-runtime package).
 *
 * Units: px.
 */
import { framesNote } from './export-notes'
import type { RoomFormat } from './format-io'
import { exportRuntimeRoom, readRuntimeRoom } from './runtime'

const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export const RUNTIME_FORMAT: RoomFormat = {
  id: 'runtime',
  label: 'Walkbox runtime room',
  extensions: ['walkbox.json'],
  description: 'One JSON file for JavaScript games using the Walkbox runtime (npm run build:runtime)',
  exportRoom(input) {
    const { text, notes } = exportRuntimeRoom(input.room, input.mask, input.scaleMap, input.flags)
    return {
      files: [{ path: `${input.room.id}.walkbox.json`, text }],
      notes: [...notes, ...framesNote(input.room, 'a runtime file holds no images')],
    }
  },
  async importRoom(source, path, options) {
    const text = await source.readText(path)
    if (text === null) throw new Error(`${path}: file not found`)
    const { room, mask } = readRuntimeRoom(text, baseOf(path))
    if (options.roomId) room.id = options.roomId
    if (options.name) room.name = options.name
    const notes = room.background
      ? [`background ${room.background} is not in a runtime file; the room has none`]
      : []
    delete room.background
    if (room.scaling.mode === 'map') {
      notes.push('scaling: the scale map is not imported from a runtime file')
      room.scaling = { mode: 'none', linear: room.scaling.linear }
    }
    return { room, flags: [], notes, ...(mask ? { mask } : {}) }
  },
}
