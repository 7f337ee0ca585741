/**
 * Installs the native menus (see menu-template.ts) on a window.
 */
import { Menu, type BrowserWindow } from 'electron'
import { menuTemplate, type MenuModel } from './menu-template'

export type { MenuModel }

export function installMenu(window: BrowserWindow, model: MenuModel): void {
  const send = (channel: string, value: string) => {
    if (!window.isDestroyed()) window.webContents.send(channel, value)
  }
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(model, send)))
}
