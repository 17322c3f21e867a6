import { hostOf } from '../../../engines/scoring/index.ts';
import { ALL } from '../../store/repositories/source-summaries.ts';
import { domainOfSource } from '../insight-deltas.ts';
import type { SourceTypeName } from '../source-types/listed.ts';
import { pageKindOf, type PageKindName } from '../source-types/page-kinds.ts';
import {
  actionId,
  fingerprint,
  magnitude,
  NO_EVIDENCE,
  plural,
  stringList,
  type ActionDraft,
} from './action.ts';
import { groupBy, perEngine, sourceDetails, type ActionScope } from './scope.ts';

/** A site or page needs this many answers naming a competitor before it is worth an action. */
export const MIN_RIVAL_ANSWERS = 2;

/** What to do about a site, by its type: what earns a place in the answers that cite that kind of site. */
function siteVerb(type: SourceTypeName, site: string): string {
  switch (type) {
    case 'review':
      return `Get reviewed on ${site}`;
    case 'ugc':
      return `Take part in the discussions on ${site}`;
    case 'reference':
      return `Correct or add your entry on ${site}`;
    case 'editorial':
      return `Pitch ${site} for coverage`;
    case 'institutional':
      return `Get listed on ${site}`;
    case 'corporate':
      return `Seek a mention or partnership on ${site}`;
    default:
      return `Get cited on ${site}`;
  }
}

/** Pages whose kind says what to ask for; other gap pages are covered by their site's action. */
const PAGE_VERBS: Partial<Record<PageKindName, (url: string) => string>> = {
  listicle: (url) => `Pitch inclusion in the list ${url}`,
  comparison: (url) => `Ask to be added to the comparison ${url}`,
};

/**
 * get-cited-on: the gaps of stats/sources (listed beside a tracked competitor's name in the range, never beside the
 * brand's), sites of class other and, apart, list and comparison pages; worded by the site's type or page's kind.
 */
export async function citedOnActions(c: ActionScope): Promise<ActionDraft[]> {
  const out: ActionDraft[] = [];
  for (const kind of ['d', 'u'] as const) {
    const totals = await c.s.store.sourceSummaries.totals({
      projectId: c.projectId,
      kind,
      engineIds: c.engineIds ?? [ALL],
      topicId: c.topicId ?? ALL,
      ...c.range,
    });
    const gaps = [...totals].filter(([key, t]) => {
      if (key === '' || t.rivalAnswers < MIN_RIVAL_ANSWERS || t.brandAnswers > 0) return false;
      if (kind === 'd') return c.typer.domain(key).class === 'other';
      return c.typer.url(key).class === 'other' && PAGE_VERBS[pageKindOf(key)] !== undefined;
    });
    const details = groupBy(
      await sourceDetails(
        c,
        kind,
        gaps.map(([key]) => key),
      ),
      (r) => r.key,
    );
    for (const [key, t] of gaps) {
      const engines = perEngine(details.get(key) ?? []);
      const prompts = new Set([...engines.values()].flatMap((e) => [...e.prompts]));
      const type = kind === 'd' ? c.typer.domain(key).type : c.typer.url(key).type;
      const pageKind = kind === 'u' ? pageKindOf(key) : null;
      const verb = pageKind ? PAGE_VERBS[pageKind]!(key) : siteVerb(type, key);
      const domain = kind === 'd' ? key : domainOfSource(key);
      out.push({
        id: actionId('get-cited-on', `${kind}:${key}`),
        kind: 'get-cited-on',
        title: `${verb}: listed in ${plural(t.answers, 'answer')} (${t.rivalAnswers} naming a competitor), never in one naming you`,
        reach: { answers: t.answers, prompts: prompts.size, engines: engines.size },
        evidence: {
          ...NO_EVIDENCE,
          answers: t.answers,
          domain,
          url: kind === 'u' ? key : null,
          sourceType: type,
          pageKind,
          rivalAnswers: t.rivalAnswers,
          engines: [...engines].map(([engineId, e]) => ({ engineId, answers: e.answers, mentioned: 0 })),
        },
        fingerprint: fingerprint([type, pageKind ?? '', magnitude(t.answers)]),
        examples: {
          filter: {
            engineIds: c.engineIds ?? null,
            topicId: c.topicId ?? null,
            sourcesContain: kind === 'd' ? key : (hostOf(key) ?? key),
          },
          accepts: (a) => {
            const urls = stringList(a.sourceUrls);
            return kind === 'd' ? urls.some((u) => domainOfSource(u) === key) : urls.includes(key);
          },
        },
      });
    }
  }
  return out;
}
