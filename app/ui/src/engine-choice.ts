/**
 * Engine checkboxes, grouped by where they run (each engine named once, by its label): the service's cloud
 * engines, and those that run on the host computer (signed-in browsers, a local model).
 */
import { checkbox, h } from './dom.ts';
import type { Capabilities } from './types.ts';

export function engineChoice(caps: Capabilities, chosen: readonly string[], legend: string) {
  const boxes = caps.engines.map((e) => ({
    id: e.id,
    runsOn: e.runsOn,
    ...checkbox(e.label, chosen.includes(e.id), { value: e.id }),
  }));
  const group = (runsOn: 'cloud' | 'host', title: string) => {
    const mine = boxes.filter((b) => b.runsOn === runsOn);
    return mine.length === 0
      ? null
      : h(
          'div',
          { class: 'engine-group' },
          h('p', { class: 'engine-group-title' }, title),
          h('div', { class: 'checks-row' }, ...mine.map((b) => b.wrap)),
        );
  };
  const byok = caps.accessMode === 'byok-local';
  const fieldset = h(
    'fieldset',
    { class: 'checks engine-choice' },
    h('legend', null, legend),
    group('cloud', 'Asked by the service'),
    group(
      'host',
      byok ? 'Asked on your computer, with your keys or signed-in browser' : 'Asked on your computer',
    ),
  );
  return { fieldset, chosen: () => boxes.filter((b) => b.box.checked).map((b) => b.id) };
}
