/**
 * The renderer side of the electron double: what a sandboxed preload sees as `electron`
 * (`contextBridge`, `ipcRenderer`), installed in the window's page before any page script
 * and followed by the real preload bundle (out/preload/index.cjs), run as Electron runs a
 * sandboxed preload: a CommonJS function whose `require` knows only 'electron' (and
 * 'events', 'timers', 'url', which Walkbox's preload does not use: refused here).
 *
 * What crosses, as Electron's docs say it does:
 * - ipcRenderer.invoke: the arguments are structured-cloned (a function, a Promise or a
 *   Symbol throws "An object could not be cloned."; a class instance arrives as a plain
 *   object of its own fields; typed arrays stay typed arrays); a handler that throws rejects the call with
 *   `Error invoking remote method '<channel>': <error.toString()>`.
 * - contextBridge.exposeInMainWorld: the API object is copied and frozen; its functions are
 *   proxied: their arguments and answers are copied across (prototypes dropped, functions
 *   proxied, Promises proxied, Errors copied as an Error with the same message, cloneable
 *   types such as typed arrays, Dates and Blobs structured-cloned, Symbols dropped).
 * - ipcRenderer.on listeners get (event, ...args) with args structured-cloned by main.
 *
 * Not modelled: the isolated world (the preload runs in the page's main world, so its
 * globals are the page's; only the bridge's copying keeps the two apart), ipcRenderer.send /
 * sendSync / postMessage (the preload uses none: they throw), `process` beyond
 * `sandboxed`, `contextIsolated`, `platform` and `type`.
 *
 * Bytes from main travel beside the message (wire.ts: fetched from the page's own origin) and
 * are typed arrays again before anyone sees them.
 *
 * This function is serialised into the page (Function.prototype.toString): it must use
 * nothing from outside its own body.
 */

/** How the page reaches the Node side: names of the globals the double installs. */
export interface PageBridgeNames {
  /** The Playwright binding that carries an invoke to main (taken off `window` at once). */
  invoke: string
  /** The function main's webContents.send calls in the page (page.evaluate). */
  deliver: string
  /** The key that marks bytes sent beside the message (wire.ts). */
  bytesMark: string
  platform: string
}

/** The preload bundle, wrapped as Electron's sandbox wraps it. */
export type PreloadFunction = (
  require: (id: string) => unknown,
  module: { exports: unknown },
  exports: unknown,
  process: unknown,
) => void

