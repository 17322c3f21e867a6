import { sql, type Kysely } from 'kysely';

/** The channel a commit that changed projects notifies, with their ids (or '*' when too many to list). */
export const CHANGES_CHANNEL = 'answerwatch_changes';

/** Changed whenever SUPPORT_OBJECTS changes, so that the next start installs them again. */
const SUPPORT_VERSION = 'answerwatch support 2';

/** Tables of the support objects themselves: never change-tracked. */
const UNTRACKED = new Set(['project_generations', 'change_marks', 'rate_limits']);

/**
 * Objects only PostgreSQL needs, created after the migrations (idempotent, so every start may run it):
 *
 * - Change tracking for the read cache. Every table with a `project_id` column (and `projects` itself) gets
 *   statement triggers that note the projects a statement touched in a transaction-local setting. At commit, a
 *   deferred trigger adds one to each touched project's row in `project_generations`, in id order, and notifies
 *   CHANGES_CHANNEL. The bump commits with the data, so a cached read that checks its project's generation
 *   never serves a body older than a committed write; taking the row locks at commit, in order, cannot deadlock.
 *   A table added by a later migration is tracked at the next start without anyone writing a trigger.
 * - Change tracking for what a request's way in caches per instance (postgres-key-cache.ts): keys and their project
 *   lists under `key:` and the key's id, accounts under `account:` and the account's id, counted and notified the
 *   same way in `project_generations`, among the projects (no project id has a colon).
 * - `rate_limits`: per-bucket request counts in the current minute and UTC day, UNLOGGED (no WAL, no fsync per
 *   request; a crash of the database server resets the counts, which only forgives requests).
 */
const SUPPORT_OBJECTS = sql`
create table if not exists project_generations (
  project_id text collate "C" primary key,
  generation bigint not null
);
create table if not exists change_marks (txid bigint primary key);
create unlogged table if not exists rate_limits (
  bucket text collate "C" primary key,
  minute bigint not null,
  minute_count integer not null,
  day bigint not null,
  day_count integer not null
);

create or replace function answerwatch_note_changes() returns trigger language plpgsql as $fn$
declare
  touched text[];
  noted text := coalesce(current_setting('answerwatch.changed', true), '');
  tag text := coalesce(tg_argv[1], '');
begin
  if tg_op = 'DELETE' then
    execute format('select array_agg(distinct %L || %I) from old_rows', tag, tg_argv[0]) into touched;
  else
    execute format('select array_agg(distinct %L || %I) from new_rows', tag, tg_argv[0]) into touched;
  end if;
  if touched is null then
    return null;
  end if;
  if noted = '' then
    -- The first change of this transaction: its mark fires answerwatch_publish_changes at commit.
    insert into change_marks values (txid_current());
    noted := ',';
  end if;
  for i in 1 .. coalesce(array_length(touched, 1), 0) loop
    if position(',' || touched[i] || ',' in noted) = 0 then
      noted := noted || touched[i] || ',';
    end if;
  end loop;
  perform set_config('answerwatch.changed', noted, true);
  return null;
end
$fn$;

create or replace function answerwatch_publish_changes() returns trigger language plpgsql as $fn$
declare
  ids text[];
begin
  select array_agg(id order by id) into ids
    from unnest(string_to_array(current_setting('answerwatch.changed', true), ',')) as id
    where id <> '';
  perform set_config('answerwatch.changed', '', true);
  delete from change_marks where txid = new.txid;
  if ids is null then
    return null;
  end if;
  insert into project_generations as g (project_id, generation)
    select id, 1 from unnest(ids) as id order by id
    on conflict (project_id) do update set generation = g.generation + 1;
  perform pg_notify('${sql.raw(CHANGES_CHANNEL)}',
    case when length(array_to_string(ids, ',')) > 7000 then '*' else array_to_string(ids, ',') end);
  return null;
end
$fn$;

comment on function answerwatch_publish_changes() is '${sql.raw(SUPPORT_VERSION)}';

do $do$
begin
  if not exists (select 1 from pg_trigger where tgname = 'answerwatch_publish'
                 and tgrelid = 'change_marks'::regclass) then
    create constraint trigger answerwatch_publish after insert on change_marks
      deferrable initially deferred for each row execute function answerwatch_publish_changes();
  end if;
end
$do$;
`;

