/**
 * Files dragged onto the window: image files become a new room from their background
 * (the New Room dialog opens with the image). The bytes are decoded by the host, with
 * the same limits and messages as a picked file.
 *
 * Glossary
 * - dropped file: a File from a drop event; only its name and bytes are used.
 */
import type { ImportedImage } from '../../../shared/host'
import { useEditorStore } from '../../editing/stores/editor'
import { useStatusStore } from '../../editing/stores/status'
import { newRoomFromBackground } from './project-actions'

const IMAGE_NAME = /\.(png|jpe?g|webp)$/i

/** Decode a dropped file through the host. */
export async function decodeDroppedImage(
  dropped: { fileName: string; bytes: Uint8Array },
  purpose: 'background' | 'mask' | 'scale-map',
): Promise<ImportedImage> {
  const host = useEditorStore().host
  if (!host) throw new Error('The editor has no host yet.')
  return host.decodeImage({ fileName: dropped.fileName, bytes: dropped.bytes, purpose })
}

/** Does this drag carry files (so the window may take the drop)? */
export function dragHasFiles(e: DragEvent): boolean {
  return [...(e.dataTransfer?.types ?? [])].includes('Files')
}

/** Take dropped files: the first image starts a new room; anything else is refused with a message. */
export async function takeDroppedFiles(files: readonly File[]): Promise<void> {
  const editor = useEditorStore()
  const image = files.find((f) => IMAGE_NAME.test(f.name) || /^image\/(png|jpeg|webp)$/.test(f.type))
  if (!image) {
    const names = files.map((f) => f.name).join(', ')
    useStatusStore().report(
      'error',
      `Cannot use ${names || 'the dropped item'}: expected a PNG, JPEG or WebP image.`,
    )
    return
  }
  if (!editor.project) {
    useStatusStore().report(
      'error',
      'Open or create a project first, then drop the background on the window.',
    )
    return
  }
  await newRoomFromBackground({ fileName: image.name, bytes: new Uint8Array(await image.arrayBuffer()) })
}
