/**
 * The native menu template, built from the shared action list (src/shared/actions.ts)
 * so that menus, toolbar and shortcuts stay one registry. Pure data: tested in Node
 * without Electron. A menu click sends the action id to the renderer, which runs it;
 * Open Recent sends an open request instead. The Tools menu lists the authoring tools
 * from the shared tool list (src/shared/tools.ts). Developer tools appear in View only in
 * development. On/off settings (Show Grid, Snap, Show Rulers) are checkbox items whose checks
 * are the editor's (WalkboxHost.setMenuChecks), so the menu is rebuilt when they change.
 */
import type { MenuItemConstructorOptions } from 'electron'
import { ACTIONS, MENUS, isPlainKey, type ActionDescriptor, type MenuChecks } from '../shared/actions'
import { TOOL_LIST, toolActionId, toolActionLabel } from '../shared/tools'
import type { RecentProject } from '../shared/host'
import { recentGameFolder } from '../shared/recent-list'
import { hostChannel } from '../shared/host-methods'

/**
 * A recent entry as Open Recent lists it: a game folder by its folder's name and engine (not
 * its project's name, which two games may share), that it is a game folder (read-only, when
 * the author opened it so), and where it is (a native menu has no tooltip).
 */
export function recentLabel(r: RecentProject): string {
  const game = recentGameFolder(r)
  if (!game) return `${r.name} — ${r.ref}`
  return `${game.label} (game folder${r.readOnly ? ', read-only' : ''}) — ${game.path ?? r.ref}`
}

/** Electron spells the arrow keys without "Arrow". */
function accelerator(shortcut: string): string {
  return shortcut.replace(/Arrow(Left|Right|Up|Down)$/, '$1')
}

export interface MenuModel {
  recent: RecentProject[]
  isMac: boolean
  appName: string
  /** View › Toggle Developer Tools: development only (`npm start`), never in packaged builds. */
  devTools: boolean
  /** Which checkbox items (View › Show Grid, Snap, Show Rulers) are on, as the editor said; none: all off. */
  checked?: MenuChecks
}

/** The menu template: pure data, so it can be checked without Electron running. */
export function menuTemplate(
  model: MenuModel,
  send: (channel: string, value: string) => void,
): MenuItemConstructorOptions[] {
  const menus: MenuItemConstructorOptions[] = []
  if (model.isMac) menus.push({ label: model.appName, role: 'appMenu' })
  const tools: ActionDescriptor[] = TOOL_LIST.map((t) => ({
    id: toolActionId(t.id),
    label: toolActionLabel(t),
    shortcut: t.shortcut,
    menu: 'tools',
  }))
  const all: readonly ActionDescriptor[] = [...ACTIONS, ...tools]
  for (const { id: menu, label } of MENUS) {
    const items: MenuItemConstructorOptions[] = []
    for (const action of all.filter((a) => a.menu === menu)) {
      if (action.separatorBefore) items.push({ type: 'separator' })
      const shortcut = action.shortcut
      items.push({
        id: action.id,
        label: action.label,
        accelerator: shortcut ? accelerator(shortcut) : undefined,
        // A plain key or a text key is shown but left to the renderer, which skips text fields.
        registerAccelerator: shortcut ? !isPlainKey(shortcut) && !action.textKey : undefined,
        click: () => send(hostChannel('menuAction'), action.id),
        // An on/off setting shows its state; the click still only asks the editor, which answers with the new checks.
        ...(action.checkbox
          ? { type: 'checkbox' as const, checked: model.checked?.[action.id as keyof MenuChecks] === true }
          : {}),
      })
      if (action.id === 'file.open') {
        items.push({
          label: 'Open Recent',
          submenu:
            model.recent.length === 0
              ? [{ label: 'No recent projects', enabled: false }]
              : model.recent.map((r) => ({
                  label: recentLabel(r),
                  click: () => send(hostChannel('openRequest'), r.ref),
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
    menus.push({ label, submenu: items })
  }
  return menus
}
