/**
 * No silent loss, checked by the machine (issue 19, item 4), over every scene of the Godot
 * bench games (../shared/bench/engines): import, export, import again gives the same room
 * (every number within 0.01 px; flags with their defaults, zones with their properties,
 * points with their names, areas, size, start), and every node of the source scene (its
 * sub-scenes' nodes included) is either read into the room or named in the notes.
 *
 * The node list is walked here from the scene text by Godot's documented rules (a node's
 * path is its `parent` attribute and its `name`; an `instance=ExtResource(...)` node's
 * scene is grafted under it), not with the importer's own tree reader.
 *
 * Units: px.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { roomFormat, type ExportFile } from '../../../src/shared/formats/registry'
import { normaliseRoom } from '../../../src/shared/room/normalise'
import { folderSource as cliFolderSource } from '../../../src/cli/format-commands'
import { benchPath } from '../../support/bench-data'
import { difference } from '../../support/room-difference'

const GAMES = ['popochiu-sample-game', 'escoria-demo-game']

async function scenesOf(dir: string): Promise<string[]> {
  const out: string[] = []
  const visit = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await visit(join(d, e.name))
      else if (e.name.endsWith('.tscn')) out.push(relative(dir, join(d, e.name)).split('\\').join('/'))
    }
  }
  await visit(dir)
  return out.sort()
}

/** Node paths of a scene from its text: `[node name=".." parent=".."]` headings, sub-scenes grafted. */
async function nodePaths(game: string, scene: string, prefix = '', depth = 0): Promise<string[]> {
  const text = await readFile(join(game, scene), 'utf8').catch(() => null)
  if (text === null || depth > 8) return []
  const attr = (heading: string, key: string) => new RegExp(`\\b${key}="([^"]*)"`).exec(heading)?.[1]
  const ext = new Map<string, string>()
  for (const m of text.matchAll(/^\[ext_resource ([^\n]*)\]$/gm)) {
    const id = attr(m[1], 'id')
    const path = attr(m[1], 'path')
    if (id && path) ext.set(id, path)
  }
  const out: string[] = []
  for (const m of text.matchAll(/^\[node ([^\n]*)\]$/gm)) {
    const name = attr(m[1], 'name')!
    const parent = attr(m[1], 'parent')
    const own = parent === undefined ? '' : parent === '.' ? name : `${parent}/${name}`
    const path = own === '' ? prefix : prefix === '' ? own : `${prefix}/${own}`
    if (!(parent === undefined && depth > 0)) out.push(path)
    const instance = /instance=ExtResource\("([^"]+)"\)/.exec(m[1])?.[1]
    const sub = instance ? ext.get(instance) : undefined
    if (sub?.startsWith('res://')) {
      // The sub-scene's root is this node; its other nodes hang below it.
      out.push(...(await nodePaths(game, sub.slice('res://'.length), path, depth + 1)))
    }
  }
  return out
}

const cases = await Promise.all(
  GAMES.map(async (g) => (await scenesOf(benchPath('engines', g))).map((s) => [g, s] as const)),
)

describe('Godot round trip over every bench scene', () => {
  it.each(cases.flat())(
    '%s %s: import, export, import again gives the same room; every node accounted for',
    async (game, scene) => {
      const dir = benchPath('engines', game)
      const godot = roomFormat('godot')
      const first = await godot.importRoom!(cliFolderSource(dir), scene, {})
      const out = godot.exportRoom!({
        room: first.room,
        mask: first.mask ?? null,
        background: first.background ?? null,
        scaleMap: null,
        flags: first.flags,
        resDir: 'res://rooms/back',
      })
      const files = new Map<string, ExportFile>(out.files.map((f) => [`rooms/back/${f.path}`, f]))
      const back = await godot.importRoom!(
        {
          readText: async (p) => {
            const f = files.get(p) ?? (p === 'project.godot' ? { path: p, text: '' } : undefined)
            return f && 'text' in f ? f.text : null
          },
          readBytes: async (p) => {
            const f = files.get(p)
            return f && 'bytes' in f ? f.bytes : null
          },
          decodeImage: cliFolderSource(dir).decodeImage,
          imageSize: cliFolderSource(dir).imageSize,
        },
        `rooms/back/${first.room.id}.tscn`,
        {},
      )
      // The scale map is an Escoria texture Walkbox does not write (named in the export's notes).
      const comparable = (r: typeof first.room) => ({ ...normaliseRoom(r), scaling: undefined })
      expect(difference(comparable(back.room), comparable(first.room), 0.01)).toBeNull()
      expect(back.flags).toEqual(first.flags)
      if (first.room.scaling.mode !== 'none') expect(out.notes.join('\n')).toMatch(/scaling/)

      // Every node of the source: read into the room, or named in the notes.
      const imported = new Set(first.nodes?.imported ?? [])
      const notes = first.notes.join('\n')
      // A path counts as named where it stands as a word of a note: '(path, ', ' path)', 'path: '.
      const named = (path: string) =>
        new RegExp(`(^|[\\s(,])${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([,):;]|$)`, 'm').test(notes)
      const silent = (await nodePaths(dir, scene)).filter((p) => !imported.has(p) && !named(p))
      expect(silent).toEqual([])
    },
  )
})
