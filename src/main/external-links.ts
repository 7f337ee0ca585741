/**
 * Which links the editor may hand to the system browser (`shell.openExternal`): only the
 * project's own pages, as package.json names them (`homepage`, `repository`, `bugs`).
 * Everything else (other sites, other schemes such as file:, smb: or custom protocol
 * handlers, https with credentials or an unusual port) is refused and logged. Pure logic,
 * tested in Node.
 *
 * Glossary
 * - project link: an https URL prefix, e.g. `https://github.com/owner/walkbox/`; a link is
 *   allowed when it has the same host and its path lies under the prefix's path.
 */

/** One https prefix from a package.json field (a string or `{ url }`), or null. */
function httpsPrefix(field: unknown): string | null {
  const raw = typeof field === 'string' ? field : (field as { url?: unknown } | null)?.url
  if (typeof raw !== 'string') return null
  const text = raw.replace(/^git\+/, '').replace(/\.git$/, '')
  try {
    const url = new URL(text)
    if (url.protocol !== 'https:' || url.username || url.password || url.port) return null
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
    return `https://${url.host}${path}`
  } catch {
    return null
  }
}

/** The project's own link prefixes from a parsed package.json. */
export function projectLinks(packageJson: unknown): string[] {
  const pkg = (packageJson ?? {}) as Record<string, unknown>
  const out = [pkg.homepage, pkg.repository, pkg.bugs].map(httpsPrefix).filter((p): p is string => !!p)
  return [...new Set(out)]
}

/** Whether `url` is a plain https link under one of `links`. */
export function isProjectLink(url: string, links: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false
  const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`
  return links.some((prefix) => {
    const allowed = new URL(prefix)
    return parsed.host === allowed.host && path.startsWith(allowed.pathname)
  })
}

/** Open `url` in the system browser when it is a project link; refuse and log anything else. */
export function openProjectLink(
  url: string,
  links: readonly string[],
  open: (url: string) => unknown,
  log: (line: string) => void,
): boolean {
  if (!isProjectLink(url, links)) {
    log(`openExternal refused ${url}: not one of Walkbox's own pages (${links.join(', ') || 'none listed'})`)
    return false
  }
  void open(url)
  return true
}
