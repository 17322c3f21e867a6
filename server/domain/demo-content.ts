/**
 * The fictional market the demo project lives in: a project-management SaaS, its rivals, what people ask
 * about them, and how each engine tends to answer. Every name and domain here is invented.
 */

export const DEMO_BRAND = {
  name: 'Northwind Tasks',
  websiteUrl: 'https://www.northwindtasks.com',
  brandTerms: ['Northwind'],
  brandDomains: ['northwind.app'],
};

/**
 * The tracked rivals, a leader first and then a long tail: `strength` is the chance an answer names each one, and
 * `engines` and `topics` scale it where a rival is stronger or weaker than its average (1 when not listed).
 */
export const DEMO_COMPETITORS: DemoCompetitor[] = [
  {
    name: 'Trellis Boards',
    domains: ['trellisboards.com'],
    strength: 0.7,
    engines: { chatgpt: 1.3, gemini: 1.2, claude: 0.8 },
    topics: { alternatives: 1.4, integrations: 0.8 },
  },
  {
    name: 'Tasklane',
    domains: ['tasklane.io'],
    strength: 0.38,
    engines: { perplexity: 1.5, grok: 1.3, chatgpt: 0.7, gemini: 0.5 },
    topics: { integrations: 1.6, pricing: 0.6 },
  },
  {
    name: 'Planfield',
    domains: ['planfield.com'],
    strength: 0.24,
    engines: { 'google-ai-mode': 1.6 },
    topics: { pricing: 2, 'remote-teams': 0.6 },
  },
  { name: 'Orbit PM', domains: ['orbitpm.com'], strength: 0.16, engines: { claude: 2.2 }, topics: {} },
  {
    name: 'Kanbanly',
    domains: ['kanbanly.com'],
    strength: 0.11,
    engines: { grok: 1.8 },
    topics: { 'best-tools': 1.5 },
  },
  {
    name: 'Sprintwise',
    domains: ['sprintwise.io'],
    strength: 0.07,
    engines: {},
    topics: { 'remote-teams': 2.5 },
  },
  { name: 'Milestone HQ', domains: ['milestonehq.com'], strength: 0.045, engines: {}, topics: {} },
  {
    name: 'Cobalt Projects',
    domains: ['cobaltprojects.com', 'cobalt.pm'],
    strength: 0.03,
    engines: {},
    topics: {},
  },
];

export interface DemoCompetitor {
  name: string;
  domains: string[];
  strength: number;
  engines: Partial<Record<string, number>>;
  topics: Partial<Record<string, number>>;
}

/** Parts of the further invented rivals a larger demo asks for, beyond the eight above. */
export const EXTRA_RIVAL_PARTS = {
  first: [
    'Acorn',
    'Bluejay',
    'Copperline',
    'Driftwood',
    'Emberly',
    'Fjordly',
    'Granite',
    'Harborview',
    'Indigo',
    'Juniper',
    'Kestrel',
    'Lumenary',
    'Maplewood',
    'Nimbus',
    'Onyx',
    'Pinecrest',
    'Quartzite',
    'Redwood',
    'Summitry',
    'Tundra',
    'Umberline',
    'Vireo',
    'Willowby',
    'Yarrow',
    'Zephyrine',
  ],
  second: ['Planner', 'Works', 'Tracker', 'Desk'],
};

/** Per topic: how often the brand comes up and how kindly it is described, relative to the engine's habit. */
export const DEMO_TOPICS = [
  { id: 'best-tools', label: 'Best tools', mention: 0.05, tone: 0.15 },
  { id: 'pricing', label: 'Pricing', mention: -0.05, tone: -0.35 },
  { id: 'integrations', label: 'Integrations', mention: 0.1, tone: 0.3 },
  { id: 'remote-teams', label: 'Remote teams', mention: -0.1, tone: 0.1 },
  { id: 'alternatives', label: 'Alternatives', mention: -0.15, tone: -0.05 },
];

/**
 * The web searches engines run behind the demo's prompts, per topic: the fan-out the Queries page lists. Several
 * prompts of a topic share them, as real engines' searches do.
 */
