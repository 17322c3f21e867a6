/** What every adapter does once it has read its vendor's body: collect sources, tidy markers, refuse empty. */
import { EngineError, type EngineAnswer, type EngineSource } from '../types.ts';

/**
 * Sources in the order the engine gave them, one per exact URL (normalising URLs is scoring's job). A later
 * mention of a URL can bring the title the first one lacked.
 */
export class SourceList {
  private readonly byUrl = new Map<string, EngineSource>();

  add(url: unknown, title?: unknown): void {
    if (typeof url !== 'string' || url.trim() === '') return;
    const named = typeof title === 'string' && title.trim() !== '' ? title : null;
    const seen = this.byUrl.get(url);
    if (!seen) this.byUrl.set(url, { url, title: named });
    else if (seen.title === null) seen.title = named;
  }

  list(): EngineSource[] {
    return [...this.byUrl.values()];
  }
}

/**
 * Removes citation markers (references, not words) with the blank before each, so "Acme [1][2]." reads
 * "Acme." and the text scores as a reader sees it. `marker` is a RegExp source.
 */
export function stripMarkers(text: string, marker: string): string {
  return text.replace(new RegExp(`[ \\t]*(?:${marker})`, 'g'), '');
}

/** A link target that may hold one level of parentheses, as Wikipedia URLs do. */
export const LINK_TARGET = String.raw`(?:[^()\s]|\([^()\s]*\))+`;

/**
 * An engine that answers nothing has not answered: storing "" would count as "brand not mentioned".
 * Worth one more try, since the next sample usually has text.
 */
export function finishAnswer(
  engineId: string,
  text: string,
  sources: EngineSource[],
  model: string | null,
  searchQueries: string[] = [],
): EngineAnswer {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw new EngineError(engineId, 'retryable', 'empty_answer', `${engineId}: the answer has no text`);
  }
  return { text: trimmed, sources, model, searchQueries };
}
