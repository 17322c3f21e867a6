/**
 * Who is named in an answer: the brand (owner 0, by its name and brand terms) and each competitor
 * (owner i + 1, by its name), in the order they appear.
 */
import { brandDomains, competitorDomains } from './domains.ts';
import { createTermScanner, type TermHit } from './text-match.ts';
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

/** Names listed together ("Coda and Craft", "Dell or HP", "Asana Rebel, Glo, Alo Moves"). */
const COORDINATION = /^[ \t]*(?:,|,?[ \t]*(?:and|or|&|vs\.?|versus))[ \t]*$/;

/**
 * Family "everyday-word name at a sentence start": a weak occurrence listed together with another owner's
 * counted name is a name too ("Down Dog and Glo both offer…"). Repeated while it adds some, for lists.
 * Family "lower-case names in a quoted user comment": two tracked names listed together vouch for each
 * other even when both are weak ("should i use wise or western union"): two everyday words that happen
 * to be the brand and a competitor are seldom set side by side as alternatives.
 */
function acceptListed(text: string, hits: readonly TermHit[], counted: boolean[]): void {
  const listedWith = (hit: TermHit, k: number) => {
    const other = hits[k];
    if (!other || other.owner === hit.owner) return false;
    if (!counted[k] && other.verdict !== 'weak') return false;
    const between =
      other.start < hit.start ? text.slice(other.end, hit.start) : text.slice(hit.end, other.start);
    return COORDINATION.test(between);
  };
  for (let added = true; added;) {
    added = false;
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i]!;
      if (counted[i] || hit.verdict !== 'weak') continue;
      if (listedWith(hit, i - 1) || listedWith(hit, i + 1)) counted[i] = added = true;
    }
  }
}

/**
 * Which occurrences count. One with a sign of being a name always does; a plain one does unless the answer
 * also uses the owner's name for another organisation ("Notion Capital led the round…"), in which case it
 * needs a sure one beside it; a weak one (a capital at a sentence start, a weekday, a lower-case quote)
 * needs a sure one: a signed occurrence, or a plain one when no look-alike appeared.
 */
function accepted(text: string, hits: readonly TermHit[], owners: number): readonly TermHit[] {
  // Most answers hold only names by their form or with a sign: all of them count.
  if (hits.every(({ verdict }) => verdict === 'plain' || verdict === 'cue')) return hits;
  const signed = new Uint8Array(owners);
  const plain = new Uint8Array(owners);
  const lookalike = new Uint8Array(owners);
  for (const { owner, verdict } of hits) {
    if (verdict === 'cue') signed[owner] = 1;
    else if (verdict === 'plain') plain[owner] = 1;
    else if (verdict === 'lookalike') lookalike[owner] = 1;
  }
  // Only an owner with a look-alike needs to know whether a plain occurrence is also signed.
  for (const hit of hits) {
    const { owner } = hit;
    if (hit.verdict === 'plain' && lookalike[owner] === 1 && signed[owner] === 0) {
      if (hit.rule.signed(text, hit.start, hit.end)) signed[owner] = 1;
    }
  }
  const counted = hits.map(({ owner, verdict }) => {
    const sure = signed[owner] === 1 || (plain[owner] === 1 && lookalike[owner] === 0);
    if (verdict === 'cue') return true;
    if (verdict === 'plain') return sure;
    return verdict === 'weak' && sure;
  });
  acceptListed(text, hits, counted);
  return hits.filter((_, i) => counted[i]);
}

/** `maskedText` must have its links masked (links.ts maskLinks) so names inside URLs do not count. */
export function createMentionFinder(
  brand: BrandProfile,
  competitors: readonly CompetitorProfile[],
): MentionFinder {
  const scan = createTermScanner([
    { names: [brand.name, ...brand.brandTerms], domains: brandDomains(brand) },
    ...competitors.map((c) => ({ names: [c.name], domains: competitorDomains(c.domains) })),
  ]);
  const owners = competitors.length + 1;

  return (maskedText) => {
    const firstAt = new Array<number>(owners).fill(-1);
    const mentions: Mention[] = [];
    for (const { owner, start, end } of accepted(maskedText, scan(maskedText), owners)) {
      mentions.push({ owner, start, end });
      if (firstAt[owner] === -1) firstAt[owner] = start;
    }
    return { mentions, firstAt };
  };
}
