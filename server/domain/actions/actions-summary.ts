import type { ActionsSummarizer, SummaryAction } from '../../../engines/judge/index.ts';
import type { Store } from '../../store/index.ts';
import type { ActionDraft } from './action.ts';
import { TOP } from './actions-event.ts';
import { computeActions } from './list-actions.ts';

/** An action as the judge is given it: counts apart, every text it quotes (engine-derived or not) under `quoted`. */
export function summaryAction(a: ActionDraft, rank: number): SummaryAction {
  const { domain, url, query, promptText, statement, ...rest } = a.evidence;
  const figures = {
    answers: rest.answers,
    engines: rest.engines,
    sourceType: rest.sourceType,
    pageKind: rest.pageKind,
    rivalAnswers: rest.rivalAnswers,
    drift: rest.drift,
    partial: rest.partial,
    missingEngines: rest.missingEngines,
  };
  return {
    rank,
    kind: a.kind,
    reach: a.reach,
    figures,
    quoted: { title: a.title, domain, url, query, promptText, statement, competitors: rest.competitors },
  };
}

/**
 * After a run: when the top ten of the default list (the last 30 days, every engine and topic) is not the one the
 * stored summary was written for, the judge writes a new one and it is stored; the list shows it as it is, never
 * asking a model per request. No summary from the model keeps the one before (the next run tries again); no action
 * at all leaves no summary.
 */
export async function refreshActionsSummary(
  store: Store,
  summarizer: ActionsSummarizer,
  projectId: string,
  now: Date,
  signal?: AbortSignal,
): Promise<boolean> {
  const project = await store.projects.get(projectId);
  if (!project) return false;
  const { actions } = await computeActions({ store }, project, {}, now);
  const top = actions.slice(0, TOP);
  const ids = top.map((a) => a.id);
  const stored = await store.actionSummaries.get(projectId);
  if (stored && ids.length === stored.ids.length && ids.every((id, i) => id === stored.ids[i])) return false;
  // No action left: a summary of actions gone would mislead, so there is none.
  if (top.length === 0) return stored ? store.actionSummaries.clear(projectId) : false;
  const text = await summarizer.summarize({
    brand: project.name,
    actions: top.map((a, i) => summaryAction(a, i + 1)),
    signal,
  });
  if (text === null) return false;
  await store.actionSummaries.set(projectId, {
    ids,
    text,
    model: summarizer.modelId,
    generatedAt: now.toISOString(),
  });
  return true;
}
