/**
 * The named edits of the project: rooms (add, rename, duplicate, delete, reorder),
 * game-state flags (add, rename everywhere, default, delete) and characters. Each is
 * one undoable command in the project history. Edits that reach into rooms (a flag
 * renamed in every expression) change the rooms' sessions too, so every room they touch
 * must be open (`ensureSession`) before the command is made.
 *
 * Glossary
 * - project target: what these commands edit — the project model and the room sessions.
 * - room entry: `{ id, name, folder }` in project.rooms; the room file's own `name` is
 *   kept equal to it.
 * - usage: where a flag or a character is named (rooms, gates, zones, areas, test walks),
 *   as sentences for messages.
 *
 * Units: room px for sizes and heights, px/s for speeds.
 */
import { flagsInExpression, renameFlagInExpression } from '../../../shared/room/flag-expression'
import { flagIdFromName, flagIdProblem, idFromName } from '../../../shared/room/names'
import {
  defaultRoomFolder,
  ID_PATTERN,
  type Character,
  type Flag,
  type Project,
  type ProjectRoom,
  type Room,
} from '../../../shared/room/schema'
import type { ChangeKind, Command } from './command'
import { cloneJson } from './edit-target'
import { jsonBytes } from './json-delta'
import type { RoomSession } from '../stores/room-session'

export interface ProjectTarget {
  readonly project: Project
  session(roomId: string): RoomSession | undefined
  /** Every open session. */
  sessions(): Iterable<RoomSession>
  putSession(session: RoomSession): void
  dropSession(roomId: string): void
  /** Put a room on screen (null: none). */
  show(roomId: string | null): void
  shownRoomId(): string | null
}

type ProjectFields = Partial<Pick<Project, 'name' | 'rooms' | 'flags' | 'characters'>>

interface ProjectChange {
  project?: ProjectFields
  /** Room fields to set in open sessions (they must be open). */
  rooms?: Map<string, Partial<Room>>
  /** Sessions that come into the project (new or restored rooms). */
  add?: RoomSession[]
  /** Sessions that leave it (deleted rooms). */
  remove?: string[]
  /** The room to put on screen afterwards; undefined leaves the screen alone. */
  show?: string | null
}

/** One project-level edit: project fields, room fields, sessions in and out, kept as before/after. */
export class ProjectEditCommand implements Command {
  readonly scope = 'project' as const
  readonly changes: { kinds: ChangeKind[] }
  private readonly before: ProjectChange
  private readonly after: ProjectChange

  constructor(
    readonly label: string,
    private readonly target: ProjectTarget,
    change: ProjectChange,
    readonly created?: string | number,
    kinds: ChangeKind[] = ['project'],
  ) {
    this.changes = { kinds: ['project', ...kinds.filter((k) => k !== 'project')] }
    const beforeProject: ProjectFields = {}
    for (const key of Object.keys(change.project ?? {}) as (keyof ProjectFields)[])
      (beforeProject as Record<string, unknown>)[key] = cloneJson(target.project[key])
    const beforeRooms = new Map<string, Partial<Room>>()
    for (const [id, fields] of change.rooms ?? []) {
      const session = target.session(id)
      if (!session) throw new Error(`Room '${id}' must be open to be changed.`)
      const was: Partial<Room> = {}
      for (const key of Object.keys(fields) as (keyof Room)[])
        (was as Record<string, unknown>)[key] = cloneJson(session.room[key])
      beforeRooms.set(id, was)
    }
    const removed = (change.remove ?? []).map((id) => target.session(id)).filter((s): s is RoomSession => !!s)
    this.before = {
      project: beforeProject,
      rooms: beforeRooms,
      add: removed,
      remove: (change.add ?? []).map((s) => s.id),
      show: change.show === undefined ? undefined : target.shownRoomId(),
    }
    this.after = {
      project: cloneJson(change.project ?? {}),
      // Field by field: a field set to undefined (to be removed) must survive the copy.
      rooms: new Map(
        [...(change.rooms ?? [])].map(([id, f]) => [
          id,
          Object.fromEntries(Object.entries(f).map(([k, v]) => [k, cloneJson(v)])) as Partial<Room>,
        ]),
      ),
      add: change.add ?? [],
      remove: change.remove ?? [],
      show: change.show,
    }
  }

  /** The project and room fields it keeps (sessions that come and go are counted by their room only). */
  get bytes(): number {
    let n = 256
    for (const state of [this.before, this.after]) {
      n += jsonBytes(state.project ?? {})
      for (const fields of state.rooms?.values() ?? []) n += jsonBytes(fields)
      for (const session of state.add ?? []) n += jsonBytes(session.room) + (session.mask?.byteLength ?? 0)
    }
    return n
  }

