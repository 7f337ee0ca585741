/**
 * Races on one project folder, as the editor and the command line make them: the editor's
 * save of its whole project (with a new room) against a rename of the project; a new room
 * against a save of another room. Each returns whether nothing was lost. Used by
 * store-races.test.ts beside it and bench/store-races.ts.
 *
 * Units: none.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  addRoom,
  createProject,
  loadRoom,
  openProject,
  saveProjectUnit,
  saveRoom,
  updateProject,
} from '../../../src/main/services/project-store'
import { emptyRoom } from '../../../src/shared/room/schema'

/** A project with one room, 'hall'. */
export async function seedRaceProject(root: string): Promise<void> {
  await createProject(root, 'Race')
  await addRoom(root, emptyRoom({ id: 'hall', name: 'Hall', width: 32, height: 24 }))
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * The editor saves its project with a new room `r<i>` (and without the previous try's room,
 * so the project keeps its size) while the project is renamed: the room must be listed and
 * on disk afterwards, whatever order the two ran in.
 */
export async function raceRenameAndSave(root: string, i: number): Promise<boolean> {
  const { project } = await openProject(root)
  const id = `r${i}`
  const room = emptyRoom({ id, name: `Room ${i}`, width: 32, height: 24 })
  await Promise.all([
    saveProjectUnit(root, {
      project: {
        ...project,
        rooms: [
          ...project.rooms.filter((r) => r.id === 'hall'),
          { id, name: room.name, folder: `rooms/${id}` },
        ],
      },
      rooms: [{ room }],
    }),
    updateProject(root, (current) => ({ ...current, name: `Race ${i}` })),
  ])
  const after = await openProject(root)
  return after.project.rooms.some((r) => r.id === id) && (await exists(join(root, 'rooms', id, 'room.json')))
}

/**
 * A new room `n<i>` is added while the hall is saved with a new name: both are there
 * afterwards. The room is then removed again, so the project keeps its size.
 */
export async function raceAddAndSaveRoom(root: string, i: number): Promise<boolean> {
  const hall = (await loadRoom(root, 'hall')).room
  const id = `n${i}`
  await Promise.all([
    addRoom(root, emptyRoom({ id, name: `New ${i}`, width: 32, height: 24 })),
    saveRoom(root, { ...hall, name: `Hall ${i}` }),
  ])
  const after = await openProject(root)
  const hallNow = (await loadRoom(root, 'hall')).room
  const kept =
    after.project.rooms.some((r) => r.id === id) &&
    (await exists(join(root, 'rooms', id, 'room.json'))) &&
    hallNow.name === `Hall ${i}`
  await updateProject(root, (current) => ({ ...current, rooms: current.rooms.filter((r) => r.id !== id) }))
  return kept
}
