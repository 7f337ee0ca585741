/**
 * Where recovery copies live: one slot per project, in the page's IndexedDB (both hosts
 * run Chromium; nothing on disk is touched, so a recovery copy can never damage the
 * project files). Binary data (masks, images) is stored as it is.
 *
 * Glossary
 * - slot: the recovery copy of one project, keyed by its project ref.
 * - recovery copy: the project file and every room with unsaved edits, as the editor held
 *   them (recovery.ts makes and restores them).
 */
import type { RgbaImage } from '../../../shared/host'
import type { Project, Room } from '../../../shared/room/schema'

export interface RecoveredRoom {
  room: Room
  mask: Uint8Array | null
  /** Never saved: the room must be written whole (its folder may not exist). */
  fresh: boolean
  /** A new or replaced background not yet saved: its file and decoded pixels. */
  background: { name: string; bytes: Uint8Array; image: RgbaImage } | null
  /** Background frames 2..N of an imported room not yet saved (absent in older copies). */
  backgroundFrames?: { files: { name: string; bytes: Uint8Array }[]; images: (RgbaImage | null)[] } | null
  /** An imported or resized scale map not yet saved. */
  scaleMap: { bytes: Uint8Array; image: RgbaImage; sourceName: string | null } | null
}

export interface RecoveryCopy {
  projectRef: string
  /** ISO time of the copy. */
  savedAt: string
  project: Project
  rooms: RecoveredRoom[]
}

export interface RecoverySlots {
  read(projectRef: string): Promise<RecoveryCopy | null>
  write(copy: RecoveryCopy): Promise<void>
  remove(projectRef: string): Promise<void>
}

const DB_NAME = 'walkbox-recovery'
const STORE = 'projects'

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

/** Slots in IndexedDB (the database is opened on first use). */
export function indexedDbSlots(): RecoverySlots {
  let db: Promise<IDBDatabase> | null = null
  const open = (): Promise<IDBDatabase> => {
    if (!db) {
      db = new Promise((resolve, reject) => {
        if (typeof indexedDB === 'undefined') {
          reject(new Error('this window has no IndexedDB'))
          return
        }
        const r = indexedDB.open(DB_NAME, 1)
        r.onupgradeneeded = () => r.result.createObjectStore(STORE)
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'))
      })
    }
    return db
  }
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE)
  return {
    async read(ref) {
      return ((await request((await store('readonly')).get(ref))) as RecoveryCopy | undefined) ?? null
    },
    async write(copy) {
      await request((await store('readwrite')).put(copy, copy.projectRef))
    },
    async remove(ref) {
      await request((await store('readwrite')).delete(ref))
    },
  }
}

/** Slots in memory (component tests). */
export function memorySlots(): RecoverySlots & { all: Map<string, RecoveryCopy> } {
  const all = new Map<string, RecoveryCopy>()
  return {
    all,
    async read(ref) {
      return all.get(ref) ?? null
    },
    async write(copy) {
      all.set(copy.projectRef, structuredClone(copy))
    },
    async remove(ref) {
      all.delete(ref)
    },
  }
}
