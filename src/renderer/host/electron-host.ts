/**
 * The Electron host as the renderer sees it: the preload's bridge, which already
 * speaks the contract. IPC turns main's Buffers into Uint8Arrays; this wrapper
 * makes sure of it so the rest of the editor sees plain Uint8Arrays.
 */
import type { ImportedImage, LoadedRoom, RgbaImage, WalkboxHost } from '../../shared/host'

function plainBytes(b: Uint8Array): Uint8Array {
  return b.constructor === Uint8Array ? b : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
}

function plainImage(img: RgbaImage | null): RgbaImage | null {
  return img ? { ...img, data: plainBytes(img.data) } : null
}

function plainImported(imported: ImportedImage): ImportedImage {
  return { ...imported, bytes: plainBytes(imported.bytes), image: plainImage(imported.image)! }
}

export function wrapElectronHost(bridge: WalkboxHost): WalkboxHost {
  return {
    kind: 'electron',
    appInfo: () => bridge.appInfo(),
    recentProjects: () => bridge.recentProjects(),
    forgetRecentProject: (req) => bridge.forgetRecentProject(req),
    openSampleProject: () => bridge.openSampleProject(),
    createProject: (req) => bridge.createProject(req),
    openProject: (req) => bridge.openProject(req),
    saveProject: (req) => bridge.saveProject(req),
    saveProjectAs: (req) => bridge.saveProjectAs(req),
    loadRoom: async (req): Promise<LoadedRoom> => {
      const loaded = await bridge.loadRoom(req)
      return {
        room: loaded.room,
        background: plainImage(loaded.background),
        mask: loaded.mask ? plainBytes(loaded.mask) : null,
        scaleMap: plainImage(loaded.scaleMap),
        problems: loaded.problems ?? [],
        // What main found the room names that the project lacks: one line each, strings only.
        warnings: Array.isArray(loaded.warnings)
          ? loaded.warnings.filter((w): w is string => typeof w === 'string').map((w) => w.split('\n')[0])
          : [],
      }
    },
    importImage: async (req) => {
      const imported = await bridge.importImage(req)
      return imported ? plainImported(imported) : null
    },
    decodeImage: async (req) => plainImported(await bridge.decodeImage(req)),
    listProjects: () => bridge.listProjects(),
    listBackups: (req) => bridge.listBackups(req),
    restoreBackup: (req) => bridge.restoreBackup(req),
    renameProject: (req) => bridge.renameProject(req),
    deleteProject: (req) => bridge.deleteProject(req),
    exportProjectZip: async (req) => {
      const zip = await bridge.exportProjectZip(req)
      return { fileName: zip.fileName, bytes: plainBytes(zip.bytes) }
    },
    importProjectZip: (req) => bridge.importProjectZip(req),
    openGameFolder: () => bridge.openGameFolder(),
    planGameSave: (req) => bridge.planGameSave(req),
    writeGameSave: (req) => bridge.writeGameSave(req),
    onMenuAction: (listener) => bridge.onMenuAction(listener),
    onOpenRequest: (listener) => bridge.onOpenRequest(listener),
    onCloseRequest: (listener) => bridge.onCloseRequest(listener),
    closeWindow: () => bridge.closeWindow(),
    setMenuChecks: (req) => bridge.setMenuChecks(req),
  }
}
