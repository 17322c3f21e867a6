import type { Db } from '../database.ts';
import { pastPosition } from '../keyset.ts';

export interface TopicView {
  id: string;
  label: string;
  promptCount: number;
  createdAt: string;
}

export function topicsRepository(db: Db) {
  return {
    /** Creates the topics that do not exist yet; existing labels are left alone. */
    async ensure(
      projectId: string,
      topics: readonly { id: string; label: string }[],
      at: string,
    ): Promise<void> {
      if (topics.length === 0) return;
      await db
        .insertInto('topics')
        .values(topics.map((t) => ({ project_id: projectId, id: t.id, label: t.label, created_at: at })))
        .onConflict((oc) => oc.columns(['project_id', 'id']).doNothing())
        .execute();
    },
    async labels(projectId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('topics')
        .select(['id', 'label'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(rows.map((r) => [r.id, r.label]));
    },
    /** Oldest first, keyset-paged on (created_at, id): topics are a stable, short list. */
    async list(
      projectId: string,
      after: { createdAt: string; id: string } | null,
      limit: number,
    ): Promise<TopicView[]> {
      let q = db
        .selectFrom('topics as t')
        .select(['t.id', 't.label', 't.created_at'])
        .select((eb) =>
          eb
            .selectFrom('prompt_topics as pt')
            .innerJoin('prompts as p', 'p.id', 'pt.prompt_id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('pt.project_id', '=', 't.project_id')
            .whereRef('pt.topic_id', '=', 't.id')
            .where('p.status', '=', 'active')
            .as('prompt_count'),
        )
        .where('t.project_id', '=', projectId);
      if (after) {
        q = q.where(pastPosition(after, 'asc', 't'));
      }
      const rows = await q.orderBy('t.created_at').orderBy('t.id').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        promptCount: Number(r.prompt_count ?? 0),
        createdAt: r.created_at,
      }));
    },
  };
}
