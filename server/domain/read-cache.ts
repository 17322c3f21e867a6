import type { Store } from '../store/index.ts';
import { JsonText } from './json-text.ts';

/**
 * Rendered read responses (answer pages, daily stats), kept while the project's data has not changed: integrators
 * poll the same first page and the same year of stats far more often than runs add answers. An entry is served
 * only when the project's generation in the store is the one it was rendered at, and the store changes that
 * generation in the same commit as the data, whichever process wrote it; so nothing stale is ever served. Word
 * of changes made elsewhere drops entries early, which only frees memory sooner.
 */
export interface ReadCache {
  /** `project.generation` must have been read before anything `render` reads (readableProject reads both). */
  get<T>(project: ProjectGeneration, key: string, render: () => Promise<JsonText<T>>): Promise<JsonText<T>>;
  /** Stops listening for changes. */
  close(): void;
}

/** A project's id and the generation of its data as read at the start of a request (Store.readProject). */
export interface ProjectGeneration {
  id: string;
  generation: string;
}

interface Entry {
  projectId: string;
  generation: string;
  value: JsonText<unknown>;
}

/**
 * Bytes of rendered bodies the cache keeps by default. What it holds is what it costs: bodies are kept as their
 * UTF-8 bytes (JsonText.bytes), and a body some client asked for gzipped also keeps that copy, a quarter to a tenth
 * of its size more, which this bound leaves out. A year of daily stats is about 330 KB and a page of 50 answers 240 KB, so this
 * holds some sixty of the largest reads, which is what polling integrators ask again; the README's memory table
 * says what the service costs in all.
 */
export const READ_CACHE_BYTES = 16 * 1024 * 1024;

export function createReadCache(store: Pick<Store, 'onChange'>, maxBytes = READ_CACHE_BYTES): ReadCache {
  const entries = new Map<string, Entry>();
  // Renders under way, by key: requests that miss together at one generation share one render, so a body asked
  // for by several clients at once (dashboards after a write) is built once instead of once each, side by side.
  const rendering = new Map<string, { generation: string; value: Promise<JsonText<unknown>> }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.value.bytes.length;
    entries.delete(key);
  };
  const stopListening = store.onChange((changed) => {
    for (const [key, entry] of entries) {
      if (changed === '*' || changed.includes(entry.projectId)) drop(key);
    }
  });
  return {
    async get<T>(project: ProjectGeneration, key: string, render: () => Promise<JsonText<T>>) {
      const { id: projectId, generation } = project;
      const id = `${projectId}\0${key}`;
      // The generation was read before rendering: a write committed in between changes it, so a body rendered from
      // newer data is filed under an older generation and rendered again next time, never the other way round.
      const hit = entries.get(id);
      if (hit && hit.generation === generation) {
        // Most recently used last, so eviction takes the oldest.
        entries.delete(id);
        entries.set(id, hit);
        return hit.value as JsonText<T>;
      }
      drop(id);
      // A render begun at this generation read data no older than now: nothing was written since it began.
      const shared = rendering.get(id);
      if (shared && shared.generation === generation) return shared.value as Promise<JsonText<T>>;
      const rendered = render().then(
        (value) => {
          if (rendering.get(id)?.value === rendered) rendering.delete(id);
          if (value.bytes.length <= maxBytes / 4) {
            drop(id);
            entries.set(id, { projectId, generation, value });
            bytes += value.bytes.length;
            for (const oldest of entries.keys()) {
              if (bytes <= maxBytes) break;
              drop(oldest);
            }
          }
          return value;
        },
        (err: unknown) => {
          if (rendering.get(id)?.value === rendered) rendering.delete(id);
          throw err;
        },
      );
      rendering.set(id, { generation, value: rendered });
      return rendered;
    },
    close: stopListening,
  };
}

/**
 * A read computed once per generation of the project's data and kept as JSON text: the summaries behind it change
 * only when answers are stored, and dashboards ask the same ranges again and again. `key` must hold everything the
 * body depends on besides the data (resolved range, filters, page).
 */
export function cachedRead<T>(
  s: { reads: ReadCache },
  project: ProjectGeneration,
  key: readonly unknown[],
  compute: () => Promise<T>,
): Promise<JsonText<T>> {
  return s.reads.get(
    project,
    JSON.stringify(key),
    async () => new JsonText<T>(JSON.stringify(await compute())),
  );
}
