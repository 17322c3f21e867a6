import { promptTextKey } from '../store/repositories/prompts.ts';
import type { DriftDelta } from '../store/repositories/drift-summaries.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/**
 * What newly stored answers add to the drift summaries: per day, engine, topic and Brand Truth statement named by a
 * drifting answer's verdict, the answers drifting fully and partly on it and the prompts behind them. Answers that
 * do not drift, or whose verdict names no statement, add nothing. The store adds its own rollups.
 */
export function driftDeltas(answers: Iterable<AnswerCounts>): DriftDelta[] {
  const rows = new Map<string, DriftDelta & { prompts: Set<string> }>();
  for (const a of answers) {
    if (a.drift === null || a.driftStatements.length === 0) continue;
    const promptKey = promptTextKey(a.promptText);
    for (const key of new Set(a.driftStatements)) {
      const k = `${a.date}\0${a.engineId}\0${a.topicId ?? ''}\0${key}`;
      let row = rows.get(k);
      if (!row) {
        const fresh = { date: a.date, engineId: a.engineId, topicId: a.topicId, key, drift: 0, partial: 0 };
        rows.set(k, (row = { ...fresh, prompts: new Set<string>() }));
      }
      if (a.drift === 'true') row.drift += 1;
      else row.partial += 1;
      row.prompts.add(promptKey);
    }
  }
  return [...rows.values()];
}
