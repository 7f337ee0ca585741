/**
 * Component tests open rooms in the editor store as the app does after a host loaded
 * them: a session per room, put on screen.
 */
import { emptyProject, type Project, type Room } from '../../../src/shared/room/schema'
import { useEditorStore } from '../../../src/renderer/editing/stores/editor'
import { createSession } from '../../../src/renderer/editing/stores/room-session'

export function openRoomInEditor(
  room: Room,
  options: { project?: Project; mask?: Uint8Array | null; ref?: string } = {},
): void {
  const editor = useEditorStore()
  const project = options.project ?? emptyProject({ name: 'Test' })
  if (!project.rooms.some((r) => r.id === room.id))
    project.rooms.push({ id: room.id, name: room.name, folder: `rooms/${room.id}` })
  if (options.ref) editor.projectRef = options.ref
  editor.project = project
  editor.putSession(createSession({ room, background: null, mask: options.mask ?? null, scaleMap: null }))
  editor.showSession(room.id)
}
