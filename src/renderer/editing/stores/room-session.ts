/**
 * A room session: one room of the project as the editor holds it — its model, its decoded
 * images, the files still to be written, its own undo history, and what could not be read.
 * The editor keeps a session for every room the author has opened (or made) until the
 * project is closed, so switching rooms keeps unsaved edits and undo history.
 *
 * Glossary
 * - pending file: bytes that the next save writes (a new or replaced background, an
 *   imported scale map); null when the file on disk is current.
 * - touched: changed by a project-level edit (a flag renamed in its expressions …) since the
 *   last save; such a room is saved although its own history is clean.
 * - fresh: made in this editor and never saved (its folder does not exist yet).
 * - layer problem: a background, mask or scale map that could not be read; that layer is
 *   left out (null) and the reason shown, instead of refusing the room.
 *
 * Units: room px; images as in src/shared/host.ts.
 */
import { markRaw, reactive, shallowReactive, toRaw } from 'vue'
import type { Rect } from '../../../shared/geometry/types'
import type { LayerProblem, LoadedRoom, RgbaImage } from '../../../shared/host'
import type { Room } from '../../../shared/room/schema'
import { decodeWalkBehindRows, encodeWalkBehindRow } from '../../../shared/room/walk-behinds'
import type { EditTarget } from '../commands/edit-target'
import type { ScaleMapHolder } from '../commands/scale-map'
import { UndoStack } from '../commands/undo-stack'
import type { Viewport } from '../canvas/viewport'

export interface PendingFile {
  /** File name in the room folder. */
  name: string
  bytes: Uint8Array
}

export type { LayerProblem }

export interface RoomSession {
  readonly id: string
  room: Room
  background: RgbaImage | null
  backgroundFile: PendingFile | null
  /** Backgrounds 2..N as room.backgroundFrames names them (null: unreadable); [] for one background. */
  backgroundFrames: (RgbaImage | null)[]
  /** Frame files the next save writes (an imported room's), by index; null when the files on disk are current. */
  backgroundFrameFiles: PendingFile[] | null
  /** Which background is shown: 0 = the room's background, i = backgroundFrames[i - 1]. A view setting, never saved. */
  frame: number
  mask: Uint8Array | null
  scaleMap: RgbaImage | null
  /** Scale-map file bytes to write on the next save (an import); null: the file on disk is current. */
  scaleMapBytes: Uint8Array | null
  /** The name of the imported scale-map file, for the panel; null when loaded from the room. */
  scaleMapSource: string | null
  readonly history: UndoStack
  problems: LayerProblem[]
  /** What the room names that the project lacks, as loaded (one line each); [] once dismissed. */
  warnings: string[]
  touched: boolean
  fresh: boolean
  /** Where the author was looking when they left the room (restored on return). */
  viewport: Viewport | null
}

/**
 * How the author knows background `index` of a room, as AGS's room editor lists them:
 * "Main background", then "Background 1".."Background 4" (with the frame's own name, if any).
 */
export function backgroundFrameLabel(index: number, room?: Room | null): string {
  if (index === 0) return 'Main background'
  const name = room?.backgroundFrames?.[index - 1]?.name
  return name ? `Background ${index} (${name})` : `Background ${index}`
}

/** A session from a room the host loaded (or a new one made in the editor, `fresh`). */
export function createSession(
  loaded: Pick<LoadedRoom, 'room' | 'background' | 'mask' | 'scaleMap' | 'backgroundFrames' | 'warnings'> & {
    problems?: LayerProblem[]
  },
  options: {
    fresh?: boolean
    backgroundFile?: PendingFile | null
    backgroundFrameFiles?: PendingFile[] | null
  } = {},
): RoomSession {
  return shallowReactive<RoomSession>({
    id: loaded.room.id,
    room: reactive(loaded.room) as Room,
    background: loaded.background ? markRaw(loaded.background) : null,
    backgroundFile: options.backgroundFile ? markRaw(options.backgroundFile) : null,
    backgroundFrames: markRaw((loaded.backgroundFrames ?? []).map((f) => (f ? markRaw(f) : null))),
    backgroundFrameFiles: options.backgroundFrameFiles ? markRaw(options.backgroundFrameFiles) : null,
    frame: 0,
    mask: loaded.mask ? markRaw(loaded.mask) : null,
    scaleMap: loaded.scaleMap ? markRaw(loaded.scaleMap) : null,
    scaleMapBytes: null,
    scaleMapSource: null,
    history: markRaw(new UndoStack()),
    problems: loaded.problems ?? [],
    warnings: loaded.warnings ?? [],
    touched: false,
    fresh: options.fresh ?? false,
    viewport: null,
  })
}

