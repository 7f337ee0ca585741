/**
 * The fuse wire reader `npm run test:package` uses, checked against the wire that
 * @electron/fuses (what electron-builder runs at package time) writes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses'
import { ELECTRON_DEFAULT_WIRE, fuseWireBytes, readFuseWire } from '../../../scripts/fuse-wire'

describe('fuse wire', () => {
  it("reads Electron's default wire from a binary, wherever it sits", () => {
    const binary = Buffer.concat([Buffer.from('\x7fELF junk'), fuseWireBytes(), Buffer.from('more junk')])
    expect(readFuseWire(binary)).toEqual({
      RunAsNode: 'on',
      EnableCookieEncryption: 'off',
      EnableNodeOptionsEnvironmentVariable: 'on',
      EnableNodeCliInspectArguments: 'on',
      EnableEmbeddedAsarIntegrityValidation: 'off',
      OnlyLoadAppFromAsar: 'off',
      LoadBrowserProcessSpecificV8Snapshot: 'off',
      GrantFileProtocolExtraPrivileges: 'on',
    })
    expect(ELECTRON_DEFAULT_WIRE).toHaveLength(8)
  })

  it('reads back what @electron/fuses flipped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'walkbox-fuses-'))
    try {
      const file = join(dir, 'electron')
      await writeFile(file, Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), fuseWireBytes()]))
      await flipFuses(file, {
        version: FuseVersion.V1,
        [FuseV1Options.RunAsNode]: false,
        [FuseV1Options.EnableCookieEncryption]: true,
        [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      })
      const wire = readFuseWire(await readFile(file))
      expect(wire.RunAsNode).toBe('off')
      expect(wire.EnableCookieEncryption).toBe('on')
      expect(wire.GrantFileProtocolExtraPrivileges).toBe('off')
      expect(wire.EnableNodeOptionsEnvironmentVariable).toBe('on')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('says so when a file has no wire or an unknown wire version', () => {
    expect(() => readFuseWire(Buffer.from('plain'), 'walkbox')).toThrow(/^walkbox: no Electron fuse wire/)
    const v2 = fuseWireBytes()
    v2[32] = 2
    expect(() => readFuseWire(v2, 'walkbox')).toThrow(/fuse wire version 2, expected 1/)
  })
})
