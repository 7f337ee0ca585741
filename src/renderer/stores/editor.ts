/**
 * Editor store: the open project, the open room and its decoded images, and the
 * status line. The host does all file work; this store never touches files.
 *
 * Glossary
 * - host: the WalkboxHost (Electron or browser) this editor runs in.
 * - room images: the background (RGBA), the area-id mask and the optional scale map,
 *   as loaded; the mask is edited in place by mask tools.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type {
  LoadedRoom,
  OpenedProject,
  ProjectRef,
  RgbaImage,
  RoomSummary,
  WalkboxHost,
} from '../../shared/host'
import type { Project, Room } from '../../shared/room/schema'
import type { Rect } from '../../shared/geometry/types'
import type { EditTarget } from '../commands/edit-target'
import type { ScaleMapHolder } from '../commands/scale-map'
import { useHistoryStore } from './history'

/** Told when the mask changed: inside `rect`, or everywhere (null: a new mask array). */
export type MaskListener = (rect: Rect | null) => void

export type StatusKind = 'info' | 'error'

export const useEditorStore = defineStore('editor', () => {
  const host = shallowRef<WalkboxHost | null>(null)
  const projectRef = ref<ProjectRef | null>(null)
  const project = ref<Project | null>(null)
  const rooms = ref<RoomSummary[]>([])
  const room = ref<Room | null>(null)
  const background = shallowRef<RgbaImage | null>(null)
  const mask = shallowRef<Uint8Array | null>(null)
  const scaleMap = shallowRef<RgbaImage | null>(null)
  /** Scale-map file bytes to write on the next save (an import); null: the file on disk is current. */
  const scaleMapBytes = shallowRef<Uint8Array | null>(null)
  /** The name of the imported scale-map file, for the panel; null when loaded from the room. */
  const scaleMapSource = ref<string | null>(null)
  const busy = ref(false)
  const status = ref<{ kind: StatusKind; text: string }>({ kind: 'info', text: 'Starting…' })
  /** Bumped when the room or its images are replaced wholesale (open, load). */
  const roomRevision = ref(0)

  const history = useHistoryStore()
  const dirty = computed(() => history.dirty)
  const title = computed(() => {
    const name = project.value?.name ?? 'Walkbox'
    const roomName = room.value ? ` — ${room.value.name}` : ''
    return `${dirty.value ? '• ' : ''}${name}${roomName}`
  })

  const maskListeners = new Set<MaskListener>()
  /** Hear about mask edits (the canvas redraws only the dirty rectangle); returns an unsubscribe. */
  function onMaskChanged(listener: MaskListener): () => void {
    maskListeners.add(listener)
    return () => maskListeners.delete(listener)
  }
  function notifyMask(rect: Rect | null): void {
    for (const listener of maskListeners) listener(rect)
  }

  /** What commands edit: the open room and its mask. Null when no room is open. */
  function editTarget(): EditTarget | null {
    if (!room.value) return null
    return {
      get room() {
        return room.value as Room
      },
      get mask() {
        return mask.value
      },
      setMask(next) {
        mask.value = next ? markRaw(next) : null
        notifyMask(null)
      },
      maskChanged: (rect) => notifyMask(rect),
    }
  }

  /** Where scale-map commands read and write the decoded map and its pending bytes. */
  function scaleMapHolder(): ScaleMapHolder {
    return {
      get: () => ({ image: scaleMap.value, bytes: scaleMapBytes.value, sourceName: scaleMapSource.value }),
      set(state) {
        scaleMap.value = state.image ? markRaw(state.image) : null
        scaleMapBytes.value = state.bytes ? markRaw(state.bytes) : null
        scaleMapSource.value = state.sourceName
      },
    }
  }

  /** The scale-map bytes to send with a save: the imported PNG as it is, else a PNG of its grey. */
  async function scaleMapToSave(r: Room): Promise<Uint8Array | undefined> {
    const bytes = scaleMapBytes.value
    const image = scaleMap.value
    if (!r.scaling.map || !bytes || !image) return undefined
    return isPng(bytes) ? bytes : encodeGreyPng(image)
  }

  function requireHost(): WalkboxHost {
    if (!host.value) throw new Error('The editor has no host yet.')
    return host.value
  }

  function report(kind: StatusKind, text: string): void {
    status.value = { kind, text }
  }

  async function guarded<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
    busy.value = true
    try {
      return await work()
    } catch (err) {
      console.error(label, err)
      report('error', `${label}: ${err instanceof Error ? err.message : String(err)}`)
      return undefined
    } finally {
      busy.value = false
    }
  }

  async function adoptProject(opened: OpenedProject | null): Promise<void> {
    if (!opened) return
    projectRef.value = opened.ref
    project.value = opened.project
    rooms.value = opened.rooms
    room.value = null
    const first = opened.rooms[0]
    if (first) await loadRoomById(first.id)
    else report('info', `Opened ${opened.project.name} (no rooms yet).`)
  }

  function adoptRoom(loaded: LoadedRoom): void {
    room.value = loaded.room
    background.value = loaded.background ? markRaw(loaded.background) : null
    mask.value = loaded.mask ? markRaw(loaded.mask) : null
    scaleMap.value = loaded.scaleMap ? markRaw(loaded.scaleMap) : null
    scaleMapBytes.value = null
    scaleMapSource.value = null
    history.clear()
    roomRevision.value++
  }

  async function loadRoomById(roomId: string): Promise<void> {
    const ref_ = projectRef.value
    if (!ref_) return
    await guarded('Could not open the room', async () => {
      const loaded = await requireHost().loadRoom({ ref: ref_, roomId })
      adoptRoom(loaded)
      report(
        'info',
        `Opened room ${loaded.room.name} (${loaded.room.size.width}×${loaded.room.size.height}).`,
      )
    })
  }

  /** First start opens the sample project; later starts reopen the most recent project. */
  async function start(h: WalkboxHost): Promise<void> {
    host.value = markRaw(h)
    const recent = (await h.recentProjects().catch(() => []))[0]
    if (recent) {
      const opened = await guarded(`Could not reopen ${recent.name}`, async () => {
        await adoptProject(await h.openProject({ ref: recent.ref }))
        return true
      })
      if (opened) return
      const reason = status.value.text
      await guarded('Could not open the sample project', async () =>
        adoptProject(await h.openSampleProject()),
      )
      report('error', `${reason} — opened the sample project instead.`)
      return
    }
    await guarded('Could not open the sample project', async () => {
      await adoptProject(await h.openSampleProject())
    })
  }

  async function openSample(): Promise<void> {
    await guarded('Could not open the sample project', async () =>
      adoptProject(await requireHost().openSampleProject()),
    )
  }

  async function openProject(ref_?: ProjectRef): Promise<void> {
    await guarded('Could not open the project', async () =>
      adoptProject(await requireHost().openProject({ ref: ref_ })),
    )
  }

  async function newProject(name = 'Untitled project'): Promise<void> {
    await guarded('Could not create the project', async () =>
      adoptProject(await requireHost().createProject({ name })),
    )
  }

  async function save(): Promise<boolean> {
    const ref_ = projectRef.value
    const r = room.value
    const p = project.value
    if (!ref_ || !p) return false
    const ok = await guarded('Could not save (your work is still open and unchanged on disk)', async () => {
      const h = requireHost()
      await h.saveProject({ ref: ref_, project: p })
      if (r) {
        await h.saveRoom({
          ref: ref_,
          room: r,
          mask: mask.value ?? undefined,
          scaleMap: await scaleMapToSave(r),
        })
        scaleMapBytes.value = null
      }
      history.markSaved()
      report('info', `Saved ${p.name}.`)
      return true
    })
    return ok === true
  }

  async function saveAs(): Promise<void> {
    const p = project.value
    const ref_ = projectRef.value
    if (!p || !ref_) return
    await guarded('Could not save a copy', async () => {
      const opened = await requireHost().saveProjectAs({ ref: ref_, project: p })
      if (!opened) return
      const r = room.value
      // The copy has the old files; a scale map imported since is written into it too.
      if (r) {
        await requireHost().saveRoom({
          ref: opened.ref,
          room: r,
          mask: mask.value ?? undefined,
          scaleMap: await scaleMapToSave(r),
        })
        scaleMapBytes.value = null
      }
      projectRef.value = opened.ref
      project.value = opened.project
      rooms.value = opened.rooms
      history.markSaved()
      report('info', `Saved as ${opened.project.name}.`)
    })
  }

  return {
    host,
    projectRef,
    project,
    rooms,
    room,
    background,
    mask,
    scaleMap,
    scaleMapBytes,
    scaleMapSource,
    scaleMapHolder,
    busy,
    status,
    roomRevision,
    dirty,
    title,
    report,
    onMaskChanged,
    editTarget,
    start,
    openSample,
    openProject,
    newProject,
    loadRoomById,
    save,
    saveAs,
  }
})

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}

/** A PNG of an image's grey (red channel), opaque; through OffscreenCanvas (browser and Electron renderer). */
async function encodeGreyPng(image: RgbaImage): Promise<Uint8Array> {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4)
  for (let i = 0; i < image.width * image.height; i++) {
    const grey = image.data[i * 4]
    rgba[i * 4] = grey
    rgba[i * 4 + 1] = grey
    rgba[i * 4 + 2] = grey
    rgba[i * 4 + 3] = 255
  }
  const canvas = new OffscreenCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('this window cannot encode images')
  ctx.putImageData(new ImageData(rgba, image.width, image.height), 0, 0)
  const blob = await canvas.convertToBlob({ type: 'image/png' })
  return new Uint8Array(await blob.arrayBuffer())
}
