import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import type { Services } from '../domain/context.ts';
import type { Plan } from '../domain/plans.ts';
import {
  createReportLink,
  linkCaller,
  listReportLinks,
  openReportLink,
  revokeReportLink,
  SHARE_PATH,
} from '../reports/links.ts';
import { getAccountBrand, updateAccountBrand } from '../reports/brand.ts';
import { sendDigest } from '../reports/digest-send.ts';
import { getReportDigest, updateReportDigest } from '../reports/digest-settings.ts';
import { buildReport } from '../reports/report.ts';
import { route } from '../http/route.ts';
import { sendReport } from './report-reply.ts';

/** The report and its share links (extensions of v1). */
export function reportRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.getReport, async ({ params, query }, req, reply) =>
    sendReport(
      s,
      req,
      reply,
      await buildReport(s, req.caller, params.projectId, query),
      query.format ?? 'json',
    ),
  );
  route(app, ops.createReportLink, async ({ params, body }, req, reply) => {
    reply.code(201);
    return createReportLink(s, req.caller, params.projectId, body);
  });
  route(app, ops.listReportLinks, async ({ params }, req) =>
    listReportLinks(s, req.caller, params.projectId),
  );
  route(app, ops.revokeReportLink, async ({ params }, req) =>
    revokeReportLink(s, req.caller, params.projectId, params.linkId),
  );
  route(app, ops.getReportDigest, async ({ params }, req) =>
    getReportDigest(s, req.caller, params.projectId),
  );
  route(app, ops.updateReportDigest, async ({ params, body }, req) =>
    updateReportDigest(s, req.caller, params.projectId, body),
  );
  route(app, ops.sendReportDigest, async ({ params, body }, req, reply) => {
    reply.code(202);
    return sendDigest(s, req.caller, params.projectId, body ?? {}, 'manual');
  });
  route(app, ops.getAccountBrand, async (_in, req) => getAccountBrand(s, req.caller));
  route(app, ops.updateAccountBrand, async ({ body }, req) => updateAccountBrand(s, req.caller, body));
}

/**
 * The public share page, outside /v1 and its keys: `/r/{token}` is the one report the link was made for, as HTML,
 * and `/r/{token}/pdf` the same as a PDF. The token opens nothing else; no query changes the period or project.
 */
export function reportShareRoutes(app: FastifyInstance, s: Services, plans: readonly Plan[]): void {
  const open = async (token: string) => {
    const link = await openReportLink(s, token);
    const caller = await linkCaller(s, plans, link);
    return { link, report: await buildReport(s, caller, link.projectId, { from: link.from, to: link.to }) };
  };
  app.get<{ Params: { token: string } }>(`${SHARE_PATH}/:token`, async (req, reply) => {
    const { report } = await open(req.params.token);
    return sendReport(s, req, reply, report, 'html', { pdfHref: `${SHARE_PATH}/${req.params.token}/pdf` });
  });
  app.get<{ Params: { token: string } }>(`${SHARE_PATH}/:token/pdf`, async (req, reply) => {
    const { report } = await open(req.params.token);
    return sendReport(s, req, reply, report, 'pdf', { pdfHref: '' });
  });
}
