import { AccountBrand, AccountBrandUpdate } from '../account-brand.ts';
import { DateRangeQuery, list, ResourceId } from '../common.ts';
import { Deleted, ok, projectPath, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { ReportDigest, ReportDigestSend, ReportDigestSent, ReportDigestUpdate } from '../report-digests.ts';
import { Report, ReportFormat, ReportLink, ReportLinkCreate, ReportLinkWithUrl } from '../reports.ts';

/** Reports (issue 27): extensions of v1 beyond the contract. */

const ReportLinkId = ResourceId.describe('A report link id, as listed').meta({
  examples: ['rl_9f3kQ2Lm8Tx4Wb7Nc1Pd'],
});

/** The report's other renderings, besides its JSON. */
export const REPORT_MEDIA = {
  'text/html': {
    description: 'A printable page in the web UI’s look, readable without script (format=html)',
    example:
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme: report 2026-06-08 to 2026-06-14</title></head><body><main>…</main></body></html>',
  },
  'application/pdf': {
    description: 'The same page as a PDF, rendered by Chromium (format=pdf)',
    example: '%PDF-1.4 …',
  },
};

export const reportOps = {
  getReport: {
    operationId: 'getReport',
    method: 'GET',
    path: '/projects/{projectId}/report',
    tag: 'Reports',
    extension: true,
    summary:
      'The report of a period: KPIs, trends, share of voice, prompts won and lost, sources, actions, drift, traffic',
    description:
      "One report of the project for a period, built from the same reads as the API's insights, so every figure is the one those reads give for the period: the KPI tiles with their 95 % intervals and change against the period of the same length before, mention and citation rate per engine, share of voice, the prompts won and lost, the sources most cited and the gaps, the top actions (the actions read's first five), the answers drifting from the Brand Truth, and AI crawler hits and visits from AI answers (stats/crawlers and stats/referrals; a project without imported logs says so, `imported: false`). Each part says in words what changed and whether it is beyond the noise (both periods' figures outside each other's 95 % interval; for hits and visits a Poisson interval of the count; for actions, the mention rate on the engines a won-back prompt was lost on). Without `from` and `to` the period is the last full week (Monday to Sunday) in the project's time zone; at most 366 days (400 `range_too_wide`). `format=html` answers a printable page without script, `format=pdf` a PDF; the ETag holds for every format.",
    scope: 'visibility:read',
    params: projectPath,
    query: DateRangeQuery.extend({ format: ReportFormat.optional() }),
    responses: {
      200: { description: 'OK', schema: Report, headers: ['ETag'], media: REPORT_MEDIA },
      304: { description: 'Not modified', schema: null, headers: ['ETag'] },
    },
    errors: [400, 404],
  },
  createReportLink: {
    operationId: 'createReportLink',
    method: 'POST',
    path: '/projects/{projectId}/report-links',
    tag: 'Reports',
    extension: true,
    summary: 'Share one period’s report read-only through a link; the link is shown only in this response',
    description:
      'The link opens that one report (HTML, with a PDF download) without signing in, until it expires (at most 90 days) or is revoked. Its token reaches nothing else: no other period, project or API call. Only a hash of the token is stored.',
    scope: 'tracking:write',
    params: projectPath,
    body: ReportLinkCreate,
    responses: { 201: { description: 'Created', schema: ReportLinkWithUrl } },
  },
  listReportLinks: {
    operationId: 'listReportLinks',
    method: 'GET',
    path: '/projects/{projectId}/report-links',
    tag: 'Reports',
    extension: true,
    summary: "The project's report links, newest first, without their tokens",
    scope: 'visibility:read',
    params: projectPath,
    responses: { 200: { description: 'OK', schema: list(ReportLink).meta({ id: 'ReportLinkList' }) } },
  },
  revokeReportLink: {
    operationId: 'revokeReportLink',
    method: 'DELETE',
    path: '/projects/{projectId}/report-links/{linkId}',
    tag: 'Reports',
    extension: true,
    summary: 'Revoke a report link: it stops working at once',
    scope: 'tracking:write',
    params: withId('linkId', ReportLinkId),
    responses: { 200: { description: 'OK', schema: Deleted } },
  },
  getAccountBrand: {
    operationId: 'getAccountBrand',
    method: 'GET',
    path: '/account/brand',
    tag: 'Reports',
    extension: true,
    summary: 'The name, logo and accent colour the account’s reports are shown under',
    scope: 'visibility:read',
    responses: ok(AccountBrand),
  },
  updateAccountBrand: {
    operationId: 'updateAccountBrand',
    method: 'PUT',
    path: '/account/brand',
    tag: 'Reports',
    extension: true,
    summary: 'Set the name, logo (PNG or SVG, at most 200 KB) and accent colour of the account’s reports',
    description:
      'By the account’s owner and admins, signed in; others and every API key get 403 `insufficient_scope`. What is left out stays, null clears it. A PNG must be a PNG; an SVG is sanitised before it is kept: only drawing elements and attributes stay (no script, event handlers, foreign objects, styles or links outside the file), and one that is not an SVG, or is empty once sanitised, is 400 `invalid_parameter`. Reports and share pages show the logo inline as an image.',
    scope: 'visibility:read',
    body: AccountBrandUpdate,
    responses: ok(AccountBrand),
  },
  getReportDigest: {
    operationId: 'getReportDigest',
    method: 'GET',
    path: '/projects/{projectId}/report-digest',
    tag: 'Reports',
    extension: true,
    summary: 'The project’s scheduled digest: weekly or monthly, and who receives it',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(ReportDigest),
  },
  updateReportDigest: {
    operationId: 'updateReportDigest',
    method: 'PUT',
    path: '/projects/{projectId}/report-digest',
    tag: 'Reports',
    extension: true,
    summary: 'Schedule the project’s report digest by e-mail and name its recipients',
    description:
      'Each digest is one mail per recipient through the service’s outbox (once per period and recipient across instances): the report as HTML with a plain-text part, its PDF attached, a share link of the period (expiring after 90 days) and an unsubscribe link that works without signing in. It goes out once the period’s runs have completed (none of the project still active), and queues the `report.ready` webhook event. Recipients are people of the account (by `personId` or their address) and extra addresses; only the owner, admins and API keys add or keep extra addresses (a member who sends a list with an extra address not already there gets 403 `insufficient_scope`). An unknown `personId` is 400 `invalid_parameter`. An address that unsubscribed stays skipped.',
    scope: 'tracking:write',
    params: projectPath,
    body: ReportDigestUpdate,
    responses: ok(ReportDigest),
  },
  sendReportDigest: {
    operationId: 'sendReportDigest',
    method: 'POST',
    path: '/projects/{projectId}/report-digest/send',
    tag: 'Reports',
    extension: true,
    summary: 'Send the digest of a period now, to the digest’s recipients',
    description:
      'Queues the digest of a period (default the last full week in the project’s time zone) in the service’s outbox at once, as `npx answerwatch reports send` does: one mail per recipient who did not unsubscribe, with the PDF, the period’s share link (the one a digest of the period made before while it lives) and an unsubscribe link, and the `report.ready` event. A period already sent to an address is not sent to it again (`queued: false`). Answers 202: the mails go out as the outbox sends them. A digest without recipients (or all unsubscribed) is 400 `invalid_parameter`, as is a period the reads refuse; over 366 days is 400 `range_too_wide`.',
    scope: 'tracking:write',
    params: projectPath,
    body: ReportDigestSend.optional(),
    responses: { 202: { description: 'Accepted: queued', schema: ReportDigestSent } },
    errors: [400, 404],
  },
} satisfies Record<string, Operation>;
