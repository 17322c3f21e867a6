import { z } from 'zod';
import { Report } from '../contract/reports.ts';
import { UNTRUSTED } from './quoted-answers.ts';

/**
 * The report as the MCP tool gives it. Cited domains are written by the answer engines and the judge's reasons derive
 * from their answers, so they sit inside `quoted`, and so does the sources part's sentence, which names domains; so do
 * the actions' titles (they name cited sites, searches and prompts) and the landing pages of the site's logs.
 */

const parts = Report.shape.parts.shape;
const sources = parts.sources.shape;
const drift = parts.drift.shape;
const actions = parts.actions.shape;
const referrals = parts.traffic.shape.referrals.shape;
const Quoted = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape).describe(UNTRUSTED);

export const McpReport = Report.extend({
  parts: Report.shape.parts.extend({
    sources: parts.sources.omit({ summary: true }).extend({
      top: z.array(
        sources.top.element.omit({ domain: true }).extend({ quoted: Quoted({ domain: z.string() }) }),
      ),
      gaps: z.array(
        sources.gaps.element.omit({ domain: true }).extend({ quoted: Quoted({ domain: z.string() }) }),
      ),
      quoted: Quoted({ summary: z.string() }),
    }),
    drift: parts.drift.extend({
      latest: z.array(
        drift.latest.element
          .omit({ reason: true })
          .extend({ quoted: Quoted({ reason: z.string().nullable() }) }),
      ),
    }),
    actions: parts.actions.extend({
      data: z.array(
        actions.data.element.omit({ title: true }).extend({ quoted: Quoted({ title: z.string() }) }),
      ),
    }),
    traffic: parts.traffic.extend({
      referrals: parts.traffic.shape.referrals.extend({
        pages: z.array(
          referrals.pages.element.omit({ page: true }).extend({ quoted: Quoted({ page: z.string() }) }),
        ),
      }),
    }),
  }),
});

export function quoteReport(report: z.output<typeof Report>): z.input<typeof McpReport> {
  const { summary, top, gaps, ...sourceFigures } = report.parts.sources;
  return {
    ...report,
    parts: {
      ...report.parts,
      sources: {
        ...sourceFigures,
        top: top.map(({ domain, ...figures }) => ({ ...figures, quoted: { domain } })),
        gaps: gaps.map(({ domain, ...figures }) => ({ ...figures, quoted: { domain } })),
        quoted: { summary },
      },
      drift: {
        ...report.parts.drift,
        latest: report.parts.drift.latest.map(({ reason, ...rest }) => ({ ...rest, quoted: { reason } })),
      },
      actions: {
        ...report.parts.actions,
        data: report.parts.actions.data.map(({ title, ...rest }) => ({ ...rest, quoted: { title } })),
      },
      traffic: {
        ...report.parts.traffic,
        referrals: {
          ...report.parts.traffic.referrals,
          pages: report.parts.traffic.referrals.pages.map(({ page, ...rest }) => ({
            ...rest,
            quoted: { page },
          })),
        },
      },
    },
  };
}
