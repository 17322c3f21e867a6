import { ENGINES, findEngine, isLocalFetch } from '../../engines/catalog.ts';
import type { PromptDayRow } from '../store/repositories/prompt-summaries.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { sourceClassifier } from './source-class.ts';

export interface SurfaceQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
}

/** Each engine that has both an API and a signed-in browser variant: `chatgpt` and `chatgpt-local-fetch`, … */
export const SURFACE_PAIRS = ENGINES.filter((e) => isLocalFetch(e.id))
  .map((e) => ({ api: e.id.slice(0, -'-local-fetch'.length), app: e.id }))
  .filter((p) => findEngine(p.api) !== undefined);

const TOP_SOURCES = 20;

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Agreement of two sides over answer pairs: each API answer with each app answer of the same prompt and day. */
class Agreement {
  both = 0;
  apiOnly = 0;
  appOnly = 0;
  neither = 0;
  add(apiYes: number, apiAll: number, appYes: number, appAll: number) {
    this.both += apiYes * appYes;
    this.apiOnly += apiYes * (appAll - appYes);
    this.appOnly += (apiAll - apiYes) * appYes;
    this.neither += (apiAll - apiYes) * (appAll - appYes);
  }
  result() {
    const pairs = this.both + this.apiOnly + this.appOnly + this.neither;
    return {
      agreement: rate(this.both + this.neither, pairs),
      both: this.both,
      apiOnly: this.apiOnly,
      appOnly: this.appOnly,
      neither: this.neither,
      apiRate: rate(this.both + this.apiOnly, pairs),
      appRate: rate(this.both + this.appOnly, pairs),
    };
  }
}

function comparePair(api: readonly PromptDayRow[], app: readonly PromptDayRow[]) {
  const apiBy = new Map(api.map((r) => [`${r.promptId}\0${r.date}`, r]));
  const mention = new Agreement();
  const citation = new Agreement();
  const prompts = new Set<string>();
  let pairedDays = 0;
  let answerPairs = 0;
  // Position over answer pairs where both name the brand: sums of each side weighted by the other side's count.
  let positionPairs = 0;
  let apiPositions = 0;
  let appPositions = 0;
  const apiOnly = new Map<string, number>();
  const appOnly = new Map<string, number>();
  for (const b of app) {
    const a = apiBy.get(`${b.promptId}\0${b.date}`);
    if (!a) continue;
    prompts.add(b.promptId);
    pairedDays += 1;
    answerPairs += a.counts.answers * b.counts.answers;
    mention.add(a.counts.mentioned, a.counts.answers, b.counts.mentioned, b.counts.answers);
    citation.add(a.counts.cited, a.counts.answers, b.counts.cited, b.counts.answers);
    positionPairs += a.counts.pos_n * b.counts.pos_n;
    apiPositions += a.counts.pos_sum * b.counts.pos_n;
    appPositions += b.counts.pos_sum * a.counts.pos_n;
    const appDomains = new Set(b.domains);
    const apiDomains = new Set(a.domains);
    for (const d of apiDomains) if (!appDomains.has(d)) apiOnly.set(d, (apiOnly.get(d) ?? 0) + 1);
    for (const d of appDomains) if (!apiDomains.has(d)) appOnly.set(d, (appOnly.get(d) ?? 0) + 1);
  }
  const apiAverage = positionPairs === 0 ? null : apiPositions / positionPairs;
  const appAverage = positionPairs === 0 ? null : appPositions / positionPairs;
  return {
    prompts: prompts.size,
    pairedDays,
    answerPairs,
    mention: mention.result(),
    citation: citation.result(),
    position: {
      pairs: positionPairs,
      apiAverage,
      appAverage,
      difference: apiAverage === null || appAverage === null ? null : appAverage - apiAverage,
    },
    apiOnly,
    appOnly,
  };
}

const top = (counts: ReadonlyMap<string, number>) =>
  [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_SOURCES);

/**
 * What the API says against what people see in the app: for each engine answered through both its API and its
 * local-fetch browser variant, the answers to the same tracked prompt on the same day, paired, from the prompt
 * summaries' day rows of the two engines.
 */
export async function surfaceStats(s: Services, caller: Caller, projectId: string, q: SurfaceQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const pairs = SURFACE_PAIRS.filter(
    (p) => !engineIds || engineIds.includes(p.api) || engineIds.includes(p.app),
  );
  const inTopic =
    q.topicId === undefined
      ? null
      : new Set((await s.store.prompts.all(projectId, q.topicId)).map((p) => p.id));
  const keep = (rows: PromptDayRow[]) => (inTopic ? rows.filter((r) => inTopic.has(r.promptId)) : rows);

  const appRows = keep(
    await s.store.promptSummaries.days({ projectId, engineIds: pairs.map((p) => p.app), ...range }),
  );
  const present = pairs.filter((p) => appRows.some((r) => r.engineId === p.app));
  const apiRows = keep(
    await s.store.promptSummaries.days({ projectId, engineIds: present.map((p) => p.api), ...range }),
  );
  const classify = sourceClassifier(project, await s.store.competitors.list(projectId));
  const sources = (counts: ReadonlyMap<string, number>) =>
    top(counts).map(([domain, promptDays]) => ({ domain, ...classify.domain(domain), promptDays }));

  const data = present
    .map((p) => ({
      pair: p,
      compared: comparePair(
        apiRows.filter((r) => r.engineId === p.api),
        appRows.filter((r) => r.engineId === p.app),
      ),
    }))
    .filter(({ compared }) => compared.pairedDays > 0)
    .map(({ pair, compared: { apiOnly, appOnly, ...figures } }) => ({
      apiEngineId: pair.api,
      appEngineId: pair.app,
      ...figures,
      sources: { apiOnly: sources(apiOnly), appOnly: sources(appOnly) },
    }));
  return { ...range, data };
}
