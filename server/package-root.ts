import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of Answerwatch's package.json, next to the built web UI (app/ui/dist). Found by walking up from this
 * file, because the same code runs from the sources (server/) and compiled (dist/server/), one level deeper.
 */
function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = packageRoot();
