/**
 * The preload: exposes exactly the host contract (src/shared/host.ts) to the
 * renderer through contextBridge, as IPC calls to main. Nothing else: no Node, no
 * ipcRenderer, no file access leaks into the page. Runs sandboxed.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { HOST_CHANNELS, HOST_GLOBAL } from '../shared/host-channels'
import type { WalkboxHost } from '../shared/host'

const invoke =
  <K extends keyof typeof HOST_CHANNELS>(channel: K) =>
  (request?: unknown) =>
    ipcRenderer.invoke(HOST_CHANNELS[channel], request)

function subscribe<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T) => listener(value)
  ipcRenderer.on(channel, handler)
  return () => ipcRenderer.removeListener(channel, handler)
}

const host: WalkboxHost = {
  kind: 'electron',
  appInfo: invoke('appInfo'),
  recentProjects: invoke('recentProjects'),
  forgetRecentProject: invoke('forgetRecentProject'),
  openSampleProject: invoke('openSampleProject'),
  createProject: invoke('createProject'),
  openProject: invoke('openProject'),
  saveProject: invoke('saveProject'),
  saveProjectAs: invoke('saveProjectAs'),
  loadRoom: invoke('loadRoom'),
  importImage: invoke('importImage'),
  decodeImage: invoke('decodeImage'),
  listProjects: invoke('listProjects'),
  listBackups: invoke('listBackups'),
  restoreBackup: invoke('restoreBackup'),
  renameProject: invoke('renameProject'),
  deleteProject: invoke('deleteProject'),
  exportProjectZip: invoke('exportProjectZip'),
  importProjectZip: invoke('importProjectZip'),
  openGameFolder: invoke('openGameFolder'),
  planGameSave: invoke('planGameSave'),
  writeGameSave: invoke('writeGameSave'),
  onMenuAction: (listener) => subscribe<string>(HOST_CHANNELS.menuAction, listener),
  onOpenRequest: (listener) => subscribe<string>(HOST_CHANNELS.openRequest, listener),
  onCloseRequest: (listener) => subscribe<void>(HOST_CHANNELS.closeRequest, () => listener()),
  closeWindow: invoke('closeWindow'),
  setMenuChecks: invoke('setMenuChecks'),
}

contextBridge.exposeInMainWorld(HOST_GLOBAL, host)
