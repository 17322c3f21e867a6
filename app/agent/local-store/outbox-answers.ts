/** The answers of the runs in the outbox, each pending until the service stored (or refused) it. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { HostAnswer } from '../../../server/contract/host-sync.ts';
import type { AgentDatabase } from './schema.ts';

/** One answer in the outbox; `slot` is `<promptId>:<engineId>:<sample>` (the upload key is `<runId>:<slot>`). */
export type OutboxAnswer = Omit<z.infer<typeof HostAnswer>, 'key'> & { slot: string };

export interface OutboxAnswerStore {
  /** Records an answer in the outbox; false when the slot already had one. */
  addAnswer(localRunId: string, answer: OutboxAnswer, at: string): Promise<boolean>;
  storedSlots(localRunId: string): Promise<Set<string>>;
  /** Answers of every state the outbox holds for the run. */
  answerCount(localRunId: string): Promise<number>;
  pendingAnswers(localRunId: string, limit: number): Promise<OutboxAnswer[]>;
  markUploaded(localRunId: string, slots: readonly string[], at: string): Promise<void>;
  markRejected(localRunId: string, slots: readonly string[]): Promise<void>;
  /** Counts by state (pending, uploaded, rejected), for status lines and tests. */
  answerStates(localRunId: string): Promise<Record<string, number>>;
}

const StoredSources = z.array(z.object({ url: z.string(), title: z.string().nullable() }));

function toAnswer(r: AgentDatabase['outbox_answers']): OutboxAnswer {
  return {
    slot: r.slot,
    promptId: r.prompt_id,
    promptText: r.prompt_text,
    topicId: r.topic_id,
    engineId: r.engine_id,
    observedAt: r.observed_at,
    text: r.text,
    sources: StoredSources.parse(JSON.parse(r.sources)),
    searchQueries: z.array(z.string()).parse(JSON.parse(r.search_queries)),
  };
}

export function outboxAnswerStore(db: Kysely<AgentDatabase>): OutboxAnswerStore {
  const setState = async (localRunId: string, slots: readonly string[], state: string, at: string | null) => {
    for (let i = 0; i < slots.length; i += 200) {
      await db
        .updateTable('outbox_answers')
        .set({ state, uploaded_at: at })
        .where('local_run_id', '=', localRunId)
        .where('slot', 'in', slots.slice(i, i + 200))
        .execute();
    }
  };

  return {
    async addAnswer(localRunId, a, at) {
      const r = await db
        .insertInto('outbox_answers')
        .values({
          local_run_id: localRunId,
          slot: a.slot,
          prompt_id: a.promptId,
          prompt_text: a.promptText,
          topic_id: a.topicId,
          engine_id: a.engineId,
          observed_at: a.observedAt,
          text: a.text,
          sources: JSON.stringify(a.sources),
          search_queries: JSON.stringify(a.searchQueries ?? []),
          state: 'pending',
          created_at: at,
          uploaded_at: null,
        })
        .onConflict((oc) => oc.columns(['local_run_id', 'slot']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async storedSlots(localRunId) {
      const rows = await db
        .selectFrom('outbox_answers')
        .select('slot')
        .where('local_run_id', '=', localRunId)
        .execute();
      return new Set(rows.map((r) => r.slot));
    },
    async answerCount(localRunId) {
      const r = await db
        .selectFrom('outbox_answers')
        .select(db.fn.countAll<number>().as('n'))
        .where('local_run_id', '=', localRunId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async pendingAnswers(localRunId, limit) {
      const rows = await db
        .selectFrom('outbox_answers')
        .selectAll()
        .where('local_run_id', '=', localRunId)
        .where('state', '=', 'pending')
        .orderBy('created_at')
        .orderBy('slot')
        .limit(limit)
        .execute();
      return rows.map(toAnswer);
    },
    markUploaded: (localRunId, slots, at) => setState(localRunId, slots, 'uploaded', at),
    markRejected: (localRunId, slots) => setState(localRunId, slots, 'rejected', null),
    async answerStates(localRunId) {
      const rows = await db
        .selectFrom('outbox_answers')
        .select(['state', db.fn.countAll<number>().as('n')])
        .where('local_run_id', '=', localRunId)
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
  };
}
