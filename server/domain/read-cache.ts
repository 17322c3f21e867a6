import { JsonText } from './json-text.ts';

/**
 * Rendered read responses (answer pages, daily stats), kept while the data has not changed: integrators poll the
 * same first page and the same year of stats far more often than runs add answers. An entry is served only when
 * the store's generation is the one it was rendered at, so any write makes every entry stale at once.
 */
export interface ReadCache {
  get<T>(key: string, generation: string, render: () => Promise<JsonText<T>>): Promise<JsonText<T>>;
}

export function createReadCache(maxChars = 64 * 1024 * 1024): ReadCache {
  const entries = new Map<string, { generation: string; value: JsonText<unknown> }>();
  let chars = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    chars -= entry.value.text.length;
    entries.delete(key);
  };
  return {
    async get<T>(key: string, generation: string, render: () => Promise<JsonText<T>>) {
      const hit = entries.get(key);
      if (hit && hit.generation === generation) {
        // Most recently used last, so eviction takes the oldest.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as JsonText<T>;
      }
      drop(key);
      const value = await render();
      if (value.text.length <= maxChars / 4) {
        entries.set(key, { generation, value });
        chars += value.text.length;
        for (const oldest of entries.keys()) {
          if (chars <= maxChars) break;
          drop(oldest);
        }
      }
      return value;
    },
  };
}

/**
 * A read computed once per store generation and kept as JSON text: the summaries behind it change only when
 * answers are stored, and dashboards ask the same ranges again and again. `key` must hold everything the body
 * depends on besides the data (project, resolved range, filters, page).
 */
export function cachedRead<T>(
  s: { reads: ReadCache; store: { generation(): string } },
  key: readonly unknown[],
  compute: () => Promise<T>,
): Promise<JsonText<T>> {
  return s.reads.get(
    JSON.stringify(key),
    s.store.generation(),
    async () => new JsonText<T>(JSON.stringify(await compute())),
  );
}
