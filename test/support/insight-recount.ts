/**
 * The insight reads computed the slow way, answer by answer, from the answers as the answers endpoint shows them:
 * what the summaries must agree with. Intervals use the interval functions (checked against published values in
 * their own tests) and classes the classifier (unit-tested); everything else is counted here from scratch.
 */
import { registrableDomain } from '../../engines/scoring/index.ts';
import { addDays, daysInclusive } from '../../server/domain/clock.ts';
import { meanInterval, wilson } from '../../server/domain/intervals.ts';
import type { SourceOwner } from '../../server/domain/source-class.ts';
import type { SourceTypeName } from '../../server/domain/source-types/listed.ts';
import { pageKindOf } from '../../server/domain/source-types/page-kinds.ts';
import type { StoredAnswer } from './insights.ts';

type Typed = SourceOwner & { type: SourceTypeName };
type Classifier = { domain(d: string): Typed; url(u: string): Typed };

export interface Scope {
  from: string;
  to: string;
  engine?: string[];
  topicId?: string;
}

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const textKey = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();
const inScope = (a: StoredAnswer, q: Scope) =>
  a.date >= q.from &&
  a.date <= q.to &&
  (q.engine === undefined || q.engine.includes(a.engineId)) &&
  (q.topicId === undefined || a.topicId === q.topicId);

export function recountSources(
  answers: readonly StoredAnswer[],
  q: Scope & { groupBy: 'domain' | 'url'; perEngine?: boolean },
  classify: Classifier,
) {
  const scoped = answers.filter((a) => inScope(a, q));
  const citing = scoped.filter((a) => a.sourceUrls.length > 0);
  const citingOn = (engineId: string) => citing.filter((a) => a.engineId === engineId).length;
  const keysOf = (a: StoredAnswer) => [
    ...new Set(
      q.groupBy === 'url'
        ? a.sourceUrls
        : a.sourceUrls.map((u) => registrableDomain(u)).filter((d): d is string => d !== null),
    ),
  ];
  const byKey = new Map<string, StoredAnswer[]>();
  for (const a of citing) for (const k of keysOf(a)) byKey.set(k, [...(byKey.get(k) ?? []), a]);
  const figures = (list: StoredAnswer[]) => ({
    answers: list.length,
    prompts: new Set(list.map((a) => textKey(a.promptText))).size,
    firstSeen: list.map((a) => a.date).sort()[0]!,
    lastSeen: list
      .map((a) => a.date)
      .sort()
      .at(-1)!,
  });
  const data = [...byKey]
    .map(([key, list]) => ({
      domain: q.groupBy === 'url' ? registrableDomain(key)! : key,
      url: q.groupBy === 'url' ? key : null,
      ...(q.groupBy === 'url' ? classify.url(key) : classify.domain(key)),
      pageKind: q.groupBy === 'url' ? pageKindOf(key) : null,
      share: rate(list.length, citing.length),
      ...figures(list),
      ...(q.perEngine && {
        engines: [...new Set(list.map((a) => a.engineId))]
          .map((engineId) => {
            const on = list.filter((a) => a.engineId === engineId);
            return { engineId, ...figures(on), share: rate(on.length, citingOn(engineId)) };
          })
          .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1)),
      }),
      key,
    }))
    .sort((a, b) => b.answers - a.answers || (a.key < b.key ? -1 : 1))
    .map(({ key: _key, ...row }) => row);
  return { answers: scoped.length, citingAnswers: citing.length, data };
}

const SENTIMENTS = ['positive', 'mixed', 'neutral', 'negative'] as const;

function promptFigures(list: readonly StoredAnswer[]) {
  const positions = list.flatMap((a) => (a.position === null ? [] : [a.position]));
  const count = (s: string) => list.filter((a) => a.sentiment === s).length;
  return {
    answers: list.length,
    mentioned: list.filter((a) => a.mentioned).length,
    cited: list.filter((a) => a.cited).length,
    mentionRate: rate(list.filter((a) => a.mentioned).length, list.length),
    citationRate: rate(list.filter((a) => a.cited).length, list.length),
    averagePosition: positions.length === 0 ? null : positions.reduce((x, y) => x + y, 0) / positions.length,
    sentiment: {
      positive: count('positive'),
      mixed: count('mixed'),
      neutral: count('neutral'),
      negative: count('negative'),
      notApplicable: count('not-applicable'),
    },
  };
}

