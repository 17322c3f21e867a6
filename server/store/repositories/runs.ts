import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import { pastPosition } from '../keyset.ts';
import type { Database } from '../schema.ts';

export type RunRow = Selectable<Database['runs']>;
export type RunStatus = 'running' | 'completed' | 'failed' | 'canceled';

export interface RunFilter {
  projectId: string;
  from: string;
  to: string;
  status?: string;
  after: { createdAt: string; id: string } | null;
  limit: number;
}

export interface NewRun {
  id: string;
  projectId: string;
  requestId: string;
  trigger: 'manual' | 'scheduled';
  mode: 'cloud' | 'host';
  promptCount: number;
  samplesPerPrompt: number;
  /** JSON of the run's plan: what it asks, fixed at its start. */
  plan: string;
  startedAt: string;
}

export function runsRepository(db: Db) {
  return {
    /** Newest first by creation; from and to bound the UTC day the run was created on. */
    async list(f: RunFilter) {
      let q = db
        .selectFrom('runs')
        .selectAll()
        .where('project_id', '=', f.projectId)
        .where('created_at', '>=', `${f.from}T00:00:00.000Z`)
        .where('created_at', '<=', `${f.to}T23:59:59.999Z`);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.after) {
        const after = f.after;
        q = q.where(pastPosition(after, 'desc'));
      }
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
    },
    async create(r: NewRun): Promise<void> {
      await db
        .insertInto('runs')
        .values({
          id: r.id,
          project_id: r.projectId,
          request_id: r.requestId,
          status: 'running',
          trigger: r.trigger,
          mode: r.mode,
          started_at: r.startedAt,
          completed_at: null,
          prompt_count: r.promptCount,
          answer_count: 0,
          error: null,
          created_at: r.startedAt,
          plan: r.plan,
          samples_per_prompt: r.samplesPerPrompt,
          failed_count: 0,
        })
        .execute();
    },
    async get(id: string): Promise<RunRow | undefined> {
      return db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async byRequest(requestId: string, mode: 'cloud' | 'host'): Promise<RunRow | undefined> {
      return db
        .selectFrom('runs')
        .selectAll()
        .where('request_id', '=', requestId)
        .where('mode', '=', mode)
        .executeTakeFirst();
    },
    /** Counts answers as they land, in the transaction that stores them, so the Run is right at every moment. */
    async addCounts(id: string, answers: number, failed: number): Promise<void> {
      if (answers === 0 && failed === 0) return;
      await db
        .updateTable('runs')
        .set((eb) => ({
          answer_count: eb('answer_count', '+', answers),
          failed_count: eb('failed_count', '+', failed),
        }))
        .where('id', '=', id)
        .execute();
    },
    /** Completed runs of the project on the same side (cloud or host) created before `createdAt`, newest first. */
    async completedBefore(
      projectId: string,
      mode: string,
      createdAt: string,
      limit: number,
    ): Promise<RunRow[]> {
      return db
        .selectFrom('runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('created_at', '<', createdAt)
        .where('mode', '=', mode)
        .where('status', '=', 'completed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    async finish(id: string, status: Exclude<RunStatus, 'running'>, at: string, error: string | null) {
      await db
        .updateTable('runs')
        .set({ status, completed_at: at, error })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
      return db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}
