import { ALL } from '../../store/repositories/source-summaries.ts';
import { statementKey } from '../statement-key.ts';
import {
  actionId,
  fingerprint,
  magnitude,
  NO_EVIDENCE,
  plural,
  stringList,
  type ActionDraft,
} from './action.ts';
import { groupBy, type ActionScope } from './scope.ts';

/** Answers "keep" contradicting a statement from this many on: one drifting answer is no pattern yet. */
export const MIN_DRIFT_ANSWERS = 2;

/**
 * fix-narrative: a statement of the project's Brand Truth as it is now that at least MIN_DRIFT_ANSWERS answers in
 * the range contradicted (the judge's drift `true`) or partly misstated (`partial`), naming it. The figures are kept
 * under the statement's normalised text, so an edited statement starts afresh and a deleted one gives no action.
 */
export async function fixNarrativeActions(c: ActionScope): Promise<ActionDraft[]> {
  const truth = await c.s.store.brandTruths.get(c.projectId);
  if (!truth || truth.statements.length === 0) return [];
  const statements = new Map(truth.statements.map((text) => [statementKey(text), text]));
  const rows = await c.s.store.driftSummaries.details(
    { projectId: c.projectId, engineIds: c.engineIds, topicId: c.topicId ?? ALL, ...c.range },
    [...statements.keys()],
  );
  const out: ActionDraft[] = [];
  for (const [key, list] of groupBy(rows, (r) => r.key)) {
    const engines = new Map<string, number>();
    const prompts = new Set<number>();
    let drift = 0;
    let partial = 0;
    for (const r of list) {
      engines.set(r.engineId, (engines.get(r.engineId) ?? 0) + r.drift + r.partial);
      drift += r.drift;
      partial += r.partial;
      for (const n of r.prompts) prompts.add(n);
    }
    const answers = drift + partial;
    if (answers < MIN_DRIFT_ANSWERS) continue;
    const statement = statements.get(key)!;
    const perEngine = [...engines]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([engineId, n]) => ({ engineId, answers: n, mentioned: n }));
    out.push({
      id: actionId('fix-narrative', key),
      kind: 'fix-narrative',
      title: `Answers keep contradicting “${statement}”: ${plural(answers, 'answer')} on ${plural(engines.size, 'engine')} said otherwise`,
      reach: { answers, prompts: prompts.size, engines: engines.size },
      evidence: { ...NO_EVIDENCE, answers, statement, drift, partial, engines: perEngine },
      fingerprint: fingerprint([magnitude(answers), ...engines.keys()].sort()),
      examples: {
        filter: { engineIds: c.engineIds ?? null, topicId: c.topicId ?? null, driftStatement: key },
        accepts: (a) => stringList(a.driftStatements).includes(key),
      },
    });
  }
  return out;
}
