/**
 * The project store's contract cases (tests/support/project-store-contract.ts) in the page,
 * on the browser host's own adapter (`opfsStore`: OPFS files, the browser's image codec,
 * Web Locks), driven from tests/e2e/store-contract.test.ts through
 * `window.walkboxStoreContract`.
 *
 * Glossary
 * - contract folder: `store-contract/<case>/<project>` in the page's OPFS, emptied before
 *   each case.
 */
import { CONTRACT_CASES } from '../../support/project-store-contract'
import { opfsStore } from '../../../src/renderer/platform/host/browser-host'

const FOLDER = 'store-contract'

const contract = {
  /** Run one case in a fresh folder; what it saw. */
  async run(name: string, caseFolder: string): Promise<unknown> {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create: true })
    await root.removeEntry(caseFolder, { recursive: true }).catch(() => undefined)
    const place = await root.getDirectoryHandle(caseFolder, { create: true })
    return CONTRACT_CASES[name]({
      async fresh(project) {
        const dir = await place.getDirectoryHandle(project, { create: true })
        return opfsStore(`${caseFolder}/${project}`, dir)
      },
    })
  },
}

;(window as unknown as { walkboxStoreContract: typeof contract }).walkboxStoreContract = contract
