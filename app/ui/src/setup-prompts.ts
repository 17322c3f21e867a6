/**
 * Setup › Prompts: the tracked questions, each with its topics (picked from the project's, or new ones named)
 * and its engines; add, edit, activate, delete.
 */
import { allPages, api, seg } from './api.ts';
import { button, checkbox, confirmButton, field, h, input, uid } from './dom.ts';
import { engineChoice } from './engine-choice.ts';
import { parseList, plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { writeControls } from './permissions.ts';
import { getCapabilities } from './state.ts';
import type { Capabilities, Prompt, Topic } from './types.ts';
import { announce, badge, errorNotice, onSubmit, pageHeader } from './widgets.ts';

/** Topic checkboxes for the project's topics, and a field to name new ones. */
function topicPicker(topics: readonly Topic[], chosen: readonly string[]) {
  const boxes = topics.map((t) => ({
    id: t.id,
    ...checkbox(t.label, chosen.includes(t.id), { value: t.id }),
  }));
  const fresh = input({ name: 'newTopics', autocomplete: 'off', maxlength: 400 });
  const legendId = uid('topics');
  const fieldset = h(
    'fieldset',
    { class: 'checks', 'aria-labelledby': legendId },
    h('legend', { id: legendId }, 'Topics (optional)'),
    boxes.length === 0 ? h('p', { class: 'hint' }, 'No topic yet: name the first one below.') : null,
    ...boxes.map((b) => b.wrap),
    h(
      'div',
      { class: 'field full' },
      field('New topics', fresh, 'Names separated by commas; each becomes a topic.'),
    ),
  );
  return {
    fieldset,
    chosen: () => [
      ...new Set([...boxes.filter((b) => b.box.checked).map((b) => b.id), ...parseList(fresh.value)]),
    ],
  };
}

export async function renderPrompts(ctx: ProjectContext): Promise<void> {
  const area = h('div');
  ctx.view.append(
    pageHeader('Prompts', 'The questions Answerwatch asks the engines, as your customers would ask them.'),
    area,
  );
  await drawPrompts(ctx, await getCapabilities(ctx.projectId), area);
}

async function drawPrompts(ctx: ProjectContext, caps: Capabilities, area: HTMLElement): Promise<void> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const [{ items: prompts }, { items: topics }] = await Promise.all([
    allPages<Prompt>(`${base}/prompts`, {}, { max: 2000, signal: ctx.signal }),
    allPages<Topic>(`${base}/topics`, {}, { max: 1000, signal: ctx.signal }),
  ]);
  const redraw = () => drawPrompts(ctx, caps, area);
  const engineLabels = new Map(caps.engines.map((e) => [e.id, e.label]));
  const topicLabels = new Map(topics.map((t) => [t.id, t.label]));

  const text = h('textarea', { name: 'text', required: true, maxlength: 500, rows: 2 });
  const topicChoice = topicPicker(topics, []);
  const engines = engineChoice(caps, caps.tracking.engineIds, 'Ask these engines');
  const status = h('div', { class: 'form-status' });
  const add = h(
    'form',
    { class: 'stack panel add-prompt', 'aria-label': 'Add a prompt' },
    h('h2', null, 'Add a prompt'),
    field('Prompt text', text, 'The question as a person would ask it (at most 500 characters).'),
    topicChoice.fieldset,
    engines.fieldset,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Add prompt')),
    status,
  );
  onSubmit(add, status, async () => {
    const body: Record<string, unknown> = { text: text.value.trim(), engineIds: engines.chosen() };
    const topicIds = topicChoice.chosen();
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
      : h(
          'ul',
          { class: 'prompt-list' },
          ...prompts.map((p) => promptItem(ctx, caps, p, topics, engineLabels, topicLabels, redraw)),
        );
  area.replaceChildren(
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'tracked-prompts' },
      h('h2', { id: 'tracked-prompts' }, 'Tracked prompts'),
      h(
        'p',
        { class: 'hint' },
        plural(prompts.length, 'prompt'),
        limit === null ? '' : ` of at most ${limit} on this plan`,
        '.',
      ),
      list,
    ),
    ...writeControls(add),
  );
}

function promptItem(
  ctx: ProjectContext,
  caps: Capabilities,
  p: Prompt,
  topics: readonly Topic[],
  engineLabels: Map<string, string>,
  topicLabels: Map<string, string>,
  redraw: () => Promise<void>,
): HTMLElement {
  const base = `/projects/${seg(ctx.projectId)}/prompts/${seg(p.id)}`;
  const status = h('div', { class: 'form-status' });
  const item = h('li', { class: 'prompt-item' });
  const short = p.text.slice(0, 60);
  const view = () => {
    const actions = h('div', { class: 'actions' });
    actions.append(button('Edit', () => showEdit(), { 'aria-label': `Edit prompt: ${short}` }));
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
      confirmButton(
        'Delete',
        'Confirm delete',
        async () => {
          try {
            await api.del(base);
            announce('Prompt deleted. Its stored answers stay readable.');
            await redraw();
          } catch (err) {
            status.replaceChildren(errorNotice(err));
          }
        },
        { 'aria-label': `Delete prompt: ${short}` },
      ),
    );
    item.replaceChildren(
      h('p', { class: 'prompt-text' }, p.text),
      h(
        'p',
        { class: 'meta' },
        badge(p.status === 'active' ? 'Active' : 'Paused', p.status === 'active' ? 'ok' : 'busy'),
        ' ',
        p.engineIds.length === 0
          ? badge('No engine: skipped in runs', 'bad')
          : p.engineIds.map((id) => engineLabels.get(id) ?? id).join(', '),
        p.topicIds.length > 0
          ? ` · Topics: ${p.topicIds.map((t) => topicLabels.get(t) ?? t).join(', ')}`
          : '',
      ),
      ...writeControls(actions),
      status,
    );
  };
  const showEdit = () => {
    const text = h('textarea', { name: 'text', required: true, maxlength: 500, rows: 2 });
    text.value = p.text;
    const topicChoice = topicPicker(topics, p.topicIds);
    const engines = engineChoice(caps, p.engineIds, 'Engines');
    const form = h(
      'form',
      { class: 'stack', 'aria-label': 'Edit prompt' },
      field('Prompt text', text),
      topicChoice.fieldset,
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
        topicIds: topicChoice.chosen(),
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