/** Has the session anything the files on disk do not have? */
export function sessionDirty(session: RoomSession): boolean {
  return session.history.dirty || session.touched || session.fresh
}

/**
 * What commands edit in this session; `changed` tells the views (whole mask, or a rectangle;
 * `live`: a tool's feedback before its command, see editing/stores/edit-history.ts).
 */
export function sessionTarget(
  session: RoomSession,
  changed: (rect: Rect | null, live: boolean) => void,
): EditTarget {
  return {
    get room() {
      return session.room
    },
    get mask() {
      return session.mask
    },
    setMask(next) {
      session.mask = next ? markRaw(next) : null
      changed(null, false)
    },
    maskChanged: (rect) => changed(rect, true),
  }
}

const walkBehindCache = new WeakMap<readonly string[], Uint8Array>()

/**
 * The decoded cells of the room's walk-behind layer, or null when it has none. Decoded
 * once per rows array (a command that replaces the layer gives a new array); painting
 * writes into these cells and encodes the rows it touched back (walkBehindTarget).
 */
export function walkBehindCellsOf(room: Room): Uint8Array | null {
  const wb = room.walkBehinds
  if (!wb) return null
  const rows = toRaw(wb.rows)
  let cells = walkBehindCache.get(rows)
  if (!cells) {
    cells = markRaw(decodeWalkBehindRows(rows, room.size.width, room.size.height))
    walkBehindCache.set(rows, cells)
  }
  return cells
}

/**
 * The walk-behind layer as an edit target for the mask tools: `mask` is its cells, each
 * written rectangle is encoded back into `walkBehinds.rows` (only the rows it spans).
 * Null when the room has no walk-behind area to paint.
 */
export function walkBehindTarget(
  session: RoomSession,
  changed: (rect: Rect | null, live: boolean) => void,
): EditTarget | null {
  const room = session.room
  if (!room.walkBehinds || room.walkBehinds.areas.length === 0) return null
  return {
    get room() {
      return session.room
    },
    get mask() {
      return walkBehindCellsOf(session.room)
    },
    maskKind: 'walk-behinds',
    setMask() {
      throw new Error('The walk-behind layer is painted, never replaced as a whole.')
    },
    maskChanged: (rect) => changed(rect, true),
    maskWritten(rect) {
      const wb = session.room.walkBehinds
      const cells = walkBehindCellsOf(session.room)
      if (!wb || !cells) return
      const { width } = session.room.size
      const rows = [...toRaw(wb.rows)]
      for (let y = rect.y; y < rect.y + rect.height; y++) rows[y] = encodeWalkBehindRow(cells, width, y)
      walkBehindCache.set(rows, cells)
      wb.rows = rows
    },
  }
}

/** Where scale-map commands read and write the session's decoded map and its pending bytes. */
export function sessionScaleMap(session: RoomSession): ScaleMapHolder {
  return {
    get: () => ({
      image: session.scaleMap,
      bytes: session.scaleMapBytes,
      sourceName: session.scaleMapSource,
    }),
    set(state) {
      session.scaleMap = state.image ? markRaw(state.image) : null
      session.scaleMapBytes = state.bytes ? markRaw(state.bytes) : null
      session.scaleMapSource = state.sourceName
    },
  }
}

/** The session's background as a holder for background commands (image, pending file, room field). */
export interface BackgroundState {
  image: RgbaImage | null
  file: PendingFile | null
}

export function sessionBackground(session: RoomSession): {
  get(): BackgroundState
  set(state: BackgroundState): void
} {
  return {
    get: () => ({ image: session.background, file: session.backgroundFile }),
    set(state) {
      session.background = state.image ? markRaw(state.image) : null
      session.backgroundFile = state.file ? markRaw(state.file) : null
    },
  }
}
