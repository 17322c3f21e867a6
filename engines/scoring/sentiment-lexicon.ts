/**
 * Opinion words and phrases for the offline sentiment scorer, chosen for how answer engines judge products
 * (general-purpose lexicons such as AFINN or VADER's read "dropped support" as positive and "still lacks"
 * as neutral; see the README). Lower case; a multi-word entry matches those words in a row, `*` matching
 * any one word; hyphenated entries are one word. Words that are neutral in product round-ups ("top",
 * "free", "new", "popular": "popular tools include…" lists, it does not judge) stay out on purpose. Grouped by the family of judgement
 * each group reads.
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
  leading, love, loved, outstanding, polished, powerful, praised, recommended, reliable,
  responsive, robust, scalable, seamless, secure, solid, stable, standout, strong, superb, superior,
  top-rated, trusted, user-friendly, value for money, versatile, well-documented, well-regarded,

  beautiful, calm, calming, comforting, credible, durable, empathetic, expert, fantastic, friendly,
  gentle, gorgeous, impressively, legit, lightweight, natural, nicest, respectful, simple, simplest,
  sleek, smart, straightforward, supportive, thriving, transparent, trustworthy, unmatched, useful, varied,
  warm, world-class, lifesaver, game changer, worth it, smooth, natural-sounding, appreciate, appreciated,

  better, better value, cheaper, cheapest, easier, faster, fastest, stronger, strongest, more complete,

  recommend, recommends, competitors lack, others lack, rivals lack, praise, praises, shines, stands out, wins, loves, helps, helped, saved, trust,
  can't go wrong, hard to beat, no contest, right pick, best choice, in a league of its own,
  only * that, only * with, only * whose, only * i,

  beste, besten, günstig, günstige, günstiger, günstigste, hervorragend, hervorragende, zuverlässig,
  einfach, leicht, meilleur, meilleure, complète, complet, excellente, facile, fiable, rapide, mejor,
  completa, completo, económica, económicas, económico, excelente, fácil, rápido, melhor, prático, prática,
  confiável
`);

export const NEGATIVE_TERMS: readonly string[] = terms(`
  awful, bad, breach, buggy, clunky, complaints, complicated, confusing, controversial, costly, crashes,
  criticised, criticized, cumbersome, dated, difficult, difficult to use, disappointing, downside,
  downsides, downtime, drawback, drawbacks, expensive, frustrating, glitchy, hard to use, hidden fees,
  inconsistent, inferior, insecure, lacking, lacks, laggy, lawsuit, limited, mediocre, outage, outages,
  outdated, overpriced, poor, pricey, problematic, restrictive, risky, scam, slow, steep learning curve,

  terrible, unreliable, unresponsive, unstable, vulnerability, vulnerable, weak, worst,
  annoying, bland, bloated, bloatware, broken, clutter, cluttered, complain, complained, criticism,
  dim, disappointed, frustrated, hallucinates, inaccurate, inconvenient, intrusive, is loud, are loud, too loud,
  overheats, pricier, setback,
  shallow, sluggish, stale, stressful, throttles, washed out, weakness, worse, runs hot, gets hot,
  serious problem, hard to, harder to, slower, slowest, is basic,

  lack, doesn't support, does not support, don't support, no longer, dropped support,
  dropped the, dropped its, removed, discontinued, pulled, recalled, abandoned, froze, frozen, blocked,
  misdiagnosed, forgets, can't, cannot, doesn't offer, does not offer, no way, unavailable, fails, failing,
  repeats, overheating,

  teuer, langsam, kompliziert, schlecht, cher, chère, lent, lente, compliqué, caro, cara, lento, lenta,
  tardar, complicado
`);

/** Words that flip the opinion word shortly after them ("not great", "isn't reliable", "never slow",
 * "less reliable", "moins chère"); any word ending in "n't" negates as well. */
export const NEGATORS: ReadonlySet<string> = new Set(
  'not no never nor cannot hardly barely less nicht kein keine pas moins nunca não'.split(' '),
);
