/**
 * API vs app: for each engine answered both through its API and through its signed-in browser variant, on the same
 * prompts and days, how often the two agree on naming and citing the brand, where each puts the brand, and the
 * sites only one of them lists. What the API says against what people see in the app. Domains and competitor
 * names are shown as text.
 */
import { allPages, api, seg } from './api.ts';
import { h, type Child } from './dom.ts';
import { percent, plural } from './format.ts';
import { choiceToolbar, periodChoice, periodOf } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { setupHref } from './router.ts';
import { engineLabels, getEngines, isLocalFetch } from './state.ts';
import type { Prompt, SurfacePair, Surfaces } from './types.ts';
import { badge, cardTable, pageHeader, section } from './widgets.ts';

export async function renderSurfaces(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`API vs app · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const base = `/projects/${seg(ctx.projectId)}`;
  const [surfaces, prompts, engines] = await Promise.all([
    api.get<Surfaces>(`${base}/stats/surfaces`, { from: period.from, to: period.to }, ctx.signal),
    allPages<Prompt>(`${base}/prompts`, {}, { max: 2000, signal: ctx.signal }).then((r) => r.items),
    getEngines(ctx.projectId),
  ]);
  const labels = engineLabels(engines);
  const label = (id: string) => labels.get(id) ?? id;
  ctx.view.append(
    pageHeader(
      'API vs app',
      "What each engine's API answers against what people see in its signed-in app, on the same prompts and days.",
    ),
    choiceToolbar(ctx, 'surfaces', [periodChoice(period)]),
  );
  if (surfaces.data.length === 0) {
    ctx.view.append(emptyState(ctx, trackedOnBoth(prompts).map(label)));
    return;
  }
  ctx.view.append(...surfaces.data.map((p) => pairPanel(p, label)));
}

/** The engines some prompt asks both through the API and through the signed-in app. */
function trackedOnBoth(prompts: readonly Prompt[]): string[] {
  const out = new Set<string>();
  for (const p of prompts)
    for (const id of p.engineIds)
      if (isLocalFetch(id) && p.engineIds.includes(id.slice(0, -'-local-fetch'.length)))
        out.add(id.slice(0, -'-local-fetch'.length));
  return [...out];
}

function emptyState(ctx: ProjectContext, tracked: readonly string[]): HTMLElement {
  if (tracked.length === 0) {
    return section(
      'Nothing to compare yet',
      h('p', null, 'No engine is tracked on both its API and its signed-in app.'),
      h(
        'p',
        null,
        'To compare them, ask prompts on both, for example ChatGPT and ChatGPT (signed-in browser), in ',
        h('a', { href: setupHref(ctx.projectId, 'prompts') }, 'Setup: Prompts'),
        '. The signed-in engines run on a computer where you are signed in (see Engines).',
      ),
    );
  }
  return section(
    'Nothing to compare yet',
    h(
      'p',
      null,
      `${tracked.join(', ')} ${tracked.length === 1 ? 'is' : 'are'} tracked on both the API and the app, but no prompt was answered by both on the same day in this period. The next run that asks both fills this in.`,
    ),
  );
}

function pairPanel(p: SurfacePair, label: (id: string) => string): HTMLElement {
  const api = label(p.apiEngineId);
  const app = label(p.appEngineId);
  const agreement = (a: SurfacePair['mention'], what: string): Child[] => [
    what,
    percent(a.apiRate),
    percent(a.appRate),
    percent(a.agreement),
    `both ${a.both} · API only ${a.apiOnly} · app only ${a.appOnly} · neither ${a.neither}`,
  ];
  const headers = ['Measure', 'API', 'App', 'Agree or differ', 'Answer pairs'];
  const position: Child[] = [
    'Average position',
    p.position.apiAverage === null ? '—' : p.position.apiAverage.toFixed(1),
    p.position.appAverage === null ? '—' : p.position.appAverage.toFixed(1),
    positionDifference(p.position.difference),
    plural(p.position.pairs, 'pair') + ' where both name you',
  ];
  return section(
    `${api} against ${app}`,
    h(
      'p',
      { class: 'lede' },
      `${plural(p.prompts, 'prompt')} answered by both on the same day, on ${plural(p.pairedDays, 'prompt-day')}: ${plural(p.answerPairs, 'answer pair')} compared.`,
    ),
    cardTable(
      `${api} (API) and ${app} (app): how often each names and cites you, and how often they agree`,
      headers,
      [agreement(p.mention, 'Names you'), agreement(p.citation, 'Cites your site'), position],
      'surface-figures',
    ),
    h(
      'div',
      { class: 'surface-sources' },
      sourceList('Sites only the API lists', p.sources.apiOnly),
      sourceList('Sites only the app lists', p.sources.appOnly),
    ),
  );
}

/** Position difference in words: app minus API, so above 0 the app puts the brand lower. */
export function positionDifference(difference: number | null): string {
  if (difference === null) return '—';
  const size = Math.round(difference * 10) / 10;
  if (size === 0) return 'same place';
  const places = plural(Math.abs(size), 'place');
  return size > 0 ? `app ${places} lower` : `app ${places} higher`;
}

function sourceList(title: string, list: SurfacePair['sources']['apiOnly']): HTMLElement {
  return h(
    'div',
    { class: 'surface-source-list' },
    h('h3', null, title),
    list.length === 0
      ? h('p', { class: 'empty' }, 'None.')
      : h(
          'ul',
          null,
          ...list.map((s) =>
            h(
              'li',
              null,
              h('span', { class: 'source-domain' }, s.domain),
              ' ',
              s.class === 'own'
                ? badge('yours', 'ok')
                : s.class === 'competitor'
                  ? badge(s.competitor ?? 'competitor', 'bad')
                  : null,
              h('span', { class: 'sub' }, ` on ${plural(s.promptDays, 'prompt-day')}`),
            ),
          ),
        ),
  );
}
