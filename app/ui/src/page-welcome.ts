/**
 * A fresh machine's first run, shown while it has no account: create the account (its plan) and the first
 * project (brand, competitors, prompts, engines) step by step, sent as one request at the end so a refusal
 * leaves nothing behind; or seed the demo with one click. Both end on the new project's Overview.
 */
import { local } from './api.ts';
import { button, field, h, input, notice, uid } from './dom.ts';
import { parseList, websiteUrl } from './format.ts';
import type { PageContext } from './page.ts';
import { websiteInput } from './setup-brand.ts';
import { competitorRows } from './setup-competitors.ts';
import { brandProblems } from './welcome-checks.ts';
import { engineStep, type FirstRunPlan } from './welcome-engines.ts';
import { suggestPrompts } from './welcome-prompts.ts';
import { errorNotice, onSubmit } from './widgets.ts';

export interface Created {
  accountId: string;
  projectId: string;
}

const STEPS = ['Account', 'Brand', 'Competitors', 'Prompts', 'Engines'] as const;

const PLAN_TEXT: Record<FirstRunPlan['accessMode'], (p: FirstRunPlan) => [string, string]> = {
  managed: (p) => [
    'Engines run by this service',
    `The service asks the engines with the API keys set where it runs (OPENAI_API_KEY and the like)${p.unitsPerPeriod === null ? '' : `; runs spend the plan’s ${p.unitsPerPeriod.toLocaleString()} units a month`}. Signed-in browser engines run on this computer.`,
  ],
  'byok-local': () => [
    'Bring your own keys',
    'Every engine runs on this computer with the keys you add on the Engines page; runs spend no allowance, and the schedule is kept on this computer.',
  ],
};

const title = (p: FirstRunPlan) => `${PLAN_TEXT[p.accessMode](p)[0]} (${p.code})`;

