// A sandboxed preload runs as a plain CommonJS script (no ES modules, only `electron` to require), hence `.cts`
// and the CommonJS import, which verbatimModuleSyntax requires there.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
import type { AnswerwatchBridge, CloudSignInChannel, RunNowChannel, VersionSwitch } from './preload-api.ts';

const RUN_NOW: RunNowChannel = 'answerwatch:run-now';
const CLOUD_SIGN_IN: CloudSignInChannel = 'answerwatch:cloud-sign-in';
const VERSION: VersionSwitch = '--answerwatch-version=';

/** The page gets neither the IPC event nor ipcRenderer, only the call. */
function listen(channel: RunNowChannel | CloudSignInChannel, callback: () => void): () => void {
  const listener = () => callback();
  electron.ipcRenderer.on(channel, listener);
  return () => {
    electron.ipcRenderer.removeListener(channel, listener);
  };
}

const bridge: AnswerwatchBridge = {
  onRunNow: (callback) => listen(RUN_NOW, callback),
  onCloudSignIn: (callback) => listen(CLOUD_SIGN_IN, callback),
  version: process.argv.find((arg) => arg.startsWith(VERSION))?.slice(VERSION.length) ?? '',
};

electron.contextBridge.exposeInMainWorld('answerwatch', bridge);
