/**
 * The Electron host as the renderer sees it: the preload's bridge, wrapped method by method
 * from the host method table (src/shared/host-methods.ts), so that every request reaches main
 * as the editor wrote it and every answer comes back whole. Two things the bridge does not do
 * are done here, for every method alike:
 * - binary answers: bytes anywhere in the answer are handed on as plain Uint8Arrays (IPC may
 *   deliver a subclass, e.g. a Buffer), everything else as it came;
 * - errors: Electron rejects a failed call with "Error invoking remote method
 *   'walkbox:load-room': Error: <message>"; the author reads <message>, as in the browser.
 * Nothing here names a method: a method added to the table is wrapped by itself.
 */
import {
  HOST_EVENT_NAMES,
  HOST_METHOD_NAMES,
  HOST_METHODS,
  hostChannel,
  hostEventListenerName,
  type WalkboxHost,
} from '../../../shared/host-methods'

/** `value` with every Uint8Array in it (at any depth) a plain Uint8Array; nothing else changed. */
export function plainBytesIn<T>(value: T): T {
  if (value instanceof Uint8Array)
    return (
      value.constructor === Uint8Array
        ? value
        : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    ) as T
  if (Array.isArray(value)) return value.map((v: unknown) => plainBytesIn(v)) as T
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = plainBytesIn(v)
    return out as T
  }
  return value
}

/** The error main threw, as the author should read it: without Electron's remote-method prefix. */
export function unwrapRemoteError(error: unknown, channel: string): unknown {
  if (!(error instanceof Error)) return error
  const prefix = `Error invoking remote method '${channel}': `
  if (!error.message.startsWith(prefix)) return error
  const rest = error.message.slice(prefix.length)
  const named = /^([A-Za-z]*Error): ([\s\S]*)$/.exec(rest)
  const unwrapped = new Error(named ? named[2] : rest, { cause: error })
  if (named && named[1] !== 'Error') unwrapped.name = named[1]
  return unwrapped
}

export function wrapElectronHost(bridge: WalkboxHost): WalkboxHost {
  const host: Record<string, unknown> = { kind: 'electron' }
  const calls = bridge as unknown as Record<string, (request?: unknown) => Promise<unknown>>
  for (const method of HOST_METHOD_NAMES) {
    const channel = hostChannel(method)
    const binary = HOST_METHODS[method].binary
    host[method] = async (request?: unknown) => {
      try {
        const answer = await calls[method](request)
        return binary ? plainBytesIn(answer) : answer
      } catch (e) {
        throw unwrapRemoteError(e, channel)
      }
    }
  }
  for (const event of HOST_EVENT_NAMES) {
    const name = hostEventListenerName(event)
    const listen = bridge[name] as (listener: (value: unknown) => void) => () => void
    host[name] = (listener: (value: unknown) => void) => listen(listener)
  }
  return host as WalkboxHost
}