export const DEMO_SEARCHES: Record<string, string[]> = {
  'best-tools': [
    'best project management tool small teams 2026',
    'project management software reviews',
    'easiest project management app to learn',
    'kanban board app comparison',
    'top task management apps for agencies',
  ],
  pricing: [
    'project management software pricing comparison',
    'free project management tools',
    'Northwind Tasks pricing',
    'project management per user price 10 users',
  ],
  integrations: [
    'project management slack google drive integration',
    'task tracker github integration',
    'project management zapier api',
    'project management time tracking built in',
  ],
  'remote-teams': [
    'remote team task tracking time zones',
    'async collaboration tools distributed teams',
    'best project management mobile app',
    'weekly planning remote engineering team tools',
  ],
  alternatives: [
    'Trellis Boards alternatives',
    'Tasklane vs Northwind Tasks',
    'spreadsheet alternative client project management',
    'lightweight alternative enterprise project management',
  ],
};

/** `focus` names a brand the question asks about by name, which the answer then nearly always names. */
export const DEMO_PROMPTS: { text: string; topicId: string; focus?: string }[] = [
  { text: 'What is the best project management tool for small teams?', topicId: 'best-tools' },
  { text: 'Which project management software is easiest to learn?', topicId: 'best-tools' },
  { text: 'Best kanban board app for a startup', topicId: 'best-tools' },
  { text: 'What task management app do agencies recommend?', topicId: 'best-tools' },
  { text: 'Which project management tools have a good free plan?', topicId: 'pricing' },
  { text: 'Cheapest project management software for a team of 10', topicId: 'pricing' },
  { text: 'Is Northwind Tasks worth the price?', topicId: 'pricing', focus: 'Northwind Tasks' },
  { text: 'Project management software with per-user pricing compared', topicId: 'pricing' },
  { text: 'Project management app that integrates with Slack and Google Drive', topicId: 'integrations' },
  { text: 'Which task tracker has the best GitHub integration?', topicId: 'integrations' },
  { text: 'Project management tools with a good API and Zapier support', topicId: 'integrations' },
  { text: 'Best project management software with built-in time tracking', topicId: 'integrations' },
  { text: 'How do remote teams keep track of tasks across time zones?', topicId: 'remote-teams' },
  { text: 'Best async collaboration tools for distributed teams', topicId: 'remote-teams' },
  { text: 'Which project management app works best on mobile?', topicId: 'remote-teams' },
  { text: 'Tools to run weekly planning for a remote engineering team', topicId: 'remote-teams' },
  {
    text: 'What are the best alternatives to Trellis Boards?',
    topicId: 'alternatives',
    focus: 'Trellis Boards',
  },
  {
    text: 'Tasklane vs Northwind Tasks: which is better?',
    topicId: 'alternatives',
    focus: 'Northwind Tasks',
  },
  { text: 'Alternatives to spreadsheets for managing client projects', topicId: 'alternatives' },
  { text: 'Simple alternatives to heavyweight enterprise project tools', topicId: 'alternatives' },
];

export interface EngineHabit {
  /** Share of the answers this engine gives, relative to the others. */
  weight: number;
  mention: number;
  /** Chance the brand's site is a source when the brand is named. */
  cite: number;
  /** Chance the brand is named first when it is named at all. */
  lead: number;
  /** -1 (harsh) to 1 (kind). */
  tone: number;
  sources: [min: number, max: number];
  /** Chance a source URL keeps the engine's campaign tag, as ChatGPT's links do. */
  utm: number;
  /** Chance an answer naming the brand also states a fact about it that the Brand Truth contradicts. */
  drift: number;
  /**
   * How the text reads as the engine's adapter stores it: a numbered list with names in bold (ChatGPT, Grok),
   * bullets (Gemini, Google AI Mode), or prose (Claude; Perplexity's `[n]` markers leave the text when stored).
   */
  style: 'list' | 'prose' | 'bullets';
}

