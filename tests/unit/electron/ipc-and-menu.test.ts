/**
 * The Electron glue without Electron: every contract method has one IPC handler that
 * validates its payload; the native menus come from the shared action list.
 */
import { describe, expect, it, vi } from 'vitest'
import type { IpcMain, MenuItemConstructorOptions } from 'electron'
import { hostHandlers, registerHostHandlers } from '../../../src/main/ipc'
import { menuTemplate } from '../../../src/main/menu-template'
import { DesktopHost } from '../../../src/main/desktop-host'
import { ACTIONS } from '../../../src/shared/actions'
import { TOOL_LIST } from '../../../src/shared/tools'
import { HOST_METHOD_NAMES, hostChannel } from '../../../src/shared/host-methods'

function fakeDesktop(): DesktopHost {
  const ok = vi.fn(async () => 'ok')
  return new Proxy({} as DesktopHost, { get: () => ok })
}

describe('IPC handlers', () => {
  it('registers exactly one handler per request method of the contract', () => {
    const channels: string[] = []
    const ipc = { handle: (channel: string) => channels.push(channel) } as unknown as IpcMain
    registerHostHandlers(ipc, fakeDesktop(), () => {})
    expect(channels.sort()).toEqual(HOST_METHOD_NAMES.map(hostChannel).sort())
    expect(channels).toContain('walkbox:load-room')
  })

  it('refuses malformed payloads with a message saying what was expected, before the host sees them', async () => {
    const desktop = fakeDesktop()
    const handlers = hostHandlers(desktop)
    await expect(handlers.loadRoom({ ref: '/p', roomId: 42 })).rejects.toThrow(
      /loadRoom: refused a malformed request at roomId/,
    )
    await expect(handlers.loadRoom(null)).rejects.toThrow(/loadRoom: refused a malformed request/)
    await expect(
      handlers.saveProject({ ref: '/p', project: {}, rooms: [{ room: {}, mask: 'not bytes' }] }),
    ).rejects.toThrow(/at rooms\.0\.mask: expected bytes/)
    await expect(handlers.saveProject({ ref: '/p', project: {} })).rejects.toThrow(/at rooms/)
    await expect(handlers.restoreBackup({ ref: '/p', backupId: '../../etc' })).rejects.toThrow(
      /restoreBackup: refused a malformed request at backupId: expected a backup id/,
    )
    await expect(handlers.importProjectZip({ fileName: 'x.zip', bytes: 'zip' })).rejects.toThrow(
      /importProjectZip.*at bytes/,
    )
    await expect(handlers.importImage({ purpose: 'everything' })).rejects.toThrow(/importImage/)
    await expect(handlers.createProject({ name: '' })).rejects.toThrow(/createProject.*at name/)
    await expect(handlers.loadRoom({ ref: '/p', roomId: 'courtyard' })).resolves.toBe('ok')
    await expect(
      handlers.saveProject({ ref: '/p', project: {}, rooms: [{ room: {}, mask: new Uint8Array(4) }] }),
    ).resolves.toBe('ok')
  })
})

