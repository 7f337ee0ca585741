/**
 * The editor page never leaves its origin and never opens windows: a navigation to
 * anywhere but the app origin is cancelled (a project link goes to the system browser
 * instead, see external-links.ts), every `window.open` / `target=_blank` is denied, and
 * `<webview>` is never attached. Refusals are logged. The decisions are plain functions
 * over URLs (tested in Node); `guardWebContents` wires them to any Electron web contents.
 *
 * Glossary
 * - app origin: `app://walkbox`, or the dev server's origin during `npm start`.
 */
import { originOf } from './ipc-sender'
import { isProjectLink, openProjectLink } from './external-links'

export interface NavigationPolicy {
  appOrigin: string
  /** The project's own link prefixes (external-links.ts). */
  links: readonly string[]
  openExternal: (url: string) => unknown
  log: (line: string) => void
}

/** Whether the page may navigate to `url` (same app origin only); otherwise hands project links out and logs. */
export function allowNavigation(url: string, policy: NavigationPolicy): boolean {
  if (originOf(url) === policy.appOrigin) return true
  if (isProjectLink(url, policy.links)) {
    openProjectLink(url, policy.links, policy.openExternal, policy.log)
  } else {
    policy.log(`navigation refused to ${url}: Walkbox stays on ${policy.appOrigin}`)
  }
  return false
}

/** `window.open` and `target=_blank`: never a new window; a project link opens in the system browser. */
export function windowOpenAction(url: string, policy: NavigationPolicy): { action: 'deny' } {
  openProjectLink(url, policy.links, policy.openExternal, policy.log)
  return { action: 'deny' }
}

/** The part of Electron's WebContents the guard wires into. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url: string }) => void,
  ): unknown
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

/** Apply the policy to one web contents (every one the app creates). */
export function guardWebContents(contents: GuardedContents, policy: NavigationPolicy): void {
  const check = (event: { preventDefault(): void; url: string }) => {
    if (!allowNavigation(event.url, policy)) event.preventDefault()
  }
  contents.on('will-navigate', check)
  contents.on('will-redirect', check)
  contents.on('will-attach-webview', (event) => {
    policy.log('a <webview> was refused')
    event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => windowOpenAction(url, policy))
}
