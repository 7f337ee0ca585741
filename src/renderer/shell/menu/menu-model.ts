/**
 * The menus as the editor shows them (the browser edition's menu bar and the shortcut
 * sheet), made from the action registry: each action in its menu in registry order, a
 * separator where the action list asks for one. Actions without a menu of their own (one
 * per authoring tool) end the Edit menu, after a separator.
 *
 * Glossary
 * - entry: one action in a menu, with whether a separator comes before it.
 */
import { MENUS, type MenuId } from '../../../shared/actions'
import type { Action } from '../../editing/actions/registry'

export interface MenuEntry {
  action: Action
  separatorBefore: boolean
}

export interface MenuModel {
  id: MenuId
  label: string
  entries: MenuEntry[]
}

/** Where an action without a menu goes. */
const HOMELESS: MenuId = 'edit'

export function menuModel(actions: readonly Action[]): MenuModel[] {
  return MENUS.map(({ id, label }) => {
    const entries: MenuEntry[] = actions
      .filter((a) => a.menu === id)
      .map((action) => ({ action, separatorBefore: action.separatorBefore === true }))
    if (id === HOMELESS) {
      const rest = actions.filter((a) => a.menu === undefined)
      rest.forEach((action, i) => entries.push({ action, separatorBefore: i === 0 }))
    }
    if (entries[0]) entries[0].separatorBefore = false
    return { id, label, entries }
  })
}
