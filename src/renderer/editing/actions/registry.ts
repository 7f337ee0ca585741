/**
 * The action registry: each user action is registered once (id, label, shortcut,
 * run) and the toolbar, the keyboard and the native menus all run it from here.
 *
 * Glossary
 * - action: a descriptor from src/shared/actions.ts plus what it does.
 * - shortcut: an accelerator string ("CmdOrCtrl+Shift+S"); matched against key events here.
 *   Each action carries the shortcut of the host it runs in: the browser edition's
 *   (`webShortcut`) where browsers keep the desktop one, so menus, tooltips and the
 *   shortcut sheet all show the key that works.
 * - edition: which host the editor runs in ('electron' or 'browser').
 */
import type { InjectionKey } from 'vue'
import { ACTIONS, type ActionDescriptor, type ActionId as SharedActionId } from '../../../shared/actions'
import type { ToolActionId } from '../tools/registry'

/** The shared actions (menus, toolbar, keys) and one action per tool. */
export type ActionId = SharedActionId | ToolActionId

export interface Action extends ActionDescriptor {
  id: ActionId
  run: () => void | Promise<void>
  /** Greyed out in the toolbar when false. */
  enabled?: () => boolean
}

export type ActionHandlers = Record<SharedActionId, Pick<Action, 'run' | 'enabled'>>

export type Edition = 'electron' | 'browser'

/** What shortcut matching reads of a key event (`code` is optional: tests leave it out). */
export type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> &
  Partial<Pick<KeyboardEvent, 'code'>>

/** The key under which App.vue provides the editor's actions to every panel and toolbar. */
export const ACTIONS_INJECTION: InjectionKey<ActionRegistry> = Symbol('walkbox-actions')

export class ActionRegistry {
  private readonly actions = new Map<ActionId, Action>()

  /** `onError` hears about an action that failed, so that no failure goes unseen. */
  constructor(
    handlers: ActionHandlers,
    private readonly onError: (action: Action, error: unknown) => void = () => undefined,
    /** Actions made elsewhere from their own lists (one per tool). */
    more: readonly Action[] = [],
    edition: Edition = 'electron',
  ) {
    for (const descriptor of ACTIONS) {
      const handler = handlers[descriptor.id]
      const d: ActionDescriptor = descriptor
      const shortcut = edition === 'browser' && d.webShortcut ? d.webShortcut : d.shortcut
      this.actions.set(descriptor.id, { ...descriptor, shortcut, ...handler })
    }
    for (const action of more) {
      if (this.actions.has(action.id)) throw new Error(`Action '${action.id}' is registered twice.`)
      this.actions.set(action.id, action)
    }
  }

  get(id: ActionId): Action {
    const action = this.actions.get(id)
    if (!action) throw new Error(`Unknown action '${id}'.`)
    return action
  }

  /** Is `id` a registered action (menus send plain strings)? */
  has(id: string): id is ActionId {
    return this.actions.has(id as ActionId)
  }

  list(): Action[] {
    return [...this.actions.values()]
  }

  isEnabled(id: ActionId): boolean {
    const action = this.get(id)
    return action.enabled ? action.enabled() : true
  }

  /** Run an action; a failure is reported through `onError`, never thrown at the caller. */
  async run(id: ActionId): Promise<void> {
    const action = this.get(id)
    try {
      if (!this.isEnabled(id)) return
      await action.run()
    } catch (error) {
      this.onError(action, error)
    }
  }

  /** The action whose shortcut matches the key event, if any. */
  match(event: KeyEvent, isMac: boolean): Action | undefined {
    for (const action of this.actions.values()) {
      if (action.shortcut && shortcutMatches(action.shortcut, event, isMac)) return action
      if (action.also && shortcutMatches(action.also, event, isMac)) return action
    }
    return undefined
  }
}

const ARROWS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' }

/** Human-readable shortcut for tooltips, menus and the sheet: "Ctrl+Shift+S", "Shift+←" or "⌘⇧S". */
export function formatShortcut(shortcut: string, isMac: boolean): string {
  const parts = shortcut.split('+').map((p) => (p === '' ? '+' : (ARROWS[p] ?? p)))
  if (!isMac) return parts.map((p) => (p === 'CmdOrCtrl' ? 'Ctrl' : p)).join('+')
  const symbols: Record<string, string> = { CmdOrCtrl: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' }
  return parts.map((p) => symbols[p] ?? p).join('')
}

/** The shortcut as aria-keyshortcuts spells it ("Control+Shift+S", "Meta+S" on macOS). */
export function ariaShortcut(shortcut: string, isMac: boolean): string {
  return shortcut
    .split('+')
    .map((p) => (p === 'CmdOrCtrl' ? (isMac ? 'Meta' : 'Control') : p === 'Ctrl' ? 'Control' : p))
    .join('+')
}

export function shortcutMatches(shortcut: string, event: KeyEvent, isMac: boolean): boolean {
  // "CmdOrCtrl+=" splits into ['CmdOrCtrl', '=']; "CmdOrCtrl++" would give an empty last part.
  const parts = shortcut.split('+')
  const key = parts.pop() || '+'
  const mods = new Set(parts)
  const wantCmd = mods.has('CmdOrCtrl')
  const primary = isMac ? event.metaKey : event.ctrlKey
  if (wantCmd !== primary) return false
  const wanted = key.length === 1 ? key.toUpperCase() : key
  // "?" is typed with Shift on most layouts: a punctuation key without Shift in its
  // shortcut ignores Shift.
  const punctuation = /^[^\p{L}\p{N}]$/u.test(wanted)
  if (mods.has('Shift') !== event.shiftKey && !(punctuation && !mods.has('Shift'))) return false
  if (mods.has('Alt') !== event.altKey) return false
  const pressed = event.key.length === 1 ? event.key.toUpperCase() : event.key
  if (pressed === wanted) return true
  // On macOS Option turns a letter into another character or a dead key (Option+N is "˜",
  // Option+A "å"): with Alt held and no plain letter or digit produced, the physical key decides.
  if (event.altKey && !/^[a-z0-9]$/i.test(event.key) && /^[A-Z0-9]$/.test(wanted))
    return event.code === `Key${wanted}` || event.code === `Digit${wanted}`
  // Shift changes the produced character on most layouts ("=" → "+", "-" → "_").
  return (wanted === '=' && pressed === '+') || (wanted === '-' && pressed === '_')
}
