/**
 * The host method table: every method the editor asks of its host, declared once. The
 * `WalkboxHost` type, the preload's API (src/preload/index.ts), main's IPC handlers with their
 * validation (src/main/ipc.ts) and the renderer's Electron wrapper
 * (src/renderer/platform/host/electron-host.ts) are all made from it, so that none of them can drop a
 * request or a field of a result. Adding a method: one entry here, and the method in each
 * host (src/main/desktop-host.ts, src/renderer/platform/host/browser-host.ts); CONTRIBUTING.md says how.
 *
 * Glossary
 * - method: a request the editor makes and its answer (a Promise); it travels over IPC on its
 *   channel, `walkbox:<method in kebab-case>` (`loadRoom` -> `walkbox:load-room`).
 * - request: what the editor sends, checked by main against the entry's zod schema before the
 *   desktop host sees it (null: the method takes none).
 * - request shape: the request's type as the editor writes it, when narrower than what the
 *   schema checks (a project or room is checked by the project store, not here).
 * - result shape: the type of the answer (TypeScript only: main's own answer is not re-checked).
 * - binary: the answer carries bytes (Uint8Array); the Electron wrapper hands them on as plain
 *   Uint8Arrays wherever they are in the answer.
 * - event: something main tells the editor unasked (a menu click, an open request, a close
 *   request); the host has `on<Event>(listener)` for it, returning an unsubscribe function.
 *
 * Units: none.
 */
import type { z } from 'zod'
import {
  CreateProjectRequestSchema,
  DecodeImageRequestSchema,
  ImportImageRequestSchema,
  ImportZipRequestSchema,
  LoadRoomRequestSchema,
  MenuChecksRequestSchema,
  OpenGameFolderRequestSchema,
  OpenProjectRequestSchema,
  ProjectRequestSchema,
  RenameProjectRequestSchema,
  RestoreBackupRequestSchema,
  SaveProjectRequestSchema,
  WriteGameSaveRequestSchema,
  type AppInfo,
  type BackupSummary,
  type GameSavePlan,
  type GameSaveResult,
  type ImportedImage,
  type LoadedRoom,
  type OpenedProject,
  type ProjectListing,
  type ProjectRef,
  type RecentProject,
  type SaveProjectRequest,
  type SaveResult,
} from './host'

declare const SHAPE: unique symbol
/** A type the table carries for TypeScript alone (an empty object at run time). */
export interface Shape<T> {
  readonly [SHAPE]?: T
}
/** The shape of a result, or of a request narrower than its schema. */
export function shape<T>(): Shape<T> {
  return {}
}

/** One entry of the table. */
export interface HostMethodSpec {
  /** What main checks the request against; null: the method takes no request. */
  readonly request: z.ZodType | null
  /** The request's type as the editor writes it, when narrower than what `request` checks. */
  readonly requestShape?: Shape<unknown>
  /** The answer's type. */
  readonly result: Shape<unknown>
  /** The answer carries bytes (Uint8Array), anywhere in it. */
  readonly binary: boolean
}

/** Every method of the host contract. Every method may reject with an Error whose message is for the author. */
export const HOST_METHODS = {
  appInfo: { request: null, result: shape<AppInfo>(), binary: false },
  recentProjects: { request: null, result: shape<RecentProject[]>(), binary: false },
  /**
   * Take a project or game folder off the recent list (and, in the browser, forget a game
   * folder's kept handle); its files are not touched.
   */
  forgetRecentProject: { request: ProjectRequestSchema, result: shape<void>(), binary: false },
  /** Open the sample project (copied to a writable place on first use). */
  openSampleProject: { request: null, result: shape<OpenedProject>(), binary: false },
  /** Create a project; Electron asks where. Null when the author cancelled. */
  createProject: {
    request: CreateProjectRequestSchema,
    result: shape<OpenedProject | null>(),
    binary: false,
  },
  /** Open a project: by ref (recent list) or by asking the author. Null when cancelled. */
  openProject: { request: OpenProjectRequestSchema, result: shape<OpenedProject | null>(), binary: false },
  /** Save the project file and the rooms given as one unit, keeping a backup of the version it replaces. */
  saveProject: {
    request: SaveProjectRequestSchema,
    requestShape: shape<SaveProjectRequest>(),
    result: shape<SaveResult>(),
    binary: false,
  },
  /**
   * Save a copy under a new name/location (never into a folder holding anything it did not
   * make); returns the new project, or null when cancelled.
   */
  saveProjectAs: {
    request: SaveProjectRequestSchema,
    requestShape: shape<SaveProjectRequest>(),
    result: shape<OpenedProject | null>(),
    binary: false,
  },
  loadRoom: { request: LoadRoomRequestSchema, result: shape<LoadedRoom>(), binary: true },
  /** Ask the author for an image file and decode it. Null when cancelled. */
  importImage: { request: ImportImageRequestSchema, result: shape<ImportedImage | null>(), binary: true },
  /** Decode image bytes the author dropped on the window (same limits and messages as importImage). */
  decodeImage: { request: DecodeImageRequestSchema, result: shape<ImportedImage>(), binary: true },
  /** Every project the author can open here; damaged ones with their error. */
  listProjects: { request: null, result: shape<ProjectListing[]>(), binary: false },
  /** A project's backups, newest first (also for a project whose file is damaged). */
  listBackups: { request: ProjectRequestSchema, result: shape<BackupSummary[]>(), binary: false },
  /** Put a project back as a backup holds it (the state before is backed up first); returns it opened. */
  restoreBackup: { request: RestoreBackupRequestSchema, result: shape<OpenedProject>(), binary: false },
  /** Give a project a new name (its project file's `name`). */
  renameProject: { request: RenameProjectRequestSchema, result: shape<void>(), binary: false },
  /** Delete a project for good (the browser's storage); Electron takes it off the list and keeps its files. */
  deleteProject: { request: ProjectRequestSchema, result: shape<void>(), binary: false },
  /** The whole project (backups left out) as a .zip. */
  exportProjectZip: {
    request: ProjectRequestSchema,
    result: shape<{ fileName: string; bytes: Uint8Array }>(),
    binary: true,
  },
  /** Make a project from a .zip made by exportProjectZip (checked whole before it is kept). */
  importProjectZip: { request: ImportZipRequestSchema, result: shape<OpenedProject | null>(), binary: false },
  /**
   * Open a game's own folder (AGS, Godot, Tiled) as a project: the author picks the folder;
   * its rooms are read into the Walkbox project kept in the game (`.walkbox/`). With
   * `readOnly` the game is opened read-only on purpose: nothing is written into it (not even
   * `.walkbox`; the browser asks only for read access), as a game Walkbox may not write
   * opens. Null when cancelled.
   */
  openGameFolder: {
    request: OpenGameFolderRequestSchema.optional(),
    result: shape<OpenedProject | null>(),
    binary: false,
  },
  /** What the saved project would change in its game's files (nothing is written). */
  planGameSave: { request: ProjectRequestSchema, result: shape<GameSavePlan>(), binary: false },
  /** Write the plan with this fingerprint into the game, after a backup of every file it replaces. */
  writeGameSave: { request: WriteGameSaveRequestSchema, result: shape<GameSaveResult>(), binary: false },
  /** Close the window now; the editor has dealt with unsaved work. */
  closeWindow: { request: null, result: shape<void>(), binary: false },
  /**
   * Which on/off menu items (View › Show Grid, Snap, Show Rulers) are on, so that the native
   * menu's checks follow the editor. The browser's menu bar reads the editor itself: no-op.
   */
  setMenuChecks: { request: MenuChecksRequestSchema, result: shape<void>(), binary: false },
} as const satisfies Record<string, HostMethodSpec>

