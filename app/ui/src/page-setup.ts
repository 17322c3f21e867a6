/**
 * What the project tracks: the brand (names and domains), prompts, topics, competitors and the schedule. Each
 * section loads and saves on its own, and says what the service answered.
 */
import { allPages, api, seg } from './api.ts';
import { button, checkbox, confirmButton, field, h, input, loading, notice, select, uid } from './dom.ts';
import { parseList, plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { getBrand, getCapabilities, rememberBrand } from './state.ts';
import type { Capabilities, Competitor, Page, Prompt, ProjectWithHost, Topic, Tracking } from './types.ts';
import { announce, badge, errorNotice, onSubmit, pageHeader, section } from './widgets.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const CADENCE_LABELS: Record<string, string> = {
  manual: 'Off (run by hand)',
  daily: 'Every day',
  weekdays: 'Monday to Friday',
  weekly: 'Once a week',
};

export async function renderSetup(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Setup · ${ctx.project.name}`);
  const caps = await getCapabilities(ctx.projectId);
  const areas = {
    brand: h('div', null, loading()),
    prompts: h('div', null, loading()),
    topics: h('div', null, loading()),
    competitors: h('div', null, loading()),
    tracking: h('div', null, loading()),
  };
  ctx.view.append(
    pageHeader(
      'Setup',
      'What Answerwatch asks the engines, about which brand, against which competitors, and when.',
    ),
    section('Brand', areas.brand),
    section('Prompts', areas.prompts),
    section('Topics', areas.topics),
    section('Competitors', areas.competitors),
    section('Schedule and engines', areas.tracking),
  );
  const refreshTopics = () =>
    drawTopics(ctx, areas.topics).catch((err) => areas.topics.replaceChildren(errorNotice(err)));
  await Promise.all([
    drawBrand(ctx, areas.brand).catch((err) => areas.brand.replaceChildren(errorNotice(err))),
    drawPrompts(ctx, caps, areas.prompts, refreshTopics).catch((err) =>
      areas.prompts.replaceChildren(errorNotice(err)),
    ),
    refreshTopics(),
    drawCompetitors(ctx, caps, areas.competitors).catch((err) =>
      areas.competitors.replaceChildren(errorNotice(err)),
    ),
    drawTracking(ctx, caps, areas.tracking),
  ]);
}

async function drawBrand(ctx: ProjectContext, area: HTMLElement): Promise<void> {
  const project = await getBrand(ctx.projectId, true);
  const name = input({ name: 'name', required: true, maxlength: 120 });
  name.value = project.name;
  const website = input({ type: 'url', name: 'websiteUrl', required: true, maxlength: 2048 });
  website.value = project.websiteUrl ?? '';
  const terms = h('textarea', { name: 'brandTerms', rows: 3 });
  terms.value = (project.brandTerms ?? []).join('\n');
  const domains = h('textarea', { name: 'brandDomains', rows: 3 });
  domains.value = (project.brandDomains ?? []).join('\n');
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack' },
    field('Brand name', name, 'Answers naming it count as mentions.'),
    field('Website', website, 'https address; a source on this site counts as a citation.'),
    field('Other brand names', terms, 'One a line (at most 20): product names, old names, common spellings.'),
    field('Other brand domains', domains, 'One a line (at most 20), for example a shop or docs domain.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save brand')),
    status,
  );
  onSubmit(form, status, async () => {
    const saved = await api.patch<ProjectWithHost>(`/projects/${seg(ctx.projectId)}`, {
      name: name.value.trim(),
      websiteUrl: website.value.trim(),
      brandTerms: parseList(terms.value),
      brandDomains: parseList(domains.value),
    });
    rememberBrand(saved);
    terms.value = (saved.brandTerms ?? []).join('\n');
    domains.value = (saved.brandDomains ?? []).join('\n');
    announce('Brand saved.');
    return 'Saved. New answers are scored with these names and domains; stored answers keep their scores.';
  });
  area.replaceChildren(form);
}

function engineChecks(caps: Capabilities, chosen: readonly string[], legend: string) {
  const boxes = caps.engines.map((e) => ({
    id: e.id,
    ...checkbox(`${e.label}${e.runsOn === 'host' ? ' (host computer)' : ''}`, chosen.includes(e.id), {
      value: e.id,
    }),
  }));
  const fieldset = h('fieldset', { class: 'checks' }, h('legend', null, legend), ...boxes.map((b) => b.wrap));
  return { fieldset, chosen: () => boxes.filter((b) => b.box.checked).map((b) => b.id) };
}

async function drawPrompts(
  ctx: ProjectContext,
  caps: Capabilities,
  area: HTMLElement,
  topicsChanged: () => Promise<unknown>,
): Promise<void> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const { items: prompts } = await allPages<Prompt>(`${base}/prompts`, {}, { max: 2000, signal: ctx.signal });
  const redraw = async () => {
    await drawPrompts(ctx, caps, area, topicsChanged);
    await topicsChanged();
  };
  const labels = new Map(caps.engines.map((e) => [e.id, e.label]));

  const text = h('textarea', { name: 'text', required: true, maxlength: 500, rows: 2 });
  const topics = input({ name: 'topicIds', autocomplete: 'off' });
  const engines = engineChecks(caps, caps.tracking.engineIds, 'Ask these engines');
  const status = h('div', { class: 'form-status' });
  const add = h(
    'form',
    { class: 'stack add-prompt', 'aria-label': 'Add a prompt' },
    h('h3', null, 'Add a prompt'),
    field('Prompt text', text, 'The question as a person would ask it (at most 500 characters).'),
    field('Topics (optional)', topics, 'Topic ids separated by commas; a new id creates the topic.'),
    engines.fieldset,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Add prompt')),
    status,
  );
  onSubmit(add, status, async () => {
    const body: Record<string, unknown> = { text: text.value.trim(), engineIds: engines.chosen() };
    const topicIds = parseList(topics.value);
    if (topicIds.length > 0) body.topicIds = topicIds;
    await api.post<Prompt>(`${base}/prompts`, body);
    announce('Prompt added.');
    await redraw();
    area.querySelector<HTMLTextAreaElement>('textarea[name=text]')?.focus();
  });

  const limit = caps.limits.maxPrompts;
  const list =
    prompts.length === 0
      ? h('p', { class: 'empty' }, 'No prompt yet. Add the questions your customers ask the engines.')
      : h('ul', { class: 'prompt-list' }, ...prompts.map((p) => promptItem(ctx, caps, p, labels, redraw)));
  area.replaceChildren(
    h(
      'p',
      { class: 'hint' },
      plural(prompts.length, 'prompt'),
      limit === null ? '' : ` of at most ${limit} on this plan`,
      '.',
    ),
    list,
    add,
  );
}

function promptItem(
  ctx: ProjectContext,
  caps: Capabilities,
  p: Prompt,
  labels: Map<string, string>,
  redraw: () => Promise<void>,
): HTMLElement {
  const base = `/projects/${seg(ctx.projectId)}/prompts/${seg(p.id)}`;
  const status = h('div', { class: 'form-status' });
  const item = h('li', { class: 'prompt-item' });
  const view = () => {
    const actions = h('div', { class: 'actions' });
    const edit = button('Edit', () => showEdit(), { 'aria-label': `Edit prompt: ${p.text.slice(0, 60)}` });
    actions.append(edit);
    if (p.status === 'paused') {
      actions.append(
        button('Activate', async () => {
          try {
            await api.patch<Prompt>(base, { status: 'active' });
            announce('Prompt activated.');
            await redraw();
          } catch (err) {
            status.replaceChildren(errorNotice(err));
          }
        }),
      );
    }
    actions.append(
      confirmButton('Delete', 'Confirm delete', async () => {
        try {
          await api.del(base);
          announce('Prompt deleted. Its stored answers stay readable.');
          await redraw();
        } catch (err) {
          status.replaceChildren(errorNotice(err));
        }
      }),
    );
    item.replaceChildren(
      h('p', { class: 'prompt-text' }, p.text),
      h(
        'p',
        { class: 'meta' },
        badge(p.status, p.status === 'active' ? 'ok' : 'busy'),
        ' ',
        p.engineIds.length === 0
          ? badge('no engine: skipped in runs', 'bad')
          : p.engineIds.map((id) => labels.get(id) ?? id).join(', '),
        p.topicIds.length > 0 ? ` · topics: ${p.topicIds.join(', ')}` : '',
      ),
      actions,
      status,
    );
  };
  const showEdit = () => {
    const text = h('textarea', { name: 'text', required: true, maxlength: 500, rows: 2 });
    text.value = p.text;
    const topics = input({ name: 'topicIds' });
    topics.value = p.topicIds.join(', ');
    const engines = engineChecks(caps, p.engineIds, 'Engines');
    const form = h(
      'form',
      { class: 'stack', 'aria-label': 'Edit prompt' },
      field('Prompt text', text),
      field('Topics', topics, 'Topic ids separated by commas; the list replaces the prompt’s topics.'),
      engines.fieldset,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary' }, 'Save prompt'),
        button('Cancel', () => view()),
      ),
      status,
    );
    onSubmit(form, status, async () => {
      await api.patch<Prompt>(base, {
        text: text.value.trim(),
        topicIds: parseList(topics.value),
        engineIds: engines.chosen(),
      });
      announce('Prompt saved.');
      await redraw();
    });
    item.replaceChildren(form);
    text.focus();
  };
  view();
  return item;
}

async function drawTopics(ctx: ProjectContext, area: HTMLElement): Promise<void> {
  const { items: topics } = await allPages<Topic>(
    `/projects/${seg(ctx.projectId)}/topics`,
    {},
    { max: 1000 },
  );
  area.replaceChildren(
    h('p', { class: 'hint' }, 'Topics group prompts; a prompt creates a topic by naming it.'),
    topics.length === 0
      ? h('p', { class: 'empty' }, 'No topic yet.')
      : h(
          'ul',
          { class: 'topic-list' },
          ...topics.map((t) =>
            h(
              'li',
              null,
              h(
                'a',
                { href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ topicId: t.id })) },
                t.label,
              ),
              ` (${t.id}) · ${plural(t.promptCount, 'prompt')}`,
            ),
          ),
        ),
  );
}

async function drawCompetitors(
  ctx: ProjectContext,
  caps: Capabilities,
  area: HTMLElement,
  message?: string,
): Promise<void> {
  const path = `/projects/${seg(ctx.projectId)}/competitors`;
  const current = (await api.get<Page<Competitor>>(path, undefined, ctx.signal)).data;
  // One row per name and domain: a competitor with several domains is several rows with the same name,
  // which the service merges back (names match case-insensitively).
  const initial = current.flatMap((c) =>
    c.domains.length === 0
      ? [{ name: c.name, domain: '' }]
      : c.domains.map((d) => ({ name: c.name, domain: d })),
  );
  const rows = h('ul', { class: 'competitor-rows' });
  let n = 0;
  const addRow = (value = { name: '', domain: '' }, focus = false) => {
    n += 1;
    const name = input({ name: 'competitor-name', maxlength: 120, 'aria-label': `Competitor ${n} name` });
    name.value = value.name;
    const domain = input({
      name: 'competitor-domain',
      maxlength: 253,
      placeholder: 'example.com',
      'aria-label': `Competitor ${n} domain (optional)`,
    });
    domain.value = value.domain;
    const li = h('li', { class: 'competitor-row' }, name, domain);
    li.append(
      button(
        'Remove',
        () => {
          li.remove();
          rows.querySelector<HTMLInputElement>('input')?.focus();
        },
        { 'aria-label': `Remove competitor ${n}` },
      ),
    );
    rows.append(li);
    if (focus) name.focus();
  };
  for (const row of initial) addRow(row);
  if (initial.length === 0) addRow();
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Competitors' },
    h(
      'p',
      { class: 'hint' },
      `Names as answers write them, at most ${caps.limits.maxCompetitors} on this plan. Saving replaces the whole list; stored answers keep the competitors they were scored with.`,
    ),
    rows,
    h(
      'div',
      { class: 'actions' },
      button('Add competitor', () => addRow(undefined, true)),
      h('button', { type: 'submit', class: 'primary' }, 'Save competitors'),
    ),
    status,
  );
  onSubmit(form, status, async () => {
    const body = [...rows.querySelectorAll('li')]
      .map((li) => {
        const [name, domain] = li.querySelectorAll('input');
        return { name: name!.value.trim(), domain: domain!.value.trim() || null };
      })
      .filter((c) => c.name.length > 0);
    const saved = (await api.put<Page<Competitor>>(path, body)).data;
    announce('Competitors saved.');
    // Redrawn from what the service kept (names merged, domains cleaned), with the outcome above the new form.
    await drawCompetitors(ctx, caps, area, `Saved ${plural(saved.length, 'competitor')}.`);
  });
  if (message) status.replaceChildren(notice('success', message));
  area.replaceChildren(form);
}

async function drawTracking(ctx: ProjectContext, caps: Capabilities, area: HTMLElement): Promise<void> {
  const t = caps.tracking;
  const engines = engineChecks(caps, t.engineIds, 'Default engines for new prompts');
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
  const day = select(
    WEEKDAYS.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) })),
    t.weeklyDay,
    { name: 'weeklyDay' },
  );
  const zones = supportedTimeZones();
  const listId = uid('zones');
  const zone = input({ name: 'timezone', list: listId, required: true, maxlength: 64, autocomplete: 'off' });
  zone.value = t.timezone;
  const samples = input({
    type: 'number',
    name: 'samplesPerPrompt',
    min: 1,
    max: caps.limits.maxSamplesPerPrompt,
    required: true,
  });
  samples.value = String(t.samplesPerPrompt);
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
      field('Time of day', time, 'In the project’s time zone.'),
      field('Day of a weekly schedule', day),
      field('Time zone', zone, 'An IANA name, for example Europe/Berlin.'),
      field(
        'Samples per prompt',
        samples,
        `Times each prompt is asked per engine per run (1 to ${caps.limits.maxSamplesPerPrompt}); more samples cost more allowance.`,
      ),
    ),
    h('datalist', { id: listId }, ...zones.map((z) => h('option', { value: z }))),
  );
  const form = h('form', { class: 'stack', 'aria-label': 'Schedule and engines' });
  if (!t.writable) {
    fields.disabled = true;
    form.append(
      notice(
        'info',
        'On this plan the schedule and engines live on the host computer, so they are shown read-only here. Change them there with ',
        h('code', null, 'answerwatch agent tracking --project …'),
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
  if (caps.host) {
    form.append(
      h(
        'p',
        { class: 'hint' },
        `Host computer: ${caps.host.deviceLabel ?? 'unnamed'}, ${caps.host.online ? 'online' : 'offline'}${caps.host.required ? ' (needed by the engines tracked)' : ''}.`,
      ),
    );
  }
  if (t.writable) {
    onSubmit(form, status, async () => {
      const chosen = engines.chosen();
      const body: Record<string, unknown> = {
        cadence: cadence.value,
        timeOfDay: time.value,
        weeklyDay: day.value,
        timezone: zone.value.trim(),
        samplesPerPrompt: Number(samples.value),
      };
      if (chosen.length > 0) body.engineIds = chosen;
      if (apply.box.checked) body.applyEnginesToPrompts = true;
      const saved = await api.put<Tracking>(`/projects/${seg(ctx.projectId)}/tracking`, body);
      announce('Schedule saved.');
      return saved.appliedToPrompts > 0
        ? `Saved; ${plural(saved.appliedToPrompts, 'prompt')} updated with these engines.`
        : 'Saved.';
    });
  }
  area.replaceChildren(form);
}

function supportedTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
  } catch {
    return ['UTC'];
  }
}
