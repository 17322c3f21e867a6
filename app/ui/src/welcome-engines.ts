/**
 * The first run's engine step: the chosen plan's engines grouped by where they run, each with whether it can run
 * now and, when not, what it needs (a variable of the service, a key or a sign-in on this computer).
 */
import { h, uid } from './dom.ts';
import { badge } from './widgets.ts';

export interface FirstRunEngine {
  id: string;
  label: string;
  runsOn: 'cloud' | 'host';
  ready: boolean;
  note: string;
}

export interface FirstRunPlan {
  code: string;
  accessMode: 'managed' | 'byok-local';
  unitsPerPeriod: number | null;
  engines: FirstRunEngine[];
  suggestedEngineIds: string[];
}

export function engineStep(plan: FirstRunPlan, chosen: readonly string[]) {
  const boxes = plan.engines.map((e) => {
    const box = h('input', { type: 'checkbox', value: e.id, id: uid('engine') });
    box.checked = chosen.includes(e.id);
    const note = h('span', { class: 'welcome-engine-note', id: uid('note') }, e.note);
    box.setAttribute('aria-describedby', note.id);
    const row = h(
      'li',
      { class: 'welcome-engine' },
      box,
      h('label', { for: box.id }, e.label),
      badge(e.ready ? 'Ready' : 'Needs set-up', e.ready ? 'ok' : 'busy'),
      note,
    );
    return { id: e.id, runsOn: e.runsOn, box, row };
  });
  const group = (runsOn: 'cloud' | 'host', title: string) => {
    const mine = boxes.filter((b) => b.runsOn === runsOn);
    return mine.length === 0
      ? null
      : h(
          'div',
          { class: 'engine-group' },
          h('p', { class: 'engine-group-title' }, title),
          h('ul', { class: 'welcome-engines' }, ...mine.map((b) => b.row)),
        );
  };
  const fieldset = h(
    'fieldset',
    { class: 'checks' },
    h('legend', null, 'Engines to ask'),
    group('cloud', 'Asked by the service'),
    group('host', 'Asked on this computer'),
  );
  return { fieldset, chosen: () => boxes.filter((b) => b.box.checked).map((b) => b.id) };
}
