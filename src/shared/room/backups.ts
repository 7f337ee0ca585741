/**
 * Backups like LDtk's: before each save, the project as it is on disk is kept in the
 * project's `backups/` folder as a timestamped copy, and the newest N are kept (default
 * 10). Any backup can be restored (the state before the restore is backed up first, so a
 * restore can be taken back by restoring again), even when the project file itself is
 * damaged. Unchanged files cost nothing where the storage has hard links (the desktop):
 * a save replaces files by renaming, so a link keeps the old content alive; elsewhere (the
 * browser's storage) they are copied.
 *
 * Glossary
 * - backup id: its folder name, the UTC time of the save it precedes with ':' and '.'
 *   replaced by '-' (sortable), e.g. `2026-11-24T02-10-33-120Z`.
 * - project files: every file of the project folder except `backups/`, the save journal
 *   and staged files (unit-save.ts).
 * - backup.json (the manifest): what a backup holds: when, the project's name and rooms,
 *   and every file with its size. It is written last (to a temp name, then renamed into
 *   place), so a backup is complete exactly when its manifest is there, reads, and every
 *   file it lists is there with its size. A backup a crash stopped half-way (no manifest,
 *   or files missing) is never listed, never restored, and is removed when the project is
 *   next opened. (The copies are made in their final folder rather than staged in another
 *   folder and renamed, because the browser's storage has no folder rename; the manifest
 *   is the commit point instead.)
 *
 * Units: bytes; ISO times.
 */
import { commitSave, isWorkingFile, listFiles, recoverSave, type ProjectFiles } from './unit-save'

export const BACKUPS_FOLDER = 'backups'
export const BACKUP_INFO_FILE = 'backup.json'
/** How many backups a project keeps unless set otherwise. */
export const DEFAULT_BACKUPS_KEPT = 10

