/**
 * The native menu template, built from the shared action list (src/shared/actions.ts)
 * so that menus, toolbar and shortcuts stay one registry. Pure data: tested in Node
 * without Electron. A menu click sends the action id to the renderer, which runs it;
 * Open Recent sends an open request instead. Developer tools appear in View only in
 * development.
 */
import type { MenuItemConstructorOptions } from 'electron'
import { ACTIONS, type MenuId } from '../shared/actions'
import { HOST_CHANNELS, type RecentProject } from '../shared/host'

const MENU_LABELS: Record<MenuId, string> = { file: 'File', edit: 'Edit', room: 'Room', view: 'View' }

export interface MenuModel {
  recent: RecentProject[]
  isMac: boolean
  appName: string
  /** View › Toggle Developer Tools: development only (`npm start`), never in packaged builds. */
  devTools: boolean
}

/** The menu template: pure data, so it can be checked without Electron running. */
export function menuTemplate(
  model: MenuModel,
  send: (channel: string, value: string) => void,
): MenuItemConstructorOptions[] {
  const menus: MenuItemConstructorOptions[] = []
  if (model.isMac) menus.push({ label: model.appName, role: 'appMenu' })
  for (const menu of Object.keys(MENU_LABELS) as MenuId[]) {
    const items: MenuItemConstructorOptions[] = []
    for (const action of ACTIONS.filter((a) => 'menu' in a && a.menu === menu)) {
      if ('separatorBefore' in action && action.separatorBefore) items.push({ type: 'separator' })
      items.push({
        id: action.id,
        label: action.label,
        accelerator: 'shortcut' in action ? action.shortcut : undefined,
        click: () => send(HOST_CHANNELS.menuAction, action.id),
      })
      if (action.id === 'file.open') {
        items.push({
          label: 'Open Recent',
          submenu:
            model.recent.length === 0
              ? [{ label: 'No recent projects', enabled: false }]
              : model.recent.map((r) => ({
                  label: `${r.name} — ${r.ref}`,
                  click: () => send(HOST_CHANNELS.openRequest, r.ref),
                })),
        })
      }
    }
    if (menu === 'file' && !model.isMac) items.push({ type: 'separator' }, { role: 'quit' })
    if (menu === 'view') {
      items.push({ type: 'separator' })
      if (model.devTools) items.push({ role: 'toggleDevTools' })
      items.push({ role: 'togglefullscreen' })
    }
    menus.push({ label: MENU_LABELS[menu], submenu: items })
  }
  return menus
}
