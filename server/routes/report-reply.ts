import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonText } from '../domain/json-text.ts';
import { matches } from '../http/etag.ts';
import { brandOf } from '../reports/report.ts';
import type { ReportBody } from '../reports/part.ts';
import { renderReportPage } from '../reports/page.ts';
import { renderPdf } from '../reports/pdf.ts';
import type { Services } from '../domain/context.ts';

export type ReportFormat = 'json' | 'html' | 'pdf';

/**
 * Sends a report as the format asks. HTML and PDF carry the JSON's ETag with their format, so a PDF already held is
 * answered 304 before Chromium is started. `share` marks the public share page: no index, no referrer, no cache.
 */
export async function sendReport(
  s: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  report: JsonText<ReportBody>,
  format: ReportFormat,
  share?: { pdfHref: string },
): Promise<FastifyReply | JsonText<ReportBody>> {
  if (format === 'json') return report;
  const tag = `"${report.etag.slice(1, -1)}-${format}"`;
  reply
    .header('etag', tag)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer');
  reply.header('cache-control', share ? 'no-store' : 'private, no-cache');
  if (share) reply.header('x-robots-tag', 'noindex, nofollow');
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  const body = JSON.parse(report.text) as ReportBody;
  const brand = await brandOf(s, (await s.store.readProject(body.projectId))!.accountId);
  const page = renderReportPage(body, brand, share?.pdfHref);
  reply.header('content-security-policy', page.csp);
  if (format === 'html') return reply.type('text/html; charset=utf-8').send(page.html);
  const pdf = await renderPdf(page.html);
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="report-${body.from}-${body.to}.pdf"`)
    .send(pdf);
}
