import { sql, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const { text, integer } = s;
  // The brand's rank per day and engine (engine '*' adds up all engines): how many answers ranked it and the sum of
  // their positions, so an average position over a year reads at most 366 rows instead of every answer.
  await db.schema
    .createTable('position_days')
    .addColumn('project_id', text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('engine_id', text, (c) => c.notNull())
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('ranked', integer, (c) => c.notNull())
    .addColumn('position_sum', integer, (c) => c.notNull())
    .addPrimaryKeyConstraint('position_days_pk', ['project_id', 'engine_id', 'date'])
    .$call(s.clustered)
    .execute();
  // The answers stored before: per engine, then all engines together.
  const ranked = db
    .selectFrom('answers')
    .where('position', 'is not', null)
    .select([
      'project_id',
      'date',
      (eb) => eb.fn.count('position').as('ranked'),
      (eb) => eb.fn.sum('position').as('position_sum'),
    ]);
  const columns = ['project_id', 'date', 'ranked', 'position_sum', 'engine_id'] as const;
  await db
    .insertInto('position_days')
    .columns([...columns])
    .expression(ranked.select('engine_id').groupBy(['project_id', 'engine_id', 'date']))
    .execute();
  await db
    .insertInto('position_days')
    .columns([...columns])
    .expression(ranked.select(sql<string>`'*'`.as('engine_id')).groupBy(['project_id', 'date']))
    .execute();
}
