/**
 * Setup › Schedule and engines: the default engines, how often the schedule runs, when (a time and a time-zone
 * picker, the weekday only for a weekly schedule) and how many samples.
 */
import { api, seg } from './api.ts';
import { checkbox, field, h, input, notice, select } from './dom.ts';
import { engineChoice } from './engine-choice.ts';
import { plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { readOnlyForm } from './permissions.ts';
import { getCapabilities } from './state.ts';
import type { Tracking } from './types.ts';
import { announce, onSubmit, pageHeader } from './widgets.ts';

/** The days a weekly schedule names, Monday first (runs and report digests). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const weekdayOptions = () =>
  WEEKDAYS.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }));
const CADENCE_LABELS: Record<string, string> = {
  manual: 'Off (run by hand)',
  daily: 'Every day',
  weekdays: 'Monday to Friday',
  weekly: 'Once a week',
};

/** Every IANA zone the browser knows, grouped by region ("Europe", "America", …) for the picker. */
export function timeZoneOptions(current: string): HTMLSelectElement {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  let zones: string[];
  try {
    zones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones.unshift('UTC');
  if (!zones.includes(current)) zones.push(current);
  const regions = new Map<string, string[]>();
  for (const z of zones) {
    const region = z.includes('/') ? z.slice(0, z.indexOf('/')) : 'Other';
    regions.set(region, [...(regions.get(region) ?? []), z]);
  }
  const picker = h(
    'select',
    { name: 'timezone', required: true },
    ...[...regions].map(([region, list]) =>
      h('optgroup', { label: region }, ...list.map((z) => h('option', { value: z }, z.replaceAll('_', ' ')))),
    ),
  );
  picker.value = current;
  return picker;
}

export async function renderSchedule(ctx: ProjectContext): Promise<void> {
  const caps = await getCapabilities(ctx.projectId);
  const t = caps.tracking;
  const engines = engineChoice(caps, t.engineIds, 'Default engines for new prompts');
  const apply = checkbox('Also set these engines on every existing prompt', false, {
    name: 'applyEnginesToPrompts',
  });
  const cadence = select(
    caps.cadences.map((c) => ({ value: c, label: CADENCE_LABELS[c] ?? c })),
    t.cadence,
    { name: 'cadence' },
  );
  const time = input({ type: 'time', name: 'timeOfDay', required: true });
  time.value = t.timeOfDay;
  const day = select(weekdayOptions(), t.weeklyDay, { name: 'weeklyDay' });
  const zone = timeZoneOptions(t.timezone);
  const samples = select(
    Array.from({ length: Math.max(1, caps.limits.maxSamplesPerPrompt) }, (_, i) => ({
      value: String(i + 1),
      label: String(i + 1),
    })),
    String(t.samplesPerPrompt),
    { name: 'samplesPerPrompt' },
  );
  const timeField = field('Time of day', time, 'In the time zone below.');
  const dayField = field('Day of the week', day);
  const zoneField = field('Time zone', zone);
  // Fields show only where they apply: no time without a schedule, the weekday only for a weekly one.
  const sync = () => {
    const on = cadence.value !== 'manual';
    timeField.hidden = !on;
    zoneField.hidden = !on;
    dayField.hidden = cadence.value !== 'weekly';
  };
  cadence.addEventListener('change', sync);
  sync();
  const status = h('div', { class: 'form-status' });
  const fields = h(
    'fieldset',
    { class: 'plain' },
    h('legend', { class: 'visually-hidden' }, 'Schedule and engines'),
    engines.fieldset,
    apply.wrap,
    h(
      'div',
      { class: 'filter-grid' },
      field('Schedule', cadence),
      timeField,
      dayField,
      zoneField,
      field(
        'Samples per prompt',
        samples,
        `Times each prompt is asked per engine per run; more samples cost more allowance.`,
      ),
    ),
  );
  const form = h('form', { class: 'stack panel', 'aria-label': 'Schedule and engines' });
  if (!t.writable) {
    fields.disabled = true;
    form.append(
      notice(
        'info',
        'On this plan the schedule and engines live on the host computer, so they are shown read-only here. Change them there with ',
        h('code', null, 'npx answerwatch agent tracking --project …'),
        '.',
      ),
    );
  }
  form.append(
    fields,
    h(
      'div',
      { class: 'actions' },
      t.writable ? h('button', { type: 'submit', class: 'primary' }, 'Save schedule') : null,
    ),
    status,
  );
  if (t.writable) {
    onSubmit(form, status, async () => {
      const chosen = engines.chosen();
      const body: Record<string, unknown> = {
        cadence: cadence.value,
        timeOfDay: time.value,
        timezone: zone.value,
        samplesPerPrompt: Number(samples.value),
      };
      if (cadence.value === 'weekly') body.weeklyDay = day.value;
      if (chosen.length > 0) body.engineIds = chosen;
      if (apply.box.checked) body.applyEnginesToPrompts = true;
      const saved = await api.put<Tracking>(`/projects/${seg(ctx.projectId)}/tracking`, body);
      announce('Schedule saved.');
      return saved.appliedToPrompts > 0
        ? `Saved; ${plural(saved.appliedToPrompts, 'prompt')} updated with these engines.`
        : 'Saved.';
    });
  }
  ctx.view.append(
    pageHeader('Schedule and engines', 'When the prompts are asked, and on which engines by default.'),
    readOnlyForm(form),
  );
}
