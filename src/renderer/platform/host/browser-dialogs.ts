/**
 * Small modal dialogs the browser host shows where the desktop app shows a native
 * one (e.g. "Open project" lists the projects stored in this browser).
 */

export interface Choice {
  value: string
  label: string
}

/** Show a list to choose from; resolves to the chosen value, or null when cancelled. */
export function chooseFromList(title: string, choices: Choice[]): Promise<string | null> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog')
    dialog.className = 'wb-dialog'
    dialog.setAttribute('aria-label', title)
    const heading = document.createElement('h2')
    heading.textContent = title
    dialog.appendChild(heading)
    if (choices.length === 0) {
      const p = document.createElement('p')
      p.textContent = 'No projects are stored in this browser yet.'
      dialog.appendChild(p)
    }
    const finish = (value: string | null) => {
      dialog.close()
      dialog.remove()
      resolve(value)
    }
    for (const choice of choices) {
      const button = document.createElement('button')
      button.textContent = choice.label
      button.addEventListener('click', () => finish(choice.value))
      dialog.appendChild(button)
    }
    const cancel = document.createElement('button')
    cancel.textContent = 'Cancel'
    cancel.addEventListener('click', () => finish(null))
    dialog.appendChild(cancel)
    dialog.addEventListener('cancel', () => finish(null))
    document.body.appendChild(dialog)
    dialog.showModal()
  })
}
