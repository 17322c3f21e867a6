/** Before a run: each engine, whether it can run now and, when not, why and how to fix it. */
import { h } from './dom.ts';
import { engineDot } from './engine-colour.ts';
import { plural } from './format.ts';
import type { Readiness } from './types.ts';
import { badge } from './widgets.ts';

/** "Run now asks 3 prompts on ChatGPT and Gemini; Perplexity will not run." */
export function runPlan(r: Readiness): string {
  const ready = r.engines.filter((e) => e.ready);
  const blocked = r.engines.filter((e) => !e.ready && e.problem?.code !== 'no_prompt' && e.activePrompts > 0);
  const list = (names: string[]) =>
    names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (!r.canRun) return 'Nothing can run yet: see what each engine needs below.';
  const will = `Run now asks ${plural(r.expectedAnswers, 'question')} (one sample) on ${list(ready.map((e) => e.label))}`;
  return blocked.length === 0 ? `${will}.` : `${will}; ${list(blocked.map((e) => e.label))} will not run.`;
}

export function readinessList(
  r: Readiness,
  signInHelp: (engineLabel: string) => Node | null,
  colours: ReadonlyMap<string, string>,
): HTMLElement {
  if (r.engines.length === 0)
    return h('p', { class: 'empty' }, 'No engine is tracked yet: choose engines on Setup.');
  return h(
    'ul',
    { class: 'readiness' },
    ...r.engines.map((e) =>
      h(
        'li',
        { class: e.ready ? 'ready' : 'blocked' },
        h(
          'p',
          { class: 'readiness-head' },
          badge(
            e.ready ? 'Ready' : e.problem?.code === 'no_prompt' ? 'Not asked' : 'Cannot run',
            e.ready ? 'ok' : e.problem?.code === 'no_prompt' ? '' : 'bad',
          ),
          ' ',
          engineDot(colours, e.id),
          h('strong', null, e.label),
          h(
            'span',
            { class: 'sub' },
            ` · ${e.runsOn === 'cloud' ? 'asked by the service' : 'asked on your computer'} · ${plural(e.activePrompts, 'active prompt')}`,
          ),
        ),
        e.problem
          ? h(
              'p',
              { class: 'readiness-why' },
              e.problem.message,
              ' ',
              h('span', { class: 'fix' }, e.problem.fix),
            )
          : null,
        e.ready && e.signIn === 'unknown'
          ? h(
              'p',
              { class: 'readiness-why' },
              'Whether the app is still signed in shows at the first question. ',
              signInHelp(e.label),
            )
          : null,
      ),
    ),
  );
}
