/**
 * The names the host contract travels under: IPC channels (one per method) and the
 * global the preload exposes. Kept apart from host.ts so that the preload bundle
 * carries no schema library.
 */

/** IPC channel names: one per contract method. */
export const HOST_CHANNELS = {
  appInfo: 'walkbox:app-info',
  recentProjects: 'walkbox:recent-projects',
  forgetRecentProject: 'walkbox:forget-recent-project',
  openSampleProject: 'walkbox:open-sample-project',
  createProject: 'walkbox:create-project',
  openProject: 'walkbox:open-project',
  saveProject: 'walkbox:save-project',
  saveProjectAs: 'walkbox:save-project-as',
  loadRoom: 'walkbox:load-room',
  importImage: 'walkbox:import-image',
  decodeImage: 'walkbox:decode-image',
  listProjects: 'walkbox:list-projects',
  listBackups: 'walkbox:list-backups',
  restoreBackup: 'walkbox:restore-backup',
  renameProject: 'walkbox:rename-project',
  deleteProject: 'walkbox:delete-project',
  exportProjectZip: 'walkbox:export-project-zip',
  importProjectZip: 'walkbox:import-project-zip',
  openGameFolder: 'walkbox:open-game-folder',
  planGameSave: 'walkbox:plan-game-save',
  writeGameSave: 'walkbox:write-game-save',
  closeWindow: 'walkbox:close-window',
  setMenuChecks: 'walkbox:set-menu-checks',
  menuAction: 'walkbox:menu-action',
  openRequest: 'walkbox:open-request',
  closeRequest: 'walkbox:close-request',
} as const

/** Channels main sends on (events), not request/response methods. */
export const HOST_EVENT_CHANNELS = ['menuAction', 'openRequest', 'closeRequest'] as const

/** The contract methods that go over IPC as request/response. */
export type HostInvokeMethod = Exclude<keyof typeof HOST_CHANNELS, (typeof HOST_EVENT_CHANNELS)[number]>

/** The name under which the preload exposes the host on `window`. */
export const HOST_GLOBAL = 'walkboxHost'