describe('native menus', () => {
  it('hold every menu action with its shortcut and send its id when clicked', () => {
    const sent: [string, string][] = []
    const template = menuTemplate({ recent: [], isMac: false, appName: 'Walkbox', devTools: true }, (c, v) =>
      sent.push([c, v]),
    )
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Tools', 'Room', 'Compare', 'Help'])
    const items = template.flatMap((m) => (Array.isArray(m.submenu) ? m.submenu : []))
    for (const action of ACTIONS.filter((a) => 'menu' in a)) {
      const item = items.find((i) => i.id === action.id)
      expect(item, action.id).toBeDefined()
      const shortcut = 'shortcut' in action ? action.shortcut.replace(/^(Shift\+)?Arrow/, '$1') : undefined
      expect(item?.accelerator).toBe(shortcut)
    }
    // Plain keys are shown in the menu but not taken from text fields.
    expect(items.find((i) => i.id === 'edit.delete')?.registerAccelerator).toBe(false)
    expect(items.find((i) => i.id === 'edit.nudgeLeft10')?.accelerator).toBe('Shift+Left')
    expect(items.find((i) => i.id === 'file.save')?.registerAccelerator).toBe(true)
    // Copy, cut and paste keys belong to text fields too: shown, left to the renderer.
    for (const id of ['edit.copy', 'edit.cut', 'edit.paste']) {
      expect(items.find((i) => i.id === id)?.registerAccelerator, id).toBe(false)
    }
    const save = items.find((i) => i.id === 'file.save')!
    ;(save.click as () => void)()
    expect(sent).toEqual([[hostChannel('menuAction'), 'file.save']])
  })

  it('lists every authoring tool in the Tools menu with its key, sending the tool action', () => {
    const sent: [string, string][] = []
    const template = menuTemplate({ recent: [], isMac: false, appName: 'Walkbox', devTools: false }, (c, v) =>
      sent.push([c, v]),
    )
    const tools = template.find((m) => m.label === 'Tools')!.submenu as {
      id: string
      label: string
      accelerator: string
      registerAccelerator: boolean
      click: () => void
    }[]
    expect(tools.map((i) => i.id)).toEqual(TOOL_LIST.map((t) => `tool.${t.id}`))
    const measure = tools.find((i) => i.id === 'tool.measure')!
    expect(measure).toMatchObject({ label: 'Measure tool', accelerator: 'M', registerAccelerator: false })
    measure.click()
    expect(sent).toEqual([[hostChannel('menuAction'), 'tool.measure']])
  })

  it('lists recent projects under Open Recent and asks the renderer to open one', () => {
    const sent: [string, string][] = []
    const recent = [{ ref: '/work/castle', name: 'Castle', openedAt: '' }]
    const template = menuTemplate({ recent, isMac: true, appName: 'Walkbox', devTools: false }, (c, v) =>
      sent.push([c, v]),
    )
    expect(template[0].role).toBe('appMenu')
    const file = template.find((m) => m.label === 'File')!
    const openRecent = (file.submenu as { label?: string; submenu?: unknown }[]).find(
      (i) => i.label === 'Open Recent',
    )!
    const entries = openRecent.submenu as { label: string; click: () => void }[]
    expect(entries[0].label).toContain('Castle')
    entries[0].click()
    expect(sent).toEqual([[hostChannel('openRequest'), '/work/castle']])
  })

  it('has Toggle Developer Tools in View only in development', () => {
    const roles = (devTools: boolean) =>
      menuTemplate({ recent: [], isMac: false, appName: 'Walkbox', devTools }, () => {}).find(
        (m) => m.label === 'View',
      )!.submenu as { role?: string }[]
    expect(roles(true).map((i) => i.role)).toContain('toggleDevTools')
    expect(roles(false).map((i) => i.role)).not.toContain('toggleDevTools')
    expect(roles(false).map((i) => i.role)).toContain('togglefullscreen')
    const everywhere = menuTemplate(
      { recent: [], isMac: true, appName: 'Walkbox', devTools: false },
      () => {},
    )
    expect(JSON.stringify(everywhere)).not.toMatch(/devtools/i)
  })
})

describe('checkbox menu items', () => {
  const model = { recent: [], isMac: false, appName: 'Walkbox', devTools: false }
  const viewItems = (checked?: Record<string, boolean>) => {
    const view = menuTemplate({ ...model, checked }, () => {}).find((m) => m.label === 'View')!
    return view.submenu as MenuItemConstructorOptions[]
  }

  it('shows Show Grid, Snap and Show Rulers as checkboxes checked as the editor said', () => {
    const off = viewItems()
    for (const id of ['view.grid', 'view.snap', 'view.rulers']) {
      expect(off.find((i) => i.id === id)).toMatchObject({ type: 'checkbox', checked: false })
    }
    const on = viewItems({ 'view.grid': true, 'view.rulers': true })
    expect(on.find((i) => i.id === 'view.grid')?.checked).toBe(true)
    expect(on.find((i) => i.id === 'view.snap')?.checked).toBe(false)
    expect(on.find((i) => i.id === 'view.rulers')?.checked).toBe(true)
    // Other items stay plain.
    expect(on.find((i) => i.id === 'view.zoomIn')?.type).toBeUndefined()
  })

  it('takes the checks from the renderer through the desktop host, refusing unknown items', async () => {
    const changes: unknown[] = []
    const desktop = new DesktopHost({
      userDataDir: () => '/nonexistent',
      sampleDir: () => '/nonexistent',
      appVersion: () => '0',
      platform: 'linux',
      dialogs: {} as never,
      onMenuChecks: (checked) => changes.push({ ...checked }),
    })
    const handlers = hostHandlers(desktop)
    await handlers.setMenuChecks({ checked: { 'view.grid': true, 'view.snap': false } })
    await handlers.setMenuChecks({ checked: { 'view.snap': true } })
    expect(changes).toEqual([
      { 'view.grid': true, 'view.snap': false },
      { 'view.grid': true, 'view.snap': true },
    ])
    expect(desktop.menuChecks).toEqual({ 'view.grid': true, 'view.snap': true })
    await expect(handlers.setMenuChecks({ checked: { 'file.quit': true } })).rejects.toThrow(
      /setMenuChecks: refused a malformed request/,
    )
    await expect(handlers.setMenuChecks({ checked: { 'view.grid': 'yes' } })).rejects.toThrow(
      /setMenuChecks: refused a malformed request at checked\.view\.grid/,
    )
    expect(changes).toHaveLength(2)
  })
})