export const DEMO_ENGINES: Record<string, EngineHabit> = {
  chatgpt: {
    weight: 3,
    mention: 0.62,
    cite: 0.3,
    lead: 0.45,
    tone: 0.25,
    sources: [2, 6],
    utm: 0.8,
    drift: 0.12,
    style: 'list',
  },
  gemini: {
    weight: 2,
    mention: 0.47,
    cite: 0.4,
    lead: 0.3,
    tone: 0.1,
    sources: [3, 6],
    utm: 0,
    drift: 0.1,
    style: 'bullets',
  },
  perplexity: {
    weight: 2,
    mention: 0.38,
    cite: 0.6,
    lead: 0.5,
    tone: 0.15,
    sources: [5, 8],
    utm: 0.1,
    drift: 0.05,
    style: 'prose',
  },
  claude: {
    weight: 1.5,
    mention: 0.55,
    cite: 0.22,
    lead: 0.35,
    tone: 0.35,
    sources: [1, 4],
    utm: 0,
    drift: 0.08,
    style: 'prose',
  },
  grok: {
    weight: 1,
    mention: 0.34,
    cite: 0.15,
    lead: 0.2,
    tone: -0.15,
    sources: [2, 5],
    utm: 0.05,
    drift: 0.3,
    style: 'list',
  },
  'google-ai-mode': {
    weight: 2,
    mention: 0.5,
    cite: 0.48,
    lead: 0.25,
    tone: 0,
    sources: [4, 8],
    utm: 0.2,
    drift: 0.15,
    style: 'bullets',
  },
};

export const INTROS = [
  'Here are some of the options teams mention most often.',
  'Several tools stand out, depending on team size and budget.',
  'The right choice depends on how your team plans and tracks work.',
  'A few products come up again and again in reviews and user forums.',
  'Based on recent reviews, these are worth a look.',
];

export const OUTROS = [
  'Most of them offer a free trial, so it is worth testing two or three with a real project.',
  'Overall, pick the one that matches how your team already works.',
  'Check the integrations you rely on before you commit to a yearly plan.',
  'For very small teams, the free tiers are often enough to get started.',
];

/** What an answer says about the brand, by the sentiment it should carry; `{B}` is the name used. */
export const BRAND_LINES: Record<'positive' | 'negative' | 'mixed' | 'neutral', string[]> = {
  positive: [
    '{B} is praised for its intuitive boards and fast onboarding, which makes it a strong choice for small teams.',
    '{B} is popular with agencies thanks to reliable client portals and excellent templates.',
    'Reviewers call {B} easy to use and well-documented, with a generous free plan.',
  ],
  negative: [
    '{B} has drawn complaints about slow support, and some teams find it expensive as they grow.',
    'Users report that {B} feels clunky on mobile and its reporting is limited.',
    '{B} is often criticized for a steep learning curve in its automation builder.',
  ],
  mixed: [
    '{B} is easy to use, but its reporting is limited compared with larger suites.',
    '{B} offers powerful automations, although some teams find the pricing expensive as they grow.',
  ],
  neutral: [
    '{B} offers boards, timelines and time tracking, with integrations for Slack and Google Drive.',
    '{B} covers task lists, Gantt charts and client sharing on web, desktop and mobile.',
  ],
};

/** What answers say about a competitor; `{C}` is its name. */
export const COMPETITOR_LINES = [
  '{C} focuses on visual kanban boards and simple checklists.',
  '{C} is a solid option for larger teams that need portfolio views.',
  '{C} has a free tier for up to five users and paid plans per seat.',
  '{C} is known for its timeline view, though some find it cluttered.',
  '{C} integrates with GitHub and Jira, which suits engineering teams.',
  '{C} bundles docs, chat and tasks in one workspace.',
];

export const BRAND_PAGES = [
  { url: 'https://www.northwindtasks.com/pricing', title: 'Pricing | Northwind Tasks' },
  { url: 'https://www.northwindtasks.com/features', title: 'Features | Northwind Tasks' },
  { url: 'https://www.northwindtasks.com/integrations/slack', title: 'Slack integration' },
  { url: 'https://help.northwindtasks.com/articles/getting-started', title: 'Getting started' },
  { url: 'https://northwind.app/templates', title: 'Templates' },
];

export const COMPETITOR_PATHS = ['/', '/pricing', '/features', '/blog/why-teams-switch'];
