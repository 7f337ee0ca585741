/**
 * The recent list (File › Open Recent, the start screen) as both hosts keep and show it: a
 * kept list cleaned of entries it cannot use, and a game folder's entry named with its
 * engine's label from the descriptor list (formats/engines.ts), so a new engine's games are
 * named without an edit here. Kept apart from host.ts, which the sandboxed preload bundles:
 * the descriptors (and the engines' readers behind them) stay out of it.
 *
 * Glossary
 * - recent entry: a project or a game folder opened in place (`RecentProject`, host.ts).
 *
 * Units: none.
 */
import { engineLabel, isGameKind } from './formats/engines'
import { RECENT_MAX, type RecentProject } from './host'

/** How a recent game folder is shown: the folder's name (not its project's), its engine, where it is. */
export interface RecentGameFolder {
  /** The game folder's name: the desktop's folder name, the browser's picked folder (made unique: 'curb (2)'). */
  folder: string
  /** 'curb — Tiled': the folder's name and the engine, what the lists show. */
  label: string
  /** Where the folder is, for the tooltip: its full path (desktop), or the folder picked in this browser. */
  where: string
  /** The game folder's full path (desktop); null in the browser, which is not told where a picked folder is. */
  path: string | null
}

/**
 * A recent entry that is a game folder opened in place, as the lists show it (two games whose
 * projects share a name are told apart by their folders); null for a plain project. The
 * desktop's ref is the game's `.walkbox/project` folder, the browser's `game:<folder name>`.
 */
export function recentGameFolder(r: RecentProject): RecentGameFolder | null {
  if (!r.game) return null
  const engine = engineLabel(r.game)
  if (r.ref.startsWith('game:')) {
    const folder = r.ref.slice('game:'.length)
    return {
      folder,
      label: `${folder} — ${engine}`,
      where: `the folder ${folder}, picked in this browser; its Walkbox project is ${r.name}`,
      path: null,
    }
  }
  const path = r.ref.replace(/[/\\]\.walkbox[/\\]project[/\\]?$/, '')
  const folder = path.split(/[/\\]/).filter(Boolean).pop() ?? path
  return { folder, label: `${folder} — ${engine}`, where: `${path} (its Walkbox project is ${r.name})`, path }
}

/** A recent list as kept (JSON, localStorage): well-formed entries only, at most RECENT_MAX. */
export function cleanRecentList(list: unknown): RecentProject[] {
  if (!Array.isArray(list)) return []
  const out: RecentProject[] = []
  for (const r of list as Partial<RecentProject>[]) {
    if (typeof r?.ref !== 'string' || typeof r.name !== 'string') continue
    const entry: RecentProject = {
      ref: r.ref,
      name: r.name,
      openedAt: typeof r.openedAt === 'string' ? r.openedAt : '',
    }
    if (isGameKind(r.game)) entry.game = r.game
    if (entry.game && r.readOnly === true) entry.readOnly = true
    out.push(entry)
  }
  return out.slice(0, RECENT_MAX)
}
