/**
 * One IPC handler per method of the host method table (src/shared/host-methods.ts), made from
 * the table: every call is first checked to come from the editor's own main frame at the app
 * origin (ipc-sender.ts), then its payload is validated against the method's schema before
 * the desktop host sees it; a bad payload is refused with a message saying what was expected.
 * Nothing here names a method: a method added to the table gets its handler by itself.
 */
import type { IpcMain } from 'electron'
import type { z } from 'zod'
import {
  HOST_METHOD_NAMES,
  HOST_METHODS,
  hostChannel,
  type CheckedHost,
  type HostMethodName,
} from '../shared/host-methods'
import type { SenderEvent } from './ipc-sender'

/** Validate `payload` against `schema`, or throw one readable line. */
export function validatePayload<T>(method: string, schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  throw new Error(`${method}: refused a malformed request${where}: ${issue.message}`)
}

type Handler = (payload: unknown) => Promise<unknown>

/** The handlers, keyed by method; exported so tests can drive them without Electron. */
export function hostHandlers(desktop: CheckedHost): Record<HostMethodName, Handler> {
  const handlers = {} as Record<HostMethodName, Handler>
  for (const method of HOST_METHOD_NAMES) {
    const schema: z.ZodType | null = HOST_METHODS[method].request
    const call = desktop[method] as (req?: unknown) => Promise<unknown>
    handlers[method] = async (payload) =>
      schema ? call.call(desktop, validatePayload(method, schema, payload)) : call.call(desktop)
  }
  return handlers
}

/** Throws when the caller is not the editor (see ipc-sender.ts). */
export type SenderCheck = (event: SenderEvent, channel: string) => void

/** Registers every handler behind `checkSender`: a foreign caller never reaches the host. */
export function registerHostHandlers(
  ipc: Pick<IpcMain, 'handle'>,
  desktop: CheckedHost,
  checkSender: SenderCheck,
): void {
  const handlers = hostHandlers(desktop)
  for (const method of HOST_METHOD_NAMES) {
    const channel = hostChannel(method)
    ipc.handle(channel, async (event, payload: unknown) => {
      checkSender(event, channel)
      return handlers[method](payload)
    })
  }
}