const TRIGGERS = [
  ['ins', 'insert', 'new'],
  ['upd', 'update', 'new'],
  ['del', 'delete', 'old'],
] as const;

/** Every table that should be change-tracked, with the column naming its project and the triggers it has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on the catalog
async function trackedTables(db: Kysely<any>) {
  const tables = await sql<{ table: string; column: string; triggers: string[] }>`
    select c.relname as "table", a.attname as "column",
           array(select t.tgname::text from pg_trigger t where t.tgrelid = c.oid) as triggers
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = c.oid and not a.attisdropped
       and a.attname = case when c.relname = 'projects' then 'id' else 'project_id' end
     where c.relkind = 'r'`.execute(db);
  return tables.rows.filter((t) => !UNTRACKED.has(t.table));
}

const triggerName = (suffix: string) => `answerwatch_changes_${suffix}`;

/** The generation tags of a key and of an account, as the triggers on WAY_IN_TABLES count them. */
export const keyTag = (keyId: string) => `key:${keyId}`;
export const accountTag = (accountId: string) => `account:${accountId}`;

/** What a cached key depends on: its row, its project list, its account (the plan). */
const WAY_IN_TABLES = [
  { table: 'api_keys', column: 'id', tag: keyTag(''), suffix: 'key' },
  { table: 'api_key_projects', column: 'key_id', tag: keyTag(''), suffix: 'key' },
  { table: 'accounts', column: 'id', tag: accountTag(''), suffix: 'account' },
] as const;

const wayInTrigger = (what: string, suffix: string) => `answerwatch_way_in_${what}_${suffix}`;

/** The tables WAY_IN_TABLES names that lack one of their triggers (a table missing from the schema has none). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on the catalog
async function wayInTriggersMissing(db: Kysely<any>) {
  const present = await sql<{ table: string; trigger: string }>`
    select c.relname as "table", t.tgname as "trigger"
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
     where t.tgname like 'answerwatch_way_in_%'`.execute(db);
  const has = new Set(present.rows.map((r) => `${r.table} ${r.trigger}`));
  return WAY_IN_TABLES.flatMap((w) =>
    TRIGGERS.filter(([suffix]) => !has.has(`${w.table} ${wayInTrigger(w.suffix, suffix)}`)).map(
      ([suffix, event, rows]) => ({ ...w, name: wayInTrigger(w.suffix, suffix), event, rows }),
    ),
  );
}

/** Whether the support objects of this version are in place and every table that should be tracked is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on the catalog
export async function supportInstalled(db: Kysely<any>): Promise<boolean> {
  const fn = await sql<{ version: string | null }>`
    select obj_description(to_regproc('answerwatch_publish_changes'), 'pg_proc') as version`.execute(db);
  if (fn.rows[0]?.version !== SUPPORT_VERSION) return false;
  const tables = await trackedTables(db);
  return (
    tables.every((t) => TRIGGERS.every(([suffix]) => t.triggers.includes(triggerName(suffix)))) &&
    (await wayInTriggersMissing(db)).length === 0
  );
}

/** Creates the support objects and the change triggers a table lacks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL on tables outside the typed schema
export async function installSupportObjects(db: Kysely<any>): Promise<void> {
  await SUPPORT_OBJECTS.execute(db);
  for (const { table, column, triggers } of await trackedTables(db)) {
    for (const [suffix, event, rows] of TRIGGERS) {
      const name = triggerName(suffix);
      if (triggers.includes(name)) continue;
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)}
        referencing ${sql.raw(rows)} table as ${sql.raw(`${rows}_rows`)}
        for each statement execute function answerwatch_note_changes(${sql.lit(column)})`.execute(db);
    }
  }
  for (const { table, column, tag, name, event, rows } of await wayInTriggersMissing(db)) {
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)}
      referencing ${sql.raw(rows)} table as ${sql.raw(`${rows}_rows`)}
      for each statement execute function answerwatch_note_changes(${sql.lit(column)}, ${sql.lit(tag)})`.execute(
      db,
    );
  }
}
