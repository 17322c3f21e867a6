import { hash } from 'node:crypto';
import { readableProject } from '../domain/access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { JsonText } from '../domain/json-text.ts';
import type { PartInput, ReportBody, ReportParts } from './part.ts';
import { PARTS } from './parts/index.ts';
import { reportPeriod } from './period.ts';

export interface ReportQuery {
  from?: string;
  to?: string;
}

/** What the report is shown under: the account's own brand where it set one, else its name. */
export async function brandOf(s: Services, accountId: string) {
  const [account, brand] = await Promise.all([
    s.store.accounts.get(accountId),
    s.store.accountBrands.get(accountId),
  ]);
  return {
    name: brand?.name ?? account?.name ?? 'Answerwatch',
    accent: brand?.accent ?? null,
    logo: brand?.logo && brand.logoType ? { type: brand.logoType, base64: brand.logo } : null,
    updatedAt: brand?.updatedAt ?? '',
  };
}

/**
 * The report's ETag: a hash of all but `generatedAt`, so every instance (and every rebuild after the cache let the
 * body go) names the same report the same way, and a client's copy stays valid until a figure changes.
 */
function contentTag(body: ReportBody): string {
  const { generatedAt: _made, ...content } = body;
  return `"${hash('sha1', JSON.stringify(content), 'base64url')}"`;
}

async function buildParts(input: PartInput): Promise<ReportParts> {
  const keys = Object.keys(PARTS) as (keyof ReportParts)[];
  const built = await Promise.all(keys.map((k) => (PARTS[k] as (typeof PARTS)[typeof k]).build(input)));
  return Object.fromEntries(keys.map((k, i) => [k, built[i]])) as ReportParts;
}

/**
 * The report of one project and period, as the caller may read it: each part built from the same domain reads the
 * API serves, so a figure here is the figure there. Kept in the read cache while the project's data, the period and
 * the brand stay the same, so its ETag holds until something changes.
 */
export async function buildReport(
  s: Services,
  caller: Caller,
  projectId: string,
  q: ReportQuery,
): Promise<JsonText<ReportBody>> {
  const project = await readableProject(s, caller, projectId);
  const { range, previous } = reportPeriod(q, project.tracking.timezone, s.clock.now());
  const brand = await brandOf(s, project.accountId);
  const key = JSON.stringify(['report', range, brand.name, brand.updatedAt]);
  return s.reads.get(project, key, async () => {
    const [parts, incompleteDays] = await Promise.all([
      buildParts({ s, caller, projectId, range, previous }),
      s.store.summaries.pendingDays({ projectId, ...range }),
    ]);
    const body: ReportBody = {
      projectId,
      projectName: project.name,
      timezone: project.tracking.timezone,
      ...range,
      previous,
      generatedAt: s.clock.now().toISOString(),
      brand: { name: brand.name, accent: brand.accent, hasLogo: brand.logo !== null },
      incompleteDays,
      parts,
    };
    return new JsonText<ReportBody>(JSON.stringify(body), contentTag(body));
  });
}
