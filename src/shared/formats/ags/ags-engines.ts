/**
 * The two AGS engines, which share this folder and a game folder's look (Game.agf, Rooms/N,
 * roomN.crm): an AGS game folder is read as either (the CLI's `import --format`), and what a
 * room file of each is called in messages.
 *
 * Glossary
 * - room file: AGS 4's `Rooms/N` folder (its data.xml), AGS 3's `roomN.crm`.
 *
 * Units: none.
 */
import { AGS3_ENGINE } from './ags3-engine'
import { AGS4_ENGINE } from './ags4-engine'

export const AGS_ENGINES = [AGS4_ENGINE, AGS3_ENGINE] as const

/** The id of an AGS engine ('ags4', 'ags3'). */
export type AgsKind = (typeof AGS_ENGINES)[number]['id']

export function isAgsKind(id: string): id is AgsKind {
  return AGS_ENGINES.some((e) => e.id === id)
}

/** What a room of the engine `kind` is in the game folder, for messages: 'Rooms/N folder', 'roomN.crm'. */
export function agsRoomFileName(kind: AgsKind): string {
  return kind === AGS4_ENGINE.id ? 'Rooms/N folder' : 'roomN.crm'
}
