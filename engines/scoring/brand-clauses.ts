/**
 * Which parts of an answer speak about the brand: the sentences that name it (DESIGN section 8), and inside
 * them only the clauses about the brand. A clause naming a competitor and not the brand ("…, while Foo is
 * buggy") belongs to that competitor, and a clause naming no one belongs to the name before it ("Acme is
 * fast but pricey"), or to the first name after it when it leads the sentence.
 */
import { BRAND, type Mention } from './mentions.ts';
import { sentenceEnd, sentenceStart } from './sentences.ts';

export interface Clause {
  start: number;
  end: number;
}

interface OwnedClause extends Clause {
  owner: number;
}

const CLAUSE_BREAK = /[,;:–—()]|\s(?:but|yet|while|whereas|although|though|however|unlike|except)\s/giu;

/** The clauses of the sentence text[from, to), each with the owner it is about. */
function clausesOf(text: string, from: number, to: number, names: readonly Mention[]): OwnedClause[] {
  const clauses: OwnedClause[] = [];
  let start = from;
  CLAUSE_BREAK.lastIndex = from;
  for (;;) {
    const cut = CLAUSE_BREAK.exec(text);
    const end = cut && cut.index < to ? cut.index : to;
    let owner = -1;
    for (const name of names) {
      if (name.start < start || name.start >= end) continue;
      if (name.owner === BRAND || owner === -1) owner = name.owner;
    }
    clauses.push({ start, end, owner });
    if (end === to || !cut) break;
    start = CLAUSE_BREAK.lastIndex;
  }
  let carried = clauses.find((c) => c.owner !== -1)?.owner ?? BRAND;
  for (const clause of clauses) {
    if (clause.owner === -1) clause.owner = carried;
    else carried = clause.owner;
  }
  return clauses;
}

/** The brand's clauses in text order, each sentence once; `mentions` are every owner's, in text order. */
export function brandClauses(maskedText: string, mentions: readonly Mention[]): Clause[] {
  const clauses: Clause[] = [];
  let scannedTo = -1;
  for (const mention of mentions) {
    if (mention.owner !== BRAND || mention.start < scannedTo) continue;
    const from = sentenceStart(maskedText, mention.start);
    // From the end of the name: a name may end in a stop of its own ("Lose It!", "HP Inc.").
    scannedTo = sentenceEnd(maskedText, mention.end);
    const names = mentions.filter((m) => m.start >= from && m.start < scannedTo);
    for (const clause of clausesOf(maskedText, from, scannedTo, names)) {
      if (clause.owner === BRAND) clauses.push({ start: clause.start, end: clause.end });
    }
  }
  return clauses;
}
