/**
 * Who is named in an answer: the brand (owner 0, by its name and brand terms) and each competitor
 * (owner i + 1, by its name), in the order they appear.
 */
import { createTermScanner } from './text-match.ts';
import type { BrandProfile, CompetitorProfile } from './types.ts';

export const BRAND = 0;

export interface Mention {
  owner: number;
  start: number;
  end: number;
}

export interface MentionScan {
  /** Accepted mentions of every owner, in text order. */
  mentions: Mention[];
  /** Offset of each owner's first mention, -1 when not named; index 0 is the brand. */
  firstAt: number[];
}

export type MentionFinder = (maskedText: string) => MentionScan;

/** `maskedText` must have its links masked (links.ts maskLinks) so names inside URLs do not count. */
export function createMentionFinder(
  brand: BrandProfile,
  competitors: readonly CompetitorProfile[],
): MentionFinder {
  const scan = createTermScanner([[brand.name, ...brand.brandTerms], ...competitors.map((c) => [c.name])]);
  const owners = competitors.length + 1;

  return (maskedText) => {
    const hits = scan(maskedText);
    const firstAt = new Array<number>(owners).fill(-1);
    const corroborated = new Set<number>();
    for (const hit of hits) if (!hit.needsCorroboration) corroborated.add(hit.owner);
    const mentions: Mention[] = [];
    for (const hit of hits) {
      if (hit.needsCorroboration && !corroborated.has(hit.owner)) continue;
      mentions.push(hit);
      if (firstAt[hit.owner] === -1) firstAt[hit.owner] = hit.start;
    }
    return { mentions, firstAt };
  };
}
