/**
 * What went wrong, in plain words: the service's problem codes become sentences that say what to do, and a
 * validation detail names the form field instead of the API's (`body websiteUrl: …` reads "Website: …").
 * The code itself stays available to the page (ApiError.code) but is not shown.
 */
import { ApiError } from './api.ts';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  websiteUrl: 'Website',
  brandTerms: 'Other brand names',
  brandDomains: 'Other brand domains',
  text: 'Prompt text',
  topicIds: 'Topics',
  engineIds: 'Engines',
  timezone: 'Time zone',
  timeOfDay: 'Time of day',
  weeklyDay: 'Day of the week',
  samplesPerPrompt: 'Samples per prompt',
  url: 'Endpoint URL',
  description: 'Description',
  label: 'Label',
  expiresAt: 'Expires',
  projectIds: 'Projects',
  key: 'API key',
  plan: 'Plan',
  accountName: 'Account name',
  competitors: 'Competitors',
  prompts: 'Prompts',
};

const SENTENCES: Record<string, (detail: string, problem: Record<string, unknown>) => string> = {
  plan_limit: (d) => `Your plan does not allow this. ${d}`,
  insufficient_allowance: (_d, p) =>
    `Not enough units left for this run: it needs ${String(p.estimatedUnits ?? 'more')} and ${String(p.remainingUnits ?? 'fewer')} remain. Ask fewer samples or engines, or add credits.`,
  run_in_progress: () => 'A run of this project is already going: wait for it to end, or cancel it.',
  daily_run_limit: () =>
    'This project has started all the runs it may start today (UTC). Try again after midnight UTC.',
  no_prompts: () => 'There is no active prompt with an engine to ask. Add a prompt on Setup, then run.',
  host_required: () =>
    'A signed-in browser engine needs a host computer, and this project has none. Run Answerwatch on the computer that is signed in.',
  byok_not_supported: () => 'On this plan the schedule lives on the host computer: change it there.',
  not_found: () => 'It is not there any more, or this account cannot see it.',
  rate_limited: () => 'Too many requests in a short time. Wait a moment and try again.',
  range_too_wide: () => 'Pick at most 366 days.',
  unsupported_filter_combination: () => 'A run fixes its own dates: choose a run or dates, not both.',
  plan_required: () => 'This account’s plan has no API access.',
  // A signed-in person is told by role, an owner and admin rule in a sentence (both the service's words); a key's
  // refusal names a scope, which means nothing on a page.
  insufficient_scope: (d) => (d.startsWith('This key') ? 'This key may not do that.' : d),
  internal: () => 'Something went wrong in the service. Try again; if it keeps happening, look at its log.',
};

/** `body websiteUrl: Invalid URL; body name: Too big` → `Website: Invalid URL. Name: Too big.` */
function fieldDetail(detail: string): string {
  return detail
    .split('; ')
    .map((part) => {
      const m = /^(?:body|query|params|headers)(?: ([\w.]+))?: (.*)$/.exec(part);
      if (!m) return part;
      const field = (m[1] ?? '').split('.')[0] ?? '';
      const label = FIELD_LABELS[field] ?? (field || 'The request');
      return `${label}: ${m[2]}`;
    })
    .join('. ');
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const sentence = SENTENCES[err.code];
    return sentence ? sentence(err.detail, err.problem) : fieldDetail(err.detail);
  }
  if (err instanceof Error) return err.message;
  return String(err);
}