export function installPageBridge(names: PageBridgeNames, preload: PreloadFunction): void {
  // Electron runs the preload in the main frame only (nodeIntegrationInSubFrames is off).
  if (window !== window.top) return
  const w = window as unknown as Record<string, unknown>
  const invokeMain = w[names.invoke] as (
    channel: string,
    args: unknown[],
  ) => Promise<{ error?: string; result?: unknown }>
  delete w[names.invoke]

  // ---- contextBridge: copy across the world boundary ----
  const CLONEABLE = [ArrayBuffer, DataView, Date, RegExp, Blob, Map, Set]
  const isTyped = (v: unknown) => ArrayBuffer.isView(v)
  const copy = (value: unknown, depth: number): unknown => {
    if (depth > 1000) throw new Error('Object has too many levels of nesting to copy across the bridge')
    if (value === null || value === undefined) return value
    const t = typeof value
    if (t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint') return value
    if (t === 'symbol') return undefined
    if (t === 'function') {
      const fn = value as (...a: unknown[]) => unknown
      return (...args: unknown[]) => {
        let answer: unknown
        try {
          answer = fn(...args.map((a) => copy(a, 0)))
        } catch (e) {
          throw copy(e, 0)
        }
        return copy(answer, 0)
      }
    }
    if (value instanceof Promise)
      return value.then(
        (v) => copy(v, 0),
        (e) => {
          throw copy(e, 0)
        },
      )
    if (value instanceof Error) return new Error(value.message)
    if (isTyped(value) || CLONEABLE.some((c) => value instanceof c)) return structuredClone(value)
    if (Array.isArray(value)) return value.map((v) => copy(v, depth + 1))
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value as object))
      out[key] = copy((value as Record<string, unknown>)[key], depth + 1)
    return out
  }
  const deepFreeze = (value: unknown): unknown => {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value)
      for (const v of Object.values(value)) deepFreeze(v)
    }
    return value
  }
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      if (key in w) throw new Error(`Cannot bind an API on top of an existing property on the window object`)
      Object.defineProperty(window, key, {
        value: deepFreeze(copy(api, 0)),
        enumerable: true,
        writable: false,
        configurable: false,
      })
    },
  }

  // ---- bytes from main: base64 strings on the wire (wire.ts), typed arrays again here ----
  const TYPED: Record<string, new (buffer: ArrayBuffer) => unknown> = {
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
    BigInt64Array,
    BigUint64Array,
    DataView,
  }
  const unwire = async (value: unknown): Promise<unknown> => {
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return Promise.all(value.map(unwire))
    const record = value as Record<string, unknown>
    const kind = record[names.bytesMark]
    if (typeof kind === 'string') {
      let buffer: ArrayBuffer
      if (typeof record.url === 'string') buffer = await (await fetch(record.url)).arrayBuffer()
      else {
        const text = atob(record.base64 as string)
        buffer = new ArrayBuffer(text.length)
        const bytes = new Uint8Array(buffer)
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
      }
      return kind === 'ArrayBuffer' ? buffer : new TYPED[kind](buffer)
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return value
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(record)) out[key] = await unwire(record[key])
    return out
  }

  // ---- ipcRenderer: structured clone to and from main ----
  type Listener = (event: unknown, ...args: unknown[]) => void
  const listeners = new Map<string, Listener[]>()
  const event = { sender: null as unknown, senderId: 0, ports: [] as unknown[] }
  const notModelled = (what: string) => () => {
    throw new Error(`ipcRenderer.${what} is not modelled by the electron double`)
  }
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]) {
      // Electron: "Sending Functions, Promises, Symbols, WeakMaps, or WeakSets will throw an exception."
      let cloned: unknown[]
      try {
        cloned = structuredClone(args)
      } catch {
        throw new Error('An object could not be cloned.')
      }
      const reply = await invokeMain(channel, cloned)
      if (reply.error !== undefined)
        throw new Error(`Error invoking remote method '${channel}': ${reply.error}`)
      return unwire(reply.result)
    },
    on(channel: string, listener: Listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener])
      return ipcRenderer
    },
    once(channel: string, listener: Listener) {
      const once: Listener = (e, ...a) => {
        ipcRenderer.removeListener(channel, once)
        listener(e, ...a)
      }
      return ipcRenderer.on(channel, once)
    },
    removeListener(channel: string, listener: Listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((l) => l !== listener),
      )
      return ipcRenderer
    },
    off(channel: string, listener: Listener) {
      return ipcRenderer.removeListener(channel, listener)
    },
    removeAllListeners(channel?: string) {
      if (channel === undefined) listeners.clear()
      else listeners.delete(channel)
      return ipcRenderer
    },
    send: notModelled('send'),
    sendSync: notModelled('sendSync'),
    sendToHost: notModelled('sendToHost'),
    postMessage: notModelled('postMessage'),
  }
  event.sender = ipcRenderer
  Object.defineProperty(window, names.deliver, {
    value: async (channel: string, args: unknown) => {
      const values = (await unwire(args)) as unknown[]
      for (const listener of listeners.get(channel) ?? []) listener(event, ...values)
    },
    enumerable: false,
  })

  // ---- the sandboxed preload ----
  const require = (id: string) => {
    if (id === 'electron') return { contextBridge, ipcRenderer }
    throw new Error(`module not found: ${id} (a sandboxed preload may require only 'electron' here)`)
  }
  const module = { exports: {} as unknown }
  const process = {
    sandboxed: true,
    contextIsolated: true,
    type: 'renderer',
    platform: names.platform,
    argv: [] as string[],
    env: {},
  }
  preload(require, module, module.exports, process)
}
