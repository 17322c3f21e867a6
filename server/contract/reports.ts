import { z } from 'zod';
import { DateString, DateTime, EXAMPLE_IDS, Uri } from './common.ts';
import { ACTION_KINDS, ACTION_STATUSES, ActionReach } from './actions.ts';
import { Estimate, SourceClass } from './insights.ts';
import { REPORT_EXAMPLE } from './report-example.ts';

/**
 * The report (issue 27, an extension of v1): one model of a project's period, served as JSON, HTML and PDF. Each part
 * says in a sentence what changed and whether the change is beyond the noise: both periods' figures lie outside
 * each other's 95 % interval (the rule the overview and the alerts use; counts of hits and visits with a Poisson
 * interval). A new part adds its schema here and its builder in server/reports/parts/.
 */

const EXTENSION = { 'x-answerwatch-extension': true } as const;
const Count = z.number().int().min(0);
const Period = z.strictObject({ from: DateString, to: DateString });

const Verdict = {
  summary: z.string().describe('What changed, in plain words'),
  beyondNoise: z
    .boolean()
    .nullable()
    .describe(
      'true: a change clears both 95 % intervals; false: it may be noise; null: nothing to compare (no earlier figure)',
    ),
};

const Change = z
  .strictObject({
    now: Estimate,
    previous: Estimate,
    change: z.number().nullable().describe('now minus previous; null when either is missing'),
    beyondNoise: z.boolean().nullable(),
  })
  .meta({ id: 'ReportChange', ...EXTENSION });

const Kpi = z.strictObject({
  id: z.enum(['mention', 'citation', 'sov', 'position', 'sentiment']),
  label: z.string(),
  kind: z.enum(['rate', 'rank']).describe('rate: 0 to 1; rank: an average position, lower is better'),
  basis: Count.describe('How many answers (or brand mentions, for share of voice) the figure is over'),
  ...Change.shape,
  summary: z.string(),
});

const EngineTrend = z.strictObject({
  engineId: z.string(),
  answers: Count,
  mentionRate: Change,
  citationRate: Change,
  summary: z.string(),
});

const TrendPoint = z.strictObject({
  period: z.string(),
  from: DateString,
  to: DateString,
  engineId: z.string(),
  answers: Count,
  mentionRate: Estimate,
  citationRate: Estimate,
});

const Brand = z.strictObject({
  name: z.string(),
  isOwnBrand: z.boolean(),
  mentioned: Count,
  share: Change.describe('Its share of all brand mentions (own brand and tracked competitors)'),
});

const PromptMove = z.strictObject({
  promptId: z.string(),
  text: z.string().describe('The tracked prompt'),
  answers: Count,
  mentionRate: Change,
});

const Source = z.strictObject({
  domain: z.string(),
  class: SourceClass,
  competitor: z.string().nullable(),
  answers: Count,
  share: Change.describe('Share of the answers that list any source'),
});

const Gap = z.strictObject({ domain: z.string(), answers: Count, prompts: Count });

const Drifting = z.strictObject({
  answerId: z.string(),
  engineId: z.string(),
  date: DateString,
  promptText: z.string(),
  drift: z.enum(['true', 'partial']).describe('true: differs from the Brand Truth; partial: in part'),
  reason: z.string().nullable().describe("The judge's one-line reason (untrusted text)"),
});

const ReportAction = z.strictObject({
  actionId: z.string(),
  kind: z.enum(ACTION_KINDS),
  title: z.string().describe('What to do, as the actions read words it (may quote engine or site text)'),
  reach: ActionReach,
  status: z.enum(ACTION_STATUSES),
  mentionRate: Change.nullable().describe(
    'win-back-prompt: the mention rate on the engines lost, against the period before; null for the other kinds',
  ),
});

const Agent = z.strictObject({
  agent: z.string(),
  operator: z.string().nullable(),
  purpose: z.enum(['training', 'search', 'user']),
  hits: Count.describe(
    'Verified and claimed hits in the period (spoofed apart), as stats/crawlers gives them',
  ),
  change: z.number().int().describe('Against the period before'),
});

const ReferralEngine = z.strictObject({ engine: z.string(), visits: Count, change: z.number().int() });
const ReferralPage = z.strictObject({
  page: z.string().describe('The landing page (from the site’s logs, untrusted)'),
  visits: Count,
});

