/**
 * Closing the window (Electron's close button, Quit): with unsaved work the author is
 * asked Save / Don't Save / Cancel first; the window closes only after a successful save
 * or Don't Save. A failed save keeps the window (and the work) open.
 */
import type { WalkboxHost } from '../../../shared/host-methods'
import { useProjectIoStore } from '../../project/stores/project-io'

export async function answerCloseRequest(host: WalkboxHost): Promise<boolean> {
  const io = useProjectIoStore()
  if (!(await io.confirmLeave('close Walkbox'))) return false
  await host.closeWindow()
  return true
}
