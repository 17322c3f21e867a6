/**
 * Finds every tracked name in a text in one pass. The text is split into words once and each word is
 * looked up in a map of term keys, so the cost grows with the length of the answer, not with the number
 * of competitors; only words that start some term run that term's own (precompiled) pattern.
 */
import { compileDomain, compileTerm, type TermRule, type Verdict } from './term-rules.ts';
import { wordEnd } from './words.ts';

export interface TermHit {
  /** Index of the name list the term came from. */
  owner: number;
  start: number;
  end: number;
  verdict: Exclude<Verdict, 'no'>;
  /** The rule that matched, to ask for a sign later (TermRule.signed). */
  rule: TermRule;
}

interface Candidate {
  owner: number;
  rule: TermRule;
}

/**
 * Length and lower-cased first character of a word, as one number. Most words of an answer start no
 * term, and this rejects them before the slicing, lower-casing and map lookup, which allocate. Words
 * starting outside ASCII all share one shape, so Unicode case folding is left to toLowerCase; lengths
 * are taken before lower-casing, which lengthens a few letters ("İ").
 */
function shapeOf(length: number, firstCode: number): number {
  const folded =
    firstCode > 0x7f ? 0x80 : firstCode >= 0x41 && firstCode <= 0x5a ? firstCode + 0x20 : firstCode;
  return length * 0x100 + folded;
}

export type TermScanner = (text: string) => TermHit[];

/** What one owner (the brand or a competitor) is called and where it lives. */
export interface OwnerNames {
  names: readonly string[];
  domains: readonly string[];
}

/**
 * Builds a scanner for several owners' names and domains. Where names overlap, the longest one starting
 * first wins ("Acme Cloud" the competitor, not "Acme" the brand; "monday.com", not "Monday"), so a name is
 * never counted inside another.
 */
export function createTermScanner(owners: readonly OwnerNames[]): TermScanner {
  const byKey = new Map<string, Candidate[]>();
  const shapes = new Set<number>();
  const unkeyed: { owner: number; search: RegExp; rule: TermRule }[] = [];
  owners.forEach(({ names, domains }, owner) => {
    const rules = [...names.map(compileTerm), ...domains.map(compileDomain)];
    for (const rule of rules) {
      if (!rule) continue;
      if (rule.firstWord === null) {
        unkeyed.push({
          owner,
          rule,
          search: new RegExp(rule.pattern.source, rule.pattern.flags.replace('y', 'g')),
        });
        continue;
      }
      const key = rule.firstWord.toLowerCase();
      shapes.add(shapeOf(rule.firstWord.length, rule.firstWord.charCodeAt(0)));
      const list = byKey.get(key) ?? [];
      list.push({ owner, rule });
      byKey.set(key, list);
    }
  });
  for (const list of byKey.values()) list.sort((a, b) => b.rule.length - a.rule.length);

  return (text) => {
    const hits: TermHit[] = [];
    let coveredUntil = 0;
    for (let i = 0; i < text.length;) {
      const wordStart = i;
      i = wordEnd(text, i);
      if (i === wordStart) {
        i++;
        continue;
      }
      if (wordStart < coveredUntil) continue;
      if (!shapes.has(shapeOf(i - wordStart, text.charCodeAt(wordStart)))) continue;
      const candidates = byKey.get(text.slice(wordStart, i).toLowerCase());
      if (!candidates) continue;
      for (const { owner, rule } of candidates) {
        const at = wordStart - rule.firstWordOffset;
        if (at < coveredUntil) continue;
        rule.pattern.lastIndex = at;
        if (!rule.pattern.test(text)) continue;
        const end = rule.pattern.lastIndex;
        const verdict = rule.judge(text, at, end);
        if (verdict === 'no') continue;
        hits.push({ owner, start: at, end, verdict, rule });
        coveredUntil = end;
        break;
      }
    }
    if (unkeyed.length === 0) return hits;
    for (const { owner, rule, search } of unkeyed) {
      for (const found of text.matchAll(search)) {
        const end = found.index + found[0].length;
        const verdict = rule.judge(text, found.index, end);
        if (verdict !== 'no') {
          hits.push({ owner, start: found.index, end, verdict, rule });
        }
      }
    }
    return hits.sort((a, b) => a.start - b.start);
  };
}
