import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { pastPosition } from '../keyset.ts';
import { fromJson, toJson } from '../json.ts';

export interface PromptRecord {
  id: string;
  projectId: string;
  text: string;
  status: 'active' | 'paused';
  engineIds: string[];
  topicIds: string[];
  createdAt: string;
}

export interface PromptFilter {
  projectId: string;
  topicId?: string;
  status?: 'active' | 'paused';
  after: { createdAt: string; id: string } | null;
  limit: number;
}

/** Duplicate detection ignores case and runs of white space, as a person reading the list would. */
export const promptTextKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function promptsRepository(db: Db) {
  async function topicIdsOf(ids: readonly string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('prompt_topics')
      .select(['prompt_id', 'topic_id'])
      .where('prompt_id', 'in', ids)
      .orderBy('prompt_id')
      .orderBy('position')
      .execute();
    for (const r of rows) map.get(r.prompt_id)?.push(r.topic_id);
    return map;
  }

  /** Prompt rows as records, with their topics in the order they were given. */
  async function withTopics(rows: readonly Database['prompts'][]): Promise<PromptRecord[]> {
    const topics = await topicIdsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      projectId: r.project_id,
      text: r.text,
      status: r.status as PromptRecord['status'],
      engineIds: fromJson(r.engine_ids),
      topicIds: topics.get(r.id) ?? [],
      createdAt: r.created_at,
    }));
  }

  /** The project's prompts, only those of the topic when one is given. */
  function ofProject(projectId: string, topicId: string | undefined) {
    const q = db.selectFrom('prompts as p').selectAll('p').where('p.project_id', '=', projectId);
    if (topicId === undefined) return q;
    return q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('prompt_topics as pt')
          .select('pt.prompt_id')
          .whereRef('pt.prompt_id', '=', 'p.id')
          .where('pt.topic_id', '=', topicId),
      ),
    );
  }

  return {
    /** Inserts the prompt and its topic links; the caller has created the topics and owns the transaction. */
    async create(p: PromptRecord): Promise<void> {
      await db
        .insertInto('prompts')
        .values({
          id: p.id,
          project_id: p.projectId,
          text: p.text,
          text_key: promptTextKey(p.text),
          status: p.status,
          engine_ids: toJson(p.engineIds),
          created_at: p.createdAt,
        })
        .execute();
      if (p.topicIds.length > 0) {
        await db
          .insertInto('prompt_topics')
          .values(
            p.topicIds.map((topic_id, position) => ({
              prompt_id: p.id,
              project_id: p.projectId,
              topic_id,
              position,
            })),
          )
          .execute();
      }
    },
    async get(projectId: string, id: string): Promise<PromptRecord | undefined> {
      const row = await db
        .selectFrom('prompts')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withTopics([row]))[0];
    },
    /** The prompt whose text is the same once case and spacing are set aside, if any. */
    async idByText(projectId: string, text: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('prompts')
        .select('id')
        .where('project_id', '=', projectId)
        .where('text_key', '=', promptTextKey(text))
        .executeTakeFirst();
      return row?.id;
    },
    async countByProject(projectId: string): Promise<number> {
      const r = await db
        .selectFrom('prompts')
        .select(db.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Changes the fields given; topicIds given replace the prompt's topics. The caller creates new topics. */
    async update(
      projectId: string,
      id: string,
      patch: Partial<Pick<PromptRecord, 'text' | 'status' | 'engineIds' | 'topicIds'>>,
    ): Promise<void> {
      const set = {
        ...(patch.text !== undefined && { text: patch.text, text_key: promptTextKey(patch.text) }),
        ...(patch.status !== undefined && { status: patch.status }),
        ...(patch.engineIds !== undefined && { engine_ids: toJson(patch.engineIds) }),
      };
      if (Object.keys(set).length > 0) {
        await db
          .updateTable('prompts')
          .set(set)
          .where('project_id', '=', projectId)
          .where('id', '=', id)
          .execute();
      }
      if (patch.topicIds !== undefined) {
        await db.deleteFrom('prompt_topics').where('prompt_id', '=', id).execute();
        if (patch.topicIds.length > 0) {
          await db
            .insertInto('prompt_topics')
            .values(
              patch.topicIds.map((topic_id, position) => ({
                prompt_id: id,
                project_id: projectId,
                topic_id,
                position,
              })),
            )
            .execute();
        }
      }
    },
    /** Gives every prompt of the project these engines; returns how many prompts there are. */
    async setEnginesForAll(projectId: string, engineIds: readonly string[]): Promise<number> {
      const res = await db
        .updateTable('prompts')
        .set({ engine_ids: toJson(engineIds) })
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    /** Stored answers keep their text; the foreign key sets their prompt_id to null. */
    async delete(projectId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('prompts')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
    async list(f: PromptFilter): Promise<PromptRecord[]> {
      let q = ofProject(f.projectId, f.topicId);
      if (f.status) q = q.where('p.status', '=', f.status);
      if (f.after) {
        const after = f.after;
        q = q.where(pastPosition(after, 'desc', 'p'));
      }
      const rows = await q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(f.limit).execute();
      return withTopics(rows);
    },
    /** Every prompt of the project (of one topic when given), oldest first. */
    async all(projectId: string, topicId?: string): Promise<PromptRecord[]> {
      return withTopics(
        await ofProject(projectId, topicId).orderBy('p.created_at').orderBy('p.id').execute(),
      );
    },
    /** Every prompt of the project keyed by its duplicate-detection key; used to link imported answers. */
    async byTextKey(projectId: string): Promise<Map<string, { id: string; topicId: string | null }>> {
      const rows = await db
        .selectFrom('prompts as p')
        .leftJoin('prompt_topics as pt', (j) =>
          j.onRef('pt.prompt_id', '=', 'p.id').on('pt.position', '=', 0),
        )
        .select(['p.id', 'p.text_key', 'pt.topic_id'])
        .where('p.project_id', '=', projectId)
        .execute();
      return new Map(rows.map((r) => [r.text_key, { id: r.id, topicId: r.topic_id }]));
    },
    /** The active prompts with their first topic and engines, oldest first: what a run asks. */
    async activeForRun(
      projectId: string,
    ): Promise<{ id: string; text: string; topicId: string | null; engineIds: string[] }[]> {
      const rows = await db
        .selectFrom('prompts as p')
        .leftJoin('prompt_topics as pt', (j) =>
          j.onRef('pt.prompt_id', '=', 'p.id').on('pt.position', '=', 0),
        )
        .select(['p.id', 'p.text', 'p.engine_ids', 'pt.topic_id'])
        .where('p.project_id', '=', projectId)
        .where('p.status', '=', 'active')
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        text: r.text,
        topicId: r.topic_id,
        engineIds: fromJson<string[]>(r.engine_ids),
      }));
    },
    /** Each active prompt's engines: what a run asks, prompt by prompt. */
    async activeEngineLists(projectId: string): Promise<string[][]> {
      const rows = await db
        .selectFrom('prompts')
        .select('engine_ids')
        .where('project_id', '=', projectId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((r) => fromJson<string[]>(r.engine_ids));
    },
  };
}
