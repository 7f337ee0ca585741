/**
 * Import and export of the walk mask. Import asks the host for an image
 * (`importImage({ purpose: 'mask' })`), converts it (tools/mask-import.ts) and
 * replaces the mask as one undo step, adding any areas it needs. Export encodes
 * the mask as an 8-bit grey PNG (grey = area id) and downloads it; in Electron the
 * download goes through Chromium's own save dialog.
 *
 * Units: px.
 */
import { ReplaceMaskCommand } from '../commands/mask-patch'
import { CompoundCommand, RoomFieldsCommand } from '../commands/room-fields'
import { useEditorStore } from '../stores/editor'
import { useHistoryStore } from '../stores/history'
import { useToolsStore } from '../stores/tools'
import { maskFromImportedImage } from '../tools/mask-import'

export async function importMask(): Promise<void> {
  const editor = useEditorStore()
  const history = useHistoryStore()
  const tools = useToolsStore()
  const host = editor.host
  const target = editor.editTarget()
  if (!host || !target) return
  try {
    const picked = await host.importImage({ purpose: 'mask' })
    if (!picked) return
    const result = maskFromImportedImage(picked.image, target.room, tools.options.areaId)
    const parts = []
    if (result.newAreas.length > 0)
      parts.push(
        new RoomFieldsCommand('Add areas', target, { areas: [...target.room.areas, ...result.newAreas] }),
      )
    parts.push(new ReplaceMaskCommand('Replace mask', target, result.mask))
    history.execute(new CompoundCommand(`Import mask ${picked.fileName}`, parts))
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

/** An 8-bit grey PNG of the mask (grey = area id), through a 2D canvas. */
export async function maskPngBlob(mask: Uint8Array, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('This browser cannot draw to a 2D canvas.')
  const pixels = ctx.createImageData(width, height)
  for (let i = 0; i < mask.length; i++) {
    const o = i * 4
    pixels.data[o] = pixels.data[o + 1] = pixels.data[o + 2] = mask[i]
    pixels.data[o + 3] = 255
  }
  ctx.putImageData(pixels, 0, 0)
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed.'))), 'image/png'),
  )
}

export async function exportMask(): Promise<void> {
  const editor = useEditorStore()
  const room = editor.room
  const mask = editor.mask
  if (!room || !mask) return
  try {
    const blob = await maskPngBlob(mask, room.size.width, room.size.height)
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