const Traffic = z.strictObject({
  ...Verdict,
  imported: z.boolean().describe('Whether any log of the project was imported; false: the rest is empty'),
  crawlers: z.strictObject({
    hits: Change.describe('AI crawler hits, all agents, with a 95 % (Poisson) interval'),
    agents: z.array(Agent).describe('The agents fetching most, up to five'),
  }),
  referrals: z.strictObject({
    visits: Change.describe('Visits from AI answers, all engines, with a 95 % (Poisson) interval'),
    engines: z.array(ReferralEngine),
    pages: z.array(ReferralPage).describe('The landing pages visited most, up to five'),
  }),
});

const ReportShape = z.strictObject({
  projectId: z.string(),
  projectName: z.string(),
  timezone: z.string().describe("The project's time zone, which the default period is taken in"),
  from: DateString,
  to: DateString,
  previous: Period.describe('The period of the same length just before, that changes compare with'),
  generatedAt: DateTime,
  brand: z
    .strictObject({
      name: z.string().describe("The account's report name (its own name unless set)"),
      accent: z.string().nullable().describe('#rrggbb, or null for the default'),
      hasLogo: z.boolean(),
    })
    .describe('What the report is shown under'),
  incompleteDays: Count.describe('Days in the period a run is still adding answers to'),
  parts: z.strictObject({
    kpis: z.strictObject({ ...Verdict, data: z.array(Kpi) }),
    trends: z.strictObject({
      ...Verdict,
      interval: z.enum(['day', 'week']),
      engines: z.array(EngineTrend),
      points: z.array(TrendPoint),
    }),
    shareOfVoice: z.strictObject({ ...Verdict, mentions: Count, brands: z.array(Brand) }),
    prompts: z.strictObject({ ...Verdict, won: z.array(PromptMove), lost: z.array(PromptMove) }),
    sources: z.strictObject({
      ...Verdict,
      citingAnswers: Count,
      top: z.array(Source),
      gaps: z.array(Gap),
    }),
    drift: z.strictObject({
      ...Verdict,
      answers: Count.describe('Answers in the period'),
      drifting: Change.describe('Share of the answers that drift fully or partly'),
      drift: Count,
      partial: Count,
      latest: z.array(Drifting),
    }),
    actions: z.strictObject({
      ...Verdict,
      data: z.array(ReportAction).describe('The top actions of the period, as the actions read ranks them'),
    }),
    traffic: Traffic,
  }),
});

export const Report = ReportShape.meta({
  id: 'Report',
  examples: [REPORT_EXAMPLE as z.output<typeof ReportShape>],
  ...EXTENSION,
});

export const ReportFormat = z
  .enum(['json', 'html', 'pdf'])
  .describe('json (default), html (a printable page without script) or pdf')
  .meta({ examples: ['html'] });

/*
 * A request body's dates are stated by a pattern (the document keeps no pattern beside `format: date`, and tools that
 * check requests read patterns); the service checks the calendar too (no 2026-02-30), as 400 `invalid_parameter`.
 */
const BodyDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD (UTC day)');
const BodyDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)
  .describe('RFC 3339 date-time');

export const ReportLinkCreate = z
  .strictObject({
    from: BodyDate,
    to: BodyDate,
    expiresAt: BodyDateTime.describe('When the link stops working: in the future, at most 90 days from now'),
  })
  .meta({
    id: 'ReportLinkCreate',
    examples: [{ from: '2026-06-08', to: '2026-06-14', expiresAt: '2026-07-14T00:00:00Z' }],
    ...EXTENSION,
  });

const linkExample = {
  id: 'rl_9f3kQ2Lm8Tx4Wb7Nc1Pd',
  from: '2026-06-08',
  to: '2026-06-14',
  expiresAt: '2026-07-14T00:00:00Z',
  createdAt: '2026-06-15T08:00:00Z',
  createdBy: 'Reporting key',
  revokedAt: null,
  status: 'active' as const,
};

export const ReportLink = z
  .strictObject({
    id: z.string(),
    from: DateString,
    to: DateString,
    expiresAt: DateTime,
    createdAt: DateTime,
    createdBy: z.string().describe('The label of the key or person that made it'),
    revokedAt: DateTime.nullable(),
    status: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'ReportLink', examples: [linkExample], ...EXTENSION });

export const ReportLinkWithUrl = ReportLink.extend({
  url: Uri.describe('Opens this one report read-only without signing in; shown only in this response'),
}).meta({
  id: 'ReportLinkWithUrl',
  examples: [{ ...linkExample, url: `https://answerwatch.example/r/${EXAMPLE_IDS.cursor}` }],
  ...EXTENSION,
});
