/** No web permission is granted: request, check and device handlers all refuse, requests are logged. */
import { describe, expect, it } from 'vitest'
import {
  GRANTED_PERMISSIONS,
  installPermissionHandlers,
  permissionGranted,
  type PermissionSession,
} from '../../../src/main/permissions'

const ASKED = [
  'media',
  'geolocation',
  'notifications',
  'clipboard-read',
  'clipboard-sanitized-write',
  'fullscreen',
  'pointerLock',
  'openExternal',
  'hid',
  'serial',
  'usb',
  'fileSystem',
  'persistent-storage',
  'local-fonts',
  'unknown',
]

describe('permissions', () => {
  it('Walkbox needs none', () => {
    expect([...GRANTED_PERMISSIONS]).toEqual([])
    for (const p of ASKED) expect(permissionGranted(p, 'app://walkbox', 'app://walkbox'), p).toBe(false)
  })

  it('installs request, check and device handlers that refuse, the request ones logged', () => {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | null = null
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | null = null
    let device: Parameters<PermissionSession['setDevicePermissionHandler']>[0] | null = null
    const session: PermissionSession = {
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
      setDevicePermissionHandler: (h) => (device = h),
    }
    const log: string[] = []
    installPermissionHandlers(session, 'app://walkbox', (l) => log.push(l))
    const answers: boolean[] = []
    for (const p of ASKED) {
      request!(null, p, (granted) => answers.push(granted), { requestingUrl: 'app://walkbox/index.html' })
      expect(check!(null, p, 'app://walkbox'), p).toBe(false)
    }
    request!(null, 'media', (granted) => answers.push(granted), {})
    expect(answers).toEqual(ASKED.map(() => false).concat(false))
    expect(log[0]).toBe('permission request refused: media for app://walkbox/index.html')
    expect(log.at(-1)).toBe('permission request refused: media for an unknown page')
    expect(device!({ deviceType: 'usb', origin: 'app://walkbox' })).toBe(false)
    expect(log.at(-1)).toBe('device permission refused: usb for app://walkbox')
  })
})
