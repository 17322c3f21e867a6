import { createHash } from 'node:crypto';

/** One statement of data: the extended protocol prepares one statement at a time, never a script. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;
/**
 * Distinct texts named per pool. The service runs a few hundred (IN lists are padded to powers of two, see
 * in-list.ts); past this, texts run unnamed, so that no stream of one-off statements grows the server's memory.
 */
const MAX_NAMED = 1000;
/** "cached plan must not change result type" (a `select *` prepared before a migration added a column). */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * Runs a statement compiled once, as a named statement on the pool itself, its rows as arrays: for the way in,
 * which runs on every request (postgres-key-cache.ts). `text` should be the same string each time.
 */
export type RunStatement = (text: string, values: unknown[]) => Promise<unknown[][]>;

export interface StatementNames {
  /** The name `text` is prepared under on each connection, or undefined when it runs unnamed. */
  nameOf(text: string): string | undefined;
  /** Runs `text` unnamed from now on: its prepared form failed in a way preparing it again would not mend. */
  failed(text: string, err: unknown): void;
}

/**
 * Names for the driver's prepared statements. A named query is parsed and planned once per connection, then only
 * bound and run: the service runs the same statements on every request, and planning them anew each time cost
 * PostgreSQL more CPU than running them (issue 24). The name is a digest of the text, so every connection and
 * instance names a text alike.
 */
export function statementNames(): StatementNames {
  const names = new Map<string, string | null>();
  return {
    nameOf(text) {
      const known = names.get(text);
      if (known !== undefined) return known ?? undefined;
      if (names.size >= MAX_NAMED || !NAMEABLE.test(text)) return undefined;
      const name = `aw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
      return name;
    },
    failed(text, err) {
      if ((err as { code?: string } | null)?.code === RESULT_TYPE_CHANGED) names.set(text, null);
    },
  };
}
