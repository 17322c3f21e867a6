/** "What changed since the last run": rates per engine against the run before, and the prompts won and lost. */
import { allPages, seg } from './api.ts';
import { h } from './dom.ts';
import { dateTime, percent, points } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { diffRuns, promptChanges, type EngineChange, type PromptChange } from './run-diff.ts';
import type { Answer, Run } from './types.ts';
import { section } from './widgets.ts';

async function runAnswers(ctx: ProjectContext, runId: string) {
  return (
    await allPages<Answer>(
      `/projects/${seg(ctx.projectId)}/answers`,
      { runId },
      { max: 5000, signal: ctx.signal },
    )
  ).items;
}

function promptList(title: string, kind: 'won' | 'lost', changes: readonly PromptChange[]): HTMLElement {
  return h(
    'div',
    { class: `prompt-changes ${kind}` },
    h('h3', null, `${title} (${changes.length})`),
    changes.length === 0
      ? h(
          'p',
          { class: 'empty' },
          kind === 'won' ? 'No prompt newly names you.' : 'No prompt stopped naming you.',
        )
      : h(
          'ul',
          null,
          ...changes
            .slice(0, 10)
            .map((c) =>
              h(
                'li',
                null,
                h('span', { class: 'prompt-text' }, c.promptText),
                h('span', { class: 'sub' }, ` on ${c.engines.join(', ')}`),
              ),
            ),
        ),
  );
}

export async function changesSection(ctx: ProjectContext, runs: readonly Run[]): Promise<HTMLElement> {
  const title = 'What changed since the last run';
  const [latest, previous] = runs;
  if (!latest) {
    return section(
      title,
      h(
        'p',
        { class: 'empty' },
        'No completed run yet. ',
        h('a', { href: projectHref(ctx.projectId, 'runs') }, 'Start one on Runs'),
        '.',
      ),
    );
  }
  const [now, before] = await Promise.all([
    runAnswers(ctx, latest.id),
    previous ? runAnswers(ctx, previous.id) : Promise.resolve([]),
  ]);
  const diff = diffRuns(now, before);
  const when = (r: Run) => dateTime(r.completedAt ?? r.startedAt, true);
  const caption = previous
    ? `The run of ${when(latest)} against the run of ${when(previous)}`
    : `The run of ${when(latest)}; there is no earlier run to compare with yet`;
  const row = (c: EngineChange, total = false) => {
    const m = points(c.mentionDelta);
    const ci = points(c.citationDelta);
    const cell = total ? 'th' : 'td';
    return h(
      'tr',
      total ? { class: 'total' } : null,
      h('th', { scope: 'row' }, c.engineLabel),
      h(
        cell,
        null,
        percent(c.latest?.mentionRate),
        c.latest ? h('span', { class: 'sub' }, ` (${c.latest.mentioned}/${c.latest.answers})`) : '',
      ),
      h(cell, { class: `trend trend-${m.trend}` }, m.text),
      h(
        cell,
        null,
        percent(c.latest?.citationRate),
        c.latest ? h('span', { class: 'sub' }, ` (${c.latest.cited}/${c.latest.answers})`) : '',
      ),
      h(cell, { class: `trend trend-${ci.trend}` }, ci.text),
    );
  };
  const prompts = previous ? promptChanges(now, before) : null;
  return section(
    title,
    prompts
      ? h(
          'div',
          { class: 'prompt-change-lists' },
          promptList('Prompts won', 'won', prompts.won),
          promptList('Prompts lost', 'lost', prompts.lost),
        )
      : null,
    h(
      'div',
      {
        class: 'table-scroll',
        tabindex: 0,
        role: 'region',
        'aria-label': 'Rates per engine, latest run against the one before',
      },
      h(
        'table',
        { class: 'changes' },
        h('caption', null, caption),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ...['Engine', 'Mention rate', 'Change', 'Citation rate', 'Change'].map((c) =>
              h('th', { scope: 'col' }, c),
            ),
          ),
        ),
        h('tbody', null, ...diff.engines.map((c) => row(c))),
        h('tfoot', null, row(diff.total, true)),
      ),
    ),
    h(
      'p',
      null,
      h(
        'a',
        { href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: latest.id })) },
        'See the answers of the latest run',
      ),
    ),
  );
}
