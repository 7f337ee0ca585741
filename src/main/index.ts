/**
 * Electron main: one window with the editor, native menus, and one validated IPC
 * handler per host-contract method. Everything that touches files lives in the
 * services (src/main/services) and the desktop host (desktop-host.ts), which run
 * and are tested in plain Node; this file only wires them to Electron.
 *
 * Hardening (docs/reliability.md, "Electron hardening"): the packaged editor loads from
 * `app://walkbox` (app-protocol.ts), never `file://`; every IPC call is checked to come
 * from the editor's own main frame at that origin (ipc-sender.ts); no page navigates
 * away or opens windows, and only the project's own pages go to the system browser
 * (navigation-guard.ts, external-links.ts); no web permission is granted
 * (permissions.ts); DevTools exist only in development. Fuses: electron-builder.yml.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DesktopHost } from './desktop-host'
import { CloseGuard } from './close-guard'
import { registerHostHandlers } from './ipc'
import { installMenu, type MenuModel } from './menu'
import { DEV_SERVER_CONTENT_SECURITY_POLICY } from './csp'
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, APP_SCHEME_PRIVILEGES, serveAppRequest } from './app-protocol'
import { originOf, senderGuard } from './ipc-sender'
import { projectLinks } from './external-links'
import { guardWebContents, type NavigationPolicy } from './navigation-guard'
import { installPermissionHandlers } from './permissions'
import { hostChannel } from '../shared/host-methods'
import { PROJECT_FILE_NAME } from '../shared/room/schema'

// A custom scheme gets its privileges before the app is ready, or never.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }])

/** The electron-vite dev server (`npm start`) or null: packaged builds never use one. */
const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null
/** Where the editor page comes from: the only origin IPC calls are taken from. */
const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN

/** Refusals of the hardening (IPC senders, protocol paths, ...): one line each on stderr. */
function logRefusal(line: string): void {
  console.warn(`[walkbox] ${line}`)
}

/** DevTools (menu item and the window's ability to open them): `npm start` only. */
const devTools = !app.isPackaged

/** The project's own pages (package.json homepage / repository / bugs): the only links opened outside. */
function readProjectLinks(): string[] {
  try {
    return projectLinks(JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')))
  } catch {
    return []
  }
}

const navigationPolicy: NavigationPolicy = {
  appOrigin,
  links: readProjectLinks(),
  openExternal: (url) => shell.openExternal(url),
  log: logRefusal,
}

let mainWindow: BrowserWindow | null = null
let closeGuard: CloseGuard | null = null
/** A project file the OS asked us to open before the window existed (file association). */
let pendingOpen: string | null = projectPathFromArgs(process.argv)

function projectPathFromArgs(argv: string[]): string | null {
  const file = argv.find((a) => a.endsWith(PROJECT_FILE_NAME) || a.endsWith('.walkbox.json'))
  return file ?? null
}

function sampleProjectDir(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'sample-project')
    : join(app.getAppPath(), 'resources', 'sample-project')
}

const desktop = new DesktopHost({
  userDataDir: () => app.getPath('userData'),
  sampleDir: sampleProjectDir,
  appVersion: () => app.getVersion(),
  platform: process.platform,
  dialogs: {
    async chooseProjectFolder(title) {
      const r = await dialog.showOpenDialog(mainWindow!, {
        title,
        properties: ['openDirectory', 'openFile'],
        filters: [{ name: 'Walkbox project', extensions: ['json'] }],
      })
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
    async chooseGameFolder(title) {
      const r = await dialog.showOpenDialog(mainWindow!, { title, properties: ['openDirectory'] })
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
    async chooseNewProjectFolder(title, defaultName) {
      const r = await dialog.showSaveDialog(mainWindow!, {
        title,
        defaultPath: defaultName,
        buttonLabel: 'Create',
      })
      return r.canceled ? null : (r.filePath ?? null)
    },
    async chooseImageFile(title) {
      const r = await dialog.showOpenDialog(mainWindow!, {
        title,
        properties: ['openFile'],
        filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'webp'] }],
      })
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
  },
  closeWindow: () => closeGuard?.closeNow(),
  onRecentChanged: (recent) => {
    if (mainWindow) installMenu(mainWindow, { ...menuModel(), recent })
  },
  onMenuChecks: () => {
    if (mainWindow) installMenu(mainWindow, menuModel())
  },
})

/** The menus as they stand: the recent list and the editor's checks. */
function menuModel(): MenuModel {
  return {
    recent: desktop.recentSync(),
    isMac: process.platform === 'darwin',
    appName: app.name,
    devTools,
    checked: desktop.menuChecks,
  }
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Walkbox',
    backgroundColor: '#1b1c20',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools,
      spellcheck: false,
    },
  })
  const win = mainWindow
  // Closing asks the editor first (unsaved work: Save / Don't Save / Cancel).
  closeGuard = new CloseGuard(win)
  // A page that failed to load cannot answer: let the window close then.
  win.webContents.on('did-fail-load', () => closeGuard?.allowClose())
  win.once('ready-to-show', () => win.show())
  win.webContents.on('did-finish-load', () => {
    if (pendingOpen) {
      const ref = desktop.allowFromOs(pendingOpen)
      pendingOpen = null
      if (ref) win.webContents.send(hostChannel('openRequest'), ref)
    }
  })
  installMenu(win, menuModel())
  void win.loadURL(devServerUrl ?? APP_ENTRY_URL)
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', (_event, argv) => {
    const file = projectPathFromArgs(argv)
    const ref = file ? desktop.allowFromOs(file) : null
    if (mainWindow && ref) mainWindow.webContents.send(hostChannel('openRequest'), ref)
    mainWindow?.focus()
  })
  app.on('open-file', (event, file) => {
    event.preventDefault()
    if (mainWindow) {
      const ref = desktop.allowFromOs(file)
      if (ref) mainWindow.webContents.send(hostChannel('openRequest'), ref)
    } else pendingOpen = file
  })
  void app.whenReady().then(() => {
    // The built editor, from app.asar when packaged: production CSP and isolation headers.
    const rendererDir = join(__dirname, '../renderer')
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, { root: rendererDir, log: logRefusal }))
    // The dev server keeps its own headers; its page gets the dev-server policy.
    if (devServerUrl)
      session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
        callback({
          responseHeaders: {
            ...details.responseHeaders,
            'Content-Security-Policy': [DEV_SERVER_CONTENT_SECURITY_POLICY],
          },
        })
      })
    installPermissionHandlers(session.defaultSession, appOrigin, logRefusal)
    const checkSender = senderGuard({
      appOrigin,
      ownWindow: () =>
        mainWindow && !mainWindow.isDestroyed()
          ? { webContentsId: mainWindow.webContents.id, mainFrame: mainWindow.webContents.mainFrame }
          : null,
      log: logRefusal,
    })
    registerHostHandlers(ipcMain, desktop, checkSender)
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })
  // Every web contents (the editor's, and any other that ever appears) stays on the app origin.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, navigationPolicy))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
