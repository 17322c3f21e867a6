/**
 * `npm run eval:scoring`: the scorer's figures on the labelled set (test/scoring-eval/set and fresh), for
 * the tuning part, the held-out part and the fresh batch, with a sentiment confusion matrix and the tuning
 * part's errors. `--errors all` also lists the other parts' errors (look at them only once the rules are
 * settled, and never tune on the fresh batch's); `--errors none` lists none.
 */
import { loadEvalSet } from './eval-set.ts';
import { evaluate, f1, headline, SENTIMENT_LABELS, type Figures } from './evaluate.ts';

const flag = process.argv.indexOf('--errors');
const show = flag === -1 ? 'tuning' : (process.argv[flag + 1] ?? 'tuning');
if (!['tuning', 'all', 'none'].includes(show)) {
  console.error('usage: npm run eval:scoring -- [--errors tuning|all|none]');
  process.exit(2);
}

const items = loadEvalSet();
const { parts, set, all, errors } = evaluate(items);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function report(name: string, figures: Figures): void {
  const brand = f1(figures.brand);
  const competitors = f1(figures.competitors);
  const h = headline(figures);
  console.log(`\n${name}: ${figures.items} answers`);
  console.log(
    `  brand mention     precision ${brand.precision.toFixed(3)}  recall ${brand.recall.toFixed(3)}  F1 ${brand.f1.toFixed(3)}`,
  );
  console.log(
    `  competitor mention precision ${competitors.precision.toFixed(3)}  recall ${competitors.recall.toFixed(3)}  F1 ${competitors.f1.toFixed(3)}`,
  );
  console.log(
    `  position          ${pct(h.position)} (${figures.positionRight}/${figures.positioned} answers naming the brand)`,
  );
  console.log(
    `  sentiment         ${pct(h.sentiment)} (${figures.sentimentRight}/${figures.judged} answers naming the brand)`,
  );
  console.log('  confusion (rows: label, columns: scored)');
  const short = SENTIMENT_LABELS.map((s) => s.slice(0, 8).padStart(9));
  console.log(`  ${''.padEnd(15)}${short.join('')}`);
  for (const label of SENTIMENT_LABELS) {
    const row = SENTIMENT_LABELS.map((s) => String(figures.confusion[label][s]).padStart(9)).join('');
    console.log(`  ${label.padEnd(15)}${row}`);
  }
}

console.log(
  `Scoring evaluation: ${items.length} labelled answers, ${new Set(items.map((i) => i.project)).size} brands`,
);
report('Tuning part', parts.tuning);
report('Held-out part', parts['held-out']);
report('Whole set (tuning and held-out parts, the targets)', set);
report('Fresh held-out batch (written after the rules were settled, never tuned on)', parts.fresh);
report('Everything (whole set and fresh batch)', all);

const listed = errors.filter((e) => show === 'all' || (show === 'tuning' && e.item.part === 'tuning'));
if (listed.length > 0) {
  console.log(`\nErrors (${show === 'all' ? 'every part' : 'tuning part'}): ${listed.length}`);
  for (const { item, problems, reason } of listed) {
    console.log(
      `- ${item.id} (${item.project.file}, ${item.engine}${item.part === 'tuning' ? '' : `, ${item.part}`}): ${problems.join('; ')}`,
    );
    console.log(`    label: ${item.sentiment}: ${item.why}`);
    console.log(`    scorer: ${reason}`);
  }
}
