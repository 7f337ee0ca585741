/**
 * What Delete, Duplicate and the arrow keys do to the selection: a vertex, a
 * polygon or hole, a gate, a zone, a node, a join or a scale stop. Each is one
 * named command; a refused edit (e.g. a vertex nudged into a crossing) is reported.
 * With several objects selected (multi-select: the outliner, shift-click, marquee) the
 * arrow keys, rotate, scale, flip, align and distribute act on all of them as one command
 * (editing/commands/transform-commands.ts); Rename names the one selected object.
 *
 * Units: room px (nudges move 1 or 10 room px); degrees; scale factors.
 */
import type { Coord } from '../../../shared/room/schema'
import type { EditTarget } from '../commands/edit-target'
import {
  deleteGateCommand,
  deleteHoleCommand,
  deleteJoinCommand,
  deleteNodeCommand,
  deletePolygonCommand,
  deleteScaleStopCommand,
  deleteVertexCommand,
  deleteZoneCommand,
  duplicateCommand,
  getRing,
  moveNodeCommand,
  movePolygonCommand,
  moveRingCommand,
  moveVertexCommand,
  setScaleStopCommand,
} from '../commands/room-commands'
import type { Command } from '../commands/command'
import { duplicateHotspotCommand, removeHotspotCommand } from '../commands/hotspot-commands'
import { removePointCommand, updatePointCommand } from '../commands/point-commands'
import { ringOfSelection } from '../tools/shape-rings'
import type { Selection } from '../tools/tool'
import {
  alignObjectsCommand,
  distributeObjectsCommand,
  flipObjectsCommand,
  moveObjectsCommand,
  renameObjectCommand,
  rotateObjectsCommand,
  scaleObjectsCommand,
} from '../commands/transform-commands'
import { layerOfRef, roomObjects, selectionOfRef, type ObjectRef } from '../tools/object-refs'
import { useEditorStore } from '../stores/editor'
import { useSelectionStore } from '../stores/selection'
import { useOutlinerStore } from '../stores/outliner'
import { useLayersStore } from '../stores/layers'
import { useDialogsStore } from '../stores/dialogs'
import { useToolsStore } from '../stores/tools'

export function deleteSelectionCommand(target: EditTarget, s: Selection): Command {
  switch (s.kind) {
    case 'polygon':
    case 'gate':
    case 'zone': {
      const ring = ringOfSelection(s)!
      if (s.vertex !== undefined) return deleteVertexCommand(target, { ring, index: s.vertex })
      if (s.kind === 'polygon')
        return s.hole !== undefined
          ? deleteHoleCommand(target, s.polygonId, s.hole)
          : deletePolygonCommand(target, s.polygonId)
      return s.kind === 'gate' ? deleteGateCommand(target, s.gateId) : deleteZoneCommand(target, s.zoneId)
    }
    case 'hotspot':
      return s.vertex !== undefined
        ? deleteVertexCommand(target, { ring: ringOfSelection(s)!, index: s.vertex })
        : removeHotspotCommand(target, s.hotspotId)
    case 'node':
      return deleteNodeCommand(target, s.nodeId)
    case 'join':
      return deleteJoinCommand(target, s.index)
    case 'scale-stop':
      return deleteScaleStopCommand(target, s.areaId, s.index)
    case 'point':
      return removePointCommand(target, s.pointId)
  }
}

export function duplicateSelectionCommand(target: EditTarget, s: Selection): Command | null {
  if (s.kind === 'polygon') return duplicateCommand(target, { kind: 'polygon', id: s.polygonId })
  if (s.kind === 'gate') return duplicateCommand(target, { kind: 'gate', id: s.gateId })
  if (s.kind === 'zone') return duplicateCommand(target, { kind: 'zone', id: s.zoneId })
  if (s.kind === 'hotspot') return duplicateHotspotCommand(target, s.hotspotId)
  return null
}

