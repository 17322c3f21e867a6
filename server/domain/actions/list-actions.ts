import type { ProjectAt } from '../../store/repositories/projects.ts';
import type { ActionStateRecord } from '../../store/repositories/action-states.ts';
import { readableProject } from '../access.ts';
import type { Caller, Services } from '../context.ts';
import { observedWindow, resolveRange } from '../date-range.ts';
import { checkEngineIds } from '../engine-filter.ts';
import { splitPage } from '../paging.ts';
import { cachedRead } from '../read-cache.ts';
import { sourceClassifier } from '../source-class.ts';
import { storedOverrides } from '../source-types/overrides.ts';
import { sourceTyper } from '../source-types/source-type.ts';
import type { ActionDraft, ActionView } from './action.ts';
import { citedOnActions } from './cited-on.ts';
import { coverQueryActions } from './cover-query.ts';
import { fixNarrativeActions } from './fix-narrative.ts';
import { compareRank, ranked, rankKey, type RankKey } from './rank.ts';
import type { ActionReader } from './scope.ts';
import { spreadPageActions } from './spread-page.ts';
import { winBackActions } from './win-back.ts';

export interface ActionFilters {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
}

export const MAX_EXAMPLES = 5;

/** Every action of the range and filters, ranked (rank.ts), without status or examples. */
export async function computeActions(
  s: ActionReader,
  project: Pick<ProjectAt, 'id' | 'name' | 'websiteUrl' | 'brandTerms' | 'brandDomains'>,
  q: ActionFilters,
  now: Date,
) {
  const range = resolveRange(q, now);
  const engineIds = checkEngineIds(q.engine);
  const [competitors, overrides] = await Promise.all([
    s.store.competitors.list(project.id),
    storedOverrides(s, project.id),
  ]);
  const scope = {
    s,
    projectId: project.id,
    range,
    engineIds,
    topicId: q.topicId,
    competitors,
    typer: sourceTyper(sourceClassifier(project, competitors), overrides),
  };
  const kinds = await Promise.all([
    winBackActions(scope),
    citedOnActions(scope),
    coverQueryActions(scope),
    spreadPageActions(scope),
    fixNarrativeActions(scope),
  ]);
  return { range, engineIds, actions: ranked(kinds.flat()) };
}

/** A stored decision holds while the evidence has the fingerprint it was taken on; otherwise the action is open. */
export function statusOf(a: ActionDraft, state: ActionStateRecord | undefined) {
  if (!state || state.fingerprint !== a.fingerprint)
    return { status: 'open' as const, statusChangedAt: null };
  return { status: state.status as 'done' | 'dismissed', statusChangedAt: state.updatedAt };
}

/**
 * An action as the API shows it: its status and up to MAX_EXAMPLES example answers of the range (for fix-narrative,
 * with the judge's reasons for them).
 */
export async function actionView(
  s: Services,
  project: ProjectAt,
  range: { from: string; to: string },
  a: ActionDraft,
  state: ActionStateRecord | undefined,
): Promise<ActionView> {
  const answerIds = await s.store.actionExamples.find(
    { projectId: project.id, ...observedWindow(range), ...a.examples.filter },
    a.examples.accepts,
    MAX_EXAMPLES,
  );
  const reasons =
    a.kind === 'fix-narrative' ? await s.store.driftingAnswers.reasons(project.id, answerIds) : [];
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    reach: a.reach,
    evidence: { ...a.evidence, answerIds, reasons },
    ...statusOf(a, state),
  };
}

/**
 * Ranked actions of the project: computed from the summaries once per generation of its data (a status set
 * changes the generation too), examples read for the page shown only, with the judge's stored summary if any.
 */
export async function listActions(
  s: Services,
  caller: Caller,
  projectId: string,
  q: ActionFilters & { cursor?: string; limit: number },
) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, engine: engineIds };
  const list = `actions:${projectId}`;
  const after = s.cursors.decode<RankKey>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const [{ actions }, states, summary] = await Promise.all([
      computeActions(s, project, q, s.clock.now()),
      s.store.actionStates.list(projectId),
      s.store.actionSummaries.get(projectId),
    ]);
    const start = after ? actions.findIndex((a) => compareRank(rankKey(a), after) > 0) : 0;
    const page = splitPage(start === -1 ? [] : actions.slice(start, start + limit + 1), limit, (a) =>
      s.cursors.encode(list, filters, rankKey(a)),
    );
    return {
      ...range,
      data: await Promise.all(page.data.map((a) => actionView(s, project, range, a, states.get(a.id)))),
      nextCursor: page.nextCursor,
      summary: summary
        ? { text: summary.text, model: summary.model, generatedAt: summary.generatedAt }
        : null,
    };
  });
}
