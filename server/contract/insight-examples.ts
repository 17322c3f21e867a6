/**
 * Examples of the insight reads and alert events for the OpenAPI document: one realistic project (Northwind, with
 * competitors Globex and Initech) over the 30 days to 2026-06-14. Their schemas carry them in `.meta({ examples })`,
 * and the tests hold each to its schema.
 */

const PROJECT = 'prj7QmT2xK9pLw4RzN8vB3c';
const PROMPT = 'pmt3Hn6Lq1Vy8Bd2Kf5Xs0a';
const RANGE = { from: '2026-05-16', to: '2026-06-14' };
const CURSOR =
  'eyJsIjoic291cmNlcyIsImYiOiJxN0xtMlR4OWtQNHdSOHpCIiwicCI6WzYwNCwiZzIuY29tIl19.Xk2pQ8vLm4Tz9Rw1Nb7Hc3Yd';
const BASE = `https://api.answerwatch.example/v1/projects/${PROJECT}`;

export const sourceStatExample = {
  domain: 'g2.com',
  url: null,
  class: 'other',
  competitor: null,
  answers: 604,
  share: 0.3995,
  prompts: 18,
  firstSeen: '2026-05-16',
  lastSeen: '2026-06-14',
  engines: [
    {
      engineId: 'chatgpt',
      answers: 251,
      share: 0.4412,
      prompts: 16,
      firstSeen: '2026-05-16',
      lastSeen: '2026-06-14',
    },
    {
      engineId: 'perplexity',
      answers: 198,
      share: 0.3667,
      prompts: 14,
      firstSeen: '2026-05-17',
      lastSeen: '2026-06-13',
    },
  ],
} as const;

export const sourceStatsExample = {
  ...RANGE,
  groupBy: 'domain',
  answers: 1840,
  citingAnswers: 1512,
  data: [
    sourceStatExample,
    {
      domain: 'northwind.com',
      url: null,
      class: 'own',
      competitor: null,
      answers: 377,
      share: 0.2493,
      prompts: 12,
      firstSeen: '2026-05-16',
      lastSeen: '2026-06-14',
    },
    {
      domain: 'globex.com',
      url: null,
      class: 'competitor',
      competitor: 'Globex',
      answers: 290,
      share: 0.1918,
      prompts: 11,
      firstSeen: '2026-05-18',
      lastSeen: '2026-06-12',
    },
  ],
  nextCursor: CURSOR,
} as const;

const sentiment = { positive: 41, mixed: 9, neutral: 22, negative: 4, notApplicable: 16 };

export const promptStatExample = {
  promptId: PROMPT,
  text: 'best crm for startups?',
  topicIds: ['pricing'],
  status: 'active',
  answers: 92,
  mentioned: 76,
  cited: 31,
  mentionRate: 0.8261,
  citationRate: 0.337,
  averagePosition: 1.9,
  sentiment,
  topCompetitor: { name: 'Globex', mentioned: 58, mentionRate: 0.6304 },
  change: {
    answers: 2,
    mentioned: -7,
    cited: 4,
    mentionRate: -0.0961,
    citationRate: 0.037,
    averagePosition: 0.3,
    sentiment: { positive: -6, mixed: 1, neutral: 0, negative: -1, notApplicable: 8 },
  },
} as const;

export const promptStatsExample = {
  ...RANGE,
  previous: { from: '2026-04-16', to: '2026-05-15' },
  sort: 'mentionRateChange',
  order: 'asc',
  data: [promptStatExample],
  nextCursor: null,
} as const;

export const estimateExample = { value: 0.6452, low: 0.5228, high: 0.7511 } as const;

export const trendPointExample = {
  period: '2026-W23',
  from: '2026-06-01',
  to: '2026-06-07',
  engineId: 'chatgpt',
  answers: 62,
  mentioned: 40,
  cited: 17,
  positioned: 40,
  withSentiment: 40,
  mentionRate: estimateExample,
  citationRate: { value: 0.2742, low: 0.1786, high: 0.3968 },
  averagePosition: { value: 1.85, low: 1.52, high: 2.18 },
  sentiment: {
    positive: { value: 0.55, low: 0.3988, high: 0.6919 },
    mixed: { value: 0.1, low: 0.0396, high: 0.2305 },
    neutral: { value: 0.3, low: 0.1806, high: 0.4543 },
    negative: { value: 0.05, low: 0.0138, high: 0.1651 },
  },
} as const;

