/**
 * Import and export of the walk mask. Import asks the host for an image
 * (`importImage({ purpose: 'mask' })`), converts it (tools/mask-import.ts) and
 * replaces the mask as one undo step, adding any areas it needs. Export encodes
 * the mask as an 8-bit grey PNG (grey = area id) and downloads it; in Electron the
 * download goes through Chromium's own save dialog.
 *
 * Units: px.
 */
import { useEditorStore } from '../stores/editor'
import { useToolsStore } from '../stores/tools'
import { importMaskCommand, maskFromImportedImage } from '../tools/mask-import'
import { encodeMaskPng } from '../host/png'

export async function importMask(): Promise<void> {
  const editor = useEditorStore()
  const tools = useToolsStore()
  const host = editor.host
  if (!host || !editor.room) return
  try {
    const picked = await host.importImage({ purpose: 'mask' })
    if (!picked) return
    const room = editor.room
    if (!room) return
    const result = maskFromImportedImage(picked.image, room, tools.options.areaId)
    const done = editor.editRoom((target) => importMaskCommand(target, picked.fileName, result))
    if (!done) return
    editor.report(
      'info',
      `Imported ${picked.fileName} as a ${result.kind} mask${result.newAreas.length ? ` (${result.newAreas.length} new areas)` : ''}.`,
    )
  } catch (error) {
    editor.report(
      'error',
      `Could not import the mask: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

export async function exportMask(): Promise<void> {
  const editor = useEditorStore()
  const room = editor.room
  const mask = editor.mask
  if (!room || !mask) return
  try {
    const blob = new Blob([(await encodeMaskPng(mask, room.size.width, room.size.height)) as BlobPart], {
      type: 'image/png',
    })
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = `${room.id}-walkmask.png`
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    editor.report('info', `Exported the mask as ${a.download}.`)
  } catch (error) {
    editor.report(
      'error',
      `Could not export the mask: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
