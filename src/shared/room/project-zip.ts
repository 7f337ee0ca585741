/**
 * Taking in a .zip project, the part both hosts share: the zip is read whole within its
 * budgets (zip.ts, limits.ts) and checked to be a project before the host writes anything,
 * so a refused zip writes nothing, and the refusal says so in one line.
 *
 * Glossary
 * - project zip: a zip whose top holds project.walkbox.json, as exportProjectZip makes it.
 * - save machinery: backups/, the save journal and staged files (backups.ts, unit-save.ts);
 *   a zip holding any of them is refused, since a host would act on them when it opens the
 *   project.
 *
 * Units: bytes.
 */
import { isProjectFile } from './backups'
import { PROJECT_FILE_NAME } from './schema'
import { readZip, ZIP_LIMITS, ZipError, type ZipEntry, type ZipInflater, type ZipLimits } from './zip'

/** Ends every refusal of a project zip that happens before anything is written. */
export const NOTHING_IMPORTED = 'nothing was imported'

/**
 * The files of the project zip `bytes` (named `file` in messages), read within `limits`.
 * Throws a ZipError of one line ending in "; nothing was imported" when the zip is over a
 * budget, damaged, not a project, or holds the save machinery.
 */
export async function readProjectZip(
  bytes: Uint8Array,
  file: string,
  inflate: ZipInflater,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ZipEntry[]> {
  let entries: ZipEntry[]
  try {
    entries = await readZip(bytes, file, inflate, limits)
  } catch (e) {
    if (e instanceof ZipError) e.message = `${e.message}; ${NOTHING_IMPORTED}`
    throw e
  }
  const machinery = entries.find((e) => !isProjectFile(e.path))
  if (machinery)
    throw new ZipError(
      file,
      `'${machinery.path}' is not a project file (backups, save journals and staged files are never imported); ${NOTHING_IMPORTED}`,
    )
  if (!entries.some((e) => e.path === PROJECT_FILE_NAME))
    throw new ZipError(
      file,
      `expected a Walkbox project (no ${PROJECT_FILE_NAME} at its top); ${NOTHING_IMPORTED}`,
    )
  return entries
}