export const trendsExample = {
  from: '2026-06-01',
  to: '2026-06-14',
  interval: 'week',
  data: [trendPointExample],
  incompleteDays: 0,
} as const;

export const surfacePairExample = {
  apiEngineId: 'chatgpt',
  appEngineId: 'chatgpt-local-fetch',
  prompts: 14,
  pairedDays: 96,
  answerPairs: 96,
  mention: {
    agreement: 0.8125,
    both: 61,
    apiOnly: 13,
    appOnly: 5,
    neither: 17,
    apiRate: 0.7708,
    appRate: 0.6875,
  },
  citation: {
    agreement: 0.7292,
    both: 18,
    apiOnly: 9,
    appOnly: 17,
    neither: 52,
    apiRate: 0.2813,
    appRate: 0.3646,
  },
  position: { pairs: 61, apiAverage: 1.72, appAverage: 2.05, difference: 0.33 },
  sources: {
    apiOnly: [{ domain: 'g2.com', class: 'other', competitor: null, promptDays: 21 }],
    appOnly: [
      { domain: 'reddit.com', class: 'other', competitor: null, promptDays: 34 },
      { domain: 'northwind.com', class: 'own', competitor: null, promptDays: 9 },
    ],
  },
} as const;

export const surfacesExample = { ...RANGE, data: [surfacePairExample] } as const;

const alertBase = {
  projectId: PROJECT,
  runId: 'run4kP8sN2qW7xT1mZ5vR9c',
  previousRunId: 'run8Hd3Lw6Tq1Zx9Kp2Vn5m',
  requestId: null,
} as const;

const links = {
  answers: `${BASE}/answers?runId=run4kP8sN2qW7xT1mZ5vR9c`,
  previousAnswers: `${BASE}/answers?runId=run8Hd3Lw6Tq1Zx9Kp2Vn5m`,
  trends: `${BASE}/stats/trends?from=2026-06-13&to=2026-06-14`,
  prompts: `${BASE}/stats/prompts?from=2026-06-13&to=2026-06-14`,
  sources: `${BASE}/stats/sources?from=2026-06-13&to=2026-06-14&groupBy=url`,
} as const;

const created = '2026-06-14T06:12:40.000Z';

export const visibilityEventExample = {
  id: 'evt5Jm8Rq2Xv6Nd1Wz9Kt4p',
  event: 'visibility.dropped',
  createdAt: created,
  data: {
    ...alertBase,
    changes: [
      {
        metric: 'mentionRate',
        engineId: 'perplexity',
        previous: { value: 0.8, low: 0.6087, high: 0.9114, answers: 25 },
        current: { value: 0.36, low: 0.2025, high: 0.5548, answers: 25 },
        change: -0.44,
        threshold: 0.1,
      },
    ],
    links,
  },
} as const;

export const citationEventExample = {
  id: 'evt7Pq2Wx9Lm4Rt1Zk8Nd3v',
  event: 'citation.lost',
  createdAt: created,
  data: {
    ...alertBase,
    citations: [
      {
        promptId: PROMPT,
        promptText: 'best crm for startups?',
        engineId: 'chatgpt',
        url: 'https://northwind.com/pricing',
      },
    ],
    total: 1,
    links,
  },
} as const;

export const overtakeEventExample = {
  id: 'evt3Kd8Vn1Qx6Wm9Rt2Lp5z',
  event: 'competitor.overtook',
  createdAt: created,
  data: {
    ...alertBase,
    overtakes: [
      {
        engineId: null,
        competitor: 'Globex',
        previous: { brandShare: 0.64, competitorShare: 0.58, answers: 150 },
        current: { brandShare: 0.51, competitorShare: 0.62, answers: 150 },
        threshold: 0,
      },
    ],
    links,
  },
} as const;

export const thresholdsExample = { mentionRateChange: 0.15, citationRateChange: 0.1, shareOfVoiceLead: 0.05 };
