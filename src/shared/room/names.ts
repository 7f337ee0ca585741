/**
 * Names and ids the editor and the command line make for the author: a room's id from
 * its name, a flag id from a flag's name, a room name from an image's file name. Ids
 * follow the format's rules (docs/format.md) and never clash with ones already taken.
 *
 * Glossary
 * - id: 1 to 64 characters of letters, digits, '_', '.' and '-' (not starting with '.' or
 *   '-'); compared case-insensitively for uniqueness, since room ids name folders.
 * - flag id: [A-Za-z_][A-Za-z0-9_]* and not 'true' or 'false' (flag expressions read these).
 */
import { FLAG_ID_PATTERN, RESERVED_FLAG_WORDS } from './flag-expression'

/** The id a name gives before it is made unique: 'Wine cellar' -> 'wine-cellar' (`fallback` when nothing is left). */
export function idBase(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 56) || fallback
  )
}

/** An id from a name, unique among `taken` (case-insensitively): 'Wine cellar' -> 'wine-cellar', 'wine-cellar-2'. */
export function idFromName(name: string, taken: Iterable<string>, fallback = 'room'): string {
  const base = idBase(name, fallback)
  const used = new Set([...taken].map((t) => t.toLowerCase()))
  if (!used.has(base)) return base
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`
}

/**
 * Unique ids from many names in a row (an importer's zones, points, …) with idFromName's
 * rules, in time linear in the number of names: it remembers what it gave and, per base,
 * the next suffix to try.
 */
export class IdPool {
  private readonly used = new Set<string>()
  private readonly next = new Map<string, number>()
  take(name: string, fallback: string): string {
    const base = idBase(name, fallback)
    let id = base
    if (this.used.has(id)) {
      let i = this.next.get(base) ?? 2
      while (this.used.has(`${base}-${i}`)) i++
      this.next.set(base, i + 1)
      id = `${base}-${i}`
    }
    this.used.add(id)
    return id
  }
  /** Marks an id given by the file as used. */
  keep(id: string): string {
    this.used.add(id.toLowerCase())
    return id
  }
}

/** A flag id from a name, unique among `taken`: 'Door open' -> 'doorOpen'. */
export function flagIdFromName(name: string, taken: Iterable<string>): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  let base = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join('')
  if (!/^[A-Za-z_]/.test(base)) base = `flag${base}`
  if (RESERVED_FLAG_WORDS.includes(base)) base = `${base}Flag`
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`
}

/** Why `id` cannot be a new flag id, or null. */
export function flagIdProblem(id: string, taken: Iterable<string>): string | null {
  if (!FLAG_ID_PATTERN.test(id))
    return `'${id}' is not a flag name: use letters, digits and '_', starting with a letter or '_'.`
  if (RESERVED_FLAG_WORDS.includes(id)) return `'${id}' is reserved in flag expressions.`
  if ([...taken].includes(id)) return `The project already has a flag '${id}'.`
  return null
}

/**
 * A room name no other room of the project has (case-insensitively): 'Room 1' stays when
 * free, else 'Room 1 (2)', 'Room 1 (3)'… What imports and Save As propose.
 */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.trim().toLowerCase()))
  const base = name.trim() || 'Room'
  if (!used.has(base.toLowerCase())) return base
  for (let i = 2; ; i++) {
    const candidate = `${base} (${i})`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}

/** A room name from an image file name: 'brokencurb_street-bg.png' -> 'Brokencurb street bg'. */
export function nameFromFileName(fileName: string): string {
  const stem = fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]+$/, '')
  const words = stem
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return words ? words[0].toUpperCase() + words.slice(1) : 'Room'
}