export async function renderWelcome(ctx: PageContext, done: (c: Created) => Promise<void>): Promise<void> {
  ctx.setTitle('Welcome');
  const offer = await local.get<{ data: FirstRunPlan[]; defaultPlan: string }>('/first-run');
  let plan = offer.data.find((p) => p.code === offer.defaultPlan) ?? offer.data[0]!;
  let engineIds = plan.suggestedEngineIds;

  const planName = `plan-${uid()}`;
  const planChoice = h(
    'fieldset',
    { class: 'checks welcome-plans' },
    h('legend', null, 'Plan'),
    ...offer.data.map((p) => {
      const radio = h('input', { type: 'radio', name: planName, value: p.code, id: uid('plan') });
      radio.checked = p.code === plan.code;
      const hint = h('p', { class: 'hint', id: uid('hint') }, PLAN_TEXT[p.accessMode](p)[1]);
      radio.setAttribute('aria-describedby', hint.id);
      radio.addEventListener('change', () => {
        plan = p;
        engineIds = p.suggestedEngineIds;
      });
      return h('div', { class: 'welcome-plan' }, radio, h('label', { for: radio.id }, title(p)), hint);
    }),
  );
  const accountName = input({ name: 'accountName', maxlength: 120, autocomplete: 'organization' });
  const brand = input({ name: 'name', maxlength: 120, autocomplete: 'off' });
  const website = websiteInput();
  website.required = false;
  const terms = input({ name: 'brandTerms', autocomplete: 'off' });
  const market = input({ name: 'market', maxlength: 120, autocomplete: 'off' });
  const competitors = competitorRows([]);
  const prompts = h('textarea', { name: 'prompts', rows: 7 });

  const progress = (at: number) =>
    h(
      'ol',
      { class: 'welcome-steps', 'aria-label': 'Steps' },
      ...STEPS.map((label, i) =>
        h(
          'li',
          { class: i < at ? 'done' : i === at ? 'current' : '', ...(i === at && { 'aria-current': 'step' }) },
          label,
        ),
      ),
    );

  /** One step: its heading, what it asks, and Back / Next (or the last step's own button). */
  const step = (
    at: number,
    heading: string,
    lede: string,
    fields: Node[],
    next: () => Promise<void> | void,
  ) => {
    const status = h('div', { class: 'form-status' });
    const submit = at === STEPS.length - 1 ? 'Create project' : 'Next';
    const form = h(
      'form',
      { class: 'stack panel welcome-form', novalidate: true, 'aria-label': heading },
      ...fields,
      h(
        'div',
        { class: 'actions' },
        at > 0 ? button('Back', () => show(at - 1)) : null,
        h('button', { type: 'submit', class: 'primary' }, submit),
      ),
      status,
    );
    onSubmit(form, status, async () => void (await next()));
    ctx.view.replaceChildren(
      h(
        'header',
        { class: 'page-header' },
        h('h1', { tabindex: '-1' }, heading),
        h('p', { class: 'lede' }, lede),
      ),
      progress(at),
      form,
    );
  };
  /** A step that cannot go on says why, in the sentences given, where its form reports errors. */
  const check = (problems: readonly string[]) => {
    if (problems.length > 0) throw new Error(problems.join(' '));
  };

  const show = (at: number): void => {
    const views = [account, brandStep, competitorStep, promptStep, engineStepView];
    views[at]!();
    ctx.view.querySelector<HTMLElement>('h1')?.focus();
  };

  function account() {
    const demo = button('Explore with demo data', () => void seedDemo(), { class: 'primary' });
    const demoStatus = h('div', { class: 'form-status', 'aria-live': 'polite' });
    const seedDemo = async () => {
      demo.disabled = true;
      demoStatus.replaceChildren(
        notice(
          'info',
          'Seeding the demo project: a month of answers and a week of runs, about half a minute…',
        ),
      );
      try {
        await done(await local.post<Created>('/demo'));
      } catch (err) {
        demoStatus.replaceChildren(errorNotice(err));
        demo.disabled = false;
      }
    };
    step(
      0,
      'Welcome to Answerwatch',
      'Answerwatch asks AI answer engines the questions your customers ask, and shows whether they name and cite your brand. Set up your own brand in a few short steps, or look around a demo first.',
      [
        h('h2', null, 'Track your brand'),
        planChoice,
        field('Account name (optional)', accountName, 'Your name or your company’s; shown at the top.'),
      ],
      () => show(1),
    );
    ctx.view.append(
      h(
        'section',
        { class: 'panel welcome-demo', 'aria-labelledby': 'welcome-demo' },
        h('h2', { id: 'welcome-demo' }, 'Or explore with demo data'),
        h(
          'p',
          null,
          'A made-up brand with its competitors, prompts and a month of scored answers from several engines, in an account of its own. No engine is asked until you press Run now.',
        ),
        h('div', { class: 'actions' }, demo),
        demoStatus,
        h('p', { class: 'hint' }, 'The same from a terminal, in the project’s folder:'),
        h(
          'pre',
          null,
          h(
            'code',
            null,
            'npx answerwatch accounts create --plan premium   # prints the account id\n' +
              'npx answerwatch demo seed --account acc…',
          ),
        ),
      ),
    );
  }

  function brandStep() {
    step(
      1,
      'Your brand',
      'The brand the answers are read for: answers naming it count as mentions, sources on its site as citations.',
      [
        field('Brand name', brand, 'As the engines would write it, for example "Northwind".'),
        field('Website', website, 'The brand’s site, for example acme.com.'),
        field('Other brand names (optional)', terms, 'Separated by commas; each counts as a mention.'),
        field(
          'What it sells (optional)',
          market,
          'For example "project management software": used only to suggest prompts.',
        ),
      ],
      () => {
        check(brandProblems(brand.value, website.value));
        show(2);
      },
    );
  }

  function competitorStep() {
    step(
      2,
      'Competitors',
      'The brands you are compared with in answers: each one’s mentions and citations are counted beside yours. You can skip this and add them later.',
      [
        competitors.head,
        competitors.list,
        h(
          'div',
          { class: 'actions' },
          button('Add competitor', () => competitors.addRow(undefined, true)),
        ),
      ],
      () => show(3),
    );
  }

  function promptStep() {
    if (prompts.value.trim() === '') {
      const rivals = competitors.entries().map((c) => c.name);
      prompts.value = suggestPrompts(brand.value, market.value, rivals).join('\n');
    }
    step(
      3,
      'Prompts',
      'The questions the engines are asked, as your customers would ask them. The suggestions are made from what you typed: change them freely.',
      [field('Prompts, one a line', prompts, 'At most 50; more can be added later on Setup.')],
      () => {
        const lines = prompts.value.split('\n').filter((l) => l.trim() !== '');
        check(lines.length === 0 ? ['Prompts: write at least one question.'] : []);
        show(4);
      },
    );
  }

  function engineStepView() {
    const engines = engineStep(plan, engineIds);
    step(
      4,
      'Engines',
      'Which answer engines to ask. An engine that needs set-up can be ticked now and made ready later on the Engines page.',
      [engines.fieldset],
      async () => {
        engineIds = engines.chosen();
        check(engineIds.length === 0 ? ['Engines: tick at least one.'] : []);
        const body = {
          plan: plan.code,
          ...(accountName.value.trim() && { accountName: accountName.value.trim() }),
          name: brand.value.trim(),
          websiteUrl: websiteUrl(website.value),
          brandTerms: parseList(terms.value),
          competitors: competitors.entries(),
          prompts: prompts.value.split('\n').filter((l) => l.trim() !== ''),
          engineIds,
        };
        await done(await local.post<Created>('/first-run', body));
      },
    );
    // Ticks survive a step back and forth.
    engines.fieldset.addEventListener('change', () => (engineIds = engines.chosen()));
  }

  show(0);
}
