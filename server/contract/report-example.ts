/** The report schema's example: a week of project Acme, each list cut to its first rows (figures rounded). */
export const REPORT_EXAMPLE = {
  projectId: 'prj7QmT2xK9pLw4RzN8vB3c',
  projectName: 'Acme',
  timezone: 'UTC',
  from: '2026-06-08',
  to: '2026-06-14',
  previous: { from: '2026-06-01', to: '2026-06-07' },
  generatedAt: '2026-06-15T12:00:00.000Z',
  brand: { name: 'Northwind Agency', accent: '#0e7490', hasLogo: true },
  incompleteDays: 0,
  parts: {
    kpis: {
      summary:
        'Over 42 answers, beyond the noise: Mention rate up 74 points to 86 %, beyond the noise; Citation rate up 60 points to 71 %, beyond the noise; Share of voice up 36 points to 43 %, beyond the noise; Average position up 0.8 places to 1.2, beyond the noise; Positive sentiment up 83 points to 83 %, beyond the noise.',
      beyondNoise: true,
      data: [
        {
          id: 'mention',
          label: 'Mention rate',
          kind: 'rate',
          basis: 42,
          now: { value: 0.8571, low: 0.7216, high: 0.9328 },
          previous: { value: 0.119, low: 0.0519, high: 0.25 },
          change: 0.7381,
          beyondNoise: true,
          summary: 'Mention rate up 74 points to 86 %, beyond the noise.',
        },
        {
          id: 'citation',
          label: 'Citation rate',
          kind: 'rate',
          basis: 42,
          now: { value: 0.7143, low: 0.5643, high: 0.8283 },
          previous: { value: 0.119, low: 0.0519, high: 0.25 },
          change: 0.5952,
          beyondNoise: true,
          summary: 'Citation rate up 60 points to 71 %, beyond the noise.',
        },
      ],
    },
    trends: {
      summary:
        'ChatGPT: mentions up 100 points to 100 %, beyond the noise; citations up 100 points to 100 %, beyond the noise. Gemini: mentions up 8 points to 50 %, within the noise (it may be chance); citations down 42 points to 0 %, beyond the noise.',
      beyondNoise: true,
      interval: 'day',
      engines: [
        {
          engineId: 'chatgpt',
          answers: 30,
          mentionRate: {
            now: { value: 1, low: 0.8865, high: 1 },
            previous: { value: 0, low: 0, high: 0.1135 },
            change: 1,
            beyondNoise: true,
          },
          citationRate: {
            now: { value: 1, low: 0.8865, high: 1 },
            previous: { value: 0, low: 0, high: 0.1135 },
            change: 1,
            beyondNoise: true,
          },
          summary:
            'ChatGPT: mentions up 100 points to 100 %, beyond the noise; citations up 100 points to 100 %, beyond the noise.',
        },
        {
          engineId: 'gemini',
          answers: 12,
          mentionRate: {
            now: { value: 0.5, low: 0.2538, high: 0.7462 },
            previous: { value: 0.4167, low: 0.1933, high: 0.6805 },
            change: 0.0833,
            beyondNoise: false,
          },
          citationRate: {
            now: { value: 0, low: 0, high: 0.2425 },
            previous: { value: 0.4167, low: 0.1933, high: 0.6805 },
            change: -0.4167,
            beyondNoise: true,
          },
          summary:
            'Gemini: mentions up 8 points to 50 %, within the noise (it may be chance); citations down 42 points to 0 %, beyond the noise.',
        },
      ],
      points: [
        {
          period: '2026-06-08',
          from: '2026-06-08',
          to: '2026-06-08',
          engineId: 'chatgpt',
          answers: 5,
          mentionRate: { value: 1, low: 0.5655, high: 1 },
          citationRate: { value: 1, low: 0.5655, high: 1 },
        },
        {
          period: '2026-06-08',
          from: '2026-06-08',
          to: '2026-06-08',
          engineId: 'gemini',
          answers: 2,
          mentionRate: { value: 0.5, low: 0.0945, high: 0.9055 },
          citationRate: { value: 0, low: 0, high: 0.6576 },
        },
      ],
    },
    shareOfVoice: {
      summary:
        'Your share of voice is up 36 points to 43 %, beyond the noise. Globex is named most (50 %). Beyond the noise: Initech down 36 points to 7 %, beyond the noise.',
      beyondNoise: true,
      mentions: 84,
      brands: [
        {
          name: 'Acme',
          isOwnBrand: true,
          mentioned: 36,
          share: {
            now: { value: 0.4286, low: 0.3282, high: 0.5352 },
            previous: { value: 0.0714, low: 0.0309, high: 0.1566 },
            change: 0.3571,
            beyondNoise: true,
          },
        },
        {
          name: 'Globex',
          isOwnBrand: false,
          mentioned: 42,
          share: {
            now: { value: 0.5, low: 0.3954, high: 0.6046 },
            previous: { value: 0.5, low: 0.386, high: 0.614 },
            change: 0,
            beyondNoise: false,
          },
        },
        {
          name: 'Initech',
          isOwnBrand: false,
          mentioned: 6,
          share: {
            now: { value: 0.0714, low: 0.0331, high: 0.1472 },
            previous: { value: 0.4286, low: 0.3194, high: 0.5452 },
            change: -0.3571,
            beyondNoise: true,
          },
        },
      ],
    },
    prompts: {
      summary:
        '2 of the prompts shown gained mentions (2 beyond the noise), 0 lost them (0 beyond the noise).',
      beyondNoise: true,
      won: [
        {
          promptId: 'pmt3Hn6Lq1Vy8Bd2Kf5Xs0a',
          text: 'top crm tools',
          answers: 21,
          mentionRate: {
            now: { value: 0.8571, low: 0.6536, high: 0.9502 },
            previous: { value: 0.1, low: 0.0279, high: 0.301 },
            change: 0.7571,
            beyondNoise: true,
          },
        },
      ],
      lost: [],
    },
    sources: {
      summary:
        '42 answers listed sources; acme.com was cited most (71 % of them). Your own domains among the most cited: acme.com up 60 points to 71 %, beyond the noise. 3 of the top 5 moved beyond the noise. 1 domain cites competitors but never you.',
      beyondNoise: true,
      citingAnswers: 42,
      top: [
        {
          domain: 'acme.com',
          class: 'own',
          competitor: null,
          answers: 30,
          share: {
            now: { value: 0.7143, low: 0.5643, high: 0.8283 },
            previous: { value: 0.119, low: 0.0519, high: 0.25 },
            change: 0.5952,
            beyondNoise: true,
          },
        },
        {
          domain: 'g2.com',
          class: 'other',
          competitor: null,
          answers: 30,
          share: {
            now: { value: 0.7143, low: 0.5643, high: 0.8283 },
            previous: { value: 0.7143, low: 0.5643, high: 0.8283 },
            change: 0,
            beyondNoise: false,
          },
        },
      ],
      gaps: [{ domain: 'example.org', answers: 6, prompts: 2 }],
    },
    drift: {
      summary:
        '1 answer drifts from the Brand Truth and 1 in part: the share drifting is up 5 points to 5 %, within the noise (it may be chance).',
      beyondNoise: false,
      answers: 42,
      drifting: {
        now: { value: 0.0476, low: 0.0132, high: 0.1579 },
        previous: { value: 0, low: 0, high: 0.0838 },
        change: 0.0476,
        beyondNoise: false,
      },
      drift: 1,
      partial: 1,
      latest: [
        {
          answerId: 'run4kP8sN2qW7xT1mZ5vR9c:pmt3Hn6Lq1Vy8Bd2Kf5Xs0a:gemini:1',
          engineId: 'gemini',
          date: '2026-06-12',
          promptText: 'best crm for startups?',
          drift: 'partial',
          reason: 'Says setup takes a week; the Brand Truth says a day.',
        },
      ],
    },
    actions: {
      summary:
        '2 actions ranked by reach, the first reaching 30 answers; 2 are open. 1 prompt to win back, 1 lost beyond the noise.',
      beyondNoise: true,
      data: [
        {
          actionId: 'act_3f9a1c0b7e25d4a8c6b1',
          kind: 'get-cited-on',
          title:
            'Get reviewed on g2.com: listed in 30 answers (30 naming a competitor), never in one naming you',
          reach: { answers: 30, prompts: 2, engines: 1 },
          status: 'open',
          mentionRate: null,
        },
        {
          actionId: 'act_7c2e9b4a1d0f3e8b5a62',
          kind: 'win-back-prompt',
          title: 'Win back “best crm for startups?” on Gemini, where Globex is still named',
          reach: { answers: 6, prompts: 1, engines: 1 },
          status: 'open',
          mentionRate: {
            now: { value: 0, low: 0, high: 0.3903 },
            previous: { value: 0.8333, low: 0.4365, high: 0.9699 },
            change: -0.8333,
            beyondNoise: true,
          },
        },
      ],
    },
    traffic: {
      summary:
        'AI crawler hits up 44 to 140, beyond the noise (GPTBot most, 96). Visits from AI answers up 19 to 31, beyond the noise.',
      beyondNoise: true,
      imported: true,
      crawlers: {
        hits: {
          now: { value: 140, low: 118.6507, high: 165.1907 },
          previous: { value: 96, low: 78.6213, high: 117.2202 },
          change: 44,
          beyondNoise: true,
        },
        agents: [
          { agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', hits: 96, change: 30 },
          { agent: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', hits: 44, change: 14 },
        ],
      },
      referrals: {
        visits: {
          now: { value: 31, low: 21.8404, high: 44.0011 },
          previous: { value: 12, low: 6.8648, high: 20.9767 },
          change: 19,
          beyondNoise: true,
        },
        engines: [{ engine: 'chatgpt', visits: 31, change: 19 }],
        pages: [{ page: '/pricing', visits: 22 }],
      },
    },
  },
};
