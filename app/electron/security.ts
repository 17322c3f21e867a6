import { shell, type BrowserWindow, type Session, type WebPreferences } from 'electron';

/** The UI is the service's own page: its scripts, styles and API calls all come from the service's origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** The page runs as in a browser: no Node.js, an isolated preload, Chromium's sandbox and same-origin rules. */
export function webPreferences(preload: string, additionalArguments: string[]): WebPreferences {
  return {
    preload,
    additionalArguments,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** Only web links leave the app, to the system browser; file:, javascript:, custom schemes and the like never do. */
function openInBrowser(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol === 'https:' || parsed.protocol === 'http:') void shell.openExternal(parsed.href);
}

/**
 * Every response of the service's origin gets this policy on top of any the service sends itself (a page obeys
 * both), and no page is granted any permission.
 */
export function secureSession(session: Session, uiOrigin: string): void {
  // The filter names no port (patterns with one have not always parsed); the origin check below does.
  const host = new URL(uiOrigin).hostname;
  session.webRequest.onHeadersReceived({ urls: [`http://${host}/*`] }, (details, callback) => {
    if (new URL(details.url).origin !== uiOrigin) return callback({});
    const headers = { ...details.responseHeaders };
    const name = Object.keys(headers).find((key) => key.toLowerCase() === 'content-security-policy');
    const policies = name ? (headers[name] ?? []) : [];
    if (name) delete headers[name];
    callback({
      responseHeaders: { ...headers, 'Content-Security-Policy': [...policies, CONTENT_SECURITY_POLICY] },
    });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The window stays on the UI's origin: other pages open in the system browser and no window opens in the app. */
export function secureWindow(window: BrowserWindow, uiOrigin: string): void {
  const onOrigin = (url: string) => URL.canParse(url) && new URL(url).origin === uiOrigin;
  window.webContents.on('will-navigate', (event) => {
    if (onOrigin(event.url)) return;
    event.preventDefault();
    openInBrowser(event.url);
  });
  window.webContents.on('will-redirect', (event) => {
    if (!onOrigin(event.url)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
}
