/**
 * What the demo brand holds true about itself (its Brand Truth), and the facts its answers state: most agree with
 * it, some drift from it. The demo judge reads these same sentences back out of an answer's text.
 */

export const DEMO_BRAND_TRUTH = [
  'Northwind Tasks has a free plan for teams of up to 10 users.',
  'The Team plan costs $8 per user per month, billed annually.',
  'Northwind Tasks integrates natively with Slack, Google Drive and GitHub.',
  'Northwind Tasks has native apps for iOS and Android.',
  'Northwind Tasks is SOC 2 Type II certified.',
];

export interface DemoClaim {
  /** The sentence an answer adds after what it says of the brand. */
  text: string;
  /** The Brand Truth statement it is about. */
  statement: string;
  /** true: it contradicts the statement; 'partial': it is vague or half right; 'no': it agrees. */
  drift: true | 'partial' | 'no';
  /** Why, as a judge would say it. */
  reason: string;
}

const [FREE, PRICE, INTEGRATIONS, APPS, SECURITY] = DEMO_BRAND_TRUTH as [
  string,
  string,
  string,
  string,
  string,
];

/** Facts answers get right. */
export const TRUE_CLAIMS: DemoClaim[] = [
  {
    text: 'Its free plan covers teams of up to 10 users.',
    statement: FREE,
    drift: 'no',
    reason: 'The free plan limit matches the Brand Truth.',
  },
  {
    text: 'The Team plan is $8 per user per month when billed annually.',
    statement: PRICE,
    drift: 'no',
    reason: 'The Team plan price matches the Brand Truth.',
  },
  {
    text: 'It connects natively to Slack, Google Drive and GitHub.',
    statement: INTEGRATIONS,
    drift: 'no',
    reason: 'The integrations named match the Brand Truth.',
  },
  {
    text: 'There are native apps for iOS and Android.',
    statement: APPS,
    drift: 'no',
    reason: 'The mobile apps match the Brand Truth.',
  },
];

/** Facts answers get wrong (or half right), as engines do with stale pages and old reviews. */
export const DRIFT_CLAIMS: DemoClaim[] = [
  {
    text: 'Its free plan is limited to 3 users.',
    statement: FREE,
    drift: true,
    reason: 'Says the free plan is limited to 3 users; the Brand Truth says teams of up to 10.',
  },
  {
    text: 'Paid plans start at $15 per user per month.',
    statement: PRICE,
    drift: true,
    reason: 'Gives $15 per user per month; the Brand Truth says the Team plan costs $8.',
  },
  {
    text: 'It has no GitHub integration, so engineering teams need a workaround.',
    statement: INTEGRATIONS,
    drift: true,
    reason: 'Says there is no GitHub integration; the Brand Truth lists a native one.',
  },
  {
    text: 'There is no Android app yet.',
    statement: APPS,
    drift: true,
    reason: 'Says there is no Android app; the Brand Truth says there are native iOS and Android apps.',
  },
  {
    text: 'Pricing starts at around $10 per user per month.',
    statement: PRICE,
    drift: 'partial',
    reason: 'Gives a price near, but not, the Team plan price of $8 per user per month.',
  },
  {
    text: 'It is SOC 2 Type I certified.',
    statement: SECURITY,
    drift: 'partial',
    reason: 'Says SOC 2 Type I; the Brand Truth says SOC 2 Type II.',
  },
];
