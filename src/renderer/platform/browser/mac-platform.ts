/**
 * Whether the editor runs on a Mac (or an iPad): shortcuts then read Cmd and Option, and the
 * menu follows the Mac's order.
 */
export function isMacPlatform(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}
