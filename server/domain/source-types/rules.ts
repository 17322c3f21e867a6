import { parse } from 'tldts';
import type { ListedType } from './listed.ts';

/** First labels of public suffixes that only public bodies and schools may register (`gov.uk`, `ac.jp`, `gouv.fr`). */
const PUBLIC_SECOND_LEVELS = new Set([
  'gov',
  'govt',
  'gob',
  'gouv',
  'go',
  'gv',
  'gub',
  'gc',
  'mil',
  'edu',
  'ac',
  'sch',
  'k12',
]);
/** Top-level domains of public bodies, schools, international bodies and non-profits. */
const PUBLIC_TOP_LEVELS = new Set(['gov', 'edu', 'mil', 'int', 'museum', 'ngo', 'ong']);

/**
 * The type a host's name alone tells, by its public suffix (the ICANN section of the Public Suffix List, through
 * tldts): `.gov`, `.edu`, `.mil`, `.int`, `.ngo` and second levels such as `.gov.uk`, `.ac.uk`, `.edu.au`,
 * `.gouv.fr`, `.go.jp` are institutional. Null when the name tells nothing.
 */
export function typeByRule(host: string): ListedType | null {
  const { publicSuffix, isIcann } = parse(host, { allowPrivateDomains: false });
  if (!publicSuffix || !isIcann) return null;
  const labels = publicSuffix.split('.');
  if (labels.length === 1) return PUBLIC_TOP_LEVELS.has(labels[0]!) ? 'institutional' : null;
  return PUBLIC_SECOND_LEVELS.has(labels[0]!) ? 'institutional' : null;
}
