/**
 * Dialogs store: the one modal dialog the editor shows at a time (unsaved changes, a new
 * room, the project list …), as a promise for its answer. Stores and actions ask; the
 * DialogHost component draws the dialog and answers. View state only.
 *
 * Glossary
 * - request: which dialog (kind), what it shows (props) and how to answer (resolve).
 * - unsaved choice: 'save' | 'discard' | 'cancel', the answer to "unsaved changes".
 */
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { GameFileChangeSummary, ImportedImage } from '../../../shared/host'
import type { ImportResult } from '../../../shared/formats/registry'
import type { LayerKind } from '../../../shared/formats/tiled/layer-kinds'

export type UnsavedChoice = 'save' | 'discard' | 'cancel'

export interface DialogKinds {
  unsaved: { props: { action: string; rooms: string[]; project: boolean }; answer: UnsavedChoice }
  confirm: {
    props: {
      title: string
      message: string
      details?: string[]
      confirm: string
      /** The other button's label; 'Cancel' when absent. */
      cancel?: string
      danger?: boolean
      /**
       * The button Enter presses and the focus starts on: the one that keeps the work. By
       * default 'cancel' for a dangerous question (a delete), else 'confirm'.
       */
      defaultButton?: 'confirm' | 'cancel'
    }
    answer: boolean
  }
  'new-room': { props: NewRoomDialogProps; answer: NewRoomAnswer | null }
  'mask-import': { props: MaskImportDialogProps; answer: MaskImportAnswer | null }
  'open-project': { props: Record<string, never>; answer: OpenProjectAnswer | null }
  'import-room': { props: Record<string, never>; answer: ImportRoomAnswer | null }
  'export-room': { props: { roomId: string; roomName: string }; answer: boolean }
  shortcuts: { props: Record<string, never>; answer: null }
  'game-write': {
    props: { game: string; changes: GameFileChangeSummary[]; notes: string[] }
    answer: boolean
  }
  /** Answered with the kinds to read a Tiled game's layers as (read it again), or null. */
  'game-read': {
    props: { game: string; engine: string; rooms: number; notes: string[] }
    answer: Record<string, LayerKind> | null
  }
  text: {
    props: {
      title: string
      label: string
      value: string
      confirm: string
      check?: (value: string) => string | null
    }
    answer: string | null
  }
}

export interface NewRoomDialogProps {
  /** 'background': a room from a picked or dropped image; 'blank': a size to type. */
  mode: 'background' | 'blank'
  /** A dropped image (its bytes), decoded by the dialog through the host. */
  dropped?: { fileName: string; bytes: Uint8Array }
}

export interface NewRoomAnswer {
  name: string
  width: number
  height: number
  /** The background as picked: file name, original bytes, decoded pixels. */
  background: ImportedImage | null
  /** How the art is fitted when the size differs from the image's: 'nearest' keeps pixel art crisp. */
  resample: 'nearest' | 'smooth'
}

import type { MaskPreview } from '../tools/mask-import'

export interface MaskImportDialogProps {
  fileName: string
  stored: { width: number; height: number }
  room: { width: number; height: number }
  /** 'ids' | 'colours' | 'alpha' | 'nonblack' */
  rule: string
  scale: number
  summary: string
  /** Read as one area (alpha or black and white): the author picks which. */
  singleArea: boolean
  /** The room's areas (for the pick), and the area picked at first. */
  areas: { id: number; name: string }[]
  areaId: number
  /** The id a new area would get. */
  freeId: number | null
  hasMask: boolean
  /** Areas the import would create. */
  newAreas: number[]
  /** A small picture of what was read (editing/tools/mask-import.ts `maskPreview`). */
  preview?: MaskPreview
}

export interface MaskImportAnswer {
  mode: 'replace' | 'add'
  /** Single-area pictures: the area their walkable pixels become. */
  areaId: number
}

/** An import the author confirmed: what was read, and the name the room gets. */
export interface ImportRoomAnswer {
  result: ImportResult
  name: string
}

/** What the Open dialog asks the editor to do (other actions happen in the dialog). */
export type OpenProjectAnswer =
  | { action: 'open'; ref: string }
  | { action: 'restore'; ref: string; backupId: string }
  | { action: 'browse' }

export type DialogKind = keyof DialogKinds

export interface DialogRequest<K extends DialogKind = DialogKind> {
  /** Tells requests apart (a new request is a new dialog, even of the same kind). */
  id: number
  kind: K
  props: DialogKinds[K]['props']
  resolve: (answer: DialogKinds[K]['answer']) => void
}

export const useDialogsStore = defineStore('dialogs', () => {
  const current = shallowRef<DialogRequest | null>(null)
  const queue: DialogRequest[] = []
  let nextId = 1

  /** Show a dialog; resolves with the author's answer. A second request waits for the first. */
  function ask<K extends DialogKind>(
    kind: K,
    props: DialogKinds[K]['props'],
  ): Promise<DialogKinds[K]['answer']> {
    return new Promise((resolve) => {
      const request = { id: nextId++, kind, props, resolve } as unknown as DialogRequest
      if (current.value) queue.push(request)
      else current.value = request
    })
  }

  /** Answer the dialog on screen and show the next one, if any. */
  function answer(value: unknown): void {
    const request = current.value
    if (!request) return
    current.value = queue.shift() ?? null
    ;(request.resolve as (v: unknown) => void)(value)
  }

  return { current, ask, answer }
})
