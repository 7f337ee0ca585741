/**
 * The native menu of the electron double: `Menu.buildFromTemplate` makes a model of the
 * template (labels, ids, accelerators, checkbox items, roles, submenus) and
 * `Menu.setApplicationMenu` makes it the one a test reads and clicks. A click does what
 * Electron does: a checkbox item flips its `checked` first, then `click(menuItem,
 * focusedWindow, event)` runs; a role item runs the role (quit: app.quit(); the window
 * roles: nothing the page can see); a disabled or invisible item cannot be clicked.
 *
 * Not modelled: accelerators (a key press goes to the page, which runs Walkbox's own
 * shortcut matching; the native menu's accelerators are not pressed), menu icons, sublabels,
 * context menus and the macOS app menu's roles beyond their labels.
 */
import type { MenuItemConstructorOptions } from 'electron'

/** Labels Electron gives role items that have none. */
const ROLE_LABELS: Record<string, string> = {
  quit: 'Quit',
  togglefullscreen: 'Toggle Full Screen',
  toggledevtools: 'Toggle Developer Tools',
  appmenu: 'App',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectall: 'Select All',
  reload: 'Reload',
  close: 'Close Window',
}

export interface RoleRunner {
  /** Run a role item (quit, togglefullscreen, ...). */
  runRole(role: string): void
  /** The window a click is given (the focused one), or null. */
  focusedWindow(): unknown
}

export class MenuItemDouble {
  readonly id?: string
  readonly label: string
  readonly role?: string
  readonly type: string
  readonly accelerator?: string
  readonly registerAccelerator?: boolean
  readonly enabled: boolean
  readonly visible: boolean
  checked: boolean
  readonly submenu?: MenuDouble
  private readonly onClick?: MenuItemConstructorOptions['click']

  constructor(options: MenuItemConstructorOptions) {
    this.id = options.id
    this.role = options.role
    this.label =
      options.label ?? (options.role ? (ROLE_LABELS[options.role.toLowerCase()] ?? options.role) : '')
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal')
    this.accelerator = options.accelerator as string | undefined
    this.registerAccelerator = options.registerAccelerator
    this.enabled = options.enabled ?? true
    this.visible = options.visible ?? true
    this.checked = options.checked ?? false
    this.onClick = options.click
    if (options.submenu)
      this.submenu = Array.isArray(options.submenu)
        ? MenuDouble.buildFromTemplate(options.submenu as MenuItemConstructorOptions[])
        : (options.submenu as unknown as MenuDouble)
  }

  /** What a click on this item does in Electron. */
  click(runner: RoleRunner): void {
    if (!this.enabled || !this.visible)
      throw new Error(`The menu item "${this.label}" is disabled or hidden.`)
    if (this.type === 'separator' || this.submenu) throw new Error(`"${this.label}" is not a command.`)
    if (this.type === 'checkbox') this.checked = !this.checked
    if (this.onClick) {
      const click = this.onClick as unknown as (item: unknown, window: unknown, event: unknown) => void
      click(this, runner.focusedWindow(), { triggeredByAccelerator: false })
    } else if (this.role) runner.runRole(this.role.toLowerCase())
  }
}

export class MenuDouble {
  readonly items: MenuItemDouble[]

  constructor(items: MenuItemDouble[] = []) {
    this.items = items
  }

  static buildFromTemplate(template: MenuItemConstructorOptions[]): MenuDouble {
    return new MenuDouble(template.map((options) => new MenuItemDouble(options)))
  }

  /** The item with this label (a separator has none); throws naming the labels there are. */
  item(label: string): MenuItemDouble {
    const found = this.items.find((i) => i.label === label && i.type !== 'separator')
    if (!found)
      throw new Error(
        `No menu item "${label}"; there are: ${this.items
          .filter((i) => i.type !== 'separator')
          .map((i) => `"${i.label}"`)
          .join(', ')}`,
      )
    return found
  }

  /** The item at a path of labels: ['File', 'Open Recent', 'curb — Tiled …']. */
  at(path: readonly string[]): MenuItemDouble {
    const [first, ...rest] = path
    if (first === undefined) throw new Error('An empty menu path.')
    const item = this.item(first)
    if (rest.length === 0) return item
    if (!item.submenu) throw new Error(`"${first}" has no submenu.`)
    return item.submenu.at(rest)
  }
}
