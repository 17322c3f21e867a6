import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { PG_MISSING, pgBinDir } from './support/pg-cluster.ts';

const shared = {
  root: fileURLToPath(new URL('..', import.meta.url)),
  exclude: ['node_modules/**', 'dist/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * Every test runs on SQLite; the API tier runs a second time on PostgreSQL, the same files, each file on a
 * database of its own (test/support/test-db.ts). A test written with createHarness runs on both without more.
 * Without a PostgreSQL server that second run is a failure under CI, and a one-line note elsewhere.
 */
function postgresProject(): TestProjectInlineConfiguration[] {
  if (process.env.ANSWERWATCH_TEST_PG || pgBinDir()) {
    return [
      {
        test: {
          ...shared,
          name: 'postgres',
          include: ['test/api/**/*.test.ts'],
          env: { ANSWERWATCH_TEST_DB: 'postgres' },
          globalSetup: ['test/support/pg-global-setup.ts'],
        },
      },
    ];
  }
  if (process.env.CI === 'true') throw new Error(PG_MISSING);
  console.warn(`Note: the API tests run on SQLite only. ${PG_MISSING}`);
  return [];
}

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default would be one): the suite spends more of its time
    // waiting on servers, processes, leases and schedule slots than computing, so a second file fills that time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Builds dist/ and app/ui/dist and looks for the browser once for every project (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          // What exists on PostgreSQL alone (round trips to the server) is tested there only.
          exclude: [...shared.exclude, 'test/**/*.pg.test.ts'],
          env: { ANSWERWATCH_TEST_DB: 'sqlite' },
        },
      },
      ...postgresProject(),
    ],
  },
});
