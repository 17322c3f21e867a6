import { z } from 'zod';
import { Report } from '../contract/reports.ts';
import { UNTRUSTED } from './quoted-answers.ts';

/**
 * The report as the MCP tool gives it. Cited domains are written by the answer engines and the judge's reasons derive
 * from their answers, so they sit inside `quoted`, and so does the sources part's sentence, which names domains.
 */

const parts = Report.shape.parts.shape;
const sources = parts.sources.shape;
const drift = parts.drift.shape;
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
    },
  };
}
