/**
 * The web UI's weight as a browser loads it: what index.html asks for at start (the entry, its preloaded chunks
 * and the stylesheet), gzipped, within a budget; and the heavy parts (uPlot with the Overview, marked with an
 * answer) still lazy. Reads app/ui/dist as the tests' global setup built it from the sources.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../app/ui/dist/', import.meta.url));

/** Gzipped kilobytes, as Vite's build report gives them (level 9). */
const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(DIST, 'assets', file)), { level: 9 }).length / 1000;

/** The assets index.html loads at start: its module script, preloads and stylesheets. */
function startAssets(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/app\/assets\/([^"]+)"/g)].map((m) => m[1]!);
}

describe('web UI bundle', () => {
  // 30 KB since people sign in on serve (28.8 KB before): what every page asks of the role (permissions.ts) and
  // the API client's session branch load at start; the sign-in page and the person's header load only without
  // start's owner link. 30.1 KB since a person's "Your sign-in" route (#/your-sign-in, 0.03 KB: its page and the
  // passkey ceremony load through the person's mode). The account's Settings (5.7 KB) load when opened: 29.2 KB.
  // 30.06 KB with the Reports page's route and nav entry, the PDF fetch of the API client and the inline-image
  // rule of dom.ts (the page itself, its share links and Settings' report brand load when opened).
  // 28.9 KB once Exports (its CSV writer) loads when opened, with the Actions, Queries and Site routes in the nav.
  it('loads under 30.1 KB of script and 6.5 KB of CSS (gzipped) at start', () => {
    const start = startAssets();
    const js = start.filter((f) => f.endsWith('.js'));
    const css = start.filter((f) => f.endsWith('.css'));
    expect(js.length).toBeGreaterThan(0);
    expect(css.length).toBe(1);
    expect(js.reduce((n, f) => n + gzipKb(f), 0)).toBeLessThan(30.1);
    expect(css.reduce((n, f) => n + gzipKb(f), 0)).toBeLessThan(6.5);
  });

  it('keeps the charts, the markdown reader, the insight pages, the Site, Traffic and Reports pages out of the start', () => {
    const start = startAssets();
    const lazy = readdirSync(join(DIST, 'assets')).filter((f) =>
      /^(page-overview|markdown|page-prompts|page-sources|page-queries|page-surfaces|page-alerts|page-webhooks|page-site|page-traffic|setup-brand-truth|page-reports|page-exports)-.*\.js$/.test(
        f,
      ),
    );
    expect(lazy).toHaveLength(13);
    for (const file of lazy) expect(start).not.toContain(file);
    // The Overview with uPlot stays under 30 KB gzipped.
    expect(gzipKb(lazy.find((f) => f.startsWith('page-overview-'))!)).toBeLessThan(30);
  });
});
