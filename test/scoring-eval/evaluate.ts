/**
 * Scores every item of the evaluation set with the real scorer (createScorer, one per project as the
 * service builds them) and compares the results with the labels.
 */
import { createScorer, type AnswerScorer, type Sentiment } from '../../engines/scoring/index.ts';
import type { EvalItem, EvalProject, Part } from './eval-set.ts';

export const SENTIMENT_LABELS: readonly Sentiment[] = [
  'positive',
  'mixed',
  'neutral',
  'negative',
  'not-applicable',
];

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Figures {
  items: number;
  brand: Counts;
  competitors: Counts;
  /** Items whose label names the brand, and how many of them got the right position. */
  positioned: number;
  positionRight: number;
  /** Items whose label names the brand (four sentiment labels), and how many got the right sentiment. */
  judged: number;
  sentimentRight: number;
  /** confusion[label][predicted], over every item. */
  confusion: Record<Sentiment, Record<Sentiment, number>>;
}

export interface ItemError {
  item: EvalItem;
  problems: string[];
  reason: string;
}

export interface Evaluation {
  parts: Record<Part, Figures>;
  /** The labelled set the targets are stated for: the tuning and held-out parts (`set/`). */
  set: Figures;
  /** Every part, the fresh batch too. */
  all: Figures;
  errors: ItemError[];
}

function emptyFigures(): Figures {
  const row = () => Object.fromEntries(SENTIMENT_LABELS.map((s) => [s, 0])) as Record<Sentiment, number>;
  return {
    items: 0,
    brand: { tp: 0, fp: 0, fn: 0 },
    competitors: { tp: 0, fp: 0, fn: 0 },
    positioned: 0,
    positionRight: 0,
    judged: 0,
    sentimentRight: 0,
    confusion: Object.fromEntries(SENTIMENT_LABELS.map((s) => [s, row()])) as Figures['confusion'],
  };
}

function count(counts: Counts, expected: boolean, got: boolean): void {
  if (expected && got) counts.tp++;
  else if (got) counts.fp++;
  else if (expected) counts.fn++;
}

export function f1({ tp, fp, fn }: Counts): { precision: number; recall: number; f1: number } {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

export function evaluate(items: readonly EvalItem[]): Evaluation {
  const scorers = new Map<EvalProject, AnswerScorer>();
  const parts: Record<Part, Figures> = {
    tuning: emptyFigures(),
    'held-out': emptyFigures(),
    fresh: emptyFigures(),
  };
  const set = emptyFigures();
  const all = emptyFigures();
  const errors: ItemError[] = [];
  for (const item of items) {
    const { project } = item;
    let scorer = scorers.get(project);
    if (!scorer) {
      scorer = createScorer(project.brand, project.competitors);
      scorers.set(project, scorer);
    }
    const result = scorer({ text: item.text, sources: item.sources });
    const counted = item.part === 'fresh' ? [parts.fresh, all] : [parts[item.part], set, all];
    const problems: string[] = [];
    const brandName = project.brand.name;
    const named = item.order.includes(brandName);
    const position = item.order.indexOf(brandName) + 1;
    for (const figures of counted) {
      figures.items++;
      count(figures.brand, named, result.mentioned);
      for (const competitor of result.competitors) {
        count(figures.competitors, item.order.includes(competitor.name), competitor.mentioned);
      }
      if (named) {
        figures.positioned++;
        if (result.position === position) figures.positionRight++;
        figures.judged++;
        if (result.sentiment === item.sentiment) figures.sentimentRight++;
      }
      figures.confusion[item.sentiment][result.sentiment]++;
    }

    if (named !== result.mentioned) problems.push(named ? 'brand missed' : 'brand counted but not named');
    for (const competitor of result.competitors) {
      const expected = item.order.includes(competitor.name);
      if (expected !== competitor.mentioned) {
        problems.push(`${competitor.name} ${expected ? 'missed' : 'counted but not named'}`);
      }
    }
    if (named && result.position !== position)
      problems.push(`position ${result.position} instead of ${position}`);
    if (result.sentiment !== item.sentiment)
      problems.push(`sentiment ${result.sentiment} instead of ${item.sentiment}`);
    if (problems.length > 0) errors.push({ item, problems, reason: result.sentimentReason });
  }
  return { parts, set, all, errors };
}

/** The headline figures of one part, as fractions. */
export function headline(figures: Figures) {
  return {
    mentionF1: f1(figures.brand).f1,
    competitorF1: f1(figures.competitors).f1,
    position: figures.positioned === 0 ? 1 : figures.positionRight / figures.positioned,
    sentiment: figures.judged === 0 ? 1 : figures.sentimentRight / figures.judged,
  };
}
