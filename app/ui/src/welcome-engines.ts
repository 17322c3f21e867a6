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

/**
 * A group's engines that all need the same thing (the signed-in browsers) say it once, above them; the others
 * each say what they need beside them. Either way the sentence describes the checkbox.
 */
export function engineStep(plan: FirstRunPlan, chosen: readonly string[]) {
  const rows: { id: string; box: HTMLInputElement }[] = [];
  const group = (runsOn: 'cloud' | 'host', title: string) => {
    const mine = plan.engines.filter((e) => e.runsOn === runsOn);
    if (mine.length === 0) return null;
    const shared = mine.length > 1 && mine.every((e) => !e.ready && e.note === mine[0]!.note);
    const groupNote = shared
      ? h('p', { class: 'hint welcome-engine-group-note', id: uid('note') }, mine[0]!.note)
      : null;
    const items = mine.map((e) => {
      const box = h('input', { type: 'checkbox', value: e.id, id: uid('engine') });
      box.checked = chosen.includes(e.id);
      const note = groupNote ? null : h('span', { class: 'welcome-engine-note', id: uid('note') }, e.note);
      box.setAttribute('aria-describedby', (groupNote ?? note)!.id);
      rows.push({ id: e.id, box });
      return h(
        'li',
        { class: 'welcome-engine' },
        box,
        h(
          'div',
          { class: 'welcome-engine-body' },
          h('label', { for: box.id }, e.label),
          badge(e.ready ? 'Ready' : 'Needs set-up', e.ready ? 'ok' : 'busy'),
          note,
        ),
      );
    });
    return h(
      'div',
      { class: 'engine-group' },
      h('p', { class: 'engine-group-title' }, title),
      groupNote,
      h('ul', { class: 'welcome-engines' }, ...items),
    );
  };
  const fieldset = h(
    'fieldset',
    { class: 'checks' },
    h('legend', null, 'Engines to ask'),
    group('cloud', 'Asked by the service'),
    group('host', 'Asked on this computer'),
  );
  return { fieldset, chosen: () => rows.filter((r) => r.box.checked).map((r) => r.id) };
}