/** Per tracked prompt: this period's figures and the previous period's, and the competitor named most. */
export function recountPrompts(
  answers: readonly StoredAnswer[],
  prompts: readonly { id: string; text: string; topicIds: string[]; status: string }[],
  competitors: readonly string[],
  q: Scope & { perEngine?: boolean },
) {
  const previous = { ...q, to: addDays(q.from, -1), from: addDays(q.from, -daysInclusive(q.from, q.to)) };
  const top = (list: readonly StoredAnswer[]) => {
    const counts = competitors.map((name) => ({
      name,
      mentioned: list.filter((a) =>
        a.competitors.some((c) => c.name.toLowerCase() === name.toLowerCase() && c.mentioned),
      ).length,
    }));
    const best = counts.reduce((b, c) => (c.mentioned > b.mentioned ? c : b), { name: '', mentioned: 0 });
    return best.mentioned === 0 ? null : { ...best, mentionRate: rate(best.mentioned, list.length) };
  };
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const withChange = (now: StoredAnswer[], before: StoredAnswer[]) => {
    const f = promptFigures(now);
    const p = promptFigures(before);
    return {
      ...f,
      topCompetitor: top(now),
      change: {
        answers: f.answers - p.answers,
        mentioned: f.mentioned - p.mentioned,
        cited: f.cited - p.cited,
        mentionRate: diff(f.mentionRate, p.mentionRate),
        citationRate: diff(f.citationRate, p.citationRate),
        averagePosition: diff(f.averagePosition, p.averagePosition),
        sentiment: Object.fromEntries(
          Object.entries(f.sentiment).map(([k, v]) => [k, v - p.sentiment[k as keyof typeof p.sentiment]]),
        ),
      },
    };
  };
  const scope = { ...q, topicId: undefined };
  return prompts
    .filter((p) => q.topicId === undefined || p.topicIds.includes(q.topicId))
    .map((p) => {
      const now = answers.filter((a) => a.promptId === p.id && inScope(a, scope));
      const before = answers.filter(
        (a) => a.promptId === p.id && inScope(a, { ...previous, topicId: undefined }),
      );
      return {
        promptId: p.id,
        text: p.text,
        topicIds: p.topicIds,
        status: p.status,
        ...withChange(now, before),
        ...(q.perEngine && {
          engines: [...new Set([...now, ...before].map((a) => a.engineId))].sort().map((engineId) => ({
            engineId,
            ...withChange(
              now.filter((a) => a.engineId === engineId),
              before.filter((a) => a.engineId === engineId),
            ),
          })),
        }),
      };
    });
}

/** ISO week label by counting Thursdays: the week of a day is the week of the Thursday of its Monday-based week. */
function isoWeekOf(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  const monday = addDays(day, -((d.getUTCDay() + 6) % 7));
  const thursday = addDays(monday, 3);
  const year = thursday.slice(0, 4);
  let week = 0;
  for (let t = thursday; t.slice(0, 4) === year; t = addDays(t, -7)) week += 1;
  return { label: `${year}-W${String(week).padStart(2, '0')}`, from: monday, to: addDays(monday, 6) };
}

