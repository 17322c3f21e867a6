import { answerCounts, answerRow, projectScorer, type Judgement } from '../../server/domain/answer-rows.ts';
import { newId } from '../../server/domain/ids.ts';
import { storeScoredAnswers } from '../../server/domain/store-answers.ts';
import type { Store } from '../../server/store/index.ts';

/** An answer as a judge saw it: drift and the Brand Truth statements (texts) it named. */
export interface JudgedSpec {
  day: string;
  engine: string;
  prompt: string;
  /** The prompt's topic; null: none. */
  topicId?: string | null;
  text: string;
  drift: true | 'partial' | 'no' | null;
  reason?: string | null;
  statements?: string[];
  hour?: number;
}

let counter = 0;

/**
 * Stores answers with a judge's verdicts through the one storing path a run takes (scored as the project is now,
 * rows and counts made as the run makes them), and gives their ids in the order given.
 */
export async function storeJudged(store: Store, projectId: string, specs: readonly JudgedSpec[]) {
  const { score, competitorSet } = await projectScorer(store, projectId);
  const rows = [];
  const counts = [];
  for (const s of specs) {
    counter += 1;
    const scored = score({ text: s.text, sources: [] });
    const at = `${s.day}T${String(s.hour ?? 11).padStart(2, '0')}:00:${String(counter % 60).padStart(2, '0')}.${String(counter % 1000).padStart(3, '0')}Z`;
    const judged: Judgement = {
      sentiment: scored.sentiment,
      sentimentReason: 'judged',
      narrativeDrift: s.drift,
      narrativeDriftReason: s.drift === null ? null : (s.reason ?? `reason ${counter}`),
      driftStatements: s.statements ?? [],
    };
    const row = answerRow(
      scored,
      {
        id: newId('ans'),
        projectId,
        runId: null,
        importKey: `judged-${counter}-${newId('k')}`,
        promptId: null,
        promptText: s.prompt,
        topicId: s.topicId ?? null,
        engineId: s.engine,
        observedAt: at,
        createdAt: at,
        competitorSet,
        searchQueries: [],
      },
      judged,
    );
    rows.push(row);
    counts.push(answerCounts(row, scored, []));
  }
  await storeScoredAnswers(store, projectId, rows, counts);
  return rows.map((r) => r.id);
}
