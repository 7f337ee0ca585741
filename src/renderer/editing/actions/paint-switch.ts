/**
 * Painting the walk mask of a room whose walkable area is its walk polygons: the first press
 * asks, once per room, whether to make the mask the walkable area, and says what that does
 * (the polygons stay, unused and grey, until the author switches back; an empty room just
 * starts its walkable area in the mask). The question keeps the room as it is by default.
 * Answered either way, later presses paint without asking (the canvas notice says when the
 * painted mask is not the walkable area).
 *
 * Glossary
 * - asked: the room's session was asked already (sessions live until the project closes).
 *
 * Units: none.
 */
import { switchAuthoritativeCommand } from '../tools/conversions'
import { useDialogsStore } from '../stores/dialogs'
import { useEditorStore } from '../stores/editor'
import { useStatusStore } from '../stores/status'
import type { RoomSession } from '../stores/room-session'

const asked = new WeakSet<RoomSession>()

/** What switching does to this room, in the author's terms. */
export function switchToMaskConsequence(polygons: number, hasMask: boolean): string {
  if (polygons === 0 && !hasMask)
    return 'This room has no walkable area yet. With the switch, what you paint in the walk mask is where characters walk.'
  const them = `${polygons} walk polygon${polygons === 1 ? '' : 's'}`
  const mask = hasMask
    ? 'its walk mask as it is now (it may differ from the polygons) becomes the walkable area'
    : `the ${them} are rasterised into a new walk mask, which becomes the walkable area`
  return `The walkable area of this room comes from its ${them}. With the switch, ${mask}; the polygons stay, grey and unused, until you switch back (Walkable area › Authoritative). Undo takes the switch back.`
}

/**
 * May a mask tool paint now? False when the press became the question (a polygon room not
 * asked yet): the tool then does nothing with it.
 */
export function mayPaintMask(): boolean {
  const editor = useEditorStore()
  const room = editor.room
  const session = editor.session
  if (!room || !session || room.authoritative === 'mask' || asked.has(session)) return true
  asked.add(session)
  void askSwitch(room.polygons.length, editor.mask !== null)
  return false
}

async function askSwitch(polygons: number, hasMask: boolean): Promise<void> {
  const yes = await useDialogsStore().ask('confirm', {
    title: 'Paint the walk mask?',
    message: switchToMaskConsequence(polygons, hasMask),
    confirm: 'Switch to the mask',
    cancel: 'Keep the polygons',
    defaultButton: 'cancel',
  })
  const editor = useEditorStore()
  if (!yes) {
    useStatusStore().report(
      'info',
      'The walk polygons stay the walkable area: what you paint in the mask is not used until you switch.',
    )
    return
  }
  if (editor.editRoom((t) => switchAuthoritativeCommand(t, 'mask')))
    useStatusStore().report('info', 'The walk mask is now the walkable area: paint it.')
}
