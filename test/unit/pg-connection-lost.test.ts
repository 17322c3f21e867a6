/**
 * A PostgreSQL connection lost while the service holds it (between the queries of a transaction) fails that work
 * as unavailable (a 503 to the caller) and never ends the process: pg emits an 'error' on a checked-out client,
 * which nothing in pg's pool listens for. On a real server of the test's own, the backend killed from another
 * connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationHooks, type Db } from '../../server/domain/database.ts';
import { StoreUnavailableError } from '../../server/store/errors.ts';
import { openPostgres } from '../../server/store/postgres.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';

describe.runIf(e2eEngines().includes('postgres'))('a PostgreSQL connection lost while held', () => {
  let database: ServiceDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await serviceDatabase('postgres');
    db = await openPostgres(database.location, { poolSize: 2, migrations: migrationHooks });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.close();
  });

  it('fails its transaction as unavailable, keeps the process, and the next query works', async () => {
    const lost = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
      // The connection ends while no query of this transaction is running: the case pg reports as an event.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sql`select 1`.execute(trx);
    });
    await expect(lost).rejects.toBeInstanceOf(StoreUnavailableError);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
