/**
 * What a host gives the game store (game-store.ts) for one game folder: the desktop
 * (src/main/services/game-folder-store.ts: the disk, sharp, a lock file), the browser
 * (src/renderer/platform/host/game-folder-host.ts: a picked or OPFS folder, the browser's codec, Web
 * Locks) and the command line (the desktop's adapter) each build one and nothing more.
 *
 * Glossary
 * - game folder: an AGS, Godot or Tiled game's own folder (formats/game-folder.ts).
 * - game project: the Walkbox project kept in the game (`.walkbox/project`).
 * - scratch project: the Walkbox project of a game opened read-only, in a place of its own
 *   outside the game, emptied each time it is asked for.
 * - held: whether `lock` gave the work the game's lock. A reader that may not take it (a game
 *   opened read-only, a folder no lock file can be made in) still waits while another holds
 *   it, and then reads without it.
 *
 * Units: milliseconds; bytes.
 */
import type { GameCodec } from '../formats/game-folder'
import type { StoreHost } from '../room/project-store'
import type { ProjectFiles } from '../room/unit-save'

/** Whether work runs holding the game's lock, and when it was asked for and not had, why (one line). */
export type GameLockState = { held: true } | { held: false; why: string | null }

export interface GameLockOptions {
  /** Take the lock (a writer, or a reader that may write its recovery); false: only wait while another holds it. */
  take: boolean
}

export interface GameHost {
  /** The game folder's files (game paths). */
  files: ProjectFiles
  /** Decoding, image headers, tile inflating and the mask deflate of this host. */
  codec: GameCodec
  /** The game project's store (`.walkbox/project` in the game), with its own save lock. */
  project: StoreHost
  /** A new, empty scratch project outside the game (each call empties it first). */
  scratch(): Promise<StoreHost>
  /**
   * Null when Walkbox may write into the game folder, else why not, in a few words ('a
   * read-only file system'). It may try a write where Walkbox writes first (`.walkbox/`),
   * leaving nothing behind.
   */
  writeRefusal(): Promise<string | null>
  /**
   * Run `work` as the only writer of this game (in this process and, where the host can tell,
   * in others): a second waits, then is refused in one line naming the holder; a dead holder's
   * lock is taken over. Not `held` when the lock was not taken (`take` false, or no lock can
   * be made here: a read-only folder, a full disk, with `why`); such work must not write.
   */
  lock<T>(work: (state: GameLockState) => Promise<T>, options: GameLockOptions): Promise<T>
  /** Whether a game file's mode allows no write (0444: not checked out), where the storage has modes. */
  readOnlyFile?(path: string): Promise<boolean>
  /** Written into the game project's file by its saves. */
  appVersion?: string
  /** How many game backups to keep (default DEFAULT_BACKUPS_KEPT, as for projects). */
  keepBackups?: number
}

/** The lock file of a game on hosts that lock with files (the desktop, the command line). */
export const GAME_LOCK_FILE = '.walkbox-game-lock'
