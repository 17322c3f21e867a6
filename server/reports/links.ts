import { readableProject } from '../domain/access.ts';
import { hashKey } from '../domain/api-keys.ts';
import { callerActor, recordAudit } from '../domain/audit-log.ts';
import { isoDay } from '../domain/clock.ts';
import type { Caller, Services } from '../domain/context.ts';
import { resolveRange } from '../domain/date-range.ts';
import { AppError, invalid, notFound } from '../domain/errors.ts';
import { newId, randomAlnum } from '../domain/ids.ts';
import { findPlan, type Plan } from '../domain/plans.ts';
import type { ReportLinkRecord } from '../store/repositories/report-links.ts';

/** A link lives at most this long: long enough for a quarter's deck, short enough that a forgotten one ends. */
export const MAX_LINK_DAYS = 90;
/** Where a share link opens, outside /v1's key auth. */
export const SHARE_PATH = '/r';
/** Tokens are 43 letters and digits (~256 bits): guessing one is hopeless, so one fast hash keeps them at rest. */
const TOKEN_LENGTH = 43;
const TOKEN = /^[A-Za-z0-9]{43}$/;

export function linkResource(r: ReportLinkRecord, now: Date) {
  const status = r.revokedAt ? 'revoked' : r.expiresAt <= now.toISOString() ? 'expired' : 'active';
  return {
    id: r.id,
    from: r.from,
    to: r.to,
    expiresAt: r.expiresAt,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    revokedAt: r.revokedAt,
    status: status as 'active' | 'expired' | 'revoked',
  };
}

/** The public origin the service is reached at: its base address without /v1. */
export const originOf = (baseUrl: string) => baseUrl.replace(/\/v1\/?$/, '');

const urlOf = (s: Services, token: string) => `${originOf(s.baseUrl)}${SHARE_PATH}/${token}`;

/** `sealToken`: keep the token sealed beside its hash, for a digest to hand the same link out again. */
export async function createReportLink(
  s: Services,
  caller: Caller,
  projectId: string,
  input: { from: string; to: string; expiresAt: string },
  sealToken = false,
) {
  await readableProject(s, caller, projectId);
  const now = s.clock.now();
  for (const day of [input.from, input.to])
    if (isoDay(new Date(`${day}T00:00:00.000Z`)) !== day)
      throw invalid(`${day} is not a day of the calendar`);
  const range = resolveRange(input, now);
  const expires = new Date(input.expiresAt);
  if (Number.isNaN(expires.getTime())) throw invalid(`expiresAt: ${input.expiresAt} is not a time`);
  if (expires.getTime() <= now.getTime()) throw invalid('expiresAt: must be in the future');
  if (expires.getTime() > now.getTime() + MAX_LINK_DAYS * 86_400_000)
    throw invalid(`expiresAt: a link lives at most ${MAX_LINK_DAYS} days`);
  const token = randomAlnum(TOKEN_LENGTH);
  const record: ReportLinkRecord = {
    id: newId('rl_'),
    projectId,
    ...range,
    expiresAt: expires.toISOString(),
    createdAt: now.toISOString(),
    createdBy: callerActor(caller).label,
    revokedAt: null,
  };
  await s.store.transaction(async (tx) => {
    await tx.reportLinks.create(record, hashKey(token), sealToken ? s.secrets.seal(token) : null);
    await recordAudit(tx, s.clock, {
      accountId: caller.accountId,
      kind: 'report_link_created',
      actor: callerActor(caller),
      target: record.id,
      detail: { projectId, from: range.from, to: range.to, expiresAt: record.expiresAt },
    });
  });
  return { ...linkResource(record, now), url: urlOf(s, token) };
}

/**
 * The share link a digest of the period carries: the one a digest made for it before while it is live, so sending
 * the period again (or to a recipient added since) hands out the same link; else a new one for MAX_LINK_DAYS. A
 * token sealed under another key (a database moved without its key) cannot be handed out again: a new link then.
 */
export async function digestShareLink(
  s: Services,
  caller: Caller,
  projectId: string,
  range: { from: string; to: string },
) {
  const now = s.clock.now();
  const live = await s.store.reportLinks.liveDigestLink(projectId, range, now.toISOString());
  if (live) {
    try {
      return { ...linkResource(live.link, now), url: urlOf(s, s.secrets.open(live.tokenSealed)) };
    } catch {
      // Falls through to a new link.
    }
  }
  const expiresAt = new Date(now.getTime() + MAX_LINK_DAYS * 86_400_000).toISOString();
  return createReportLink(s, caller, projectId, { ...range, expiresAt }, true);
}

export async function listReportLinks(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  const now = s.clock.now();
  return { data: (await s.store.reportLinks.list(projectId)).map((r) => linkResource(r, now)) };
}

export async function revokeReportLink(s: Services, caller: Caller, projectId: string, linkId: string) {
  await readableProject(s, caller, projectId);
  const revoked = await s.store.transaction(async (tx) => {
    if (!(await tx.reportLinks.revoke(projectId, linkId, s.clock.now().toISOString()))) return false;
    await recordAudit(tx, s.clock, {
      accountId: caller.accountId,
      kind: 'report_link_revoked',
      actor: callerActor(caller),
      target: linkId,
      detail: { projectId },
    });
    return true;
  });
  if (!revoked && !(await s.store.reportLinks.get(projectId, linkId))) throw notFound('report link');
  return { deleted: revoked };
}

/**
 * The link a token opens, if it still opens: one project, one period. Every refusal is the same 404, so a token's
 * fate (never made, revoked, expired) is not told to whoever holds it.
 */
export async function openReportLink(s: Services, token: string): Promise<ReportLinkRecord> {
  const gone = () =>
    new AppError('not_found', 'This report link does not exist, has expired or was revoked.');
  if (!TOKEN.test(token)) throw gone();
  const link = await s.store.reportLinks.findByHash(hashKey(token));
  if (!link || link.revokedAt !== null || link.expiresAt <= s.clock.now().toISOString()) throw gone();
  return link;
}

/** Who reads through a link: nobody's key, only `visibility:read` on the link's one project. */
export async function linkCaller(
  s: Services,
  plans: readonly Plan[],
  link: ReportLinkRecord,
): Promise<Caller> {
  const project = await s.store.readProject(link.projectId);
  const account = project && (await s.store.accounts.get(project.accountId));
  const plan = account && findPlan(account.plan, plans);
  if (!project || !plan) throw notFound('report link');
  return {
    keyId: `report-link:${link.id}`,
    label: 'Report link',
    scopes: ['visibility:read'],
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
    accountId: project.accountId,
    plan,
    projectIds: [link.projectId],
  };
}
