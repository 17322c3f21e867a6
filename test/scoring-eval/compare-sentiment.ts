/**
 * `npm run eval:sentiment-libraries`: how general-purpose sentiment analysers (VADER, wink-sentiment, AFINN
 * through `sentiment`) do on the labelled set, against the scorer's own product-judgement lexicon, reading
 * the same clauses: those about the brand in the sentences naming it (brand-clauses.ts), with every name
 * replaced by "it" so a brand called "Wise" is not read as praise. Also their cost per clause. The tuning
 * part only, unless `--held-out` or `--fresh`.
 */
import vader from 'vader-sentiment';
import winkSentiment from 'wink-sentiment';
import Sentiment from 'sentiment';
import { brandClauses } from '../../engines/scoring/brand-clauses.ts';
import { maskLinks } from '../../engines/scoring/links.ts';
import { BRAND, createMentionFinder, type MentionFinder } from '../../engines/scoring/mentions.ts';
import { scoreSentiment } from '../../engines/scoring/sentiment.ts';
import type { Sentiment as Label } from '../../engines/scoring/index.ts';
import { loadEvalSet, type EvalProject, type Part } from './eval-set.ts';

const afinn = new Sentiment();
/** Each analyser's score of a clause: above zero positive, below negative (VADER's own ±0.05 threshold). */
const ANALYSERS: Record<string, (clause: string) => number> = {
  VADER: (clause) => {
    const { compound } = vader.SentimentIntensityAnalyzer.polarity_scores(clause);
    return Math.abs(compound) < 0.05 ? 0 : compound;
  },
  'wink-sentiment': (clause) => winkSentiment(clause).normalizedScore,
  'AFINN (sentiment)': (clause) => afinn.analyze(clause).score,
};

const part: Part = process.argv.includes('--held-out')
  ? 'held-out'
  : process.argv.includes('--fresh')
    ? 'fresh'
    : 'tuning';
const items = loadEvalSet().filter((item) => item.part === part && item.sentiment !== 'not-applicable');
const finders = new Map<EvalProject, MentionFinder>();
const right: Record<string, number> = { 'own lexicon': 0 };
const micros: Record<string, number> = {};
let clauseCount = 0;

for (const item of items) {
  let find = finders.get(item.project);
  if (!find) {
    find = createMentionFinder(item.project.brand, item.project.competitors);
    finders.set(item.project, find);
  }
  const masked = maskLinks(item.text.normalize('NFC'));
  const { mentions } = find(masked);
  if (scoreSentiment(masked, mentions, item.project.brand.name).sentiment === item.sentiment)
    right['own lexicon']!++;
  if (!mentions.some((m) => m.owner === BRAND)) continue;
  const clauses = brandClauses(masked, mentions).map(({ start, end }) => {
    let clause = masked.slice(start, end);
    for (const m of mentions.filter((m) => m.start >= start && m.end <= end).reverse()) {
      clause = `${clause.slice(0, m.start - start)}it${clause.slice(m.end - start)}`;
    }
    return clause;
  });
  clauseCount += clauses.length;
  for (const [name, analyse] of Object.entries(ANALYSERS)) {
    const started = performance.now();
    const scores = clauses.map(analyse);
    micros[name] = (micros[name] ?? 0) + (performance.now() - started) * 1000;
    const positive = scores.some((s) => s > 0);
    const negative = scores.some((s) => s < 0);
    const label: Label =
      positive && negative ? 'mixed' : positive ? 'positive' : negative ? 'negative' : 'neutral';
    if (label === item.sentiment) right[name] = (right[name] ?? 0) + 1;
  }
}

console.log(`Part ${part}: ${items.length} answers naming the brand, ${clauseCount} brand clauses`);
console.log('| analyser | sentiment accuracy | µs per clause |');
console.log('|---|---|---|');
for (const name of Object.keys(right)) {
  const cost = micros[name] === undefined ? 'see npm run bench' : (micros[name]! / clauseCount).toFixed(1);
  console.log(`| ${name} | ${((100 * right[name]!) / items.length).toFixed(1)} % | ${cost} |`);
}
