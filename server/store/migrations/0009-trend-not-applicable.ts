import { sql, type Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * trend_days counts the answers whose sentiment is `not-applicable`, so stats/answers can be summed from trend rows
 * (with unscored the rest) instead of scanning the answers of its range. The column is added where 0006 made the
 * table without it (0006 now makes it, because its backfill runs the live code) and then set, not added to, from
 * the stored answers: one grouped pass over the answers per kind of row, joined to the rows by their key, so it is
 * exact whichever way the table was built and whatever it held.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  const tables = await db.introspection.getTables();
  const trendDays = tables.find((t) => t.name === 'trend_days');
  if (!trendDays?.columns.some((c) => c.name === 'not_applicable')) {
    await db.schema
      .alterTable('trend_days')
      .addColumn('not_applicable', s.integer, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.updateTable('trend_days').set({ not_applicable: 0 }).where('not_applicable', '<>', 0).execute();
  // Rows of one topic, and rows of all topics (`*`); an answer imported with the topic `*` is only in the latter.
  const perTopic = db
    .selectFrom('answers')
    .select(['project_id', 'topic_id', 'date', 'engine_id', (eb) => eb.fn.countAll().as('n')])
    .where('sentiment', '=', 'not-applicable')
    .where('topic_id', 'is not', null)
    .where('topic_id', '<>', '*')
    .groupBy(['project_id', 'topic_id', 'date', 'engine_id']);
  const allTopics = db
    .selectFrom('answers')
    .select([
      'project_id',
      sql.lit('*').as('topic_id'),
      'date',
      'engine_id',
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('sentiment', '=', 'not-applicable')
    .groupBy(['project_id', 'date', 'engine_id']);
  for (const counted of [perTopic, allTopics]) {
    await db
      .updateTable('trend_days')
      .from(counted.as('g'))
      .set((eb) => ({ not_applicable: eb.ref('g.n') }))
      .whereRef('trend_days.project_id', '=', 'g.project_id')
      .whereRef('trend_days.topic_id', '=', 'g.topic_id')
      .whereRef('trend_days.date', '=', 'g.date')
      .whereRef('trend_days.engine_id', '=', 'g.engine_id')
      .execute();
  }
}
