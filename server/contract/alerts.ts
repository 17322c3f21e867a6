import { z } from 'zod';
import { DateTime, Uri } from './common.ts';
import {
  citationEventExample,
  overtakeEventExample,
  thresholdsExample,
  visibilityEventExample,
} from './insight-examples.ts';

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

const envelope = <E extends z.ZodType, D extends z.ZodType>(
  event: E,
  data: D,
  id: string,
  description: string,
  example: unknown,
) =>
  z
    .strictObject({
      id: z.string().describe('Unique event id; use it to ignore repeats'),
      event,
      createdAt: DateTime,
      data,
    })
    .meta({ id, description, examples: [example], ...EXTENSION });

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
  visibilityEventExample,
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
  citationEventExample,
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
  overtakeEventExample,
);
