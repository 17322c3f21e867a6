/**
 * Sources by type: each kind of site's share of the citations in the period, in all and per engine, with its
 * change against the period before. A citation is an answer listing a site, so the shares add up to 100 %.
 */
import { api, seg } from './api.ts';
import { h, loading } from './dom.ts';
import { day, percent, points } from './format.ts';
import type { Period } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { TYPE_LABELS } from './source-kinds.ts';
import type { SourceTypeStat, SourceTypeStats } from './types.ts';
import { cardTable, errorNotice } from './widgets.ts';

const change = (delta: number | null) => {
  const c = points(delta);
  return h('span', { class: `trend trend-${c.trend}` }, c.text);
};

export async function renderTypeShares(
  ctx: ProjectContext,
  panel: HTMLElement,
  period: Period,
  engine: string,
  engineLabels: ReadonlyMap<string, string>,
): Promise<void> {
  const area = h('div', null, loading());
  panel.append(area);
  let body: SourceTypeStats;
  try {
    body = await api.get<SourceTypeStats>(
      `/projects/${seg(ctx.projectId)}/stats/sources`,
      { from: period.from, to: period.to, engine: engine || null, groupBy: 'type' },
      ctx.signal,
    );
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  if (body.data.length === 0) {
    area.replaceChildren(
      h('p', { class: 'empty' }, 'No answer in this period or the one before lists a source.'),
    );
    return;
  }
  const headers = ['Type', 'Share', 'Change', 'Citations', 'By engine'];
  const byEngine = (t: SourceTypeStat) =>
    h(
      'ul',
      { class: 'plain' },
      ...t.engines
        .filter((e) => e.citations > 0 || e.previousCitations > 0)
        .map((e) =>
          h(
            'li',
            null,
            `${engineLabels.get(e.engineId) ?? e.engineId}: ${percent(e.share)} `,
            change(e.change),
          ),
        ),
    );
  const rows = body.data.map((t) => [
    TYPE_LABELS[t.type],
    percent(t.share),
    change(t.change),
    t.citations.toLocaleString(),
    byEngine(t),
  ]);
  const caption = `Share of citations by type, ${day(body.from)} to ${day(body.to)}, with the change against ${day(body.previous.from)} to ${day(body.previous.to)}`;
  area.replaceChildren(cardTable(caption, headers, rows, 'source-types'));
}
