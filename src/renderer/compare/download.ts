/**
 * Save a text as a file from the browser: a Blob behind an object URL and a click on a
 * temporary link (the Electron host saves downloads the same way).
 *
 * Units: none.
 */
export function download(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
