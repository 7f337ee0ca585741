/**
 * Shortcuts per host: the browser edition takes keys browsers leave to pages (Alt+N, not
 * Ctrl+N), the desktop keeps its own; no two actions share a key in either host; the
 * shortcut sheet's second key (?) works with the Shift that types it; and the menus made
 * from the registry hold every action once.
 */
import { describe, expect, it } from 'vitest'
import {
  ActionRegistry,
  ariaShortcut,
  formatShortcut,
  type ActionHandlers,
  type Edition,
} from '../../src/renderer/editing/actions/registry'
import { menuModel } from '../../src/renderer/shell/menu/menu-model'
import { ACTIONS, MENUS } from '../../src/shared/actions'

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

function registry(edition: Edition, ran: string[] = []): ActionRegistry {
  const handlers = Object.fromEntries(
    ACTIONS.map((a) => [a.id, { run: () => void ran.push(a.id) }]),
  ) as unknown as ActionHandlers
  const tool = {
    id: 'tool.select' as const,
    label: 'Select and edit tool',
    shortcut: 'V',
    run: () => undefined,
  }
  return new ActionRegistry(handlers, () => undefined, [tool], edition)
}

describe('shortcuts per host', () => {
  it('the browser edition shows and takes the keys browsers leave to pages', async () => {
    const ran: string[] = []
    const web = registry('browser', ran)
    expect(web.get('file.new').shortcut).toBe('Alt+N')
    expect(web.get('room.next').shortcut).toBe('Alt+PageDown')
    expect(web.get('file.save').shortcut).toBe('CmdOrCtrl+S')
    expect(web.match(key('n', { ctrlKey: true }), false)).toBeUndefined()
    expect(web.match(key('PageDown', { ctrlKey: true }), false)).toBeUndefined()
    const action = web.match(key('n', { altKey: true }), false)
    expect(action?.id).toBe('file.new')
    await web.run(action!.id)
    expect(ran).toEqual(['file.new'])
  })

  it('Alt+N works on macOS, where Option+N types a dead key, and not on another key', () => {
    const web = registry('browser')
    expect(web.match({ ...key('Dead', { altKey: true }), code: 'KeyN' }, true)?.id).toBe('file.new')
    expect(web.match({ ...key('Dead', { altKey: true }), code: 'KeyM' }, true)).toBeUndefined()
    // Where Alt+N types an n, the key decides as everywhere else.
    expect(web.match({ ...key('n', { altKey: true }), code: 'KeyB' }, false)?.id).toBe('file.new')
    expect(web.match({ ...key('˜', { altKey: true, shiftKey: true }), code: 'KeyN' }, true)?.id).toBe(
      'room.newFromBackground',
    )
  })

  it('the desktop keeps its own keys', () => {
    const desk = registry('electron')
    expect(desk.get('file.new').shortcut).toBe('CmdOrCtrl+N')
    expect(desk.match(key('n', { ctrlKey: true }), false)?.id).toBe('file.new')
    expect(desk.match(key('PageUp', { metaKey: true }), true)?.id).toBe('room.previous')
    expect(desk.match(key('n', { altKey: true }), false)).toBeUndefined()
  })

  it('no two actions share a key in either host', () => {
    for (const edition of ['browser', 'electron'] as const) {
      const keys = registry(edition)
        .list()
        .flatMap((a) => [a.shortcut, a.also].filter((k): k is string => k !== undefined))
      expect(new Set(keys).size, edition).toBe(keys.length)
    }
  })

  it('the shortcut sheet opens with F1 and with ?, typed with or without Shift', () => {
    const web = registry('browser')
    expect(web.match(key('F1'), false)?.id).toBe('help.shortcuts')
    expect(web.match(key('?', { shiftKey: true }), false)?.id).toBe('help.shortcuts')
    expect(web.match(key('?'), false)?.id).toBe('help.shortcuts')
    expect(web.match(key('?', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined()
  })
})

describe('shortcut labels', () => {
  it('draw arrows as arrows, and spell keys for assistive technology as ARIA does', () => {
    expect(formatShortcut('Shift+ArrowLeft', false)).toBe('Shift+←')
    expect(formatShortcut('ArrowDown', true)).toBe('↓')
    expect(formatShortcut('Alt+PageDown', true)).toBe('⌥PageDown')
    expect(ariaShortcut('CmdOrCtrl+Shift+S', false)).toBe('Control+Shift+S')
    expect(ariaShortcut('CmdOrCtrl+S', true)).toBe('Meta+S')
  })
})

describe('menus made from the registry', () => {
  it('hold every action exactly once, in the order of the menus, with no separator first', () => {
    const actions = registry('browser').list()
    const menus = menuModel(actions)
    expect(menus.map((m) => m.label)).toEqual(MENUS.map((m) => m.label))
    const ids = menus.flatMap((m) => m.entries.map((e) => e.action.id))
    expect([...ids].sort()).toEqual(actions.map((a) => a.id).sort())
    for (const menu of menus) expect(menu.entries[0]?.separatorBefore ?? false, menu.id).toBe(false)
    // Actions without a menu (the tools) end the Edit menu after a separator.
    const edit = menus.find((m) => m.id === 'edit')!.entries
    expect(edit.at(-1)).toMatchObject({ action: { id: 'tool.select' }, separatorBefore: true })
  })
})
