import { sql } from 'kysely';
import type { ChangedProjects, Db } from './engine.ts';
import { isLive, type KeyUse, type KeyUsed } from './key-use.ts';
import { counting, generationOf, type KeyUsedAt, type WayInGenerations } from './postgres-rate-counter.ts';
import { accountTag, keyTag } from './postgres-support.ts';
import type { RateWindows } from './rate-counter.ts';

/** Keys kept per instance: past this, the longest unused is dropped (a key costs well under a kilobyte). */
const MAX_KEYS = 10_000;

/**
 * The ids of the projects a key reads, newest first: the projects repository's idsInScope, read in the statement
 * that counts (`/me` lists them), so that it takes no other round trip.
 */
const inScope = (key: Entry['key']) => sql<string[]>`array(
  select p.id from projects p
   where p.account_id = ${key.accountId}::text ${key.allProjects ? sql`` : sql`and p.id = any(${key.projectIds}::text[])`}
   order by p.created_at desc, p.id desc)`;

interface Entry {
  key: NonNullable<KeyUsed['key']>;
  generations: WayInGenerations;
}

interface FastRow {
  fresh: boolean;
  noted: boolean;
  minute_count: number | null;
  day_count: number | null;
  held_minute: number | null;
  held_day: number | null;
  project_generation: number | null;
  in_scope: string[] | null;
}

/**
 * A request's key use with the key, its projects and its account's plan kept in the instance (issue 24): a key
 * seen before costs one small statement that counts the request and, in the same snapshot, checks that neither the
 * key (its row or its project list) nor its account has changed since it was read, by their generations, which
 * the database counts on every commit that changes them, whichever instance made it (postgres-support.ts). So a
 * key revoked, given new projects, or whose account lost the API, is treated so on its very next request
 * everywhere, as when nothing was cached; expiry is checked at use against the kept `expiresAt`. A changed key is
 * not counted by the small statement: `counter.useKey` reads it again and counts, in the same one round trip otherwise
 * spent. Word of changes (`onChange`, LISTEN/NOTIFY) only drops entries sooner. The same statement reads the
 * generation of the project the request names, or the projects the key reads for `/me`, so that a read served from
 * the cache takes no other round trip.
 */
export function keyCache(
  db: Db,
  counter: { useKey(use: KeyUse): Promise<KeyUsedAt>; sweep(w: RateWindows): Promise<void> },
  onChange: (listener: (changed: ChangedProjects) => void) => () => void,
): (use: KeyUse) => Promise<KeyUsed> {
  const entries = new Map<string, Entry>();
  let listening = false;
  const dropChanged = (changed: ChangedProjects) => {
    if (changed === '*') return entries.clear();
    const tags = new Set(changed.filter((id) => id.includes(':')));
    if (tags.size === 0) return;
    for (const [hash, { key }] of entries) {
      if (tags.has(keyTag(key.id)) || tags.has(accountTag(key.accountId))) entries.delete(hash);
    }
  };
  const keep = (hash: string, entry: Entry) => {
    entries.delete(hash);
    entries.set(hash, entry);
    if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
  };

  /** Counts a request of a kept live key, unless it changed since; undefined then, and nothing counted. */
  async function useKept(use: KeyUse, entry: Entry): Promise<KeyUsed | undefined> {
    const { key, generations } = entry;
    const bucket = use.keyBucket + key.id;
    const fresh = sql<boolean>`(select ok from fresh)`;
    // A use is noted at most once a minute. The note counts once in the key's generation when this statement
    // commits: the entry follows, so that the next request need not read the key again.
    const note =
      key.plan !== null &&
      use.apiPlans.includes(key.plan) &&
      (key.lastUsedAt === null || key.lastUsedAt < use.notedBefore);
    const r = await sql<FastRow>`
      with fresh as (
        select ${generationOf(sql`${keyTag(key.id)}::text`)} = ${generations.key}::bigint
           and ${generationOf(sql`${accountTag(key.accountId)}::text`)} = ${generations.account}::bigint as ok
      ),
      ${
        note
          ? sql`noted as (
        update api_keys set last_used_at = ${use.at}::text
         where id = ${key.id}::text and ${fresh}
           and (last_used_at is null or last_used_at < ${use.notedBefore}::text)
        returning id
      ),`
          : sql``
      }
      counted as (${counting(sql`${bucket}::text`, use.windows, fresh)})
      select f.ok as fresh, ${note ? sql`exists (select from noted)` : sql`false`} as noted, c.minute_count, c.day_count, r.minute_count as held_minute, r.day_count as held_day,
             ${use.projectId === undefined ? sql`null` : generationOf(sql`${use.projectId}::text`)} as project_generation,
             ${use.listProjects ? inScope(key) : sql`null`} as in_scope
        from fresh f
        left join counted c on true
        left join rate_limits r on f.ok and c.minute_count is null and r.bucket = ${bucket}::text`.execute(
      db,
    );
    const row = r.rows[0]!;
    if (!row.fresh) return undefined;
    if (row.noted) {
      entry.key = { ...key, lastUsedAt: use.at };
      entry.generations = { ...generations, key: generations.key + 1 };
    }
    const count =
      row.minute_count === null
        ? { allowed: false, minuteCount: row.held_minute ?? 0, dayCount: row.held_day ?? 0 }
        : { allowed: true, minuteCount: row.minute_count, dayCount: row.day_count ?? 0 };
    return {
      key,
      count,
      ...(row.project_generation === null ? {} : { projectGeneration: String(row.project_generation) }),
      ...(row.in_scope === null ? {} : { projectsInScope: row.in_scope }),
    };
  }

  return async (use) => {
    if (!listening) {
      listening = true;
      onChange(dropChanged);
    }
    const kept = entries.get(use.keyHash);
    if (kept && isLive(kept.key, use.at)) {
      await counter.sweep(use.windows);
      const used = await useKept(use, kept);
      if (used) {
        keep(use.keyHash, kept);
        return used;
      }
    }
    entries.delete(use.keyHash);
    const { generations, ...used } = await counter.useKey(use);
    if (used.key && generations && isLive(used.key, use.at))
      keep(use.keyHash, { key: used.key, generations });
    return used;
  };
}
