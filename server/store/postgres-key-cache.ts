import { sql } from 'kysely';
import type { ChangedProjects, Db } from './engine.ts';
import { isLive, type KeyUse, type KeyUsed } from './key-use.ts';
import { counting, generationOf, type KeyUsedAt, type WayInGenerations } from './postgres-rate-counter.ts';
import type { RunStatement } from './postgres-statements.ts';
import { accountTag, keyTag } from './postgres-support.ts';
import type { RateWindows } from './rate-counter.ts';

/** Keys kept per instance: past this, the longest unused is dropped (a key costs well under a kilobyte). */
const MAX_KEYS = 10_000;

interface Entry {
  key: NonNullable<KeyUsed['key']>;
  generations: WayInGenerations;
}

/** A value of the way in's statement, named at compile time and given anew with each request. */
interface Slot {
  slot: keyof WayInValues;
}

interface WayInValues {
  keyTag: string;
  keyGeneration: number;
  accountTag: string;
  accountGeneration: number;
  at: string;
  notedBefore: string;
  keyId: string;
  bucket: string;
  minute: number;
  day: number;
  perMinute: number;
  perDay: number;
  projectId: string | undefined;
  accountId: string;
  projectIds: string[];
}

/** What decides the way in's statement text: each shape is compiled once and run as a named statement. */
interface WayInShape {
  note: boolean;
  project: boolean;
  listProjects: boolean;
  allProjects: boolean;
}

const slot = (name: Slot['slot']): Slot => ({ slot: name });

/**
 * The statement that counts a kept key's request, for one shape: the same in every request of that shape but for
 * its values, so it is built and compiled once with a named slot for each value, and each request only binds
 * its values (issue 24: Kysely's building and compiling of it and its connection provider cost the service 12 to
 * 20 µs a request, a quarter of the way in's CPU; test/bench/way-in-bench.ts).
 */
function wayInStatement(db: Db, shape: WayInShape): { text: string; slots: Slot['slot'][] } {
  const fresh = sql<boolean>`(select ok from fresh)`;
  // The ids of the projects a key reads, newest first: the projects repository's idsInScope, read in the
  // statement that counts (`/me` lists them), so that it takes no other round trip.
  const inScope = sql<string[]>`array(
  select p.id from projects p
   where p.account_id = ${slot('accountId')}::text ${shape.allProjects ? sql`` : sql`and p.id = any(${slot('projectIds')}::text[])`}
   order by p.created_at desc, p.id desc)`;
  const compiled = sql`
      with fresh as (
        select ${generationOf(sql`${slot('keyTag')}::text`)} = ${slot('keyGeneration')}::bigint
           and ${generationOf(sql`${slot('accountTag')}::text`)} = ${slot('accountGeneration')}::bigint as ok
      ),
      ${
        shape.note
          ? sql`noted as (
        update api_keys set last_used_at = ${slot('at')}::text
         where id = ${slot('keyId')}::text and ${fresh}
           and (last_used_at is null or last_used_at < ${slot('notedBefore')}::text)
        returning id
      ),`
          : sql``
      }
      counted as (${counting(sql`${slot('bucket')}::text`, { minute: slot('minute'), day: slot('day'), perMinute: slot('perMinute'), perDay: slot('perDay') }, fresh)})
      select f.ok as fresh, ${shape.note ? sql`exists (select from noted)` : sql`false`} as noted, c.minute_count, c.day_count, r.minute_count as held_minute, r.day_count as held_day,
             ${shape.project ? generationOf(sql`${slot('projectId')}::text`) : sql`null`} as project_generation,
             ${shape.listProjects ? inScope : sql`null`} as in_scope
        from fresh f
        left join counted c on true
        left join rate_limits r on f.ok and c.minute_count is null and r.bucket = ${slot('bucket')}::text`.compile(
    db,
  );
  // A value written into the template as itself would be bound as undefined: every value must be a slot.
  const slots = compiled.parameters.map((p) => {
    if (typeof p !== 'object' || p === null || !('slot' in p))
      throw new Error('way in: a value is not a slot');
    return (p as Slot).slot;
  });
  return { text: compiled.sql, slots };
}

/** The columns of the way in's row, in order (rows come as arrays). */
type WayInRow = [
  fresh: boolean,
  noted: boolean,
  minuteCount: number | null,
  dayCount: number | null,
  heldMinute: number | null,
  heldDay: number | null,
  projectGeneration: number | null,
  inScope: string[] | null,
];

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
  run: RunStatement,
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

  const statements = new Map<string, { text: string; slots: Slot['slot'][] }>();
  const statementOf = (shape: WayInShape) => {
    const id = `${+shape.note}${+shape.project}${+shape.listProjects}${+shape.allProjects}`;
    let statement = statements.get(id);
    if (!statement) statements.set(id, (statement = wayInStatement(db, shape)));
    return statement;
  };

  /** Counts a request of a kept live key, unless it changed since; undefined then, and nothing counted. */
  async function useKept(use: KeyUse, entry: Entry): Promise<KeyUsed | undefined> {
    const { key, generations } = entry;
    // A use is noted at most once a minute. The note counts once in the key's generation when this statement
    // commits: the entry follows, so that the next request need not read the key again.
    const note =
      key.plan !== null &&
      use.apiPlans.includes(key.plan) &&
      (key.lastUsedAt === null || key.lastUsedAt < use.notedBefore);
    const { text, slots } = statementOf({
      note,
      project: use.projectId !== undefined,
      listProjects: use.listProjects === true,
      allProjects: key.allProjects,
    });
    const values: WayInValues = {
      keyTag: keyTag(key.id),
      keyGeneration: generations.key,
      accountTag: accountTag(key.accountId),
      accountGeneration: generations.account,
      at: use.at,
      notedBefore: use.notedBefore,
      keyId: key.id,
      bucket: use.keyBucket + key.id,
      minute: use.windows.minute,
      day: use.windows.day,
      perMinute: use.windows.perMinute,
      perDay: use.windows.perDay,
      projectId: use.projectId,
      accountId: key.accountId,
      projectIds: key.projectIds,
    };
    const rows = await run(
      text,
      slots.map((slot) => values[slot]),
    );
    const [fresh, noted, minuteCount, dayCount, heldMinute, heldDay, projectGeneration, inScope] =
      rows[0] as WayInRow;
    if (!fresh) return undefined;
    if (noted) {
      entry.key = { ...key, lastUsedAt: use.at };
      entry.generations = { ...generations, key: generations.key + 1 };
    }
    const count =
      minuteCount === null
        ? { allowed: false, minuteCount: heldMinute ?? 0, dayCount: heldDay ?? 0 }
        : { allowed: true, minuteCount, dayCount: dayCount ?? 0 };
    return {
      key,
      count,
      ...(projectGeneration === null ? {} : { projectGeneration: String(projectGeneration) }),
      ...(inScope === null ? {} : { projectsInScope: inScope }),
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
