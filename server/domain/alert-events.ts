import { ALERT_EVENTS, type AlertEventName } from '../contract/alerts.ts';
import type { Repositories } from '../store/index.ts';
import type { RunRow } from '../store/repositories/runs.ts';
import type { WebhookRow } from '../store/repositories/webhooks.ts';
import { fromJson } from '../store/json.ts';
import { compareRuns, runFacts, type Comparison } from './alerts.ts';
import { addDays, daysInclusive } from './clock.ts';
import { MAX_RANGE_DAYS } from './date-range.ts';
import { newId } from './ids.ts';
import { StoredPlan } from './run-plan.ts';
import { sourceClassifier } from './source-class.ts';
import { queueDeliveries, type EventPayload } from './webhook-events.ts';
import { thresholdsOf, type Thresholds } from './webhooks.ts';

/** How far back a comparable run is looked for: runs are daily at most, so this is weeks of other runs. */
const LOOK_BACK = 50;
/** Citation items per event; `total` tells how many there were. */
const MAX_CITATIONS = 200;

/** The set of (prompt, engine) a run asks, in one string: two runs are comparable when theirs are equal. */
function askedOf(run: RunRow): string {
  return StoredPlan.parse(JSON.parse(run.plan))
    .flatMap((p) => p.engineIds.map((e) => `${p.promptId}\0${e}`))
    .sort()
    .join('\n');
}

/**
 * The previous comparable run: the latest earlier run of the same project that completed, ran on the same side
 * (the service's cloud engines, or the host computer) and asked the same prompts on the same engines.
 */
export async function previousComparableRun(tx: Repositories, run: RunRow): Promise<RunRow | null> {
  const asked = askedOf(run);
  const earlier = await tx.runs.completedBefore(run.project_id, run.mode, run.created_at, LOOK_BACK);
  return earlier.find((r) => r.id !== run.id && askedOf(r) === asked) ?? null;
}

/** The events one webhook gets from a comparison, its thresholds applied; each with the items that raised it. */
function eventsFor(
  webhook: WebhookRow,
  c: Comparison,
  t: Thresholds,
): [AlertEventName, Record<string, unknown>][] {
  const subscribed = new Set(fromJson<string[]>(webhook.events));
  const visibility = c.visibility
    .map((v) => ({
      ...v,
      threshold: v.metric === 'mentionRate' ? t.mentionRateChange : t.citationRateChange,
    }))
    .filter((v) => Math.abs(v.change) >= v.threshold);
  const citations = (list: Comparison['lost']) => ({
    citations: list.slice(0, MAX_CITATIONS),
    total: list.length,
  });
  const dropped = visibility.filter((v) => v.change < 0);
  const rose = visibility.filter((v) => v.change > 0);
  const overtakes = c.overtakes
    .filter((o) => o.current.competitorShare - o.current.brandShare > t.shareOfVoiceLead)
    .map((o) => ({ ...o, threshold: t.shareOfVoiceLead }));
  const candidates: [AlertEventName, number, Record<string, unknown>][] = [
    ['visibility.dropped', dropped.length, { changes: dropped }],
    ['visibility.rose', rose.length, { changes: rose }],
    ['citation.lost', c.lost.length, citations(c.lost)],
    ['citation.gained', c.gained.length, citations(c.gained)],
    ['competitor.overtook', overtakes.length, { overtakes }],
  ];
  return candidates
    .filter(([event, count]) => subscribed.has(event) && count > 0)
    .map(([event, , data]) => [event, data]);
}

/** Links to the reads over the days of the two runs (at most the widest range the reads take). */
function links(baseUrl: string, run: RunRow, previous: RunRow) {
  const project = `${baseUrl}/projects/${run.project_id}`;
  const to = (run.completed_at ?? run.created_at).slice(0, 10);
  const start = (previous.started_at ?? previous.created_at).slice(0, 10);
  const from = daysInclusive(start, to) > MAX_RANGE_DAYS ? addDays(to, 1 - MAX_RANGE_DAYS) : start;
  const range = `from=${from}&to=${to}`;
  return {
    answers: `${project}/answers?runId=${encodeURIComponent(run.id)}`,
    previousAnswers: `${project}/answers?runId=${encodeURIComponent(previous.id)}`,
    trends: `${project}/stats/trends?${range}`,
    prompts: `${project}/stats/prompts?${range}`,
    sources: `${project}/stats/sources?${range}&groupBy=url`,
  };
}

/**
 * The alert events of a completed run, queued in the transaction that ends it, so they are computed once and
 * kept by the outbox like run events: nothing happens unless a webhook subscribes to an alert event and a
 * previous comparable run exists. Each subscribed webhook gets its own events, filtered by its thresholds.
 */
export async function emitAlertEvents(
  tx: Repositories,
  run: RunRow,
  requestId: string | null,
  baseUrl: string,
  now: string,
): Promise<number> {
  const webhooks = await tx.webhooks.subscribers(run.project_id, ...ALERT_EVENTS);
  if (webhooks.length === 0) return 0;
  const previous = await previousComparableRun(tx, run);
  const project = await tx.projects.get(run.project_id);
  if (!previous || !project) return 0;
  const competitors = await tx.competitors.list(run.project_id);
  const classify = sourceClassifier(project, competitors);
  const isBrandPage = (url: string) => classify.url(url).class === 'own';
  const [before, after] = await Promise.all([tx.answers.ofRun(previous.id), tx.answers.ofRun(run.id)]);
  const setIds = [...new Set([...before, ...after].flatMap((a) => a.competitor_set ?? []))];
  const sets = await tx.competitorSets.get(run.project_id, setIds);
  const comparison = compareRuns(
    runFacts(before, sets, isBrandPage),
    runFacts(after, sets, isBrandPage),
    competitors,
  );
  const base = {
    projectId: run.project_id,
    runId: run.id,
    previousRunId: previous.id,
    requestId,
  };
  const linked = links(baseUrl, run, previous);
  let queued = 0;
  for (const webhook of webhooks) {
    for (const [event, items] of eventsFor(webhook, comparison, thresholdsOf(webhook))) {
      const payload: EventPayload = {
        id: newId('evt'),
        event,
        createdAt: now,
        data: { ...base, ...items, links: linked },
      };
      queued += (await queueDeliveries(tx.webhooks, [webhook], payload, now)).length;
    }
  }
  return queued;
}
