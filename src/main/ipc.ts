/**
 * One IPC handler per host-contract method. Every call is first checked to come from
 * the editor's own main frame at the app origin (ipc-sender.ts), then its payload is
 * validated against the contract's schema before the desktop host sees it; a bad
 * payload is refused with a message saying what was expected.
 */
import type { IpcMain } from 'electron'
import type { z } from 'zod'
import {
  CreateProjectRequestSchema,
  DecodeImageRequestSchema,
  HOST_CHANNELS,
  ImportImageRequestSchema,
  ImportZipRequestSchema,
  LoadRoomRequestSchema,
  MenuChecksRequestSchema,
  OpenGameFolderRequestSchema,
  OpenProjectRequestSchema,
  ProjectRequestSchema,
  RenameProjectRequestSchema,
  RestoreBackupRequestSchema,
  SaveProjectRequestSchema,
  WriteGameSaveRequestSchema,
  type HostInvokeMethod,
} from '../shared/host'
import type { DesktopHost } from './desktop-host'
import type { SenderEvent } from './ipc-sender'

/** Validate `payload` against `schema`, or throw one readable line. */
export function validatePayload<T>(method: string, schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  throw new Error(`${method}: refused a malformed request${where}: ${issue.message}`)
}

type Handler = (payload: unknown) => Promise<unknown>

/** The handlers, keyed by contract method; exported so tests can drive them without Electron. */
export function hostHandlers(desktop: DesktopHost): Record<HostInvokeMethod, Handler> {
  return {
    appInfo: async () => desktop.appInfo(),
    recentProjects: async () => desktop.recentProjects(),
    forgetRecentProject: async (p) =>
      desktop.forgetRecentProject(validatePayload('forgetRecentProject', ProjectRequestSchema, p)),
    openSampleProject: async () => desktop.openSampleProject(),
    createProject: async (p) =>
      desktop.createProject(validatePayload('createProject', CreateProjectRequestSchema, p)),
    openProject: async (p) =>
      desktop.openProject(validatePayload('openProject', OpenProjectRequestSchema, p ?? {})),
    saveProject: async (p) =>
      desktop.saveProject(validatePayload('saveProject', SaveProjectRequestSchema, p)),
    saveProjectAs: async (p) =>
      desktop.saveProjectAs(validatePayload('saveProjectAs', SaveProjectRequestSchema, p)),
    loadRoom: async (p) => desktop.loadRoom(validatePayload('loadRoom', LoadRoomRequestSchema, p)),
    importImage: async (p) =>
      desktop.importImage(validatePayload('importImage', ImportImageRequestSchema, p)),
    decodeImage: async (p) =>
      desktop.decodeImage(validatePayload('decodeImage', DecodeImageRequestSchema, p)),
    listProjects: async () => desktop.listProjects(),
    listBackups: async (p) => desktop.listBackups(validatePayload('listBackups', ProjectRequestSchema, p)),
    restoreBackup: async (p) =>
      desktop.restoreBackup(validatePayload('restoreBackup', RestoreBackupRequestSchema, p)),
    renameProject: async (p) =>
      desktop.renameProject(validatePayload('renameProject', RenameProjectRequestSchema, p)),
    deleteProject: async (p) =>
      desktop.deleteProject(validatePayload('deleteProject', ProjectRequestSchema, p)),
    exportProjectZip: async (p) =>
      desktop.exportProjectZip(validatePayload('exportProjectZip', ProjectRequestSchema, p)),
    importProjectZip: async (p) =>
      desktop.importProjectZip(validatePayload('importProjectZip', ImportZipRequestSchema, p)),
    openGameFolder: async (p) =>
      desktop.openGameFolder(validatePayload('openGameFolder', OpenGameFolderRequestSchema, p ?? {})),
    planGameSave: async (p) => desktop.planGameSave(validatePayload('planGameSave', ProjectRequestSchema, p)),
    writeGameSave: async (p) =>
      desktop.writeGameSave(validatePayload('writeGameSave', WriteGameSaveRequestSchema, p)),
    closeWindow: async () => desktop.closeWindow(),
    setMenuChecks: async (p) =>
      desktop.setMenuChecks(validatePayload('setMenuChecks', MenuChecksRequestSchema, p)),
  }
}

/** Throws when the caller is not the editor (see ipc-sender.ts). */
export type SenderCheck = (event: SenderEvent, channel: string) => void

/** Registers every handler behind `checkSender`: a foreign caller never reaches the host. */
export function registerHostHandlers(
  ipc: Pick<IpcMain, 'handle'>,
  desktop: DesktopHost,
  checkSender: SenderCheck,
): void {
  const handlers = hostHandlers(desktop)
  for (const method of Object.keys(handlers) as HostInvokeMethod[]) {
    const channel = HOST_CHANNELS[method]
    ipc.handle(channel, async (event, payload: unknown) => {
      checkSender(event, channel)
      return handlers[method](payload)
    })
  }
}
