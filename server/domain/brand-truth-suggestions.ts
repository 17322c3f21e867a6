/**
 * Brand Truth suggestions (issue 22): facts the brand's site states about it, from the last completed crawl, offered
 * to the owner. Nothing is applied by itself: accepting is a Brand Truth update the owner makes (the statement
 * added, as given or edited), dismissing hides it; both are kept by suggestion id, so they outlive the crawl.
 */
import { brandPageRole, type BrandPageRole, type SitePage } from '../contract/site-crawl.ts';
import type { Repositories } from '../store/index.ts';
import { fromJson } from '../store/json.ts';
import type { SiteCrawlRow } from '../store/repositories/site-crawls.ts';
import { readableProject } from './access.ts';
import { checkBrandTruthStatements, dedupeKey } from './brand-truth.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';
import { cachedRead } from './read-cache.ts';
import type { CrawlSummary } from './site-reads.ts';
import { factSuggestions, type BrandPage, type FactSuggestion } from './site-facts.ts';

export type SuggestionStatus = 'suggested' | 'in_brand_truth' | 'dismissed';

type Store = Pick<Repositories, 'siteCrawls' | 'brandTruths'>;
const ROLES: readonly BrandPageRole[] = ['home', 'pricing', 'about'];
const answered = (status: number | null) => status !== null && status >= 200 && status < 300;

/** The crawl's home, pricing and about pages that answered: per role the site's own URL, else the shortest. */
export async function brandPageUrls(store: Store, crawl: SiteCrawlRow): Promise<Map<BrandPageRole, string>> {
  const website = crawl.summary ? fromJson<CrawlSummary>(crawl.summary).websiteUrl : null;
  const picked = new Map<BrandPageRole, string>();
  const index = (await store.siteCrawls.pageIndex(crawl.id)).filter((p) => answered(p.status));
  const candidates = index
    .map((p) => ({ url: p.url, role: brandPageRole(p.url) }))
    .sort((a, b) => (a.url === website ? -1 : b.url === website ? 1 : a.url.length - b.url.length));
  for (const { url, role } of candidates) if (role && !picked.has(role)) picked.set(role, url);
  return picked;
}

/** The suggestions a crawl makes, in the order they are offered. */
export async function crawlSuggestions(store: Store, crawl: SiteCrawlRow): Promise<FactSuggestion[]> {
  const roles = await brandPageUrls(store, crawl);
  const [factRows, brandRows] = await Promise.all([
    store.siteCrawls.factPages(crawl.id),
    store.siteCrawls.brandPages(crawl.id, [...roles.values()]),
  ]);
  const byUrl = new Map(brandRows.map((r) => [r.url, r]));
  const brandPages: BrandPage[] = [];
  for (const role of ROLES) {
    const row = byUrl.get(roles.get(role) ?? '');
    if (!row) continue;
    const page = fromJson<SitePage>(row.page);
    const claims = row.claims ? fromJson<string[]>(row.claims) : [];
    brandPages.push({ url: row.url, role, title: page.title, description: page.description, claims });
  }
  const factPages = factRows.map((r) => ({ url: r.url, facts: fromJson<SitePage>(r.page).facts }));
  return factSuggestions(factPages, brandPages);
}

async function listSuggestions(store: Store, projectId: string) {
  const crawl = await store.siteCrawls.lastCompleted(projectId);
  const [suggestions, truth, decisions] = await Promise.all([
    crawl ? crawlSuggestions(store, crawl) : [],
    store.brandTruths.get(projectId),
    store.brandTruths.decisions(projectId),
  ]);
  const held = new Set((truth?.statements ?? []).map(dedupeKey));
  const data = suggestions.map((f) => {
    const decision = decisions.get(f.id);
    const inTruth =
      held.has(dedupeKey(f.text)) ||
      (decision?.decision === 'accepted' &&
        decision.statement !== null &&
        held.has(dedupeKey(decision.statement)));
    const status: SuggestionStatus = inTruth
      ? 'in_brand_truth'
      : decision?.decision === 'dismissed'
        ? 'dismissed'
        : 'suggested';
    return { ...f, status };
  });
  return {
    crawlId: crawl?.id ?? null,
    crawledAt: crawl?.finished_at ?? null,
    claimsJudgedAt: crawl?.claims_judged_at ?? null,
    data,
  };
}

/** GET brand-truth/suggestions: rendered once per generation of the project's data, with an ETag. */
export async function brandTruthSuggestions(s: Services, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  return cachedRead(s, project, ['brand-truth-suggestions'], () => listSuggestions(s.store, projectId));
}

/** The suggestion as the list shows it now, else 404. */
async function suggestion(s: Services, projectId: string, suggestionId: string) {
  const found = (await listSuggestions(s.store, projectId)).data.find((x) => x.id === suggestionId);
  if (!found) throw notFound('suggestion');
  return found;
}

/**
 * Adds the suggestion (or the owner's edit of it, `text`) to the Brand Truth as one more statement, under the same
 * rules as any Brand Truth update (one line, at most 500 characters, at most 100 statements); a statement the Brand
 * Truth already holds (case and spacing aside) is not added twice.
 */
export async function acceptSuggestion(
  s: Services,
  caller: Caller,
  projectId: string,
  suggestionId: string,
  text: string | undefined,
) {
  await readableProject(s, caller, projectId);
  const found = await suggestion(s, projectId, suggestionId);
  const [statement] = checkBrandTruthStatements([text ?? found.text]).statements as [string];
  const now = s.clock.now().toISOString();
  await s.store.transaction(async (tx) => {
    await tx.projects.lock(projectId);
    const held = (await tx.brandTruths.get(projectId))?.statements ?? [];
    if (!held.some((h) => dedupeKey(h) === dedupeKey(statement))) {
      const checked = checkBrandTruthStatements([...held, statement]);
      await tx.brandTruths.set(projectId, checked.statements, now);
    }
    await tx.brandTruths.decide(projectId, { suggestionId, decision: 'accepted', statement, decidedAt: now });
  });
  return { ...found, status: 'in_brand_truth' as const, statement };
}

/** Hides the suggestion from the ones offered; the Brand Truth is not touched. */
export async function dismissSuggestion(
  s: Services,
  caller: Caller,
  projectId: string,
  suggestionId: string,
) {
  await readableProject(s, caller, projectId);
  const found = await suggestion(s, projectId, suggestionId);
  const now = s.clock.now().toISOString();
  await s.store.brandTruths.decide(projectId, {
    suggestionId,
    decision: 'dismissed',
    statement: null,
    decidedAt: now,
  });
  return { ...found, status: found.status === 'in_brand_truth' ? found.status : ('dismissed' as const) };
}
