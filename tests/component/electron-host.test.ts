/**
 * The renderer's Electron wrapper (src/renderer/platform/host/electron-host.ts) over a recording bridge:
 * every method of the host method table hands its request to the bridge as the editor wrote
 * it and its answer back whole. Two defects of the hand-written wrapper it replaced are
 * pinned here: File › Open Game Folder Read-Only… lost `{ readOnly: true }` on its way to main,
 * and a loaded room lost its `backgroundFrames`. Errors read as main threw them, without
 * Electron's remote-method prefix.
 *
 * Units: none.
 */
import { describe, expect, it } from 'vitest'
import {
  plainBytesIn,
  unwrapRemoteError,
  wrapElectronHost,
} from '../../src/renderer/platform/host/electron-host'
import {
  HOST_EVENT_NAMES,
  HOST_METHOD_NAMES,
  HOST_METHODS,
  hostChannel,
  hostEventListenerName,
  type WalkboxHost,
} from '../../src/shared/host-methods'
import type { LoadedRoom } from '../../src/shared/host'

/** A Uint8Array subclass, as Node's Buffer is: what a careless IPC layer might deliver. */
class ByteSubclass extends Uint8Array {}

/** A bridge that records each call and answers with `answers[method]` (else a marker). */
function recordingBridge(answers: Record<string, unknown> = {}) {
  const calls: { method: string; args: unknown[] }[] = []
  const bridge: Record<string, unknown> = { kind: 'electron' }
  for (const method of HOST_METHOD_NAMES)
    bridge[method] = async (...args: unknown[]) => {
      calls.push({ method, args })
      return method in answers ? answers[method] : { answeredBy: method }
    }
  const listeners = new Map<string, (value: unknown) => void>()
  for (const event of HOST_EVENT_NAMES)
    bridge[hostEventListenerName(event)] = (listener: (value: unknown) => void) => {
      listeners.set(event, listener)
      return () => listeners.delete(event)
    }
  return { bridge: bridge as unknown as WalkboxHost, calls, listeners }
}

const ROOM_WITH_FRAMES = {
  room: { id: 'room-1', backgroundFrames: [{ file: 'background1.png' }] },
  background: { width: 1, height: 1, data: new ByteSubclass([1, 2, 3, 4]) },
  backgroundFrames: [{ width: 1, height: 1, data: new ByteSubclass([9, 8, 7, 6]) }, null],
  mask: new ByteSubclass([1]),
  scaleMap: null,
  problems: [],
  warnings: ['one'],
} as unknown as LoadedRoom

describe("the renderer's Electron wrapper, made from the method table", () => {
  it('File › Open Game Folder Read-Only… reaches main with { readOnly: true }', async () => {
    const { bridge, calls } = recordingBridge()
    await wrapElectronHost(bridge).openGameFolder({ readOnly: true })
    expect(calls).toEqual([{ method: 'openGameFolder', args: [{ readOnly: true }] }])
  })

  it('a loaded room keeps its background frames (frames 2..N), their bytes plain Uint8Arrays', async () => {
    const { bridge } = recordingBridge({ loadRoom: ROOM_WITH_FRAMES })
    const loaded = await wrapElectronHost(bridge).loadRoom({ ref: '/p', roomId: 'room-1' })
    expect(loaded.backgroundFrames).toHaveLength(2)
    expect(loaded.backgroundFrames?.[0]?.data).toEqual(new Uint8Array([9, 8, 7, 6]))
    expect(loaded.backgroundFrames?.[0]?.data.constructor).toBe(Uint8Array)
    expect(loaded.backgroundFrames?.[1]).toBeNull()
    expect(loaded.background?.data.constructor).toBe(Uint8Array)
    expect(loaded.mask?.constructor).toBe(Uint8Array)
    expect(loaded.warnings).toEqual(['one'])
    expect(loaded.room).toEqual(ROOM_WITH_FRAMES.room)
  })

  it('hands every method its request as given and its answer back whole', async () => {
    const { bridge, calls } = recordingBridge()
    const host = wrapElectronHost(bridge) as unknown as Record<string, (req?: unknown) => Promise<unknown>>
    expect(Object.keys(host).sort()).toEqual(
      ['kind', ...HOST_METHOD_NAMES, ...HOST_EVENT_NAMES.map(hostEventListenerName)].sort(),
    )
    for (const method of HOST_METHOD_NAMES) {
      const request = HOST_METHODS[method].request ? { probe: method, nested: { deep: [1, 2] } } : undefined
      const answer = await host[method](request)
      expect(answer, method).toEqual({ answeredBy: method })
      expect(calls.at(-1), method).toEqual({ method, args: [request] })
    }
    expect(calls).toHaveLength(HOST_METHOD_NAMES.length)
  })

  it('passes events on with their values, and unsubscribes', () => {
    const { bridge, listeners } = recordingBridge()
    const host = wrapElectronHost(bridge)
    const heard: unknown[] = []
    const stop = host.onMenuAction((id) => heard.push(id))
    host.onOpenRequest((ref) => heard.push(ref))
    listeners.get('menuAction')!('file.save')
    listeners.get('openRequest')!('/games/curb')
    expect(heard).toEqual(['file.save', '/games/curb'])
    stop()
    expect(listeners.has('menuAction')).toBe(false)
  })

  it("rejects with main's own message, without Electron's remote-method prefix", async () => {
    const channel = hostChannel('saveProject')
    const bridge = {
      ...recordingBridge().bridge,
      saveProject: async () => {
        throw new Error(`Error invoking remote method '${channel}': Error: Not saved: the disk is full.`)
      },
    } as WalkboxHost
    const error = await wrapElectronHost(bridge)
      .saveProject({ ref: '/p', project: {} as never, rooms: [] })
      .catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Not saved: the disk is full.')
    expect(((error as Error).cause as Error).message).toContain(channel)
    // Another error name is kept; an error from elsewhere passes untouched.
    const typed = unwrapRemoteError(
      new Error(`Error invoking remote method '${channel}': TypeError: x is not a function`),
      channel,
    ) as Error
    expect([typed.name, typed.message]).toEqual(['TypeError', 'x is not a function'])
    const other = new Error('plain')
    expect(unwrapRemoteError(other, channel)).toBe(other)
  })

  it('makes bytes plain at any depth and leaves everything else as it is', () => {
    const value = { a: [{ b: new ByteSubclass([5]) }], c: 'text', d: null, e: 3 }
    const plain = plainBytesIn(value)
    expect(plain.a[0].b.constructor).toBe(Uint8Array)
    expect(plain).toEqual({ a: [{ b: new Uint8Array([5]) }], c: 'text', d: null, e: 3 })
    const bytes = new Uint8Array([1])
    expect(plainBytesIn(bytes)).toBe(bytes)
  })
})
