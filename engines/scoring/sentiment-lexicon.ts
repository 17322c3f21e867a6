/**
 * Opinion words for the offline sentiment scorer: English, lower case, a few dozen a side, chosen for how
 * answer engines describe products ("reliable", "steep learning curve"). A multi-word entry matches
 * those words in a row; hyphenated entries are one word. Words that are neutral in product round-ups
 * ("top", "free", "new") stay out on purpose.
 */

/** A comma-separated list: entries may hold spaces. */
function terms(list: string): string[] {
  return list
    .split(',')
    .map((term) => term.trim().replace(/\s+/g, ' '))
    .filter((term) => term !== '');
}

export const POSITIVE_TERMS: readonly string[] = terms(`
  accurate, affordable, award-winning, best, best-in-class, cost-effective, dependable, easy,
  easy to use, easy-to-use, effective, efficient, excellent, excels, exceptional, fast, favorite, favourite,
  flexible, generous, good, good value, great, helpful, ideal, impressive, innovative, intuitive,
  leading, love, loved, outstanding, polished, popular, powerful, praised, recommended, reliable,
  responsive, robust, scalable, seamless, secure, solid, stable, standout, strong, superb, superior,
  top-rated, trusted, user-friendly, value for money, versatile, well-documented, well-regarded
`);

export const NEGATIVE_TERMS: readonly string[] = terms(`
  awful, bad, breach, buggy, clunky, complaints, complicated, confusing, controversial, costly, crashes,
  criticised, criticized, cumbersome, dated, difficult, difficult to use, disappointing, downside,
  downsides, downtime, drawback, drawbacks, expensive, frustrating, glitchy, hard to use, hidden fees,
  inconsistent, inferior, insecure, lacking, lacks, laggy, lawsuit, limited, mediocre, outage, outages,
  outdated, overpriced, poor, pricey, problematic, restrictive, risky, scam, slow, steep learning curve,
  terrible, unreliable, unresponsive, unstable, vulnerability, vulnerable, weak, worst
`);

/** Words that flip the opinion word shortly after them ("not great", "isn't reliable", "never slow");
 * any word ending in "n't" negates as well. */
export const NEGATORS: ReadonlySet<string> = new Set('not no never nor cannot hardly barely'.split(' '));