export function nudgeSelectionCommand(
  target: EditTarget,
  s: Selection,
  dx: number,
  dy: number,
): Command | null {
  switch (s.kind) {
    case 'polygon':
    case 'gate':
    case 'zone':
    case 'hotspot': {
      const ring = ringOfSelection(s)!
      // A painted hotspot has no outline: its pixels are moved by painting.
      if (s.kind === 'hotspot' && !getRing(target.room, ring)) return null
      if (s.vertex !== undefined) {
        const points = getRing(target.room, ring)
        const v = points?.[s.vertex]
        if (!v) return null
        return moveVertexCommand(target, { ring, index: s.vertex }, [v[0] + dx, v[1] + dy] as Coord)
      }
      if (s.kind === 'polygon' && s.hole === undefined) return movePolygonCommand(target, s.polygonId, dx, dy)
      return moveRingCommand(target, ring, dx, dy)
    }
    case 'node': {
      const node = target.room.nodeGraph.nodes.find((n) => n.id === s.nodeId)
      return node ? moveNodeCommand(target, s.nodeId, node.x + dx, node.y + dy) : null
    }
    case 'scale-stop': {
      const stop = target.room.scaling.linear.find((l) => l.areaId === s.areaId)?.stops[s.index]
      return stop && dy !== 0
        ? setScaleStopCommand(target, s.areaId, { y: stop.y + dy, scale: stop.scale }, s.index)
        : null
    }
    case 'point': {
      const p = target.room.points?.find((q) => q.id === s.pointId)
      return p ? updatePointCommand(target, s.pointId, { x: p.x + dx, y: p.y + dy }) : null
    }
    case 'join':
      return null
  }
}

/** Do the arrow keys move the multi-selection (several objects, or an object no tool selects alone)? */
export function nudgesObjects(current: Selection | null, objects: readonly ObjectRef[]): boolean {
  return objects.length > 1 || (current === null && objects.length === 1)
}

/** The multi-selection's edits, by action id; each runs one command over every selected object. */
export type MultiSelectActionId =
  | 'edit.selectAll'
  | 'edit.rename'
  | 'edit.rotateCW'
  | 'edit.rotateCCW'
  | 'edit.scaleUp'
  | 'edit.scaleDown'
  | 'edit.flipH'
  | 'edit.flipV'
  | 'edit.alignLeft'
  | 'edit.alignCentre'
  | 'edit.alignRight'
  | 'edit.alignTop'
  | 'edit.alignMiddle'
  | 'edit.alignBottom'
  | 'edit.distributeH'
  | 'edit.distributeV'

type Handler = { run: () => void | Promise<void>; enabled?: () => boolean }

/** Run a command over the selected objects (a refused one is said on the status line by editor.edit). */
export function editObjects(
  make: (target: EditTarget, refs: readonly ObjectRef[]) => Command | null,
): boolean {
  const editor = useEditorStore()
  const selection = useSelectionStore()
  const target = editor.editTarget()
  const refs = selection.objects
  if (!target || refs.length === 0) return false
  return editor.edit(() => make(target, refs)) !== null
}

/**
 * Select one object from the outliner: its layer becomes the active one (the select tool
 * there, so that it can be dragged at once), a mask area or walk-behind becomes what the
 * brush paints. With `add` (Shift), it joins the selection or leaves it.
 */
export function selectObject(ref: ObjectRef, add = false): void {
  const selection = useSelectionStore()
  if (add) return selection.toggle(ref)
  const layers = useLayersStore()
  const tools = useToolsStore()
  const layer = layerOfRef(ref)
  if (layer && layers.active !== layer) layers.activate(layer)
  if (ref.kind === 'area') tools.options.areaId = Number(ref.id)
  if (ref.kind === 'walk-behind') tools.options.walkBehindId = Number(ref.id)
  if (selectionOfRef(ref) && (layer === 'walk-polygons' || layer === 'gates' || layer === 'zones'))
    tools.activate('select')
  selection.setObjects([ref])
}

