/**
 * Putting a read and checked project zip (shared/room/project-zip.ts) into a fresh OPFS
 * project folder. The folder is new and no one else writes to it, so the files go straight
 * to their places, WRITE_CONCURRENCY at a time (Chromium writes each OPFS file through a
 * swap file on its own threads, so one at a time, as a save stages them, 19,999 tiny files
 * took over a minute), and the project file last: a tab closed half-way leaves a folder
 * without a project file, which the Open dialog lists with its error (to delete), never a
 * project that opens with files missing. The caller removes the folder when this fails.
 *
 * Glossary
 * - project file: project.walkbox.json at the top of the project folder.
 *
 * Units: counts.
 */
import { PROJECT_FILE_NAME } from '../../../shared/room/schema'
import type { ProjectFiles } from '../../../shared/room/unit-save'
import type { ZipEntry } from '../../../shared/room/zip'

/** How many files are written at once. */
const WRITE_CONCURRENCY = 8

/** Write every entry into `files` (a fresh project folder), the project file last. */
export async function writeImportedProject(files: ProjectFiles, entries: readonly ZipEntry[]): Promise<void> {
  const rest = entries.filter((e) => e.path !== PROJECT_FILE_NAME)
  const last = entries.filter((e) => e.path === PROJECT_FILE_NAME)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < rest.length) {
      const entry = rest[next++]
      await files.write(entry.path, entry.bytes)
    }
  }
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, rest.length) }, worker))
  for (const entry of last) await files.write(entry.path, entry.bytes)
}
