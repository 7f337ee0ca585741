/**
 * The page stays on app://walkbox: navigations elsewhere are cancelled (project links go to
 * the system browser), new windows are always denied, <webview> never attaches. Driven
 * through guardWebContents on a fake web contents, as Electron would call it.
 */
import { describe, expect, it } from 'vitest'
import {
  guardWebContents,
  type GuardedContents,
  type NavigationPolicy,
} from '../../../src/main/navigation-guard'

type Listener = (event: { preventDefault(): void; url: string }) => void

function setUp() {
  const listeners = new Map<string, Listener>()
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null
  const contents = {
    on: (event: string, listener: Listener) => listeners.set(event, listener),
    setWindowOpenHandler: (h: typeof openHandler) => (openHandler = h),
  } as unknown as GuardedContents
  const opened: string[] = []
  const log: string[] = []
  const policy: NavigationPolicy = {
    appOrigin: 'app://walkbox',
    links: ['https://github.com/walkbox-team/walkbox/'],
    openExternal: (url) => opened.push(url),
    log: (l) => log.push(l),
  }
  guardWebContents(contents, policy)
  const fire = (event: string, url = '') => {
    let prevented = false
    listeners.get(event)!({ url, preventDefault: () => (prevented = true) })
    return prevented
  }
  return { fire, open: (url: string) => openHandler!({ url }), opened, log }
}

describe('navigation guard', () => {
  it('lets the page move within app://walkbox', () => {
    const { fire, log } = setUp()
    expect(fire('will-navigate', 'app://walkbox/index.html')).toBe(false)
    expect(fire('will-redirect', 'app://walkbox/index.html#compare')).toBe(false)
    expect(log).toEqual([])
  })

  it('cancels and logs navigations and redirects anywhere else', () => {
    const { fire, log, opened } = setUp()
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://elsewhere/index.html',
      'http://localhost:5173/',
      'data:text/html,<script>1</script>',
    ]) {
      expect(fire('will-navigate', url), url).toBe(true)
      expect(fire('will-redirect', url), url).toBe(true)
    }
    expect(log).toHaveLength(10)
    expect(log[0]).toBe('navigation refused to https://evil.example/: Walkbox stays on app://walkbox')
    expect(opened).toEqual([])
  })

  it("sends a navigation to the project's own page to the system browser instead", () => {
    const { fire, opened } = setUp()
    expect(fire('will-navigate', 'https://github.com/walkbox-team/walkbox/issues')).toBe(true)
    expect(opened).toEqual(['https://github.com/walkbox-team/walkbox/issues'])
  })

  it('denies every new window; only a project link is opened outside', () => {
    const { open, opened, log } = setUp()
    expect(open('https://github.com/walkbox-team/walkbox/')).toEqual({ action: 'deny' })
    expect(open('https://evil.example/')).toEqual({ action: 'deny' })
    expect(open('app://walkbox/index.html')).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://github.com/walkbox-team/walkbox/'])
    expect(log).toHaveLength(2)
  })

  it('never attaches a <webview>', () => {
    const { fire, log } = setUp()
    expect(fire('will-attach-webview')).toBe(true)
    expect(log).toEqual(['a <webview> was refused'])
  })
})
