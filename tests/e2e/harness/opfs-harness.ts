/**
 * A test page for the browser's save guarantees: the real OPFS project files and the real
 * unit save and backups (the modules the browser host uses), driven from the end-to-end
 * tests through `window.walkboxHarness`. A save can be made to stop after any file
 * operation, as if the tab had been killed there.
 *
 * Glossary
 * - version n: every file of the test project says `v<n>` (and has some bulk), so a mixed
 *   project shows up as two versions.
 */
import { opfsProjectFiles } from '../../../src/renderer/platform/host/opfs-files'
import { commitSave, recoverSave, type ProjectFiles } from '../../../src/shared/room/unit-save'
import { dropPartialBackups, makeBackup, pruneBackups } from '../../../src/shared/room/backups'

const FILES = [
  'project.walkbox.json',
  'rooms/a/room.json',
  'rooms/a/walkmask.png',
  'rooms/b/room.json',
  'rooms/b/walkmask.png',
]

async function folder(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory()
  return root.getDirectoryHandle('harness-project', { create: true })
}

/** Project files that do nothing after `limit` operations (as if the tab died), counting them. */
function dying(real: ProjectFiles, limit: number) {
  let count = 0
  let commitAt = -1
  const files = {} as ProjectFiles
  for (const key of Object.keys(real) as (keyof ProjectFiles)[]) {
    ;(files as unknown as Record<string, unknown>)[key] = async (...args: unknown[]) => {
      count++
      if (key === 'rename' && args[1] === '.walkbox-save.json') commitAt = count
      if (count > limit) throw new Error('the tab died')
      return (real[key] as (...a: unknown[]) => Promise<unknown>)(...args)
    }
  }
  return { files, died: () => count > limit, count: () => count, commitAt: () => commitAt }
}

function versionFiles(n: number) {
  return FILES.map((path) => ({ path, bytes: new TextEncoder().encode(`v${n}\n${'#'.repeat(2000 + n)}`) }))
}

const harness = {
  /** Start over with version 0 on disk. */
  async reset(): Promise<void> {
    const root = await navigator.storage.getDirectory()
    await root.removeEntry('harness-project', { recursive: true }).catch(() => undefined)
    await commitSave(opfsProjectFiles(await folder()), versionFiles(0))
  },
  /** Save version n, stopping after `limit` operations; how many operations it made, and whether it died. */
  async save(n: number, limit: number): Promise<{ died: boolean; operations: number; commitAt: number }> {
    const real = opfsProjectFiles(await folder())
    const { files, died, count, commitAt } = dying(real, limit)
    const saved = await commitSave(files, versionFiles(n), {
      beforeCommit: async () => void (await makeBackup(files, 'project.walkbox.json')),
    }).then(
      () => true,
      () => false,
    )
    if (saved) await pruneBackups(files, 3).catch(() => undefined)
    return { died: died(), operations: count(), commitAt: commitAt() }
  },
  /** Open as the next start would (finish or drop a stopped save), then say which versions the files hold. */
  async versions(): Promise<number[]> {
    const files = opfsProjectFiles(await folder())
    await recoverSave(files)
    await dropPartialBackups(files)
    const seen = new Set<number>()
    for (const path of FILES) {
      const bytes = await files.read(path)
      seen.add(bytes ? Number(/^v(\d+)/.exec(new TextDecoder().decode(bytes))![1]) : -1)
    }
    return [...seen]
  },
  /** Files under the project that are not its own (staged files, journals) after opening. */
  async leftovers(): Promise<string[]> {
    const out: string[] = []
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
      for await (const [name, handle] of dir.entries()) {
        const path = prefix ? `${prefix}/${name}` : name
        if (handle.kind === 'directory') {
          if (path !== 'backups') await walk(handle as FileSystemDirectoryHandle, path)
        } else if (!FILES.includes(path)) out.push(path)
      }
    }
    await walk(await folder(), '')
    return out
  },
}

;(window as unknown as { walkboxHarness: typeof harness }).walkboxHarness = harness
document.title = 'harness ready'
