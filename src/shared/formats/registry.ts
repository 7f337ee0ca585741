/**
 * Every room format Walkbox reads or writes, once: the command line (`walkbox formats`,
 * `import`, `export`) and the editor's Import/Export dialog both list and run them from
 * here. The formats are the engines' (each engine's descriptor names its own, formats/engines.ts)
 * and the runtime room. Each format is pure: text and bytes in, a room or files out; decoding and
 * encoding images, deflating and touching disks are the caller's (host or main services).
 *
 * Glossary
 * - main file: the file an import starts from (a .tscn, a .tmj/.tmx, an AGS walkable mask,
 *   a runtime room); the others it needs are read through the source by relative path.
 * - notes: what was assumed, skipped or dropped, one line each (never silent).
 *
 * Units: px.
 */
import { GAME_ENGINES } from './engines'
import type { RoomFormat } from './format-io'
import { RUNTIME_FORMAT } from './runtime-format'

export type {
  ExportFile,
  ExportInput,
  ExportResult,
  ImportResult,
  ImportSource,
  NewOpenRoomOptions,
  RoomFormat,
  TiledLayersRead,
} from './format-io'
export { isTiledJsonMap } from './tiled/game-maps'

export const ROOM_FORMATS: readonly RoomFormat[] = [...GAME_ENGINES.flatMap((e) => e.formats), RUNTIME_FORMAT]

export function roomFormat(id: string): RoomFormat {
  const f = ROOM_FORMATS.find((x) => x.id === id)
  if (!f)
    throw new Error(`unknown format '${id}'; expected one of ${ROOM_FORMATS.map((x) => x.id).join(', ')}`)
  return f
}

/** The import format a main file's name suggests (by extension), or null. */
export function formatForFile(fileName: string): RoomFormat | null {
  const lower = fileName.toLowerCase()
  let best: { format: RoomFormat; length: number } | null = null
  for (const f of ROOM_FORMATS) {
    if (!f.importRoom) continue
    for (const e of f.extensions) {
      if (lower.endsWith(`.${e}`) && (!best || e.length > best.length)) best = { format: f, length: e.length }
    }
  }
  return best?.format ?? null
}
