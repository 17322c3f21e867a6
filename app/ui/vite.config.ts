import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The web UI: plain TypeScript and DOM, built into app/ui/dist and served by the service at /app/.
 * `npx vite --config app/ui/vite.config.ts` serves it for development against a running `answerwatch start`
 * (the API calls are proxied to it); open http://127.0.0.1:5173/app/#token=<the token it printed>.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const service = process.env.ANSWERWATCH_UI_API ?? 'http://127.0.0.1:8787';

export default defineConfig({
  root,
  base: '/app/',
  publicDir: false,
  clearScreen: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No injected helper script: the built page runs under a strict Content-Security-Policy.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/v1': service, '/local': service },
  },
});
