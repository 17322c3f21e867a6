import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { PACKAGE_ROOT } from '../package-root.ts';

export const UI_DIST = join(PACKAGE_ROOT, 'app', 'ui', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The UI runs no inline script and loads nothing from elsewhere; answer text can never become code. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Serves the built web UI (app/ui/dist) at /app/, every unknown path falling back to its index page. */
export function webUiRoutes(app: FastifyInstance, dist = UI_DIST): void {
  app.get('/app', async (_req, reply) => reply.redirect('/app/'));
  app.get('/app/*', async (req, reply) => {
    const wanted = normalize((req.params as { '*': string })['*'] || 'index.html');
    const file = wanted.startsWith('..') || !extname(wanted) ? 'index.html' : wanted;
    let body: Buffer;
    try {
      body = await readFile(join(dist, file));
    } catch {
      // Refusals here are problems like everywhere else in the service.
      if (file !== 'index.html') throw new AppError('not_found', `The web UI has no file ${file}.`);
      throw new AppError(
        'internal',
        'The web UI is not built: run `npm run build:ui` (npm start does it).',
        {},
        503,
      );
    }
    return reply
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', file === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable')
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .send(body);
  });
}
