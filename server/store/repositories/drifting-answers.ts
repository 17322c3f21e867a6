import type { Db } from '../database.ts';

/** An answer a judge found describing the brand differently from its Brand Truth (`true`) or partly (`partial`). */
export interface DriftingAnswer {
  id: string;
  engineId: string;
  promptText: string;
  date: string;
  drift: 'true' | 'partial';
  reason: string | null;
}

const DRIFTING = ['true', 'partial'];

/** Reads over the partial index `answers_drift` (migration 0023): only drifting answers are ever visited. */
export function driftingAnswersRepository(db: Db) {
  const inWindow = (projectId: string, from: string, to: string) =>
    db
      .selectFrom('answers')
      .where('answers.project_id', '=', projectId)
      .where('answers.observed_at', '>=', from)
      .where('answers.observed_at', '<', to)
      .where('answers.narrative_drift', 'in', DRIFTING);
  return {
    /** How many drift fully and partly among the answers observed in [from, to). */
    async counts(projectId: string, from: string, to: string): Promise<{ drift: number; partial: number }> {
      const rows = await inWindow(projectId, from, to)
        .select(['answers.narrative_drift as drift', (e) => e.fn.countAll().as('n')])
        .groupBy('answers.narrative_drift')
        .execute();
      const of = (v: string) => Number(rows.find((r) => r.drift === v)?.n ?? 0);
      return { drift: of('true'), partial: of('partial') };
    },
    /** The newest `limit` of them, newest first. */
    async latest(projectId: string, from: string, to: string, limit: number): Promise<DriftingAnswer[]> {
      const rows = await inWindow(projectId, from, to)
        .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
        .select([
          'answers.id',
          'answers.engine_id',
          'answers.prompt_text',
          'answers.date',
          'answers.narrative_drift',
          'answer_details.narrative_drift_reason',
        ])
        .orderBy('answers.observed_at', 'desc')
        .orderBy('answers.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        engineId: r.engine_id,
        promptText: r.prompt_text,
        date: r.date,
        drift: r.narrative_drift as 'true' | 'partial',
        reason: r.narrative_drift_reason,
      }));
    },
    /** The judge's drift reasons of these answers of the project, in the order of `ids`; answers without one left out. */
    async reasons(
      projectId: string,
      ids: readonly string[],
    ): Promise<{ answerId: string; reason: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('answer_details')
        .innerJoin('answers', 'answers.id', 'answer_details.answer_id')
        .select(['answers.id', 'answer_details.narrative_drift_reason as reason'])
        .where('answers.project_id', '=', projectId)
        .where('answers.id', 'in', [...ids])
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r.reason]));
      return ids.flatMap((answerId) => {
        const reason = byId.get(answerId);
        return reason ? [{ answerId, reason }] : [];
      });
    },
  };
}
