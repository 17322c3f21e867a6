/**
 * What installing the service brings in: `npm install` at the root must work on a machine that reaches only the
 * npm registry, so neither Electron (whose install downloads its binary from elsewhere) nor electron-builder is
 * in the root package; the desktop shell's own package (app/electron) holds them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}
interface PackageLock {
  packages: Record<string, { version?: string; dev?: boolean; hasInstallScript?: boolean }>;
}

const json = <T>(path: string) =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;
const allDependencies = (p: PackageJson) => ({
  ...p.dependencies,
  ...p.devDependencies,
  ...p.optionalDependencies,
  ...p.peerDependencies,
});
/** Package names in a lock file (`node_modules/a/node_modules/@b/c` is `@b/c`). */
const lockedNames = (lock: PackageLock) =>
  Object.keys(lock.packages)
    .filter((path) => path !== '')
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
const desktopOnly = (name: string) =>
  ['electron', 'electron-builder', 'app-builder-lib', 'dmg-builder'].includes(name) ||
  name.startsWith('@electron/');

describe('installing the service', () => {
  it('approves every locked install script by name in allowScripts, so npm install warns about none', () => {
    const root = json<PackageJson>('package.json');
    const lock = json<PackageLock>('package-lock.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.sort()).toEqual(['better-sqlite3', 'esbuild']);
    // By name, not pinned to a version: an update of either must not bring the warning back.
    expect(root.allowScripts).toEqual(Object.fromEntries(withScripts.map((name) => [name, true])));
  });

  it('the root package and its lock hold no Electron and no electron-builder, nor anything only they need', () => {
    const root = json<PackageJson>('package.json');
    expect(Object.keys(allDependencies(root)).filter(desktopOnly)).toEqual([]);
    expect(lockedNames(json<PackageLock>('package-lock.json')).filter(desktopOnly)).toEqual([]);
  });

  it('the shipped command needs no TypeScript tooling at run time: tsx is for development scripts only', () => {
    const root = json<PackageJson>('package.json');
    expect(root.dependencies).not.toHaveProperty('tsx');
    expect(root.dependencies).not.toHaveProperty('typescript');
    // The install compiles the service itself, so set-up stays `npm install && npm start`.
    expect(root.scripts?.prepare).toBe('node server/cli/build.js');
  });

  it('the desktop package holds Electron 40 and electron-builder 25.1, locked, as ES modules like the root', () => {
    const desktop = json<PackageJson>('app/electron/package.json');
    expect(desktop.type).toBe('module');
    expect(desktop.devDependencies).toMatchObject({ electron: '^40.10.2', 'electron-builder': '^25.1.8' });
    const lock = json<PackageLock>('app/electron/package-lock.json');
    expect(lock.packages['node_modules/electron']?.version).toMatch(/^40\./);
    expect(lock.packages['node_modules/electron-builder']?.version).toMatch(/^25\.1\./);
  });
});
