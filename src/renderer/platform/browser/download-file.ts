/**
 * Save text or bytes as a file from the page: a Blob behind an object URL and a click on a
 * temporary link (the Electron host saves downloads the same way, through Chromium's own
 * save dialog).
 *
 * Units: none.
 */
export function downloadBytes(bytes: Uint8Array | string, fileName: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Save a text as a file. */
export function download(fileName: string, text: string, mime: string): void {
  downloadBytes(text, fileName, mime)
}
