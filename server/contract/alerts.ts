import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, exampleOf, Uri } from './common.ts';

/**
 * Alert events (extensions of v1): opt-in webhook events a completed run raises against the previous comparable
 * run. A webhook receives them only when it names them in `events`.
 */

export const ALERT_EVENTS = [
  'visibility.dropped',
  'visibility.rose',
  'citation.lost',
  'citation.gained',
  'competitor.overtook',
] as const;

export type AlertEventName = (typeof ALERT_EVENTS)[number];

const EXTENSION = { 'x-answerwatch-extension': true } as const;
const Share = z.number().min(0).max(1);

const thresholdsExample = { mentionRateChange: 0.15, citationRateChange: 0.1, shareOfVoiceLead: 0.05 };

export const DEFAULT_THRESHOLDS = { mentionRateChange: 0.1, citationRateChange: 0.1, shareOfVoiceLead: 0 };

const threshold = (what: string, fallback: number) => Share.describe(`${what} (0 to 1; default ${fallback})`);

export const AlertThresholdsInput = z
  .strictObject({
    mentionRateChange: threshold(
      'Least change of a mention rate between two runs for visibility.dropped or visibility.rose',
      DEFAULT_THRESHOLDS.mentionRateChange,
    ).optional(),
    citationRateChange: threshold(
      'Least change of a citation rate between two runs for visibility.dropped or visibility.rose',
      DEFAULT_THRESHOLDS.citationRateChange,
    ).optional(),
    shareOfVoiceLead: threshold(
      "How far a competitor's share of voice must pass the brand's for competitor.overtook",
      DEFAULT_THRESHOLDS.shareOfVoiceLead,
    ).optional(),
  })
  .meta({
    id: 'AlertThresholdsInput',
    description: 'Thresholds of the alert events; only with at least one alert event in `events`.',
    examples: [thresholdsExample],
    ...EXTENSION,
  });

export const AlertThresholds = z
  .strictObject({
    mentionRateChange: Share,
    citationRateChange: Share,
    shareOfVoiceLead: Share,
  })
  .meta({
    id: 'AlertThresholds',
    description:
      'The thresholds in force, defaults filled in; present when the webhook subscribes to an alert event.',
    examples: [thresholdsExample],
    ...EXTENSION,
  });

const RunFigure = z.strictObject({
  value: Share.describe('The rate in that run'),
  low: Share.describe('Lower bound of its 95 % Wilson interval'),
  high: Share.describe('Upper bound of its 95 % Wilson interval'),
  answers: z.number().int().describe('Answers of that run (on that engine) behind it'),
});

const alertData = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({
    projectId: z.string(),
    runId: z.string().describe('The run that completed'),
    previousRunId: z.string().describe('The previous comparable run it is compared with'),
    requestId: z.string().nullable().describe('Set when the run was started through the API'),
    ...shape,
    links: z.strictObject({
      answers: Uri.describe('The answers endpoint filtered to this run'),
      previousAnswers: Uri.describe('The answers endpoint filtered to the previous run'),
      trends: Uri.describe('stats/trends over the days of the two runs'),
      prompts: Uri.describe('stats/prompts over the same days'),
      sources: Uri.describe('stats/sources (per URL) over the same days'),
    }),
  });

/** What an alert about the example run says besides its own figures (for the default base URL). */
const PREVIOUS_RUN = 'run8Dz3Kc6Vn1Qm9Xt4Lw2Bp';
const exampleData = {
  projectId: EXAMPLE_IDS.project,
  runId: EXAMPLE_IDS.run,
  previousRunId: PREVIOUS_RUN,
  requestId: null,
};
const exampleLinks = (() => {
  const project = `http://127.0.0.1:8787/v1/projects/${EXAMPLE_IDS.project}`;
  const range = 'from=2026-06-07&to=2026-06-14';
  return {
    answers: `${project}/answers?runId=${EXAMPLE_IDS.run}`,
    previousAnswers: `${project}/answers?runId=${PREVIOUS_RUN}`,
    trends: `${project}/stats/trends?${range}`,
    prompts: `${project}/stats/prompts?${range}`,
    sources: `${project}/stats/sources?${range}&groupBy=url`,
  };
})();
const exampleEvent = (id: string, event: string, data: Record<string, unknown>) => ({
  id,
  event,
  createdAt: '2026-06-14T07:42:10.000Z',
  data: { ...exampleData, ...data, links: exampleLinks },
});
const figure = (value: number, low: number, high: number, answers: number) => ({ value, low, high, answers });
const exampleCitations = [
  {
    promptId: EXAMPLE_IDS.prompt,
    promptText: 'What is the best CRM for a small business?',
    engineId: 'perplexity',
    url: 'https://www.acme.example/crm/small-business',
  },
];

const envelope = <E extends z.ZodType, D extends z.ZodType>(
  event: E,
  data: D,
  id: string,
  description: string,
  examples: unknown[],
) =>
  z
    .strictObject({
      id: z.string().describe('Unique event id; use it to ignore repeats'),
      event,
      createdAt: DateTime,
      data,
    })
    .meta({ id, description, examples: examples as never[], ...EXTENSION });