/** What main tells the editor unasked; the host has `on<Event>(listener)` for each. */
export const HOST_EVENTS = {
  /** A native menu item (Electron) runs an action by id. */
  menuAction: shape<string>(),
  /** The OS or a menu asks to open a project (Open Recent, a double-clicked project file). */
  openRequest: shape<ProjectRef>(),
  /**
   * The author tried to close the window (Electron's close button, Quit): the editor asks
   * about unsaved work and then calls `closeWindow`, or keeps the window. The browser edition
   * never sends this (it asks through `beforeunload`).
   */
  closeRequest: shape<void>(),
} as const satisfies Record<string, Shape<unknown>>

/** The name under which the preload exposes the host on `window`. */
export const HOST_GLOBAL = 'walkboxHost'

export type HostMethodName = keyof typeof HOST_METHODS
export type HostEventName = keyof typeof HOST_EVENTS
type Spec<K extends HostMethodName> = (typeof HOST_METHODS)[K]
type ShapeOf<S> = S extends Shape<infer T> ? T : never

/** The answer of method K. */
export type HostResult<K extends HostMethodName> = ShapeOf<Spec<K>['result']>
/** The request of method K as the editor writes it. */
export type HostRequest<K extends HostMethodName> =
  Spec<K> extends { requestShape: Shape<infer T> }
    ? T
    : Spec<K>['request'] extends z.ZodType
      ? z.input<Spec<K>['request']>
      : never
/** The request of method K as main's handler hands it to the desktop host: checked by the schema. */
export type HostCheckedRequest<K extends HostMethodName> = Spec<K>['request'] extends z.ZodType
  ? z.output<Spec<K>['request']>
  : never
/** The value an event carries. */
export type HostEventValue<E extends HostEventName> = ShapeOf<(typeof HOST_EVENTS)[E]>

type EditorCall<K extends HostMethodName> = Spec<K>['request'] extends null
  ? () => Promise<HostResult<K>>
  : undefined extends HostRequest<K>
    ? (req?: HostRequest<K>) => Promise<HostResult<K>>
    : (req: HostRequest<K>) => Promise<HostResult<K>>

/** `menuAction` -> `onMenuAction`. */
export type HostEventListenerName<E extends HostEventName> = `on${Capitalize<E>}`

/** What the editor asks of its host: the table's methods and a listener per event. */
export type WalkboxHost = { readonly kind: 'electron' | 'browser' } & {
  [K in HostMethodName]: EditorCall<K>
} & {
  [E in HostEventName as HostEventListenerName<E>]: (
    listener: (value: HostEventValue<E>) => void,
  ) => () => void
}

/**
 * What main's IPC handlers call: each method with its request checked by the table's schema.
 * The desktop host (src/main/desktop-host.ts) implements it.
 */
export type CheckedHost = {
  [K in HostMethodName]: Spec<K>['request'] extends null
    ? () => Promise<HostResult<K>>
    : (req: HostCheckedRequest<K>) => Promise<HostResult<K>>
}

/** The method names, in the table's order. */
export const HOST_METHOD_NAMES = Object.keys(HOST_METHODS) as HostMethodName[]
/** The event names, in the table's order. */
export const HOST_EVENT_NAMES = Object.keys(HOST_EVENTS) as HostEventName[]

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
}

/** The IPC channel a method or event travels on: `walkbox:load-room`. */
export function hostChannel(name: HostMethodName | HostEventName): string {
  return `walkbox:${kebab(name)}`
}

/** The host's listener method for an event: `onMenuAction`. */
export function hostEventListenerName<E extends HostEventName>(event: E): HostEventListenerName<E> {
  return `on${event[0].toUpperCase()}${event.slice(1)}` as HostEventListenerName<E>
}
