/**
 * The preload: exposes exactly the host contract to the renderer through contextBridge, made
 * from the host method table (src/shared/host-methods.ts): one function per method, calling
 * main over the method's IPC channel with the request as given, and one `on<Event>` per event.
 * Nothing else: no Node, no ipcRenderer, no file access leaks into the page. Runs sandboxed.
 * Nothing here names a method: a method added to the table is exposed by itself.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  HOST_EVENT_NAMES,
  HOST_GLOBAL,
  HOST_METHOD_NAMES,
  hostChannel,
  hostEventListenerName,
} from '../shared/host-methods'

const host: Record<string, unknown> = { kind: 'electron' }
for (const method of HOST_METHOD_NAMES) {
  const channel = hostChannel(method)
  host[method] = (request?: unknown) => ipcRenderer.invoke(channel, request)
}
for (const event of HOST_EVENT_NAMES) {
  const channel = hostChannel(event)
  // The listener hears the event's value alone, never Electron's event object.
  host[hostEventListenerName(event)] = (listener: (value: unknown) => void) => {
    const handler = (_event: IpcRendererEvent, value: unknown) => listener(value)
    ipcRenderer.on(channel, handler)
    return () => void ipcRenderer.removeListener(channel, handler)
  }
}

contextBridge.exposeInMainWorld(HOST_GLOBAL, host)
