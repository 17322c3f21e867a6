import { app, BrowserWindow, dialog, session } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CloudSignInChannel, RunNowChannel, VersionSwitch } from './preload-api.ts';
import { secureSession, secureWindow, webPreferences } from './security.ts';
import { startService, type ServiceAddress, type ServiceProcess } from './service.ts';
import { createTray, HIDDEN_SWITCH } from './tray.ts';

const RUN_NOW: RunNowChannel = 'answerwatch:run-now';
const CLOUD_SIGN_IN: CloudSignInChannel = 'answerwatch:cloud-sign-in';
const VERSION: VersionSwitch = '--answerwatch-version=';

// Built to dist/electron/ of the repository, or of app.asar in an installed app.
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
// The service is a Node.js process running the compiled code in dist/ with a native module, which cannot load
// from inside app.asar: installed, it runs from the unpacked copy beside it (electron-builder.yml, asarUnpack).
const serviceRoot = app.isPackaged ? root.replace(/\.asar$/, '.asar.unpacked') : root;

// `npm run desktop` runs under Electron's own name; its data stays apart from an installed app's.
if (!app.isPackaged) app.setPath('userData', join(app.getPath('appData'), 'Answerwatch (development)'));

let service: ServiceProcess | undefined;
let address: Promise<ServiceAddress> | undefined;
let window: Promise<BrowserWindow> | undefined;
let quitting = false;

async function createWindow(): Promise<BrowserWindow> {
  if (!address) throw new Error('The service is not started yet.');
  const { origin, uiUrl } = await address;
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    title: 'Answerwatch',
    autoHideMenuBar: true,
    webPreferences: webPreferences(join(here, 'preload.cjs'), [`${VERSION}${app.getVersion()}`]),
  });
  secureWindow(win, origin);
  win.on('closed', () => {
    window = undefined;
  });
  await win.loadURL(uiUrl);
  return win;
}

/** Shows the one window, creating it when it was closed; the app itself keeps running in the tray. */
async function showWindow(): Promise<BrowserWindow> {
  // A window that failed to load is forgotten, so the next Open tries again.
  window ??= createWindow().catch((err: unknown) => {
    window = undefined;
    throw err;
  });
  const win = await window;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  return win;
}

function fatal(title: string, err: unknown): void {
  if (quitting) return;
  dialog.showErrorBox(title, err instanceof Error ? err.message : String(err));
  app.quit();
}

async function launch(): Promise<void> {
  const running = startService({
    // Installed, Electron's own Node.js (better-sqlite3 is built for it); `npm run desktop` uses the Node.js that
    // runs npm, for which `npm install` built better-sqlite3.
    execPath: app.isPackaged ? process.execPath : (process.env.npm_node_execpath ?? process.execPath),
    bin: join(serviceRoot, 'server', 'cli', 'bin.js'),
    database: join(app.getPath('userData'), 'data', 'answerwatch.db'),
    logFile: join(app.getPath('logs'), 'service.log'),
  });
  service = running;
  // The session is locked down before any page of the service can load.
  address = running.ready.then((ready) => {
    secureSession(session.defaultSession, ready.origin);
    return ready;
  });
  const open = () => void showWindow().catch((err: unknown) => fatal('Answerwatch could not open', err));
  // The UI does what the tray asks: the shell only opens the window and passes the message on.
  const tell = (channel: RunNowChannel | CloudSignInChannel) => () =>
    void showWindow()
      .then((win) => win.webContents.send(channel))
      .catch((err: unknown) => fatal('Answerwatch could not open', err));
  const tray = createTray(join(root, 'app', 'electron', 'assets', 'tray.png'), {
    open,
    runNow: tell(RUN_NOW),
    signInToCloud: tell(CLOUD_SIGN_IN),
    quit: () => app.quit(),
  });
  const { origin } = await address;
  tray.setStatus(`Running on ${new URL(origin).host}`);
  void running.ended.then((how) => {
    tray.setStatus('Stopped');
    fatal('The Answerwatch service stopped', `It ended (${how}). Its log is in ${app.getPath('logs')}.`);
  });
  const atLogin = process.argv.includes(HIDDEN_SWITCH) || app.getLoginItemSettings().wasOpenedAtLogin;
  if (!atLogin) open();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const focus = () => void showWindow().catch(() => {});
  app.on('second-instance', focus);
  app.on('activate', focus);
  // Closing the window leaves the service and this computer's agent running; Quit in the tray stops them.
  app.on('window-all-closed', () => {});
  app.on('before-quit', (event) => {
    if (quitting || !service) return;
    quitting = true;
    event.preventDefault();
    void service.stop().finally(() => app.quit());
  });
  app
    .whenReady()
    .then(launch)
    .catch((err: unknown) => fatal('Answerwatch could not start', err));
}
