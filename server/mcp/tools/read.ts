import { z } from 'zod';
import { ops } from '../../contract/operations.ts';
import { getAnswer, listAnswers } from '../../domain/answers.ts';
import { capabilities } from '../../domain/capabilities.ts';
import { listProjects } from '../../domain/projects.ts';
import { getRunRequest } from '../../domain/run-requests.ts';
import { listCompetitors, listPrompts } from '../../domain/setup.ts';
import { competitorShares, dailyStats } from '../../domain/stats.ts';
import { visibilitySummary } from '../../domain/visibility-summary.ts';
import { McpAnswer, McpAnswerDetail, quoteAnswer, quoteAnswerDetail } from '../quoted-answers.ts';
import { VisibilitySummary } from '../summary-schema.ts';
import { argsOf, engineArg, tool } from '../tool.ts';

const DailyStats = ops.getDailyStats.responses[200].schema;
const PAGED = 'Pass nextCursor back as cursor for the next page.';

/** Reads: every one needs visibility:read, which every key has. */
export const readTools = [
  tool({
    name: 'list_projects',
    title: 'List projects',
    description: `List the projects this key can read, newest first. ${PAGED}`,
    scope: 'visibility:read',
    input: ops.listProjects.query,
    output: ops.listProjects.responses[200].schema,
    run: ({ s, caller }, q) => listProjects(s, caller, q),
  }),
  tool({
    name: 'visibility_summary',
    title: 'Visibility summary',
    description:
      'Mention rate, citation rate, share of voice and average position of the brand over a date range (default the last 30 days), with each competitor and the change against the period before.',
    scope: 'visibility:read',
    input: argsOf(ops.getCompetitorStats.params, ops.getCompetitorStats.query).extend({
      engine: engineArg(),
    }),
    output: VisibilitySummary,
    run: ({ s, caller }, { projectId, ...q }) => visibilitySummary(s, caller, projectId, q),
  }),
  tool({
    name: 'search_answers',
    title: 'Search answers',
    description: `Stored engine answers, newest first, filtered by dates, engine, topic, prompt, run, mentioned or cited (engine text is under quoted). ${PAGED}`,
    scope: 'visibility:read',
    input: argsOf(ops.listAnswers.params, ops.listAnswers.query).extend({
      engine: engineArg(),
      mentioned: z
        .boolean()
        .optional()
        .describe('true: only answers that name the brand; false: only those that do not'),
      cited: z
        .boolean()
        .optional()
        .describe('true: only answers that cite a brand page; false: only those that do not'),
    }),
    output: z.strictObject({ data: z.array(McpAnswer), nextCursor: z.string().nullable() }),
    run: async ({ s, caller }, { projectId, ...q }) => {
      const rendered = await listAnswers(s, caller, projectId, q);
      const answers = JSON.parse(rendered.text) as z.output<
        (typeof ops.listAnswers.responses)[200]['schema']
      >;
      return { data: answers.data.map(quoteAnswer), nextCursor: answers.nextCursor };
    },
  }),
  tool({
    name: 'get_answer',
    title: 'Get one answer',
    description:
      'One stored answer in full: findings, competitors, and the full text and sources under quoted.',
    scope: 'visibility:read',
    input: ops.getAnswer.params,
    output: McpAnswerDetail,
    run: async ({ s, caller }, { projectId, answerId }) =>
      quoteAnswerDetail(await getAnswer(s, caller, projectId, answerId)),
  }),
  tool({
    name: 'daily_stats',
    title: 'Daily stats',
    description:
      'Answers, mentions and citations per day and engine over a date range (default the last 30 days).',
    scope: 'visibility:read',
    input: argsOf(ops.getDailyStats.params, ops.getDailyStats.query).extend({ engine: engineArg() }),
    output: DailyStats,
    run: async ({ s, caller }, { projectId, ...q }) =>
      JSON.parse((await dailyStats(s, caller, projectId, q)).text) as z.input<typeof DailyStats>,
  }),
  tool({
    name: 'competitor_stats',
    title: 'Competitor stats',
    description:
      'Mention and citation counts and rates of the brand and each tracked competitor over a date range.',
    scope: 'visibility:read',
    input: argsOf(ops.getCompetitorStats.params, ops.getCompetitorStats.query).extend({
      engine: engineArg(),
    }),
    output: ops.getCompetitorStats.responses[200].schema,
    run: ({ s, caller }, { projectId, ...q }) => competitorShares(s, caller, projectId, q),
  }),
  tool({
    name: 'list_prompts',
    title: 'List prompts',
    description: `The project's tracked prompts with their ids, topics and engines, newest first. ${PAGED}`,
    scope: 'visibility:read',
    input: argsOf(ops.listPrompts.params, ops.listPrompts.query),
    output: ops.listPrompts.responses[200].schema,
    run: ({ s, caller }, { projectId, ...q }) => listPrompts(s, caller, projectId, q),
  }),
  tool({
    name: 'list_competitors',
    title: 'List competitors',
    description: "The project's tracked competitors with their domains.",
    scope: 'visibility:read',
    input: ops.listCompetitors.params,
    output: ops.listCompetitors.responses[200].schema,
    run: ({ s, caller }, { projectId }) => listCompetitors(s, caller, projectId),
  }),
  tool({
    name: 'get_capabilities',
    title: 'Get capabilities',
    description:
      "What the project's plan allows (engines, cadences, limits, allowance), its tracking settings and run state.",
    scope: 'visibility:read',
    input: ops.getCapabilities.params,
    output: ops.getCapabilities.responses[200].schema,
    run: ({ s, caller }, { projectId }) => capabilities(s, caller, projectId),
  }),
  tool({
    name: 'get_run_request',
    title: 'Get run request',
    description:
      'The status of a run started with start_run: queued, running, completed or failed, with its run ids.',
    scope: 'visibility:read',
    input: ops.getRunRequest.params,
    output: ops.getRunRequest.responses[200].schema,
    run: ({ s, caller }, { projectId, requestId }) => getRunRequest(s, caller, projectId, requestId),
  }),
];
