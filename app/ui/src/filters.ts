/**
 * The answer filters of the API (from, to, engine (repeated), topicId, promptId, runId, mentioned, cited, and the
 * extensions q, sentiment, maxPosition, competitor and sort) as
 * the UI keeps them in its address (`#/p/ID/answers?engine=a&engine=b&mentioned=true`) and sends them.
 */

export interface AnswerFilters {
  from?: string;
  to?: string;
  engine: string[];
  topicId?: string;
  promptId?: string;
  runId?: string;
  mentioned?: boolean;
  cited?: boolean;
  /** Extensions of the API: text search, sentiment, best position, a competitor named, and the order. */
  q?: string;
  sentiment?: string;
  maxPosition?: number;
  competitor?: string;
  sort?: 'oldest';
}

export const SENTIMENT_VALUES = ['positive', 'mixed', 'neutral', 'negative', 'not-applicable'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (v: string | null, max: number) => {
  const t = v?.trim();
  return t && t.length <= max ? t : undefined;
};

const bool = (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined);

export function parseFilters(params: URLSearchParams): AnswerFilters {
  const from = params.get('from');
  const to = params.get('to');
  const filters: AnswerFilters = {
    engine: [...new Set(params.getAll('engine').filter((e) => e.length > 0 && e.length <= 60))],
  };
  if (from && DATE.test(from)) filters.from = from;
  if (to && DATE.test(to)) filters.to = to;
  const topicId = text(params.get('topicId'), 200);
  const promptId = text(params.get('promptId'), 200);
  const runId = text(params.get('runId'), 200);
  if (topicId) filters.topicId = topicId;
  if (promptId) filters.promptId = promptId;
  if (runId) filters.runId = runId;
  const mentioned = bool(params.get('mentioned'));
  const cited = bool(params.get('cited'));
  if (mentioned !== undefined) filters.mentioned = mentioned;
  if (cited !== undefined) filters.cited = cited;
  const q = text(params.get('q'), 200);
  if (q) filters.q = q;
  const sentiment = params.get('sentiment');
  if (sentiment && SENTIMENT_VALUES.includes(sentiment)) filters.sentiment = sentiment;
  const maxPosition = Number(params.get('maxPosition'));
  if (Number.isInteger(maxPosition) && maxPosition >= 1 && maxPosition <= 100)
    filters.maxPosition = maxPosition;
  const competitor = text(params.get('competitor'), 120);
  if (competitor) filters.competitor = competitor;
  if (params.get('sort') === 'oldest') filters.sort = 'oldest';
  return filters;
}

/**
 * The query the API takes. `runId` cannot be combined with a date range (400 unsupported_filter_combination),
 * so a run filter drops from and to: a run's answers are wanted whatever their days.
 */
export function filterParams(filters: AnswerFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.runId) p.set('runId', filters.runId);
  else {
    if (filters.from) p.set('from', filters.from);
    if (filters.to) p.set('to', filters.to);
  }
  for (const e of filters.engine) p.append('engine', e);
  if (filters.topicId) p.set('topicId', filters.topicId);
  if (filters.promptId) p.set('promptId', filters.promptId);
  if (filters.mentioned !== undefined) p.set('mentioned', String(filters.mentioned));
  if (filters.cited !== undefined) p.set('cited', String(filters.cited));
  if (filters.q) p.set('q', filters.q);
  if (filters.sentiment) p.set('sentiment', filters.sentiment);
  if (filters.maxPosition !== undefined) p.set('maxPosition', String(filters.maxPosition));
  if (filters.competitor) p.set('competitor', filters.competitor);
  if (filters.sort) p.set('sort', filters.sort);
  return p;
}

export function hasFilters(filters: AnswerFilters): boolean {
  return [...filterParams(filters).keys()].length > 0;
}
