/**
 * What the insight pages share: the period they read (the last N days, ending today in UTC, and the same length
 * before it) and a toolbar of choices kept in the address, so a view can be bookmarked and reloaded.
 */
import { addDays, utcDay } from './chart-scale.ts';
import { field, h, select } from './dom.ts';
import type { ProjectContext } from './page.ts';
import { projectHref, type ProjectPage } from './router.ts';

export const PERIODS = [7, 30, 90, 180, 365];

export interface Period {
  days: number;
  from: string;
  to: string;
  previous: { from: string; to: string };
}

/** The period of `?days=` (one of PERIODS; 30 otherwise), ending today. */
export function periodOf(query: URLSearchParams, today = utcDay(new Date())): Period {
  const asked = Number(query.get('days'));
  const days = PERIODS.includes(asked) ? asked : 30;
  const from = addDays(today, -(days - 1));
  return { days, from, to: today, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

export interface Choice {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The value shown; the first option's value is the default and is left out of the address. */
  value: string;
}

export const periodChoice = (p: Period): Choice => ({
  name: 'days',
  label: 'Period',
  options: PERIODS.map((d) => ({ value: String(d), label: `Last ${d} days` })),
  value: String(p.days),
});

/** Labelled selects; changing one opens the page again with every choice in its query. */
export function choiceToolbar(ctx: ProjectContext, page: ProjectPage, choices: readonly Choice[]) {
  const selects = choices.map((c) => select(c.options, c.value, { name: c.name }));
  const go = () => {
    const q = new URLSearchParams();
    selects.forEach((s, i) => {
      const c = choices[i]!;
      // The period's default is 30 days, which is not its first option.
      const fallback = c.name === 'days' ? '30' : c.options[0]?.value;
      if (s.value !== fallback) q.set(c.name, s.value);
    });
    ctx.navigate(projectHref(ctx.projectId, page, q));
  };
  for (const s of selects) s.addEventListener('change', go);
  return h('div', { class: 'toolbar' }, ...selects.map((s, i) => field(choices[i]!.label, s)));
}

/** One choice from the address, when it is one of the options. */
export function chosen(query: URLSearchParams, name: string, options: readonly { value: string }[]): string {
  const asked = query.get(name);
  return options.some((o) => o.value === asked) ? asked! : (options[0]?.value ?? '');
}
