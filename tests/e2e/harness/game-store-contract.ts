/**
 * The game store's contract cases (tests/support/game-store-contract.ts) in the page, on the
 * browser host's own adapter (`opfsGameHost`: OPFS folders as picked game folders, the
 * browser's codec, Web Locks), driven from tests/e2e/game-store-contract.test.ts through
 * `window.walkboxGameContract`.
 *
 * Glossary
 * - contract folder: `game-store-contract/<case>/` in the page's OPFS, emptied before each
 *   case: each game a folder `<game>-<n>/game`, its scratch project `scratch-<n>`.
 * - game files: each game's files as the test sends them, paths with base64 bytes.
 */
import { GAME_CONTRACT_CASES, type ContractGameName } from '../../support/game-store-contract'
import { opfsGameHost } from '../../../src/renderer/platform/host/game-folder-host'

const FOLDER = 'game-store-contract'
type Dir = FileSystemDirectoryHandle

async function writeFile(root: Dir, path: string, base64: string): Promise<void> {
  const parts = path.split('/')
  let dir = root
  for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true })
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
  await w.write(bytes)
  await w.close()
}

const contract = {
  /** Run one case in a fresh folder; what it saw. */
  async run(
    name: string,
    caseFolder: string,
    games: Record<ContractGameName, { path: string; base64: string }[]>,
  ): Promise<unknown> {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create: true })
    await root.removeEntry(caseFolder, { recursive: true }).catch(() => undefined)
    const place = await root.getDirectoryHandle(caseFolder, { create: true })
    let n = 0
    return GAME_CONTRACT_CASES[name]({
      async game(kind, options = {}) {
        const at = n++
        const dir = await (
          await place.getDirectoryHandle(`${kind}-${at}`, { create: true })
        ).getDirectoryHandle('game', { create: true })
        for (const f of games[kind]) await writeFile(dir, f.path, f.base64)
        return opfsGameHost(`contract:${caseFolder}/${kind}-${at}`, dir, {
          keepBackups: options.keepBackups,
          scratch: async () => {
            await place.removeEntry(`scratch-${at}`, { recursive: true }).catch(() => undefined)
            return place.getDirectoryHandle(`scratch-${at}`, { create: true })
          },
        })
      },
    })
  },
}

;(window as unknown as { walkboxGameContract: typeof contract }).walkboxGameContract = contract
