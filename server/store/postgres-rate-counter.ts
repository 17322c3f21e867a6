import { sql, type RawBuilder } from 'kysely';
import type { Scope } from '../contract/account.ts';
import type { Db } from './engine.ts';
import { fromJson } from './json.ts';
import type { KeyUse, KeyUsed } from './key-use.ts';
import { accountTag, keyTag } from './postgres-support.ts';
import type { RateCounter, RateWindows } from './rate-counter.ts';

/** How often one instance clears buckets of past days (any instance may; it is idempotent). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Counts one request in `bucket` (an expression), returning the new counts; no row when a window is full, or when
 * `when` (an expression) is false. One statement counts a request only while both windows have room: a full minute
 * or day leaves the row as it is. A window that has moved on starts again at one; an instance whose clock lags the
 * row's window counts into the newer one. The windows' values may be any parameters (the way in compiles the
 * statement once with placeholders for them, postgres-key-cache.ts).
 */
export const counting = (
  bucket: RawBuilder<string>,
  w: Record<keyof RateWindows, unknown>,
  when?: RawBuilder<boolean>,
) => sql`
  insert into rate_limits as r (bucket, minute, minute_count, day, day_count)
  select ${bucket}, ${w.minute}::bigint, 1, ${w.day}::bigint, 1 ${when ? sql`where ${when}` : sql``}
  on conflict (bucket) do update set
    minute_count = case when excluded.minute > r.minute then 1 else r.minute_count + 1 end,
    day_count = case when excluded.day > r.day then 1 else r.day_count + 1 end,
    minute = greatest(r.minute, excluded.minute),
    day = greatest(r.day, excluded.day)
  where (excluded.minute > r.minute or r.minute_count < ${w.perMinute})
    and (excluded.day > r.day or r.day_count < ${w.perDay})
  returning minute_count, day_count`;

interface KeyRow {
  id: string | null;
  account_id: string;
  label: string;
  scopes: string;
  all_projects: number;
  project_ids: string[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  plan: string | null;
  minute_count: number | null;
  day_count: number | null;
  held_minute: number | null;
  held_day: number | null;
  noted: boolean;
  key_generation: number | null;
  account_generation: number | null;
}

/** The generations of what a key's use read (postgres-support.ts): equal later, nothing it read has changed. */
export interface WayInGenerations {
  key: number;
  account: number;
}

/** A key's use with the generations its key and account were read at (undefined when no key has the hash). */
export type KeyUsedAt = KeyUsed & { generations?: WayInGenerations };

/** A tag's generation (0 before its first change), as an expression. */
export const generationOf = (tag: RawBuilder<string>) =>
  sql<number>`coalesce((select g.generation from project_generations g where g.project_id = ${tag}), 0)`;

/**
 * Counts in the database, one row per bucket, so every instance counts against the same limit. `useKey` is the
 * way in of a request with a key in one round trip: the key with its projects and its account's plan, the note of
 * its use (to the minute), and the count in its bucket (the address's when the key is not live).
 */
export function postgresRateCounter(db: Db): RateCounter & {
  useKey(use: KeyUse): Promise<KeyUsedAt>;
  /** Clears buckets of past days, at most every SWEEP_EVERY_MS: whatever counts requests calls it first. */
  sweep(w: RateWindows): Promise<void>;
} {
  let sweptAt = 0;
  const sweep = async (w: RateWindows) => {
    const now = Date.now();
    if (now - sweptAt <= SWEEP_EVERY_MS) return;
    sweptAt = now;
    await sql`delete from rate_limits where day < ${w.day}`.execute(db);
  };
  return {
    sweep,
    async take(bucket, w) {
      await sweep(w);
      const counted = await sql<{
        minute_count: number;
        day_count: number;
      }>`${counting(sql`${bucket}::text`, w)}`.execute(db);
      const row = counted.rows[0];
      if (row) return { allowed: true, minuteCount: row.minute_count, dayCount: row.day_count };
      const full = await sql<{ minute_count: number; day_count: number }>`
        select minute_count, day_count from rate_limits where bucket = ${bucket}`.execute(db);
      const r = full.rows[0];
      return { allowed: false, minuteCount: r?.minute_count ?? 0, dayCount: r?.day_count ?? 0 };
    },
    async useKey(use) {
      await sweep(use.windows);
      // The main query reads rate_limits as it was before the statement: a full bucket's counts, left unchanged.
      const result = await sql<KeyRow>`
        with k as (
          select k.id, k.account_id, k.label, k.scopes, k.all_projects, k.created_at, k.expires_at, k.revoked_at,
                 k.last_used_at, a.plan,
                 array(select p.project_id from api_key_projects p where p.key_id = k.id order by p.project_id)
                   as project_ids,
                 k.revoked_at is null and (k.expires_at is null or k.expires_at > ${use.at}::text) as live,
                 ${generationOf(sql`${keyTag('')}::text || k.id`)} as key_generation,
                 ${generationOf(sql`${accountTag('')}::text || k.account_id`)} as account_generation
            from api_keys k left join accounts a on a.id = k.account_id
           where k.key_hash = ${use.keyHash}::text
        ),
        noted as (
          update api_keys set last_used_at = ${use.at}::text
           where id = (select id from k where live and plan = any(${[...use.apiPlans]}::text[]))
             and (last_used_at is null or last_used_at < ${use.notedBefore}::text)
          returning id
        ),
        b as (select coalesce((select ${use.keyBucket}::text || id from k where live), ${use.otherwise}::text) as bucket),
        counted as (${counting(sql`(select bucket from b)`, use.windows)})
        select k.*, c.minute_count, c.day_count, r.minute_count as held_minute, r.day_count as held_day,
               exists (select from noted) as noted
          from b
          left join k on true
          left join counted c on true
          left join rate_limits r on c.minute_count is null and r.bucket = b.bucket`.execute(db);
      const row = result.rows[0]!;
      const count =
        row.minute_count === null
          ? { allowed: false, minuteCount: row.held_minute ?? 0, dayCount: row.held_day ?? 0 }
          : { allowed: true, minuteCount: row.minute_count, dayCount: row.day_count ?? 0 };
      if (row.id === null) return { key: undefined, count };
      return {
        count,
        // As they are once this statement commits: noting the use counts once in the key's generation.
        generations: {
          key: (row.key_generation ?? 0) + (row.noted ? 1 : 0),
          account: row.account_generation ?? 0,
        },
        key: {
          id: row.id,
          accountId: row.account_id,
          label: row.label,
          scopes: fromJson<Scope[]>(row.scopes),
          allProjects: row.all_projects === 1,
          projectIds: row.project_ids,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          lastUsedAt: row.noted ? use.at : row.last_used_at,
          plan: row.plan,
        },
      };
    },
  };
}
