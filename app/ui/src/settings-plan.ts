/** The account's plan and allowance, read only: what the plan allows and what is left this period. */
import { h } from './dom.ts';
import { dateTime, yesNo } from './format.ts';
import type { SettingsContext } from './page.ts';
import { section } from './widgets.ts';

const ACCESS_MODES = {
  managed: 'Managed: the service asks the cloud engines',
  'byok-local': 'Bring your own keys: your computer asks the engines on your keys',
};

const count = (n: number | null) => (n === null ? 'No limit' : n.toLocaleString('en'));

function facts(rows: readonly [string, string][]): HTMLElement {
  return h(
    'dl',
    { class: 'facts' },
    ...rows.flatMap(([term, value]) => [h('dt', null, term), h('dd', null, value)]),
  );
}

export async function renderPlan(ctx: SettingsContext): Promise<void> {
  const { plan, allowance } = ctx.account;
  const l = plan.limits;
  ctx.area.append(
    section(
      `The ${plan.code} plan`,
      facts([
        ['How engines are asked', ACCESS_MODES[plan.accessMode]],
        ['API access with keys', yesNo(plan.apiAccess)],
        ['Engines', plan.engineIds.join(', ')],
        ['Schedules', plan.cadences.join(', ')],
        ['Projects', count(l.maxProjects)],
        ['Prompts', count(l.maxPrompts)],
        ['Competitors per project', count(l.maxCompetitors)],
        ['Samples per prompt', count(l.maxSamplesPerPrompt)],
        ['Runs per project a day', count(l.runRequestsPerDay)],
      ]),
    ),
    section(
      'Allowance',
      allowance === null
        ? h('p', null, 'This plan spends no allowance: the engines run on your own keys.')
        : facts([
            ['Units each period', count(allowance.unitsPerPeriod)],
            [
              'Units left this period',
              allowance.remainingUnits === null ? 'No period yet' : count(allowance.remainingUnits),
            ],
            ['Prepaid credits left', count(allowance.prepaidCreditsRemaining)],
            ['The period ends', allowance.periodEndsAt ? dateTime(allowance.periodEndsAt) : 'No period yet'],
          ]),
      h('p', { class: 'hint' }, 'The plan is changed by the service’s operator.'),
    ),
  );
}