export interface BackupInfo {
  id: string
  /** ISO time of the backup (just before the save that replaced these files). */
  savedAt: string
  /** The project's name and how many rooms it listed then (null when its project file was unreadable). */
  projectName: string | null
  rooms: number | null
  files: number
  bytes: number
  /** Every file kept, with its size (backups made before manifests listed only the count). */
  manifest?: { path: string; bytes: number }[]
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Is `path` one of the project's own files (not a backup, journal or staged file)? */
export function isProjectFile(path: string): boolean {
  return path !== BACKUPS_FOLDER && !path.startsWith(`${BACKUPS_FOLDER}/`) && !isWorkingFile(path)
}

/** The project's own files, relative paths, sorted. */
export async function projectFiles(files: ProjectFiles): Promise<string[]> {
  return (await listFiles(files, '', (p) => !isProjectFile(p))).sort()
}

export function backupId(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-')
}

function summarise(projectText: Uint8Array | null): { projectName: string | null; rooms: number | null } {
  if (!projectText) return { projectName: null, rooms: null }
  try {
    const json = JSON.parse(decoder.decode(projectText)) as { name?: unknown; rooms?: unknown }
    return {
      projectName: typeof json.name === 'string' ? json.name : null,
      rooms: Array.isArray(json.rooms) ? json.rooms.length : null,
    }
  } catch {
    return { projectName: null, rooms: null }
  }
}

/**
 * Keep the project as it is now in a new backup. Nothing to keep (a new project) gives null.
 * Old backups are dropped by `pruneBackups` once the save is committed.
 */
export async function makeBackup(
  files: ProjectFiles,
  projectFile: string,
  options: { now?: Date } = {},
): Promise<BackupInfo | null> {
  const paths = await projectFiles(files)
  if (paths.length === 0) return null
  const now = options.now ?? new Date()
  let id = backupId(now)
  const taken = new Set((await files.list(BACKUPS_FOLDER)).map((e) => e.name))
  for (let n = 2; taken.has(id); n++) id = `${backupId(now)}-${n}`
  const folder = `${BACKUPS_FOLDER}/${id}`
  let bytes = 0
  const manifest: { path: string; bytes: number }[] = []
  try {
    for (const path of paths) {
      await files.copy(path, `${folder}/${path}`)
      const size = (await files.size(`${folder}/${path}`)) ?? 0
      manifest.push({ path, bytes: size })
      bytes += size
    }
    const info: BackupInfo = {
      id,
      savedAt: now.toISOString(),
      ...summarise(await files.read(projectFile)),
      files: paths.length,
      bytes,
      manifest,
    }
    // The manifest last, whole: from here on the backup counts (see the glossary).
    const temp = `${folder}/${BACKUP_INFO_FILE}.tmp`
    await files.write(temp, encoder.encode(`${JSON.stringify(info, null, 2)}\n`))
    await files.rename(temp, `${folder}/${BACKUP_INFO_FILE}`)
    return info
  } catch (error) {
    await files.removeTree(folder).catch(() => undefined)
    throw error
  }
}

/**
 * The backup in folder `id` if it has its manifest (written last, so it is whole), else null.
 * `verify` also checks that every file the manifest lists is there with its size (before a
 * restore). Never throws for a bad backup.
 */
async function readBackup(files: ProjectFiles, id: string, verify = false): Promise<BackupInfo | null> {
  const folder = `${BACKUPS_FOLDER}/${id}`
  try {
    if ((await files.kind(`${folder}/${BACKUP_INFO_FILE}`)) !== 'file') return null
    const raw = await files.read(`${folder}/${BACKUP_INFO_FILE}`)
    if (!raw || raw.length > 64 * 1024 * 1024) return null
    const info = JSON.parse(decoder.decode(raw)) as BackupInfo
    if (typeof info !== 'object' || info === null || typeof info.savedAt !== 'string') return null
    if (info.manifest !== undefined && (!Array.isArray(info.manifest) || info.manifest.length !== info.files))
      return null
    if (!verify) return { ...info, id }
    if (info.manifest !== undefined) {
      for (const entry of info.manifest) {
        if (typeof entry?.path !== 'string' || !isProjectFile(entry.path)) return null
        if ((await files.kind(`${folder}/${entry.path}`)) !== 'file') return null
        if ((await files.size(`${folder}/${entry.path}`)) !== entry.bytes) return null
      }
    } else {
      // A backup from before manifests: its backup.json was written last too; count its files.
      const kept = (await listFiles(files, folder)).filter((p) => p !== `${folder}/${BACKUP_INFO_FILE}`)
      if (kept.length !== info.files) return null
    }
    return { ...info, id }
  } catch {
    return null
  }
}

/** The project's complete backups, newest first; partial or damaged ones are not listed. */
export async function listBackups(files: ProjectFiles): Promise<BackupInfo[]> {
  const out: BackupInfo[] = []
  for (const entry of await files.list(BACKUPS_FOLDER)) {
    if (!entry.folder) continue
    const info = await readBackup(files, entry.name)
    if (info) out.push(info)
  }
  return out.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}

/** Remove backups a crash stopped before they were complete (run when a project opens); how many. */
export async function dropPartialBackups(files: ProjectFiles): Promise<number> {
  let dropped = 0
  for (const entry of await files.list(BACKUPS_FOLDER)) {
    if (!entry.folder) continue
    if (await readBackup(files, entry.name)) continue
    await files.removeTree(`${BACKUPS_FOLDER}/${entry.name}`)
    dropped++
  }
  return dropped
}

/**
 * What opening a project does before anything is read, under the host's save lock: finish
 * or drop a save a crash stopped (the journal checked first), remove partial backups, and
 * prune the backups to the limit (a stopped save may have left one too many). Returns
 * the one-line warnings (a journal that was set aside). A listing passes `setAside: false`
 * so that the open that follows is the one that sets an unsafe journal aside and says so.
 */
export async function prepareToOpen(
  files: ProjectFiles,
  options: { keep?: number; setAside?: boolean } = {},
): Promise<string[]> {
  const recovery = await recoverSave(files, { setAside: options.setAside })
  await dropPartialBackups(files)
  // A save stopped after its backup and before its pruning left one backup too many.
  await pruneBackups(files, options.keep)
  return recovery.warnings
}

/**
 * Drop all but the newest `keep` backups (after a save is committed, so a new backup never
 * costs an old one first). Counts the backups that have their manifest (partial ones are
 * removed on open) without checking every file, so that it stays cheap after each save.
 */
export async function pruneBackups(files: ProjectFiles, keep = DEFAULT_BACKUPS_KEPT): Promise<void> {
  const ids: string[] = []
  for (const entry of await files.list(BACKUPS_FOLDER))
    if (entry.folder && (await files.kind(`${BACKUPS_FOLDER}/${entry.name}/${BACKUP_INFO_FILE}`)) === 'file')
      ids.push(entry.name)
  ids.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
  for (const old of ids.slice(Math.max(1, keep))) await files.removeTree(`${BACKUPS_FOLDER}/${old}`)
}

/**
 * Put the project back as backup `id` holds it, as one unit save: the state now is backed up
 * first; files the backup lacks (rooms added later) are removed.
 */
export async function restoreFromBackup(
  files: ProjectFiles,
  id: string,
  projectFile: string,
  options: { keep?: number; now?: Date } = {},
): Promise<BackupInfo | null> {
  if (!/^[0-9A-Za-z-]+$/.test(id)) throw new Error(`'${id}' is not a backup of this project`)
  const folder = `${BACKUPS_FOLDER}/${id}`
  const info = await readBackup(files, id, true)
  if (!info)
    throw new Error(
      `backup ${id} is not complete (a save was stopped while making it); it cannot be restored`,
    )
  const kept = info.manifest
    ? info.manifest.map((m) => m.path)
    : (await listFiles(files, folder))
        .map((p) => p.slice(folder.length + 1))
        .filter((p) => p !== BACKUP_INFO_FILE)
  if (!kept.includes(projectFile))
    throw new Error(`backup ${id} has no ${projectFile}; it cannot be restored`)
  const writes = []
  for (const path of kept) {
    const bytes = await files.read(`${folder}/${path}`)
    if (!bytes) throw new Error(`backup ${id} lost '${path}' while it was read; nothing was restored`)
    writes.push({ path, bytes })
  }
  const restoring = new Set(kept)
  const extra = (await projectFiles(files)).filter((p) => !restoring.has(p))
  let before: BackupInfo | null = null
  await commitSave(files, writes, {
    removeFiles: extra,
    beforeCommit: async () => {
      before = await makeBackup(files, projectFile, { now: options.now })
    },
  })
  // Keep the backup that was restored too, even when it is the oldest.
  await pruneBackups(files, (options.keep ?? DEFAULT_BACKUPS_KEPT) + 1).catch(() => undefined)
  return before
}
