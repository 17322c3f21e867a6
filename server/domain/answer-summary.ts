import type { z } from 'zod';
import type { AnswerSummary } from '../contract/extensions.ts';
import type { AnswerMatch, AnswerTally } from '../store/repositories/answers.ts';
import { noPromptCounts, type PromptCounts } from '../store/repositories/prompt-summaries.ts';
import { ALL } from '../store/repositories/source-summaries.ts';
import { readableProject } from './access.ts';
import { answerMatch, type AnswerFilterQuery } from './answers.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange, type DayRange } from './date-range.ts';
import { JsonText } from './json-text.ts';

/**
 * Whether summary rows hold this filter's counts exactly: a range, engines, and a topic (trend rows) or a prompt
 * (prompt rows). No summary row splits its answers by a run, by mention, citation, sentiment or position, by a
 * competitor named or by text, nor a prompt's answers by topic; those filters count the answers themselves.
 * The topic `*` names the trend rows of every topic, so only the answers can say which answers carry it.
 */
function summed(m: AnswerMatch): boolean {
  return (
    m.window !== null &&
    m.runId === undefined &&
    m.mentioned === undefined &&
    m.cited === undefined &&
    m.sentiment === undefined &&
    m.maxPosition === undefined &&
    m.competitor === undefined &&
    m.text === undefined &&
    (m.topicId === undefined || (m.promptId === undefined && m.topicId !== ALL))
  );
}

/** Counts of trend or prompt rows (the columns both have) as the tally a scan of the answers gives. */
function tallyOf(c: PromptCounts): AnswerTally {
  const sentiment = {
    positive: c.positive,
    mixed: c.mixed,
    neutral: c.neutral,
    negative: c.negative,
    'not-applicable': c.not_applicable,
    unscored: c.answers - c.positive - c.mixed - c.neutral - c.negative - c.not_applicable,
  };
  const { answers, mentioned, cited } = c;
  return { answers, mentioned, cited, positioned: c.pos_n, positionSum: c.pos_sum, sentiment };
}

/** The tally from the day and month summaries: at most days × engines rows, whatever the number of answers. */
async function summedTally(s: Services, m: AnswerMatch, range: DayRange): Promise<AnswerTally> {
  const engineIds = m.engineIds && m.engineIds.length > 0 ? m.engineIds : undefined;
  const scope = { projectId: m.projectId, ...range };
  if (m.promptId === undefined)
    return tallyOf(await s.store.trendSummaries.total({ ...scope, topicId: m.topicId ?? ALL, engineIds }));
  // A deleted prompt's rows stay (the prompt reads list current prompts), but its answers lost its id.
  if (!(await s.store.prompts.get(m.projectId, m.promptId))) return tallyOf(noPromptCounts());
  return tallyOf(
    await s.store.promptSummaries.total({ ...scope, engineIds: engineIds ?? [ALL] }, m.promptId),
  );
}

/** The response for a tally of the range (null: a run's answers). */
export function summaryBody(
  t: AnswerTally & { complete: boolean },
  range: DayRange | null,
): z.output<typeof AnswerSummary> {
  return {
    from: range?.from ?? null,
    to: range?.to ?? null,
    answers: t.answers,
    mentioned: t.mentioned,
    cited: t.cited,
    averagePosition: t.positioned > 0 ? t.positionSum / t.positioned : null,
    sentiment: {
      positive: t.sentiment.positive,
      mixed: t.sentiment.mixed,
      neutral: t.sentiment.neutral,
      negative: t.sentiment.negative,
      notApplicable: t.sentiment['not-applicable'],
      unscored: t.sentiment.unscored,
    },
    complete: t.complete,
  };
}

/**
 * Counts over the answers the list's filters match (an extension read): for totals, KPIs and exports. Summed from
 * the summary rows when they hold the filter (see `summed`), else counted over the range's answers; the rendered
 * body is kept in the read cache like an answers page either way.
 */
export async function answerSummary(s: Services, caller: Caller, projectId: string, q: AnswerFilterQuery) {
  const project = await readableProject(s, caller, projectId);
  const { match } = await answerMatch(s, projectId, q);
  const range = q.runId === undefined ? resolveRange(q, s.clock.now()) : null;
  const key = JSON.stringify(['answer-summary', match, range]);
  return s.reads.get(project, key, async () => {
    const t =
      range && summed(match)
        ? { ...(await summedTally(s, match, range)), complete: true }
        : await s.store.answers.tally(match);
    const body = summaryBody(t, range);
    return new JsonText<typeof body>(JSON.stringify(body));
  });
}