/** Ask for a new name for one object (F2, a double-click in the outliner) and rename it as one command. */
export async function renameObject(ref: ObjectRef): Promise<void> {
  const editor = useEditorStore()
  const room = editor.room
  const entry = room
    ? roomObjects(room)
        .flatMap((g) => g.objects)
        .find((o) => JSON.stringify(o.ref) === JSON.stringify(ref))
    : null
  if (!entry || !entry.renames) {
    editor.report('error', 'Select one object that has a name to rename (a hole has none).')
    return
  }
  const name = await useDialogsStore().ask('text', {
    title: entry.renames === 'id' ? 'Rename walk polygon (its id)' : 'Rename',
    label: entry.renames === 'id' ? 'Id' : 'Name',
    value: entry.name,
    confirm: 'Rename',
    check: (v) => (entry.renames === 'id' && !v.trim() ? 'A walk polygon needs an id.' : null),
  })
  if (name === null || name.trim() === entry.name) return
  const target = editor.editTarget()
  if (!target) return
  const done = editor.edit(() => renameObjectCommand(target, ref, name))
  // A walk polygon renamed is selected under its new id.
  if (done && ref.kind === 'polygon') selectObject({ kind: 'polygon', id: name.trim() })
}

export function multiSelectHandlers(): Record<MultiSelectActionId, Handler> {
  const editor = useEditorStore()
  const selection = useSelectionStore()
  const outliner = useOutlinerStore()
  const some = () => editor.room !== null && selection.objects.length > 0
  const two = () => editor.room !== null && selection.objects.length > 1
  const three = () => editor.room !== null && selection.objects.length > 2
  const on = (
    make: (t: EditTarget, refs: readonly ObjectRef[]) => Command | null,
    enabled = some,
  ): Handler => ({
    run: () => void editObjects(make),
    enabled,
  })
  return {
    'edit.selectAll': {
      run: () => {
        const room = editor.room
        if (!room) return
        selection.setObjects(
          roomObjects(room)
            .flatMap((g) => g.objects.map((o) => o.ref))
            .filter((r) => r.kind !== 'area' && outliner.pickable(r)),
        )
      },
      enabled: () => editor.room !== null,
    },
    'edit.rename': {
      run: () => {
        if (selection.objects.length !== 1) return
        const ref = selection.objects[0]
        // With the Points tool in hand a point is renamed in the Points panel's name field, as
        // the tool's own F2 does; every other object through the rename prompt.
        const tools = useToolsStore()
        if (ref.kind === 'point' && tools.activeId === 'point') {
          tools.renameRequest = {
            selection: { kind: 'point', pointId: ref.id },
            n: (tools.renameRequest?.n ?? 0) + 1,
          }
          return
        }
        return renameObject(ref)
      },
      enabled: () => editor.room !== null && selection.objects.length === 1,
    },
    'edit.rotateCW': on((t, r) => rotateObjectsCommand(t, r, 90)),
    'edit.rotateCCW': on((t, r) => rotateObjectsCommand(t, r, -90)),
    'edit.scaleUp': on((t, r) => scaleObjectsCommand(t, r, 1.1)),
    'edit.scaleDown': on((t, r) => scaleObjectsCommand(t, r, 1 / 1.1)),
    'edit.flipH': on((t, r) => flipObjectsCommand(t, r, 'horizontal')),
    'edit.flipV': on((t, r) => flipObjectsCommand(t, r, 'vertical')),
    'edit.alignLeft': on((t, r) => alignObjectsCommand(t, r, 'left'), two),
    'edit.alignCentre': on((t, r) => alignObjectsCommand(t, r, 'centre'), two),
    'edit.alignRight': on((t, r) => alignObjectsCommand(t, r, 'right'), two),
    'edit.alignTop': on((t, r) => alignObjectsCommand(t, r, 'top'), two),
    'edit.alignMiddle': on((t, r) => alignObjectsCommand(t, r, 'middle'), two),
    'edit.alignBottom': on((t, r) => alignObjectsCommand(t, r, 'bottom'), two),
    'edit.distributeH': on((t, r) => distributeObjectsCommand(t, r, 'horizontal'), three),
    'edit.distributeV': on((t, r) => distributeObjectsCommand(t, r, 'vertical'), three),
  }
}

/** Move every selected object by (dx, dy) as one command (the arrow keys with a multi-selection). */
export function nudgeObjects(dx: number, dy: number): boolean {
  return editObjects((t, refs) => moveObjectsCommand(t, refs, dx, dy))
}
