/**
 * The IPC sender check, driven through the real registered handlers: a call from the
 * editor's own main frame at the app origin reaches the desktop host; a call from any
 * other frame, window or origin is refused with one error and one logged line, and the
 * host never sees it.
 */
import { describe, expect, it, vi } from 'vitest'
import type { IpcMain } from 'electron'
import { registerHostHandlers } from '../../../src/main/ipc'
import { originOf, senderGuard, type SenderEvent, type SenderFrame } from '../../../src/main/ipc-sender'
import type { DesktopHost } from '../../../src/main/desktop-host'
import { hostChannel } from '../../../src/shared/host-methods'

const APP = 'app://walkbox'
const mainFrame: SenderFrame = { url: `${APP}/index.html`, parent: null, processId: 4, routingId: 1 }
const ownWindow = { webContentsId: 7, mainFrame }

type Listener = (event: SenderEvent, payload: unknown) => Promise<unknown>

function setUp(open = true) {
  const calls: string[] = []
  const desktop = new Proxy({} as DesktopHost, {
    get: (_t, method: string) => async () => {
      calls.push(method)
      return `${method} done`
    },
  })
  const listeners = new Map<string, Listener>()
  const ipc = {
    handle: (channel: string, listener: Listener) => listeners.set(channel, listener),
  } as unknown as IpcMain
  const log: string[] = []
  const guard = senderGuard({
    appOrigin: APP,
    ownWindow: () => (open ? ownWindow : null),
    log: (l) => log.push(l),
  })
  registerHostHandlers(ipc, desktop, guard)
  return { calls, listeners, log }
}

const real: SenderEvent = { sender: { id: 7 }, senderFrame: mainFrame }

const foreign: [string, SenderEvent, RegExp][] = [
  ['another window', { sender: { id: 9 }, senderFrame: { ...mainFrame, processId: 8 } }, /web contents 9/],
  [
    'an iframe inside the editor',
    {
      sender: { id: 7 },
      senderFrame: { url: `${APP}/x.html`, parent: mainFrame, processId: 4, routingId: 3 },
    },
    /sub-frame/,
  ],
  [
    'a page navigated to another origin in the main frame',
    { sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'https://evil.example/' } },
    /origin https:\/\/evil\.example is not app:\/\/walkbox/,
  ],
  [
    'a file:// page',
    { sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'file:///tmp/index.html' } },
    /origin file:\/\/\/tmp\/index\.html is not/,
  ],
  [
    'the app scheme under another host',
    { sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'app://elsewhere/index.html' } },
    /origin app:\/\/elsewhere is not/,
  ],
  [
    'a frame that is not the main frame (same window, other routing id)',
    { sender: { id: 7 }, senderFrame: { ...mainFrame, routingId: 2 } },
    /not Walkbox's main frame/,
  ],
  ['a frame that has gone', { sender: { id: 7 }, senderFrame: null }, /the calling frame is gone/],
]

describe('IPC sender check', () => {
  it("lets the editor's own main frame at app://walkbox through to the host", async () => {
    const { calls, listeners, log } = setUp()
    await expect(listeners.get(hostChannel('appInfo'))!(real, undefined)).resolves.toBe('appInfo done')
    await expect(
      listeners.get(hostChannel('loadRoom'))!(real, { ref: '/p', roomId: 'courtyard' }),
    ).resolves.toBe('loadRoom done')
    expect(calls).toEqual(['appInfo', 'loadRoom'])
    expect(log).toEqual([])
  })

  for (const [what, event, reason] of foreign) {
    it(`refuses ${what} on every channel, logs it, and the host never sees the call`, async () => {
      const { calls, listeners, log } = setUp()
      expect(listeners.size).toBeGreaterThan(10)
      for (const [channel, listener] of listeners) {
        await expect(listener(event, { ref: '/p', roomId: 'courtyard' })).rejects.toThrow(
          new RegExp(`^IPC ${channel} refused: .*${reason.source}`),
        )
      }
      expect(calls).toEqual([])
      expect(log).toHaveLength(listeners.size)
      expect(log[0]).toMatch(reason)
    })
  }

  it('refuses every call while the window is closed', async () => {
    const { calls, listeners, log } = setUp(false)
    await expect(listeners.get(hostChannel('saveProject'))!(real, {})).rejects.toThrow(/window is not open/)
    expect(calls).toEqual([])
    expect(log).toHaveLength(1)
  })

  it('checks the sender before the payload, so a foreign caller learns nothing about the schema', async () => {
    const { listeners } = setUp()
    const event = { sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'https://evil.example/' } }
    await expect(listeners.get(hostChannel('loadRoom'))!(event, { roomId: 42 })).rejects.toThrow(
      /refused: origin/,
    )
    await expect(listeners.get(hostChannel('loadRoom'))!(real, { roomId: 42 })).rejects.toThrow(
      /malformed request/,
    )
  })

  it('the dev server origin (with its port) is an origin like any other', () => {
    const log = vi.fn()
    const guard = senderGuard({
      appOrigin: 'http://localhost:5173',
      ownWindow: () => ({ webContentsId: 7, mainFrame: { ...mainFrame, url: 'http://localhost:5173/' } }),
      log,
    })
    expect(() =>
      guard({ sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'http://localhost:5173/' } }, 'c'),
    ).not.toThrow()
    expect(() =>
      guard({ sender: { id: 7 }, senderFrame: { ...mainFrame, url: 'http://localhost:5174/' } }, 'c'),
    ).toThrow(/origin http:\/\/localhost:5174 is not http:\/\/localhost:5173/)
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('reads origins as scheme and host, also for the non-special app: scheme', () => {
    expect(originOf('app://walkbox/assets/index.js?x#y')).toBe('app://walkbox')
    expect(originOf('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173')
    expect(originOf('file:///etc/passwd')).toBeNull()
    expect(originOf('not a url')).toBeNull()
  })
})
