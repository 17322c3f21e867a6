/**
 * The floors of DESIGN.md, section 3, checked on every import of the tree (static, `export … from`, type-only and
 * dynamic): cli → app → routes / mcp → jobs / http → domain → store → contract / engines, each file importing only
 * its own floor or those below. An arrow back up makes the floors one import circle (issue 20 found the store and
 * the domain made one of 33 files through the migrations' summary backfill), so it fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Longest prefix wins. A new room gets its floor here, by deciding where it stands, before its first import. */
const FLOORS: Record<string, number> = {
  'server/cli/': 7,
  'app/': 6,
  'server/app.ts': 6,
  'server/routes/': 5,
  'server/mcp/': 5,
  'server/jobs/': 4,
  'server/http/': 4,
  // People: the identity library's configuration over the domain's accounts, and the bridge http's auth hook asks.
  'server/auth/': 4,
  // The process's own setup (configuration, key and owner-mark files): read by app, mcp and cli, reading the domain.
  'server/config.ts': 4,
  'server/owner-mark.ts': 4,
  'server/secret-key.ts': 4,
  'server/domain/': 3,
  // Mail: the outbox is written in the domain's transactions; its sender is a background job.
  'server/mail/': 3,
  'server/mail/sender.ts': 4,
  // Access logs (issue 26): formats, agents, published ranges and rollups, a pipeline beside the answer import's.
  'server/traffic/': 3,
  // Reports: one model built from the domain's reads, rendered as JSON, HTML and PDF; routes, MCP and CLI show it.
  'server/reports/': 4,
  'server/store/': 2,
  'server/contract/': 1,
  'engines/': 1,
  // Leaves anyone may use: they import nothing above engines.
  'server/net/': 1,
  'server/logger.ts': 1,
  'server/package-root.ts': 1,
};
const NAMES = ['', 'contract / engines', 'store', 'domain', 'jobs / http', 'routes / mcp', 'app', 'cli'];

function floorOf(path: string): number | undefined {
  const prefix = Object.keys(FLOORS)
    .filter((p) => path === p || (p.endsWith('/') && path.startsWith(p)))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : FLOORS[prefix];
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.c?ts$/.test(entry.name) ? [path] : [];
  });
}

/** `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`: relative targets only. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    relative(ROOT, resolve(ROOT, dirname(file), (m[1] ?? m[2] ?? m[3])!)).replaceAll('\\', '/'),
  );
}

const FILES = ['server', 'engines', 'app'].flatMap(sources);
const EDGES = FILES.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

describe('the floors of the code', () => {
  it('reads the imports it checks (a pattern that matched nothing would pass every rule)', () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(EDGES).toContainEqual({ from: 'server/domain/context.ts', to: 'server/store/index.ts' });
    // Dynamic imports count: the migrations once reached the domain through one.
    expect(EDGES).toContainEqual({
      from: 'server/domain/database.ts',
      to: 'server/domain/insight-backfill.ts',
    });
  });

  it('gives every file a floor', () => {
    expect(FILES.filter((f) => floorOf(f) === undefined)).toEqual([]);
  });

  it('has no import from a floor up to a higher one', () => {
    const upward = EDGES.flatMap(({ from, to }) => {
      const [a, b] = [floorOf(from), floorOf(to)];
      return a !== undefined && b !== undefined && b > a
        ? [`${from} (${NAMES[a]}) → ${to} (${NAMES[b]})`]
        : [];
    });
    expect(upward).toEqual([]);
  });

  it('keeps the store below the domain: nothing in server/store imports server/domain', () => {
    const fromStore = EDGES.filter(
      (e) => e.from.startsWith('server/store/') && e.to.startsWith('server/domain/'),
    );
    expect(fromStore).toEqual([]);
  });
});
