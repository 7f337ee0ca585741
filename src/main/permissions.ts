/**
 * Web permissions: Walkbox's page uses none (no camera, microphone, notifications,
 * clipboard API, geolocation, HID/serial/USB, fullscreen API; full screen is the native
 * window's, from the View menu). Both Electron handlers (the asynchronous request and
 * the synchronous check) and the device handler answer with this one decision, and a
 * refused request is logged. Tested in Node.
 *
 * Glossary
 * - granted permission: one Walkbox's page needs; kept in GRANTED_PERMISSIONS (empty).
 */
import { originOf } from './ipc-sender'

/** Permissions the editor page needs. None today; add one here with the feature that uses it. */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set<string>()

/** Whether `permission`, asked by a page at `requestingOrigin`, is granted. */
export function permissionGranted(permission: string, requestingOrigin: string, appOrigin: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && requestingOrigin.replace(/\/$/, '') === appOrigin
}

/** The part of Electron's Session the handlers are installed on. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void
  setDevicePermissionHandler(handler: (details: { deviceType: string; origin: string }) => boolean): void
}

/** Install the request, check and device handlers on a session. */
export function installPermissionHandlers(
  session: PermissionSession,
  appOrigin: string,
  log: (line: string) => void,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const url = details.requestingUrl ?? ''
    const granted = permissionGranted(permission, originOf(url) ?? '', appOrigin)
    if (!granted) log(`permission request refused: ${permission} for ${url || 'an unknown page'}`)
    callback(granted)
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionGranted(permission, requestingOrigin, appOrigin),
  )
  session.setDevicePermissionHandler((details) => {
    log(`device permission refused: ${details.deviceType} for ${details.origin}`)
    return false
  })
}
