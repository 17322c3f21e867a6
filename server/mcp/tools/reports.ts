import { ops } from '../../contract/operations.ts';
import { buildReport } from '../../reports/report.ts';
import { McpReport, quoteReport } from '../quoted-report.ts';
import { argsOf, tool } from '../tool.ts';

/** The report (issue 27) as JSON, under the REST read's scope and rules. */
export const reportTools = [
  tool({
    name: 'get_report',
    title: 'Report of a period',
    description:
      'A period’s report (default the last full week): KPIs, trends, share of voice, prompts won and lost, sources, top actions, drift, AI crawlers and referrals; each says if it moved beyond noise.',
    scope: 'visibility:read',
    input: argsOf(ops.getReport.params, ops.getReport.query.omit({ format: true })),
    output: McpReport,
    run: async ({ s, caller }, { projectId, ...q }) =>
      quoteReport(JSON.parse((await buildReport(s, caller, projectId, q)).text)),
  }),
];