export const VisibilityEvent = envelope(
  z.enum(['visibility.dropped', 'visibility.rose']),
  alertData({
    changes: z.array(
      z.strictObject({
        metric: z.enum(['mentionRate', 'citationRate']),
        engineId: z.string().nullable().describe('null: every engine of the run together'),
        previous: RunFigure,
        current: RunFigure,
        change: z.number().describe('current minus previous'),
        threshold: Share.describe("The webhook's threshold it passed"),
      }),
    ),
  }),
  'VisibilityEvent',
  'A mention or citation rate moved by at least the threshold, and each run lies outside the other’s 95 % interval.',
  [
    exampleEvent('evt3Vd8Km1Qx6Lz4Nw9Bc2Rt', 'visibility.dropped', {
      changes: [
        {
          metric: 'mentionRate',
          engineId: 'chatgpt',
          previous: figure(0.72, 0.6, 0.81, 60),
          current: figure(0.41, 0.3, 0.53, 60),
          change: -0.31,
          threshold: 0.1,
        },
      ],
    }),
    exampleEvent('evt6Hs2Wq9Xm4Ck7Lb1Tn5Pz', 'visibility.rose', {
      changes: [
        {
          metric: 'citationRate',
          engineId: null,
          previous: figure(0.18, 0.14, 0.23, 300),
          current: figure(0.31, 0.26, 0.36, 300),
          change: 0.13,
          threshold: 0.1,
        },
      ],
    }),
  ],
);

export const CitationEvent = envelope(
  z.enum(['citation.lost', 'citation.gained']),
  alertData({
    citations: z
      .array(
        z.strictObject({
          promptId: z.string(),
          promptText: z.string(),
          engineId: z.string(),
          url: Uri.describe('The brand page'),
        }),
      )
      .describe('At most 200, by prompt and engine'),
    total: z.number().int().describe('All citations lost (or gained), when more than listed'),
  }),
  'CitationEvent',
  "A page of the brand's domains was listed for a prompt on an engine in the previous run and is not in this one (lost), or the other way round (gained); only prompts both runs answered on that engine count.",
  [
    exampleEvent('evt9Kb4Tx7Rm2Wn5Qc8Hd1Ls', 'citation.lost', { citations: exampleCitations, total: 1 }),
    exampleEvent('evt2Zq5Nc8Wv1Xk4Md7Rb3Hy', 'citation.gained', { citations: exampleCitations, total: 1 }),
  ],
);

const Voice = z.strictObject({
  brandShare: Share.describe("The brand's mentions divided by the run's answers"),
  competitorShare: Share.describe("The competitor's mentions divided by the run's answers"),
  answers: z.number().int(),
});

export const OvertakeEvent = envelope(
  z.literal('competitor.overtook'),
  alertData({
    overtakes: z.array(
      z.strictObject({
        engineId: z.string().nullable().describe('null: every engine of the run together'),
        competitor: z.string(),
        previous: Voice,
        current: Voice,
        threshold: Share.describe("The webhook's shareOfVoiceLead"),
      }),
    ),
  }),
  'OvertakeEvent',
  "A tracked competitor's share of voice was at most the brand's in the previous run and passes it (by more than shareOfVoiceLead) in this one.",
  [
    exampleEvent('evt4Lm7Xc2Qb9Vh6Ws1Nd8Kr', 'competitor.overtook', {
      overtakes: [
        {
          engineId: 'gemini',
          competitor: 'Globex',
          previous: { brandShare: 0.55, competitorShare: 0.48, answers: 60 },
          current: { brandShare: 0.42, competitorShare: 0.58, answers: 60 },
          threshold: 0,
        },
      ],
    }),
  ],
);

export const RaisedAlert = z
  .strictObject({
    alert: z
      .union([VisibilityEvent, CitationEvent, OvertakeEvent])
      .describe('The event exactly as its webhook received it'),
    webhookId: z.string().describe('The webhook it was made for and sent to'),
    delivery: z.strictObject({
      id: z.string(),
      status: z.enum(['pending', 'delivered', 'failed']),
      deliveredAt: DateTime.nullable().describe('When the endpoint answered 2xx'),
    }),
  })
  .meta({
    id: 'RaisedAlert',
    description:
      'An alert event a completed run raised, with the webhook it went to and the state of its delivery. A run makes its alerts once per subscribed webhook, each by that webhook’s events and thresholds.',
    ...EXTENSION,
  });

export const RaisedAlertList = z
  .strictObject({ data: z.array(RaisedAlert), nextCursor: z.string().nullable() })
  .meta({
    id: 'RaisedAlertList',
    examples: [
      {
        data: [
          {
            alert: exampleOf(OvertakeEvent),
            webhookId: EXAMPLE_IDS.webhook,
            delivery: {
              id: EXAMPLE_IDS.delivery,
              status: 'delivered',
              deliveredAt: '2026-06-14T07:42:11.000Z',
            },
          },
        ],
        nextCursor: null,
      },
    ],
    ...EXTENSION,
  });
