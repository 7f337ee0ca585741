/**
 * The browser edition's picked game folders, kept past the tab: each picked folder's
 * FileSystemDirectoryHandle is stored in IndexedDB under its game ref, so a game in the
 * recent list opens again after a reload. The browser asks the author again for access to
 * the folder when it is reopened (the handle keeps the folder, not the permission). Only
 * the folders the recent list still names are kept (at most RECENT_MAX).
 *
 * Units: none.
 */
type Dir = FileSystemDirectoryHandle

const DB_NAME = 'walkbox-game-folders'
const STORE = 'handles'

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

let db: Promise<IDBDatabase> | null = null
function open(): Promise<IDBDatabase> {
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
    db.catch(() => (db = null))
  }
  return db
}

const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE)

/** Keep a picked game folder for its ref. */
export async function rememberGameHandle(ref: string, dir: Dir): Promise<void> {
  await request((await store('readwrite')).put(dir, ref))
}

/** The game folder kept for a ref, or null. */
export async function recallGameHandle(ref: string): Promise<Dir | null> {
  const found = (await request((await store('readonly')).get(ref))) as unknown
  return found && typeof found === 'object' && (found as Dir).kind === 'directory' ? (found as Dir) : null
}

/** Forget the folders kept for these refs (they left the recent list). */
export async function forgetGameHandles(refs: readonly string[]): Promise<void> {
  if (refs.length === 0) return
  const s = await store('readwrite')
  await Promise.all(refs.map((r) => request(s.delete(r))))
}

type Mode = 'read' | 'readwrite'

interface PermissionHandle {
  queryPermission?: (o: { mode: Mode }) => Promise<PermissionState>
  requestPermission?: (o: { mode: Mode }) => Promise<PermissionState>
}

/**
 * What the author lets Walkbox do with a folder: 'readwrite', 'read' (write access asked for
 * and refused: the game opens read-only) or null (not even read, or the browser would not ask,
 * as it will not at start-up without a click). `want` 'read': only read access is asked for
 * (a game the author opens read-only), never write.
 */
export async function folderAccess(dir: Dir, want: Mode = 'readwrite'): Promise<Mode | null> {
  const h = dir as unknown as PermissionHandle
  // An OPFS folder has no permission to ask for: it is the page's own.
  if (!h.queryPermission) return want
  try {
    if (want === 'read') {
      if ((await h.queryPermission({ mode: 'read' })) === 'granted') return 'read'
      return (await h.requestPermission?.({ mode: 'read' })) === 'granted' ? 'read' : null
    }
    if ((await h.queryPermission({ mode: 'readwrite' })) === 'granted') return 'readwrite'
    // The browser asks only after a click (a start of the editor reopening it is refused).
    const write = await h.requestPermission?.({ mode: 'readwrite' })
    if (write === 'granted') return 'readwrite'
    if (write !== 'denied') return null
    if ((await h.queryPermission({ mode: 'read' })) === 'granted') return 'read'
    return (await h.requestPermission?.({ mode: 'read' })) === 'granted' ? 'read' : null
  } catch {
    return null
  }
}
