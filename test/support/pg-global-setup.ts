import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/domain/database.ts';
import { databaseUrl, onServer, startPgCluster, type PgCluster } from './pg-cluster.ts';

/**
 * Once per run of the PostgreSQL project: a throwaway server (or the one ANSWERWATCH_TEST_PG names) and a
 * migrated template database that each test database is copied from, which is faster than migrating each.
 */
export default async function setup(project: TestProject) {
  let cluster: PgCluster | undefined;
  const server = process.env.ANSWERWATCH_TEST_PG || (cluster = await startPgCluster({ fast: true })).url;
  const template = `aw_template_${process.pid}`;
  await onServer(server, `drop database if exists ${template} with (force)`, `create database ${template}`);
  const db = await openDatabase(databaseUrl(server, template), { poolSize: 1 });
  await db.destroy();
  project.provide('pgUrl', server);
  project.provide('pgTemplate', template);
  return async () => {
    if (cluster) return cluster.destroy();
    // A server of the developer's: drop what this run made there (the template and its copies).
    const names = await onServer(server, `select datname from pg_database where datname like '${template}%'`);
    for (const { datname } of names)
      await onServer(server, `drop database if exists ${datname} with (force)`);
  };
}