  private write(state: ProjectChange): void {
    const project = this.target.project as unknown as Record<string, unknown>
    for (const [key, value] of Object.entries(state.project ?? {})) project[key] = cloneJson(value)
    for (const id of state.remove ?? []) this.target.dropSession(id)
    for (const session of state.add ?? []) this.target.putSession(session)
    for (const [id, fields] of state.rooms ?? []) {
      const session = this.target.session(id)
      if (!session) continue
      const room = session.room as unknown as Record<string, unknown>
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) delete room[key]
        else room[key] = cloneJson(value)
      }
      session.touched = true
    }
    if (state.show !== undefined) this.target.show(state.show)
  }

  apply(): void {
    this.write(this.after)
  }
  invert(): void {
    this.write(this.before)
  }
}

// --- ids and names ------------------------------------------------------------------

/** A folder for a new room that no listed room uses (compared case-insensitively). */
function freeFolder(project: Project, roomId: string): string {
  const used = new Set(
    project.rooms.map((r) => r.folder.replace(/\\/g, '/').replace(/\/+$/, '').toLowerCase()),
  )
  const base = defaultRoomFolder(roomId)
  if (!used.has(base.toLowerCase())) return base
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`.toLowerCase())) return `${base}-${i}`
}

// --- rooms ----------------------------------------------------------------------------

/** Add a room (made in the editor as a fresh session) after the others, and show it. */
export function addRoomCommand(
  target: ProjectTarget,
  session: RoomSession,
  label = 'Add room',
  /** Flags the room needs that the project lacks (an import's): added with it, undone with it. */
  newFlags: readonly Flag[] = [],
): ProjectEditCommand {
  const project = target.project
  if (project.rooms.some((r) => r.id === session.id))
    throw new Error(`The project already has a room '${session.id}'.`)
  if (!ID_PATTERN.test(session.id)) throw new Error(`'${session.id}' cannot be a room id.`)
  const entry: ProjectRoom = {
    id: session.id,
    name: session.room.name,
    folder: freeFolder(project, session.id),
  }
  return new ProjectEditCommand(
    `${label} ${session.room.name}`,
    target,
    {
      project: {
        rooms: [...cloneJson(project.rooms), entry],
        ...(newFlags.length > 0 ? { flags: [...cloneJson(project.flags), ...cloneJson([...newFlags])] } : {}),
      },
      add: [session],
      show: session.id,
    },
    session.id,
  )
}

export function renameRoomCommand(target: ProjectTarget, roomId: string, name: string): ProjectEditCommand {
  const clean = name.trim()
  if (!clean) throw new Error('A room needs a name.')
  if (clean.length > 200) throw new Error('A room name has at most 200 characters.')
  const rooms = cloneJson(target.project.rooms)
  const entry = rooms.find((r) => r.id === roomId)
  if (!entry) throw new Error(`No room '${roomId}'.`)
  if (!target.session(roomId)) throw new Error(`Room '${roomId}' must be open to be renamed.`)
  const was = entry.name
  entry.name = clean
  return new ProjectEditCommand(`Rename room ${was} to ${clean}`, target, {
    project: { rooms },
    rooms: new Map([[roomId, { name: clean }]]),
  })
}

/** Move a room to `index` in the list (0 = first). */
export function moveRoomCommand(target: ProjectTarget, roomId: string, index: number): ProjectEditCommand {
  const rooms = cloneJson(target.project.rooms)
  const from = rooms.findIndex((r) => r.id === roomId)
  if (from < 0) throw new Error(`No room '${roomId}'.`)
  const to = Math.max(0, Math.min(rooms.length - 1, index))
  if (to === from) throw new Error('The room is already there.')
  const [entry] = rooms.splice(from, 1)
  rooms.splice(to, 0, entry)
  return new ProjectEditCommand(`Move room ${entry.name}`, target, { project: { rooms } })
}

/**
 * Delete a room. Its session (opened first, with its background's bytes ready) is kept by
 * the command, so undo brings the room back whole even after a save removed its folder.
 */
export function deleteRoomCommand(target: ProjectTarget, roomId: string): Command {
  const project = target.project
  const index = project.rooms.findIndex((r) => r.id === roomId)
  if (index < 0) throw new Error(`No room '${roomId}'.`)
  const session = target.session(roomId)
  if (!session) throw new Error(`Room '${roomId}' must be open to be deleted.`)
  const rooms = project.rooms.filter((r) => r.id !== roomId)
  const shown = target.shownRoomId()
  const next = shown === roomId ? (rooms[Math.min(index, rooms.length - 1)]?.id ?? null) : undefined
  const command = new ProjectEditCommand(`Delete room ${project.rooms[index].name}`, target, {
    project: { rooms: cloneJson(rooms) },
    remove: [roomId],
    show: next,
  })
  return new RestoringDelete(command, session)
}

/** Undoing a delete brings the session back as a room to write again in full (its folder may be gone). */
class RestoringDelete implements Command {
  readonly scope = 'project' as const
  constructor(
    private readonly inner: ProjectEditCommand,
    private readonly session: RoomSession,
  ) {}
  get label(): string {
    return this.inner.label
  }
  get changes() {
    return this.inner.changes
  }
  apply(): void {
    this.inner.apply()
  }
  invert(): void {
    this.inner.invert()
    this.session.fresh = true
  }
}

// --- flags ----------------------------------------------------------------------------

/** Where a flag is used, as sentences ("gate 'Door' in room 'Porch'"). Needs every room open. */
export function flagUsage(target: ProjectTarget, flagId: string): string[] {
  const where: string[] = []
  const uses = (expression: string | undefined) => {
    if (!expression) return false
    try {
      return flagsInExpression(expression).includes(flagId)
    } catch {
      // An expression that does not parse cannot be evaluated; lint reports it. Read it as text.
      return new RegExp(`(?<![A-Za-z0-9_])${flagId}(?![A-Za-z0-9_])`).test(expression)
    }
  }
  for (const entry of target.project.rooms) {
    const room = target.session(entry.id)?.room
    if (!room) continue
    for (const a of room.areas)
      if (uses(a.enabledBy)) where.push(`area ${a.id} '${a.name}' in room '${room.name}'`)
    for (const g of room.gates)
      if (uses(g.flagExpression)) where.push(`gate '${g.name}' in room '${room.name}'`)
    for (const z of room.zones) if (uses(z.enabledBy)) where.push(`zone '${z.name}' in room '${room.name}'`)
  }
  return where
}

export function addFlagCommand(
  target: ProjectTarget,
  name: string,
  defaultValue = false,
): ProjectEditCommand {
  const clean = name.trim()
  if (!clean) throw new Error('A flag needs a name.')
  const flags = cloneJson(target.project.flags)
  const id = flagIdFromName(
    clean,
    flags.map((f) => f.id),
  )
  const flag: Flag = { id, name: clean, default: defaultValue }
  return new ProjectEditCommand(`Add flag ${id}`, target, { project: { flags: [...flags, flag] } }, id)
}

export function updateFlagCommand(
  target: ProjectTarget,
  flagId: string,
  change: Partial<Pick<Flag, 'name' | 'default'>>,
): ProjectEditCommand {
  const flags = cloneJson(target.project.flags)
  const flag = flags.find((f) => f.id === flagId)
  if (!flag) throw new Error(`No flag '${flagId}'.`)
  if (change.name !== undefined && !change.name.trim()) throw new Error('A flag needs a name.')
  Object.assign(flag, change)
  const what =
    change.default !== undefined
      ? `Flag ${flagId} starts ${change.default ? 'on' : 'off'}`
      : `Rename flag ${flagId}`
  // The state bar and every gate follow the default: views redraw what flags decide.
  return new ProjectEditCommand(what, target, { project: { flags } }, undefined, [
    'walk-mask',
    'gates',
    'zones',
  ])
}

/** Give a flag a new id and rewrite every expression that names it, in every room (all must be open). */
export function renameFlagCommand(target: ProjectTarget, flagId: string, newId: string): ProjectEditCommand {
  const flags = cloneJson(target.project.flags)
  const flag = flags.find((f) => f.id === flagId)
  if (!flag) throw new Error(`No flag '${flagId}'.`)
  if (newId === flagId) throw new Error(`The flag is already called '${flagId}'.`)
  const problem = flagIdProblem(
    newId,
    flags.map((f) => f.id),
  )
  if (problem) throw new Error(problem)
  flag.id = newId
  const rooms = new Map<string, Partial<Room>>()
  const rewrite = (expression: string) => renameFlagInExpression(expression, flagId, newId)
  let count = 0
  for (const entry of target.project.rooms) {
    const session = target.session(entry.id)
    if (!session) throw new Error(`Room '${entry.name}' must be open to rename a flag in it.`)
    const room = session.room
    const fields: Partial<Room> = {}
    /** A copy of `list` with `key`'s expressions rewritten, or null when none names the flag. */
    const rewritten = <T extends object>(list: readonly T[], key: keyof T): T[] | null => {
      const copy = cloneJson(list) as T[]
      let changed = 0
      for (const item of copy) {
        const expression = item[key] as unknown as string | undefined
        if (expression !== undefined && rewrite(expression) !== expression) {
          ;(item as Record<keyof T, unknown>)[key] = rewrite(expression)
          changed++
        }
      }
      count += changed
      return changed ? copy : null
    }
    const areas = rewritten(room.areas, 'enabledBy')
    const gates = rewritten(room.gates, 'flagExpression')
    const zones = rewritten(room.zones, 'enabledBy')
    if (areas) fields.areas = areas
    if (gates) fields.gates = gates
    if (zones) fields.zones = zones
    if (Object.keys(fields).length > 0) rooms.set(entry.id, fields)
  }
  return new ProjectEditCommand(
    `Rename flag ${flagId} to ${newId} (${count} expression${count === 1 ? '' : 's'})`,
    target,
    { project: { flags }, rooms },
    newId,
    ['walk-mask', 'gates', 'zones'],
  )
}

/** Delete a flag; refused while an expression uses it, naming where (every room must be open). */
export function deleteFlagCommand(target: ProjectTarget, flagId: string): ProjectEditCommand {
  if (!target.project.flags.some((f) => f.id === flagId)) throw new Error(`No flag '${flagId}'.`)
  const usage = flagUsage(target, flagId)
  if (usage.length > 0)
    throw new Error(
      `Flag '${flagId}' is used by ${usage.slice(0, 3).join(', ')}${usage.length > 3 ? ` and ${usage.length - 3} more` : ''}; change those first.`,
    )
  return new ProjectEditCommand(`Delete flag ${flagId}`, target, {
    project: { flags: target.project.flags.filter((f) => f.id !== flagId) },
  })
}

// --- characters -------------------------------------------------------------------------

/** Why a character's values cannot be used, or null. */
export function characterProblem(c: Partial<Character>): string | null {
  if (c.name !== undefined && !c.name.trim()) return 'A character needs a name.'
  if (c.height !== undefined && !(Number.isFinite(c.height) && c.height > 0))
    return 'A height must be a number of px above 0.'
  if (c.footWidth !== undefined && !(Number.isFinite(c.footWidth) && c.footWidth >= 0))
    return 'A foot width must be a number of px, 0 or more.'
  if (c.speed !== undefined && !(Number.isFinite(c.speed) && c.speed > 0))
    return 'A speed must be a number of px/s above 0.'
  return null
}

export function addCharacterCommand(target: ProjectTarget, name: string): ProjectEditCommand {
  const clean = name.trim()
  if (!clean) throw new Error('A character needs a name.')
  const characters = cloneJson(target.project.characters)
  const id = idFromName(
    clean,
    characters.map((c) => c.id),
    'character',
  )
  const character: Character = { id, name: clean, height: 120, footWidth: 24, speed: 160, speedScales: true }
  return new ProjectEditCommand(
    `Add character ${clean}`,
    target,
    { project: { characters: [...characters, character] } },
    id,
    ['scaling'],
  )
}

export function updateCharacterCommand(
  target: ProjectTarget,
  characterId: string,
  change: Partial<Omit<Character, 'id'>>,
): ProjectEditCommand {
  const problem = characterProblem(change)
  if (problem) throw new Error(problem)
  const characters = cloneJson(target.project.characters)
  const character = characters.find((c) => c.id === characterId)
  if (!character) throw new Error(`No character '${characterId}'.`)
  Object.assign(character, change)
  if (change.name !== undefined) character.name = change.name.trim()
  return new ProjectEditCommand(
    `Change character ${character.name}`,
    target,
    { project: { characters } },
    undefined,
    ['scaling'],
  )
}

/** Delete a character; refused while a room's test walk uses it (every room must be open). */
export function deleteCharacterCommand(target: ProjectTarget, characterId: string): ProjectEditCommand {
  const character = target.project.characters.find((c) => c.id === characterId)
  if (!character) throw new Error(`No character '${characterId}'.`)
  const users = target.project.rooms
    .map((r) => target.session(r.id)?.room)
    .filter((room): room is Room => room?.testWalk.characterId === characterId)
    .map((room) => `'${room.name}'`)
  if (users.length > 0)
    throw new Error(
      `${character.name} walks in the test walk of room${users.length > 1 ? 's' : ''} ${users.join(', ')}; choose another character there first.`,
    )
  return new ProjectEditCommand(`Delete character ${character.name}`, target, {
    project: { characters: target.project.characters.filter((c) => c.id !== characterId) },
  })
}

/** Which character a room's test walk and scale ghost use (null: the room's own height and speed). */
export function setTestCharacterCommand(
  target: ProjectTarget,
  roomId: string,
  characterId: string | null,
): ProjectEditCommand {
  const session = target.session(roomId)
  if (!session) throw new Error(`No open room '${roomId}'.`)
  if (characterId !== null && !target.project.characters.some((c) => c.id === characterId))
    throw new Error(`No character '${characterId}'.`)
  const testWalk = cloneJson(session.room.testWalk)
  if (characterId === null) delete testWalk.characterId
  else testWalk.characterId = characterId
  return new ProjectEditCommand(
    characterId ? `Test walk with ${characterId}` : 'Test walk without a character',
    target,
    { rooms: new Map([[roomId, { testWalk }]]) },
    undefined,
    ['scaling', 'room'],
  )
}
