/**
 * The close button with unsaved work: main keeps the window open and asks the editor;
 * only the editor's confirmation closes it, once.
 */
import { describe, expect, it } from 'vitest'
import { CloseGuard, type GuardedWindow } from '../../../src/main/close-guard'
import { hostChannel } from '../../../src/shared/host-methods'

/** A window whose page keeps itself with beforeunload when `unsavedInPage` (as the editor's page does with unsaved work). */
function fakeWindow(unsavedInPage = false) {
  const sent: string[] = []
  let onClose: ((e: { preventDefault(): void }) => void) | null = null
  let onPreventUnload: ((e: { preventDefault(): void }) => void) | null = null
  let closed = 0
  let destroyed = false
  const window: GuardedWindow = {
    on: (_event, listener) => (onClose = listener),
    close: () => {
      // Electron emits 'close' on close(); the window goes unless it is prevented, then the
      // page's beforeunload runs: a page that cancels it keeps the window unless
      // 'will-prevent-unload' is prevented.
      let prevented = false
      onClose?.({ preventDefault: () => (prevented = true) })
      if (prevented) return
      if (unsavedInPage) {
        let unloadAllowed = false
        onPreventUnload?.({ preventDefault: () => (unloadAllowed = true) })
        if (!unloadAllowed) return
      }
      closed++
      destroyed = true
    },
    isDestroyed: () => destroyed,
    webContents: {
      send: (channel) => sent.push(channel),
      on: (_event, listener) => (onPreventUnload = listener),
    },
  }
  return { window, sent, closed: () => closed }
}

describe('close guard', () => {
  it('turns the close button into a request to the editor and closes only when the editor says so', () => {
    const w = fakeWindow()
    const guard = new CloseGuard(w.window)
    w.window.close()
    w.window.close()
    expect(w.closed()).toBe(0)
    expect(w.sent).toEqual([hostChannel('closeRequest'), hostChannel('closeRequest')])
    guard.closeNow()
    expect(w.closed()).toBe(1)
    // A destroyed window is left alone.
    guard.closeNow()
    expect(w.closed()).toBe(1)
  })

  it('lets a window whose page failed to load close at once', () => {
    const w = fakeWindow()
    const guard = new CloseGuard(w.window)
    guard.allowClose()
    w.window.close()
    expect(w.closed()).toBe(1)
    expect(w.sent).toEqual([])
  })

  it("closes after the editor's Don't Save although the page's beforeunload would keep it", () => {
    const w = fakeWindow(true)
    const guard = new CloseGuard(w.window)
    w.window.close()
    expect(w.closed()).toBe(0)
    guard.closeNow()
    expect(w.closed()).toBe(1)
  })
})
