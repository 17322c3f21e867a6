// A sandboxed preload runs as a plain CommonJS script (no ES modules, only `electron` to require), hence `.cts`
// and the CommonJS import, which verbatimModuleSyntax requires there.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron');
import type { AnswerwatchBridge, RunNowChannel, VersionSwitch } from './preload-api.ts';

const RUN_NOW: RunNowChannel = 'answerwatch:run-now';
const VERSION: VersionSwitch = '--answerwatch-version=';

const bridge: AnswerwatchBridge = {
  onRunNow(callback) {
    // The page gets neither the IPC event nor ipcRenderer, only the call.
    const listener = () => callback();
    electron.ipcRenderer.on(RUN_NOW, listener);
    return () => {
      electron.ipcRenderer.removeListener(RUN_NOW, listener);
    };
  },
  version: process.argv.find((arg) => arg.startsWith(VERSION))?.slice(VERSION.length) ?? '',
};

electron.contextBridge.exposeInMainWorld('answerwatch', bridge);
