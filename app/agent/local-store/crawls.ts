/** Site crawls under way on this host: each one's progress, as crawl/checkpoint.ts defines it. */
import type { Kysely } from 'kysely';
import { PAGE_SOURCES, SitePage } from '../../../server/contract/site-crawl.ts';
import type { CrawlCheckpoint, CrawlSetup } from '../crawl/checkpoint.ts';
import type { EntryState, FrontierEntry } from '../crawl/frontier.ts';
import type { AgentDatabase } from './schema.ts';

export interface CrawlStore {
  /** The progress of one crawl of a project's site, kept in this file. */
  crawlCheckpoint(crawlId: string, projectId: string): CrawlCheckpoint;
}

const STATES: readonly EntryState[] = ['queued', 'done', 'disallowed'];

function entryOf(row: { url: string; source: string; state: string }): FrontierEntry {
  const source = PAGE_SOURCES.find((s) => s === row.source);
  const state = STATES.find((s) => s === row.state);
  if (!source || !state) throw new Error(`crawl progress: unknown source or state for ${row.url}`);
  return { url: row.url, source, state };
}

export function crawlStore(db: Kysely<AgentDatabase>): CrawlStore {
  return {
    crawlCheckpoint(crawlId, projectId) {
      return {
        async load() {
          const progress = await db
            .selectFrom('crawl_progress')
            .select('setup')
            .where('crawl_id', '=', crawlId)
            .executeTakeFirst();
          if (!progress) return null;
          const rows = await db
            .selectFrom('crawl_urls')
            .select(['url', 'source', 'state', 'page', 'settled'])
            .where('crawl_id', '=', crawlId)
            .orderBy('position')
            .execute();
          const pages = rows
            .filter((r) => r.page !== null)
            .sort((a, b) => (a.settled ?? 0) - (b.settled ?? 0))
            .map((r) => SitePage.parse(JSON.parse(r.page!)));
          return { setup: JSON.parse(progress.setup) as CrawlSetup, entries: rows.map(entryOf), pages };
        },
        async saveSetup(setup, seeds) {
          const at = new Date().toISOString();
          await db.transaction().execute(async (tx) => {
            await tx
              .insertInto('crawl_progress')
              .values({
                crawl_id: crawlId,
                project_id: projectId,
                setup: JSON.stringify(setup),
                updated_at: at,
              })
              .onConflict((oc) =>
                oc.column('crawl_id').doUpdateSet({ setup: JSON.stringify(setup), updated_at: at }),
              )
              .execute();
            await tx.deleteFrom('crawl_urls').where('crawl_id', '=', crawlId).execute();
            for (const [position, seed] of seeds.entries()) {
              await tx
                .insertInto('crawl_urls')
                .values({
                  crawl_id: crawlId,
                  position,
                  url: seed.url,
                  source: seed.source,
                  state: seed.state,
                })
                .execute();
            }
          });
        },
        async savePage(url, page, revealed) {
          const at = new Date().toISOString();
          await db.transaction().execute(async (tx) => {
            const last = await tx
              .selectFrom('crawl_urls')
              .select((eb) => [eb.fn.max('position').as('position'), eb.fn.max('settled').as('settled')])
              .where('crawl_id', '=', crawlId)
              .executeTakeFirst();
            const updated = await tx
              .updateTable('crawl_urls')
              .set({
                state: page ? 'done' : 'disallowed',
                page: page ? JSON.stringify(page) : null,
                settled: Number(last?.settled ?? 0) + 1,
              })
              .where('crawl_id', '=', crawlId)
              .where('url', '=', url)
              .executeTakeFirst();
            if (updated.numUpdatedRows !== 1n)
              throw new Error(`crawl progress: ${url} is not a URL of this crawl`);
            let position = Number(last?.position ?? -1);
            for (const entry of revealed) {
              position += 1;
              await tx
                .insertInto('crawl_urls')
                .values({
                  crawl_id: crawlId,
                  position,
                  url: entry.url,
                  source: entry.source,
                  state: entry.state,
                })
                .onConflict((oc) => oc.columns(['crawl_id', 'url']).doNothing())
                .execute();
            }
            await tx
              .updateTable('crawl_progress')
              .set({ updated_at: at })
              .where('crawl_id', '=', crawlId)
              .execute();
          });
        },
        async clear() {
          await db.transaction().execute(async (tx) => {
            await tx.deleteFrom('crawl_urls').where('crawl_id', '=', crawlId).execute();
            await tx.deleteFrom('crawl_progress').where('crawl_id', '=', crawlId).execute();
          });
        },
      };
    },
  };
}
