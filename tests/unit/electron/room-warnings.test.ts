/**
 * A room's load warnings (what it names that the project does not define: a zone enabled by
 * an unknown flag, an unknown test character) reach the editor on the desktop: the desktop
 * host returns them with the loaded room, through the IPC handler as the renderer calls it
 * (the renderer's Electron wrapper passing them on: tests/component/room-warnings.test.ts).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DesktopHost } from '../../../src/main/desktop-host'
import { hostHandlers } from '../../../src/main/ipc'
import type { LoadedRoom } from '../../../src/shared/host'
import { repoRoot } from '../../support/bench-data'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walkbox-room-warnings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function makeHost(): DesktopHost {
  return new DesktopHost({
    userDataDir: () => join(dir, 'user-data'),
    sampleDir: () => resolve(repoRoot, 'resources/sample-project'),
    appVersion: () => '0.1.0',
    platform: 'linux',
    dialogs: {
      chooseProjectFolder: async () => null,
      chooseNewProjectFolder: async () => null,
      chooseImageFile: async () => null,
    },
  })
}

describe('room load warnings on the desktop', () => {
  it('the desktop host returns what the room names that the project lacks, through IPC too', async () => {
    const host = makeHost()
    const sample = await host.openSampleProject()
    const clean = await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })
    expect(clean.warnings).toEqual([])
    // The room's second zone is enabled by a flag the project does not define.
    const file = join(sample.ref, 'rooms/courtyard/room.json')
    const room = JSON.parse(await readFile(file, 'utf8')) as { zones: { enabledBy?: string }[] }
    room.zones[1].enabledBy = 'gateOpen && ghostFlag'
    await writeFile(file, JSON.stringify(room, null, 2))
    const expected = [
      "zone 'East courtyard' (zones[1]): enabledBy names the flag 'ghostFlag' that the project does not define",
    ]
    expect((await host.loadRoom({ ref: sample.ref, roomId: 'courtyard' })).warnings).toEqual(expected)
    const viaIpc = (await hostHandlers(host).loadRoom({ ref: sample.ref, roomId: 'courtyard' })) as LoadedRoom
    expect(viaIpc.warnings).toEqual(expected)
    // The room itself loaded whole: the warning does not cost the author anything.
    expect(viaIpc.room.zones).toHaveLength(2)
    expect(viaIpc.problems).toEqual([])
  })
})