export function recountTrends(
  answers: readonly StoredAnswer[],
  q: Scope & { interval: 'day' | 'week' | 'month' | 'range'; perEngine: boolean },
) {
  const bucket = (day: string) => {
    if (q.interval === 'day') return { period: day, from: day, to: day };
    if (q.interval === 'range') return { period: `${q.from}/${q.to}`, from: q.from, to: q.to };
    const b =
      q.interval === 'week'
        ? isoWeekOf(day)
        : {
            label: day.slice(0, 7),
            from: `${day.slice(0, 7)}-01`,
            to: addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1),
          };
    return { period: b.label, from: b.from < q.from ? q.from : b.from, to: b.to > q.to ? q.to : b.to };
  };
  const groups = new Map<
    string,
    { b: ReturnType<typeof bucket>; engineId: string | null; list: StoredAnswer[] }
  >();
  for (const a of answers.filter((x) => inScope(x, q))) {
    const b = bucket(a.date);
    const engineId = q.perEngine ? a.engineId : null;
    const k = `${b.from}|${engineId ?? ''}`;
    const g = groups.get(k) ?? { b, engineId, list: [] };
    g.list.push(a);
    groups.set(k, g);
  }
  return [...groups.keys()].sort().map((k) => {
    const { b, engineId, list } = groups.get(k)!;
    const positions = list.flatMap((a) => (a.position === null ? [] : [a.position]));
    const withSentiment = list.filter((a) =>
      (SENTIMENTS as readonly string[]).includes(a.sentiment ?? ''),
    ).length;
    const mean = meanInterval(
      positions.length,
      positions.reduce((x, y) => x + y, 0),
      positions.reduce((x, y) => x + y * y, 0),
    );
    const count = (f: (a: StoredAnswer) => boolean) => list.filter(f).length;
    return {
      ...b,
      engineId,
      answers: list.length,
      mentioned: count((a) => a.mentioned),
      cited: count((a) => a.cited),
      positioned: positions.length,
      withSentiment,
      mentionRate: wilson(
        count((a) => a.mentioned),
        list.length,
      ),
      citationRate: wilson(
        count((a) => a.cited),
        list.length,
      ),
      averagePosition: mean.low === null ? mean : { ...mean, low: Math.max(1, mean.low) },
      sentiment: Object.fromEntries(
        SENTIMENTS.map((s) => [
          s,
          wilson(
            count((a) => a.sentiment === s),
            withSentiment,
          ),
        ]),
      ),
    };
  });
}

/** Every API answer against every app answer of the same tracked prompt (of the topic, when given) and day. */
export function recountSurfaces(
  answers: readonly StoredAnswer[],
  q: Scope & { promptIds?: ReadonlySet<string> },
  pairs: readonly { api: string; app: string }[],
  classify: Classifier,
) {
  const scoped = answers.filter(
    (a) =>
      a.promptId !== null &&
      (q.promptIds === undefined || q.promptIds.has(a.promptId)) &&
      inScope(a, { from: q.from, to: q.to }),
  );
  return pairs
    .filter((p) => !q.engine || q.engine.includes(p.api) || q.engine.includes(p.app))
    .map((p) => {
      const agreement = () => ({ both: 0, apiOnly: 0, appOnly: 0, neither: 0 });
      const mention = agreement();
      const citation = agreement();
      const tally = (t: ReturnType<typeof agreement>, x: boolean, y: boolean) => {
        if (x && y) t.both += 1;
        else if (x) t.apiOnly += 1;
        else if (y) t.appOnly += 1;
        else t.neither += 1;
      };
      let answerPairs = 0;
      const positions: [number, number][] = [];
      const promptDays = new Map<string, { api: StoredAnswer[]; app: StoredAnswer[] }>();
      for (const a of scoped) {
        if (a.engineId !== p.api && a.engineId !== p.app) continue;
        const k = `${a.promptId}|${a.date}`;
        const g = promptDays.get(k) ?? { api: [], app: [] };
        (a.engineId === p.api ? g.api : g.app).push(a);
        promptDays.set(k, g);
      }
      const paired = [...promptDays].filter(([, g]) => g.api.length > 0 && g.app.length > 0);
      const apiOnly = new Map<string, number>();
      const appOnly = new Map<string, number>();
      for (const [, g] of paired) {
        for (const x of g.api) {
          for (const y of g.app) {
            answerPairs += 1;
            tally(mention, x.mentioned, y.mentioned);
            tally(citation, x.cited, y.cited);
            if (x.position !== null && y.position !== null) positions.push([x.position, y.position]);
          }
        }
        const domains = (list: StoredAnswer[]) =>
          new Set(list.flatMap((a) => a.sourceUrls.map((u) => registrableDomain(u)!)));
        const [da, db] = [domains(g.api), domains(g.app)];
        for (const d of da) if (!db.has(d)) apiOnly.set(d, (apiOnly.get(d) ?? 0) + 1);
        for (const d of db) if (!da.has(d)) appOnly.set(d, (appOnly.get(d) ?? 0) + 1);
      }
      const result = (t: ReturnType<typeof agreement>) => ({
        agreement: rate(t.both + t.neither, answerPairs),
        ...t,
        apiRate: rate(t.both + t.apiOnly, answerPairs),
        appRate: rate(t.both + t.appOnly, answerPairs),
      });
      const avg = (i: 0 | 1) =>
        positions.length === 0 ? null : positions.reduce((s, pair) => s + pair[i], 0) / positions.length;
      const top = (m: Map<string, number>) =>
        [...m]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, 20)
          .map(([domain, n]) => {
            const { class: owner, competitor } = classify.domain(domain);
            return { domain, class: owner, competitor, promptDays: n };
          });
      return {
        apiEngineId: p.api,
        appEngineId: p.app,
        prompts: new Set(paired.map(([k]) => k.split('|')[0])).size,
        pairedDays: paired.length,
        answerPairs,
        mention: result(mention),
        citation: result(citation),
        position: {
          pairs: positions.length,
          apiAverage: avg(0),
          appAverage: avg(1),
          difference: positions.length === 0 ? null : avg(1)! - avg(0)!,
        },
        sources: { apiOnly: top(apiOnly), appOnly: top(appOnly) },
      };
    })
    .filter((row) => row.pairedDays > 0);
}

