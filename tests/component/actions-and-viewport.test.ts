/**
 * The action registry's shortcut matching and the viewport's coordinate conversions; a fitted
 * room fits again when the canvas is resized.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  ActionRegistry,
  formatShortcut,
  shortcutMatches,
  type ActionHandlers,
} from '../../src/renderer/editing/actions/registry'
import { ACTIONS } from '../../src/shared/actions'
import {
  fitRoom,
  roomToScreen,
  screenToRoom,
  zoomAt,
  MAX_ZOOM,
  MIN_ZOOM,
} from '../../src/renderer/editing/canvas/viewport'
import { isTextEntry } from '../../src/renderer/platform/browser/text-entry'
import { createPinia, setActivePinia } from 'pinia'
import { useViewportStore } from '../../src/renderer/editing/stores/viewport'

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

describe('shortcuts', () => {
  it('match Ctrl on Linux/Windows and Cmd on macOS, with exact modifiers', () => {
    expect(shortcutMatches('CmdOrCtrl+S', key('s', { ctrlKey: true }), false)).toBe(true)
    expect(shortcutMatches('CmdOrCtrl+S', key('s', { metaKey: true }), true)).toBe(true)
    expect(shortcutMatches('CmdOrCtrl+S', key('s', { metaKey: true }), false)).toBe(false)
    expect(shortcutMatches('CmdOrCtrl+S', key('S', { ctrlKey: true, shiftKey: true }), false)).toBe(false)
    expect(shortcutMatches('CmdOrCtrl+Shift+S', key('S', { ctrlKey: true, shiftKey: true }), false)).toBe(
      true,
    )
    expect(shortcutMatches('CmdOrCtrl+=', key('=', { ctrlKey: true }), false)).toBe(true)
    expect(shortcutMatches('CmdOrCtrl+-', key('-', { ctrlKey: true }), false)).toBe(true)
    expect(shortcutMatches('CmdOrCtrl+0', key('0'), false)).toBe(false)
  })

  it('format for tooltips per platform', () => {
    expect(formatShortcut('CmdOrCtrl+Shift+S', false)).toBe('Ctrl+Shift+S')
    expect(formatShortcut('CmdOrCtrl+Shift+S', true)).toBe('⌘⇧S')
  })

  it('are unique, and the registry finds and runs the one that matches; a failure is reported, not thrown', async () => {
    const seen = new Set<string>()
    for (const a of ACTIONS)
      if ('shortcut' in a) {
        expect(seen.has(a.shortcut), a.shortcut).toBe(false)
        seen.add(a.shortcut)
      }
    const ran: string[] = []
    const errors: string[] = []
    const handlers = Object.fromEntries(
      ACTIONS.map((a) => [a.id, { run: () => void ran.push(a.id) }]),
    ) as unknown as ActionHandlers
    handlers['file.save'] = {
      run: () => {
        throw new Error('disk full')
      },
    }
    handlers['edit.undo'] = { run: () => void ran.push('edit.undo'), enabled: () => false }
    const registry = new ActionRegistry(handlers, (a, e) => errors.push(`${a.id}: ${(e as Error).message}`))
    expect(registry.match(key('o', { ctrlKey: true }), false)?.id).toBe('file.open')
    await registry.run('file.open')
    await registry.run('edit.undo')
    await registry.run('file.save')
    expect(ran).toEqual(['file.open'])
    expect(errors).toEqual(['file.save: disk full'])
  })

  it('stand back in text fields but not on checkboxes or buttons', () => {
    const text = document.createElement('input')
    const box = document.createElement('input')
    box.type = 'checkbox'
    expect(isTextEntry(text)).toBe(true)
    expect(isTextEntry(box)).toBe(false)
    expect(isTextEntry(document.createElement('textarea'))).toBe(true)
    expect(isTextEntry(document.createElement('button'))).toBe(false)
  })
})

describe('viewport', () => {
  const viewport = fc.record({
    zoom: fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }),
    offsetX: fc.double({ min: -5000, max: 5000, noNaN: true }),
    offsetY: fc.double({ min: -5000, max: 5000, noNaN: true }),
  })
  const screen = fc.record({
    sx: fc.double({ min: 0, max: 3000, noNaN: true }),
    sy: fc.double({ min: 0, max: 2000, noNaN: true }),
  })

  it('converts room and screen points both ways', () => {
    fc.assert(
      fc.property(viewport, screen, (v, s) => {
        const back = roomToScreen(v, screenToRoom(v, s))
        expect(back.sx).toBeCloseTo(s.sx, 6)
        expect(back.sy).toBeCloseTo(s.sy, 6)
      }),
    )
  })

  it('keeps the room point under the anchor when zooming, within the zoom limits', () => {
    fc.assert(
      fc.property(viewport, screen, fc.double({ min: 0.01, max: 100, noNaN: true }), (v, anchor, factor) => {
        const before = screenToRoom(v, anchor)
        const z = zoomAt(v, anchor, factor)
        expect(z.zoom).toBeGreaterThanOrEqual(MIN_ZOOM)
        expect(z.zoom).toBeLessThanOrEqual(MAX_ZOOM)
        const after = screenToRoom(z, anchor)
        expect(after.x).toBeCloseTo(before.x, 4)
        expect(after.y).toBeCloseTo(before.y, 4)
      }),
    )
  })

  it('fits a room centred: a big room zooms out, a small one zooms in to fill the canvas', () => {
    const big = fitRoom(1920, 1080, 1000, 700)
    expect(big.zoom).toBeCloseTo(968 / 1920, 6)
    expect(big.offsetX).toBe(Math.round((1000 - 1920 * big.zoom) / 2))
    // 968 / 200 = 4.84 and 668 / 100 = 6.68: the width decides.
    const small = fitRoom(200, 100, 1000, 700)
    expect(small.zoom).toBeCloseTo(4.84, 6)
    expect(small.offsetX).toBe(16)
    expect(small.offsetY).toBe(Math.round((700 - 484) / 2))
    // A 320x200 AGS room fills a 1400x800 canvas (height decides: 768 / 200).
    expect(fitRoom(320, 200, 1400, 800).zoom).toBeCloseTo(3.84, 6)
  })

  it('fits the room again when the canvas is resized, unless the author zoomed or panned since', () => {
    setActivePinia(createPinia())
    const store = useViewportStore()
    store.setCanvasSize(1000, 700)
    store.fit(1920, 1080)
    store.setCanvasSize(1600, 900)
    expect(store.viewport).toEqual(fitRoom(1920, 1080, 1600, 900))
    // Zoomed in: the author's view stays as it is when the window changes.
    store.zoomIn()
    const zoomed = store.viewport
    store.setCanvasSize(1200, 800)
    expect(store.viewport).toEqual(zoomed)
  })
})
