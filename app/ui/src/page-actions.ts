/**
 * Actions: what to do next, ranked by reach (the answers, prompts and engines each concerns), with the evidence
 * behind each and Done / Dismiss. A dismissed action comes back open when its evidence changes materially. The
 * judge's summary of the top ten, when there is one, is set as text: the judge read engine-derived text to write it.
 */
import { actionCard } from './action-card.ts';
import { api, seg } from './api.ts';
import { button, h, loading } from './dom.ts';
import { choiceToolbar, chosen, periodChoice, periodOf } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { getEngines } from './state.ts';
import type { Actions } from './types.ts';
import { errorNotice, pageHeader } from './widgets.ts';

const PAGE = 20;

export async function renderActions(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Actions · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const engines = await getEngines(ctx.projectId);
  const engineOptions = [
    { value: '', label: 'All engines' },
    ...engines.map((e) => ({ value: e.id, label: e.label })),
  ];
  const engine = chosen(ctx.query, 'engine', engineOptions);
  const labels = new Map(engines.map((e) => [e.id, e.label]));
  const area = h('div', null, loading());
  ctx.view.append(
    pageHeader(
      'Actions',
      'What to do next, most reach first: the answers, prompts and engines each action concerns in the period.',
    ),
    choiceToolbar(ctx, 'actions', [
      periodChoice(period),
      { name: 'engine', label: 'Engine', options: engineOptions, value: engine },
    ]),
    area,
  );
  const filters = { from: period.from, to: period.to, engine: engine || null };
  const read = (cursor: string | null) =>
    api.get<Actions>(
      `/projects/${seg(ctx.projectId)}/actions`,
      { ...filters, limit: PAGE, cursor },
      ctx.signal,
    );
  let page: Actions;
  try {
    page = await read(null);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  if (page.data.length === 0) {
    area.replaceChildren(
      h('p', { class: 'empty' }, `Nothing to do between ${period.from} and ${period.to}: no action found.`),
    );
    return;
  }
  const card = (a: Actions['data'][number]) =>
    actionCard(ctx.projectId, a, { labels, filters, heading: 'h2' });
  const list = h('ol', { class: 'action-list' }, ...page.data.map(card));
  let cursor = page.nextCursor;
  const more = button(`Show ${PAGE} more`, async () => {
    if (!cursor) return;
    more.disabled = true;
    try {
      const next = await read(cursor);
      list.append(...next.data.map(card));
      cursor = next.nextCursor;
    } catch (err) {
      area.append(errorNotice(err));
    }
    more.disabled = false;
    more.hidden = !cursor;
  });
  more.hidden = !cursor;
  area.replaceChildren(...summaryOf(page), list, more);
}

function summaryOf(page: Actions): HTMLElement[] {
  if (!page.summary) return [];
  const at = page.summary.generatedAt.slice(0, 16).replace('T', ' ');
  return [
    h(
      'section',
      { class: 'actions-summary', 'aria-label': 'Summary by the judge' },
      h('p', null, page.summary.text),
      h(
        'p',
        { class: 'hint' },
        `Written by the judge (${page.summary.model}) at ${at} UTC, for the last 30 days.`,
      ),
    ),
  ];
}
