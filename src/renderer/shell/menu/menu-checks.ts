/**
 * The native menu's on/off items (View › Show Grid, Snap, Show Rulers) show the editor's
 * settings: whenever one changes, the host is told (WalkboxHost.setMenuChecks; Electron
 * rebuilds its menu, the browser's own menu bar needs nothing).
 */
import { watch, type WatchStopHandle } from 'vue'
import type { MenuChecks } from '../../../shared/actions'
import type { WalkboxHost } from '../../../shared/host-methods'
import { useToolsStore } from '../../editing/stores/tools'
import { useViewportStore } from '../../editing/stores/viewport'

/** The checks as the editor's settings are now. */
export function currentMenuChecks(): Required<MenuChecks> {
  const tools = useToolsStore()
  const view = useViewportStore()
  return {
    'view.grid': tools.options.showGrid,
    'view.snap': tools.options.snap,
    'view.rulers': view.showRulers,
  }
}

/** Tell `host` the checks now and after every change; returns the stop function. */
export function followMenuChecks(host: Pick<WalkboxHost, 'setMenuChecks'>): WatchStopHandle {
  return watch(
    currentMenuChecks,
    (checked, before) => {
      if (before && sameChecks(checked, before)) return
      // A menu that shows a stale check is not worth an error in the editor.
      host.setMenuChecks({ checked }).catch(() => undefined)
    },
    { immediate: true },
  )
}

function sameChecks(a: Required<MenuChecks>, b: Required<MenuChecks>): boolean {
  return (
    a['view.grid'] === b['view.grid'] &&
    a['view.snap'] === b['view.snap'] &&
    a['view.rulers'] === b['view.rulers']
  )
}
