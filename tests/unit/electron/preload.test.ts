/**
 * The preload (src/preload/index.ts), run against a recording `electron` module: it exposes
 * exactly the method table's methods and one listener per event under `walkboxHost`, each
 * method calling main on its own channel with the request as given, each listener handing on
 * the event's value alone (never Electron's event object) and unsubscribing.
 *
 * Units: none.
 */
import { describe, expect, it, vi } from 'vitest'
import {
  HOST_EVENT_NAMES,
  HOST_GLOBAL,
  HOST_METHOD_NAMES,
  hostChannel,
  hostEventListenerName,
} from '../../../src/shared/host-methods'

const recorded = vi.hoisted(() => ({
  exposed: new Map<string, Record<string, unknown>>(),
  invoked: [] as unknown[][],
  listeners: new Map<string, ((event: unknown, value: unknown) => void)[]>(),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: Record<string, unknown>) => recorded.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      recorded.invoked.push(args)
      return `answer of ${String(args[0])}`
    },
    on: (channel: string, handler: (event: unknown, value: unknown) => void) =>
      recorded.listeners.set(channel, [...(recorded.listeners.get(channel) ?? []), handler]),
    removeListener: (channel: string, handler: unknown) =>
      recorded.listeners.set(
        channel,
        (recorded.listeners.get(channel) ?? []).filter((h) => h !== handler),
      ),
  },
}))

describe('the preload, made from the method table', () => {
  it('exposes every method and event listener of the table, and nothing else', async () => {
    await import('../../../src/preload/index')
    const api = recorded.exposed.get(HOST_GLOBAL)!
    expect([...recorded.exposed.keys()]).toEqual([HOST_GLOBAL])
    expect(Object.keys(api).sort()).toEqual(
      ['kind', ...HOST_METHOD_NAMES, ...HOST_EVENT_NAMES.map(hostEventListenerName)].sort(),
    )
    expect(api.kind).toBe('electron')

    for (const method of HOST_METHOD_NAMES) {
      const request = { probe: method }
      await expect((api[method] as (r: unknown) => Promise<unknown>)(request)).resolves.toBe(
        `answer of ${hostChannel(method)}`,
      )
      expect(recorded.invoked.at(-1)).toEqual([hostChannel(method), request])
    }

    const heard: unknown[] = []
    const stop = (api.onOpenRequest as (l: (v: unknown) => void) => () => void)((ref) => heard.push(ref))
    for (const handler of recorded.listeners.get(hostChannel('openRequest'))!)
      handler({ sender: 'the IpcRendererEvent' }, '/games/curb')
    expect(heard).toEqual(['/games/curb'])
    stop()
    expect(recorded.listeners.get(hostChannel('openRequest'))).toEqual([])
  })
})
