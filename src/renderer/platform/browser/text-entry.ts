/**
 * Whether a key event belongs to a text field (shortcuts stand back there) — a
 * checkbox, slider or button with focus does not count, so Space and Ctrl+S still work.
 */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'url', 'tel', 'number'])

export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)
}
