import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';

export interface TrayActions {
  open(): void;
  runNow(): void;
  signInToCloud(): void;
  quit(): void;
}

/** Started at login, the app stays in the tray: the window opens only when asked. */
export const HIDDEN_SWITCH = '--hidden';

/** Electron can register a login item on macOS and Windows only. */
const canStartAtLogin = process.platform === 'darwin' || process.platform === 'win32';

function startAtLoginItem(): MenuItemConstructorOptions[] {
  if (!canStartAtLogin) return [];
  const args = [HIDDEN_SWITCH];
  return [
    {
      label: 'Start at login',
      type: 'checkbox',
      checked: app.getLoginItemSettings({ args }).openAtLogin,
      click: (item) => app.setLoginItemSettings({ openAtLogin: item.checked, args }),
    },
  ];
}

/** The tray icon: the service's status, Open, Run now, Sign in to the cloud, Start at login and Quit. */
export function createTray(iconPath: string, actions: TrayActions): { setStatus(status: string): void } {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  const render = (status: string) => {
    tray.setToolTip(`Answerwatch: ${status}`);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: status, enabled: false },
        { type: 'separator' },
        { label: 'Open', click: actions.open },
        { label: 'Run now', click: actions.runNow },
        { label: 'Sign in to the cloud…', click: actions.signInToCloud },
        ...startAtLoginItem(),
        { type: 'separator' },
        { label: 'Quit', click: actions.quit },
      ]),
    );
  };
  // Windows opens a tray app on a left click; the menu is on the right button.
  if (process.platform === 'win32') tray.on('click', actions.open);
  render('Starting…');
  return { setStatus: render };
}
