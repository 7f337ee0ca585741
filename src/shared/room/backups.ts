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
 * - backup.json: what a backup holds: when, the project's name and rooms, how many bytes.
 *
 * Units: bytes; ISO times.
 */
import { commitSave, JOURNAL_FILE, listFiles, STAGED_SUFFIX, type ProjectFiles } from './unit-save'

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
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Is `path` one of the project's own files (not a backup, journal or staged file)? */
export function isProjectFile(path: string): boolean {
  return (
    path !== BACKUPS_FOLDER &&
    !path.startsWith(`${BACKUPS_FOLDER}/`) &&
    !path.startsWith(JOURNAL_FILE) &&
    !path.endsWith(STAGED_SUFFIX)
  )
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
  try {
    for (const path of paths) {
      await files.copy(path, `${folder}/${path}`)
      bytes += (await files.size(`${folder}/${path}`)) ?? 0
    }
    const info: BackupInfo = {
      id,
      savedAt: now.toISOString(),
      ...summarise(await files.read(projectFile)),
      files: paths.length,
      bytes,
    }
    await files.write(`${folder}/${BACKUP_INFO_FILE}`, encoder.encode(`${JSON.stringify(info, null, 2)}\n`))
    return info
  } catch (error) {
    await files.removeTree(folder).catch(() => undefined)
    throw error
  }
}

/** The project's backups, newest first. Damaged backup folders are listed with what can be read. */
export async function listBackups(files: ProjectFiles): Promise<BackupInfo[]> {
  const out: BackupInfo[] = []
  for (const entry of await files.list(BACKUPS_FOLDER)) {
    if (!entry.folder) continue
    const raw = await files.read(`${BACKUPS_FOLDER}/${entry.name}/${BACKUP_INFO_FILE}`)
    try {
      if (!raw) throw new Error('no backup.json')
      const info = JSON.parse(decoder.decode(raw)) as BackupInfo
      out.push({ ...info, id: entry.name })
    } catch {
      const inside = await listFiles(files, `${BACKUPS_FOLDER}/${entry.name}`)
      out.push({
        id: entry.name,
        savedAt: '',
        projectName: null,
        rooms: null,
        files: inside.length,
        bytes: 0,
      })
    }
  }
  return out.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}

/** Remove backups a crash stopped before they were complete (run when a project opens). */
export async function dropPartialBackups(files: ProjectFiles): Promise<void> {
  await listBackups(files)
}

/** Drop all but the newest `keep` backups (after a save is committed, so a new backup never costs an old one first). */
export async function pruneBackups(files: ProjectFiles, keep = DEFAULT_BACKUPS_KEPT): Promise<void> {
  const all = await listBackups(files)
  for (const old of all.slice(Math.max(1, keep))) await files.removeTree(`${BACKUPS_FOLDER}/${old.id}`)
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
  const kept = (await listFiles(files, folder))
    .map((p) => p.slice(folder.length + 1))
    .filter((p) => p !== BACKUP_INFO_FILE)
  if (!kept.includes(projectFile))
    throw new Error(`backup ${id} has no ${projectFile}; it cannot be restored`)
  const writes = []
  for (const path of kept) {
    const bytes = await files.read(`${folder}/${path}`)
    if (bytes) writes.push({ path, bytes })
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
