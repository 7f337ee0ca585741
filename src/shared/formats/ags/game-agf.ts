/**
 * An AGS game folder as both AGS engines (4 and 3) read it: its rooms by number (AGS 4
 * `Rooms/N/data.xml` folders, AGS 3 `roomN.crm` files), its Game.agf (the game's name, its id,
 * the rooms' descriptions), and the name each room is given.
 *
 * Glossary
 * - Game.agf: the AGS editor's XML project file; `<UnloadedRoom>` entries describe the rooms.
 *
 * Units: none.
 */
import { child, parseXml, type XmlElement } from '../../codecs/xml/xml-read'
import { AGS_XML_CEILINGS } from '../../limits'
import { oneLine } from '../game-source'
import type { GameRoomEntry, GameTop, ListRoomsInput } from '../engine'
import type { ImportSource } from '../format-io'
import type { ProjectFiles } from '../../room/unit-save'

/** The AGS rooms of a game: AGS 4 `Rooms/N/data.xml` folders, or AGS 3 `roomN.crm` files, by number. */
export async function listAgsRooms(
  files: ProjectFiles,
  kind: 'ags4' | 'ags3',
): Promise<{ number: number; file: string }[]> {
  const out: { number: number; file: string }[] = []
  if (kind === 'ags4') {
    for (const e of await files.list('Rooms')) {
      if (!e.folder || !/^\d{1,5}$/.test(e.name)) continue
      if ((await files.kind(`Rooms/${e.name}/data.xml`)) === 'file')
        out.push({ number: Number(e.name), file: `Rooms/${e.name}/data.xml` })
    }
  } else {
    for (const e of await files.list('')) {
      const m = /^room(\d{1,5})\.crm$/i.exec(e.name)
      if (m && !e.folder) out.push({ number: Number(m[1]), file: e.name })
    }
  }
  return out.sort((a, b) => a.number - b.number)
}

/** The game's name (Settings/GameName), its id (Settings/UniqueID) and its rooms' descriptions from Game.agf's <UnloadedRoom> entries. */
export function readGameAgf(text: string): {
  gameName: string
  uniqueId?: number
  rooms: Map<number, string>
} {
  const names = new Map<number, string>()
  const visit = (el: XmlElement) => {
    if (el.name === 'UnloadedRoom') {
      const n = Number(child(el, 'Number')?.text.trim())
      const d = child(el, 'Description')
      if (Number.isInteger(n)) names.set(n, d && d.attrs.IsNull !== 'True' ? d.text.trim() : '')
      return
    }
    for (const c of el.children) visit(c)
  }
  const root = parseXml(text, 'Game.agf', AGS_XML_CEILINGS)
  visit(root)
  const settings = child(root, 'Game') && child(child(root, 'Game')!, 'Settings')
  const gameName = (settings && child(settings, 'GameName')?.text.trim()) || ''
  const id = (settings && child(settings, 'UniqueID')?.text.trim()) ?? ''
  return { gameName, ...(/^-?\d{1,10}$/.test(id) ? { uniqueId: Number(id) } : {}), rooms: names }
}

/** Does the top of the folder look like an AGS game (Game.agf, Rooms/, a roomN.crm)? */
export function agsMarkers(top: GameTop): { any: boolean; crm: boolean } {
  const crm = [...top.names].some((n) => !top.folders.has(n) && /^room\d{1,5}\.crm$/i.test(n))
  return { any: top.names.has('Game.agf') || top.folders.has('Rooms') || crm, crm }
}

/** The rooms of an AGS game of `kind`, each named by Game.agf's description (else "Room N"). */
export async function listAgsGameRooms(
  { files, read, notes }: ListRoomsInput,
  kind: 'ags4' | 'ags3',
): Promise<GameRoomEntry[]> {
  const agf = await read.readText('Game.agf').catch((e: unknown) => {
    notes.push(`Game.agf: ${oneLine(e).replace(/^Game\.agf: /, '')}; rooms are named by number`)
    return undefined
  })
  let names = new Map<number, string>()
  if (typeof agf === 'string') {
    try {
      names = readGameAgf(agf).rooms
    } catch (e) {
      notes.push(`Game.agf: ${oneLine(e).replace(/^Game\.agf: /, '')}; rooms are named by number`)
    }
  } else if (agf === null) notes.push('no Game.agf: rooms are named by number')
  const rooms = await listAgsRooms(files, kind)
  if (kind === 'ags4') {
    const crm = await listAgsRooms(files, 'ags3')
    if (crm.length > 0)
      notes.push(`${crm.length} roomN.crm file(s) beside Rooms/ were not read (the AGS 4 rooms are)`)
  }
  return rooms.map((r) => ({ file: r.file, format: kind, name: names.get(r.number) || `Room ${r.number}` }))
}

/** The game's name from Game.agf ('' when there is none or it cannot be read). */
export async function agsGameName(read: ImportSource): Promise<string> {
  const agf = await read.readText('Game.agf').catch(() => null)
  try {
    return agf ? readGameAgf(agf).gameName : ''
  } catch {
    return ''
  }
}