/**
 * stats/sources?groupBy=type the slow way: every answer in each period adds one citation to the type of each
 * registrable domain it lists, per engine; shares divide by all citations of the engine (or of all engines).
 */
export function recountTypeShares(
  answers: readonly StoredAnswer[],
  q: Scope & { previous: { from: string; to: string } },
  classify: Classifier,
) {
  const count = (scope: Scope) => {
    const out = new Map<string, Map<string, number>>();
    for (const a of answers.filter((x) => inScope(x, scope))) {
      const domains = new Set(a.sourceUrls.map((u) => registrableDomain(u)).filter((d) => d !== null));
      for (const d of domains) {
        const type = classify.domain(d).type;
        const byEngine = out.get(type) ?? new Map<string, number>();
        byEngine.set(a.engineId, (byEngine.get(a.engineId) ?? 0) + 1);
        out.set(type, byEngine);
      }
    }
    return out;
  };
  const now = count(q);
  const before = count({ ...q, ...q.previous });
  const total = (m: Map<string, Map<string, number>>, engineId?: string) =>
    [...m.values()].reduce(
      (n, e) => n + (engineId ? (e.get(engineId) ?? 0) : [...e.values()].reduce((x, y) => x + y, 0)),
      0,
    );
  const of = (m: Map<string, Map<string, number>>, type: string, engineId?: string) =>
    engineId
      ? (m.get(type)?.get(engineId) ?? 0)
      : [...(m.get(type)?.values() ?? [])].reduce((x, y) => x + y, 0);
  const figures = (type: string, engineId?: string) => {
    const share = rate(of(now, type, engineId), total(now, engineId));
    const previousShare = rate(of(before, type, engineId), total(before, engineId));
    return {
      citations: of(now, type, engineId),
      share,
      previousCitations: of(before, type, engineId),
      previousShare,
      change: share === null || previousShare === null ? null : share - previousShare,
    };
  };
  const engines = [...new Set([...now.values(), ...before.values()].flatMap((m) => [...m.keys()]))].sort();
  return [...new Set([...now.keys(), ...before.keys()])]
    .map((type) => ({
      type,
      ...figures(type),
      engines: engines.map((engineId) => ({ engineId, ...figures(type, engineId) })),
    }))
    .sort(
      (a, b) =>
        b.citations - a.citations || b.previousCitations - a.previousCitations || (a.type < b.type ? -1 : 1),
    );
}
