/**
 * The URLs a crawl knows, in the order it reads them (first come, first read: cited pages and the home page are
 * seeded first, then the sitemaps' URLs, then links as pages reveal them), each known once.
 */
import type { PageSource } from '../../../server/contract/site-crawl.ts';

/** queued: to read; done: read (its page recorded); disallowed: robots.txt keeps our crawler from it. */
export type EntryState = 'queued' | 'done' | 'disallowed';

export interface FrontierEntry {
  url: string;
  source: PageSource;
  state: EntryState;
}

export class Frontier {
  private readonly known = new Map<string, FrontierEntry>();
  private readonly queue: FrontierEntry[] = [];
  private head = 0;

  constructor(entries: readonly FrontierEntry[] = []) {
    for (const entry of entries) this.remember({ ...entry });
  }

  private remember(entry: FrontierEntry): void {
    this.known.set(entry.url, entry);
    if (entry.state === 'queued') this.queue.push(entry);
  }

  /** Adds a URL not known yet; returns the new entry, or null when the URL is known. */
  add(url: string, source: PageSource): FrontierEntry | null {
    if (this.known.has(url)) return null;
    const entry: FrontierEntry = { url, source, state: 'queued' };
    this.remember(entry);
    return entry;
  }

  /** The next URL to read, without taking it: it stays queued until `settle`. */
  peek(): FrontierEntry | undefined {
    while (this.head < this.queue.length && this.queue[this.head]!.state !== 'queued') this.head += 1;
    return this.queue[this.head];
  }

  settle(url: string, state: Exclude<EntryState, 'queued'>): void {
    const entry = this.known.get(url);
    if (entry) entry.state = state;
  }

  has(url: string): boolean {
    return this.known.has(url);
  }

  /** Every entry, in the order they became known. */
  entries(): FrontierEntry[] {
    return [...this.known.values()];
  }
}
