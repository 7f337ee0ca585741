/**
 * Picks the host: the Electron preload's bridge when it is there, else the browser host.
 */
import { HOST_GLOBAL, type WalkboxHost } from '../../../shared/host-methods'
import { createBrowserHost } from './browser-host'
import { wrapElectronHost } from './electron-host'

export function resolveHost(): WalkboxHost {
  const bridged = (window as unknown as Record<string, unknown>)[HOST_GLOBAL]
  if (bridged) return wrapElectronHost(bridged as WalkboxHost)
  return createBrowserHost()
}
