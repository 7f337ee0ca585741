/**
 * Import and export of the walk mask. Import asks the host for an image
 * (`importImage({ purpose: 'mask' })`), reads it (editing/tools/mask-import.ts), says what it
 * read and replaces or adds to the mask as one undo step, adding any areas it needs. Export encodes
 * the mask as an 8-bit grey PNG (grey = area id) and downloads it; in Electron the
 * download goes through Chromium's own save dialog.
 *
 * Units: px.
 */
import { useEditorStore } from '../stores/editor'
import { useStatusStore } from '../stores/status'
import { useToolsStore } from '../stores/tools'
import { importMaskCommand, maskPreview, missingAreas, planMaskImport } from '../tools/mask-import'
import { useDialogsStore } from '../stores/dialogs'
import { useLayersStore } from '../stores/layers'
import type { ImportedImage } from '../../../shared/host'
import { encodeMaskPng } from '../../platform/host/png'
import { downloadBytes } from '../../platform/browser/download-file'

/**
 * Import a mask picture (picked, or already decoded when dropped): read it, show what was
 * read, and replace or add to the room's mask as one undo step.
 */
export async function importMask(picked?: ImportedImage): Promise<void> {
  const editor = useEditorStore()
  const tools = useToolsStore()
  const host = editor.host
  if (!host || !editor.room) return
  try {
    const file = picked ?? (await host.importImage({ purpose: 'mask' }))
    const room = editor.room
    if (!file || !room) return
    const first = planMaskImport(file, room, tools.options.areaId)
    const used = new Set(room.areas.map((a) => a.id))
    let freeId: number | null = 1
    while (freeId !== null && used.has(freeId)) freeId = freeId < 255 ? freeId + 1 : null
    const answer = await useDialogsStore().ask('mask-import', {
      fileName: file.fileName,
      stored: first.stored,
      room: { ...room.size },
      rule: first.read.rule,
      scale: first.read.scale,
      summary: first.read.summary,
      singleArea: first.singleArea,
      areas: room.areas.map((a) => ({ id: a.id, name: a.name })),
      areaId: room.areas.some((a) => a.id === tools.options.areaId)
        ? tools.options.areaId
        : (room.areas[0]?.id ?? 1),
      freeId,
      hasMask: editor.mask !== null,
      newAreas: missingAreas(first.read, room.areas).map((a) => a.id),
      preview: maskPreview(first.read.cells, room.size, room.areas),
    })
    if (!answer || editor.room !== room) return
    const plan = first.singleArea ? planMaskImport(file, room, answer.areaId) : first
    const done = editor.editRoom((target) => importMaskCommand(target, plan, answer.mode))
    if (!done) return
    if (first.singleArea) tools.options.areaId = answer.areaId
    // The author works on the mask next: show its tools (and no notice about polygons).
    useLayersStore().activate('walk-mask')
    const scaled = plan.read.scale > 1 ? `, scaled up ×${plan.read.scale}` : ''
    useStatusStore().report('info', `Imported ${file.fileName}: ${plan.read.summary}${scaled}.`)
  } catch (error) {
    useStatusStore().report(
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
    const fileName = `${room.id}-walkmask.png`
    downloadBytes(await encodeMaskPng(mask, room.size.width, room.size.height), fileName, 'image/png')
    useStatusStore().report('info', `Exported the mask as ${fileName}.`)
  } catch (error) {
    useStatusStore().report(
      'error',
      `Could not export the mask: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
