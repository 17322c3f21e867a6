/**
 * Setup: the first-run checklist with a link to each part, and the parts themselves on their own pages (brand,
 * prompts, competitors, schedule), so no page is a scroll of every form at once.
 */
import { allPages, api, seg } from './api.ts';
import { h } from './dom.ts';
import type { ProjectContext } from './page.ts';
import { projectHref, setupHref, type SetupSection } from './router.ts';
import { renderBrand } from './setup-brand.ts';
import { checklist, type ChecklistItem } from './setup-checklist.ts';
import { renderCompetitors } from './setup-competitors.ts';
import { renderPrompts } from './setup-prompts.ts';
import { renderSchedule } from './setup-schedule.ts';
import { getBrand, getCapabilities, getReadiness } from './state.ts';
import type { Competitor, Page, Prompt } from './types.ts';
import { pageHeader, section } from './widgets.ts';

const SECTIONS: Record<SetupSection, { title: string; render: (ctx: ProjectContext) => Promise<void> }> = {
  brand: { title: 'Brand', render: renderBrand },
  prompts: { title: 'Prompts', render: renderPrompts },
  competitors: { title: 'Competitors', render: renderCompetitors },
  schedule: { title: 'Schedule and engines', render: renderSchedule },
};

/** The checklist as a list of links, done items ticked. */
export async function checklistPanel(
  ctx: ProjectContext,
  title = 'Getting started',
): Promise<{ panel: HTMLElement; done: boolean }> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const [brand, competitors, prompts, readiness, caps] = await Promise.all([
    getBrand(ctx.projectId).catch(() => null),
    api.get<Page<Competitor>>(`${base}/competitors`, undefined, ctx.signal),
    allPages<Prompt>(`${base}/prompts`, { status: 'active' }, { max: 2000, signal: ctx.signal }),
    getReadiness(ctx.projectId, ctx.signal),
    getCapabilities(ctx.projectId),
  ]);
  const items = checklist({
    websiteUrl: ctx.project.websiteUrl,
    brandTerms: brand?.brandTerms?.length ?? 0,
    competitors: competitors.data.length,
    activePrompts: prompts.items.length,
    readyEngines: readiness.engines.filter((e) => e.ready || e.problem?.code === 'no_prompt').length,
    canRun: readiness.canRun,
    cadence: caps.tracking.cadence,
    scheduleWritable: caps.tracking.writable,
  });
  const href = (i: ChecklistItem) =>
    i.where === 'engines' ? projectHref(ctx.projectId, 'engines') : setupHref(ctx.projectId, i.where);
  const doneCount = items.filter((i) => i.done).length;
  const panel = section(
    title,
    h('p', { class: 'hint' }, `${doneCount} of ${items.length} done.`),
    h(
      'ol',
      { class: 'checklist' },
      ...items.map((i) =>
        h(
          'li',
          { class: i.done ? 'done' : 'todo' },
          h('span', { class: 'check-mark', 'aria-hidden': 'true' }, i.done ? '✓' : '○'),
          h(
            'span',
            { class: 'check-body' },
            h('a', { href: href(i) }, i.label),
            h('span', { class: 'visually-hidden' }, i.done ? ' (done)' : ' (to do)'),
            h('span', { class: 'check-note' }, i.note),
          ),
        ),
      ),
    ),
  );
  return { panel, done: doneCount === items.length };
}

export async function renderSetup(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Setup · ${ctx.project.name}`);
  const { panel } = await checklistPanel(ctx, 'Checklist');
  ctx.view.append(
    pageHeader(
      'Setup',
      'What Answerwatch asks the engines, about which brand, against which competitors, and when.',
    ),
    panel,
    section(
      'Parts of the setup',
      h(
        'ul',
        { class: 'setup-links' },
        ...(Object.keys(SECTIONS) as SetupSection[]).map((s) =>
          h('li', null, h('a', { href: setupHref(ctx.projectId, s) }, SECTIONS[s].title)),
        ),
      ),
    ),
  );
}

export async function renderSetupSection(ctx: ProjectContext, part: SetupSection): Promise<void> {
  const { title, render } = SECTIONS[part];
  ctx.setTitle(`${title} · Setup · ${ctx.project.name}`);
  ctx.view.append(
    h(
      'nav',
      { class: 'breadcrumb', 'aria-label': 'Breadcrumb' },
      h('a', { href: projectHref(ctx.projectId, 'setup') }, 'Setup'),
      ' › ',
      h('span', { 'aria-current': 'page' }, title),
    ),
    h(
      'nav',
      { class: 'subnav', 'aria-label': 'Setup parts' },
      h(
        'ul',
        null,
        ...(Object.keys(SECTIONS) as SetupSection[]).map((s) =>
          h(
            'li',
            null,
            h(
              'a',
              { href: setupHref(ctx.projectId, s), ...(s === part && { 'aria-current': 'page' }) },
              SECTIONS[s].title,
            ),
          ),
        ),
      ),
    ),
  );
  await render(ctx);
}
