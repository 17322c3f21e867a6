import { competitorKey } from '../../store/repositories/competitors.ts';
import type { PromptTotals } from '../../store/repositories/prompt-summaries.ts';
import { previousRange } from '../date-range.ts';
import {
  actionId,
  engineLabel,
  fingerprint,
  NO_EVIDENCE,
  plural,
  wordList,
  type ActionDraft,
} from './action.ts';
import { ENGINE_IDS, type ActionScope } from './scope.ts';

const pairKey = (promptId: string, engineId: string) => `${promptId}\0${engineId}`;

function byPair(totals: readonly PromptTotals[]) {
  return new Map(totals.map((t) => [pairKey(t.promptId, t.engineId ?? ''), t.counts]));
}

/**
 * win-back-prompt: a tracked prompt whose answers on an engine named the brand in the period before the range and
 * never in the range (with answers in both), while a tracked competitor was named there in both. One action per
 * prompt, over the engines it was lost on.
 */
export async function winBackActions(c: ActionScope): Promise<ActionDraft[]> {
  const prompts = await c.s.store.prompts.all(c.projectId, c.topicId);
  if (prompts.length === 0) return [];
  const scope = { projectId: c.projectId, engineIds: c.engineIds ?? ENGINE_IDS, ...c.range };
  const before = { ...scope, ...previousRange(c.range) };
  const [nowTotals, beforeTotals] = await Promise.all([
    c.s.store.promptSummaries.totals(scope, true),
    c.s.store.promptSummaries.totals(before, true),
  ]);
  const now = byPair(nowTotals);
  const then = byPair(beforeTotals);
  const lost = [...now].filter(
    ([k, n]) => n.answers > 0 && n.mentioned === 0 && (then.get(k)?.mentioned ?? 0) > 0,
  );
  if (lost.length === 0) return [];
  const promptIds = [...new Set(lost.map(([k]) => k.split('\0')[0]!))];
  const [nowRivals, beforeRivals] = await Promise.all([
    c.s.store.promptSummaries.competitors(scope, promptIds),
    c.s.store.promptSummaries.competitors(before, promptIds),
  ]);
  const named = (rows: typeof nowRivals) => {
    const out = new Map<string, Set<string>>();
    for (const r of rows) {
      const k = pairKey(r.promptId, r.engineId);
      const set = out.get(k) ?? new Set<string>();
      for (const [key, n] of Object.entries(r.competitors)) if (n > 0) set.add(key);
      out.set(k, set);
    }
    return out;
  };
  const namedNow = named(nowRivals);
  const namedBefore = named(beforeRivals);

  const out: ActionDraft[] = [];
  for (const prompt of prompts) {
    const engines = ENGINE_IDS.filter((e) => lost.some(([k]) => k === pairKey(prompt.id, e)));
    const staying = new Map<string, string[]>();
    for (const e of engines) {
      const k = pairKey(prompt.id, e);
      const names = c.competitors
        .filter(
          (r) =>
            namedNow.get(k)?.has(competitorKey(r.name)) && namedBefore.get(k)?.has(competitorKey(r.name)),
        )
        .map((r) => r.name);
      if (names.length > 0) staying.set(e, names);
    }
    const lostOn = engines.filter((e) => staying.has(e));
    if (lostOn.length === 0) continue;
    const nowOf = lostOn.map((e) => ({ engineId: e, ...now.get(pairKey(prompt.id, e))! }));
    const beforeOf = lostOn.map((e) => ({ engineId: e, ...then.get(pairKey(prompt.id, e))! }));
    const answers = nowOf.reduce((n, e) => n + e.answers, 0);
    const previous = beforeOf.reduce((n, e) => n + e.answers, 0);
    const mentionedBefore = beforeOf.reduce((n, e) => n + e.mentioned, 0);
    const competitors = c.competitors
      .map((r) => r.name)
      .filter((n) => lostOn.some((e) => staying.get(e)!.includes(n)));
    out.push({
      id: actionId('win-back-prompt', prompt.id),
      kind: 'win-back-prompt',
      title: `Win back “${prompt.text}” on ${wordList(lostOn.map(engineLabel))}: named in ${mentionedBefore} of ${plural(previous, 'answer')} the period before, in none of ${answers} now, while ${wordList(competitors)} stayed`,
      reach: { answers, prompts: 1, engines: lostOn.length },
      evidence: {
        ...NO_EVIDENCE,
        answers,
        promptId: prompt.id,
        promptText: prompt.text,
        competitors,
        engines: nowOf.map((e) => ({ engineId: e.engineId, answers: e.answers, mentioned: e.mentioned })),
        previous: beforeOf.map((e) => ({ engineId: e.engineId, answers: e.answers, mentioned: e.mentioned })),
      },
      fingerprint: fingerprint(lostOn),
      examples: {
        filter: { engineIds: lostOn, topicId: null, promptIds: [prompt.id] },
        accepts: (a) => !a.mentioned,
      },
    });
  }
  return out;
}
