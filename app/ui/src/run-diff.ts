/** What changed between two runs, engine by engine, and how many answers a run is expected to store. */

export interface RunAnswer {
  engineId: string;
  engineLabel: string;
  mentioned: boolean;
  cited: boolean;
}

export interface PromptAnswer extends RunAnswer {
  promptId: string | null;
  promptText: string;
}

export interface PromptChange {
  promptText: string;
  /** Engines whose answers named the brand in one run and not in the other. */
  engines: string[];
}

/**
 * Prompts won and lost between two runs: a prompt is won on an engine when the latest run's answers named the
 * brand and the previous run's did not (any sample counts), lost the other way round. Only prompt and engine
 * pairs both runs asked are compared.
 */
export function promptChanges(
  latest: readonly PromptAnswer[],
  previous: readonly PromptAnswer[],
): { won: PromptChange[]; lost: PromptChange[] } {
  const key = (a: PromptAnswer) => `${a.promptId ?? a.promptText}\u0000${a.engineId}`;
  const named = (answers: readonly PromptAnswer[]) => {
    const m = new Map<string, { answer: PromptAnswer; named: boolean }>();
    for (const a of answers) {
      const k = key(a);
      m.set(k, { answer: a, named: (m.get(k)?.named ?? false) || a.mentioned });
    }
    return m;
  };
  const now = named(latest);
  const before = named(previous);
  const won = new Map<string, PromptChange>();
  const lost = new Map<string, PromptChange>();
  for (const [k, n] of now) {
    const b = before.get(k);
    if (!b || b.named === n.named) continue;
    const into = n.named ? won : lost;
    const p = n.answer.promptId ?? n.answer.promptText;
    const entry = into.get(p) ?? { promptText: n.answer.promptText, engines: [] };
    entry.engines.push(n.answer.engineLabel);
    into.set(p, entry);
  }
  const sorted = (m: Map<string, PromptChange>) =>
    [...m.values()]
      .map((c) => ({ ...c, engines: c.engines.sort() }))
      .sort((a, b) => b.engines.length - a.engines.length || a.promptText.localeCompare(b.promptText));
  return { won: sorted(won), lost: sorted(lost) };
}

export interface Rates {
  answers: number;
  mentioned: number;
  cited: number;
  mentionRate: number | null;
  citationRate: number | null;
}

export interface EngineChange {
  engineId: string;
  engineLabel: string;
  latest: Rates | null;
  previous: Rates | null;
  /** Latest rate minus previous rate (a fraction, 0.1 = 10 points); null unless both runs asked the engine. */
  mentionDelta: number | null;
  citationDelta: number | null;
}

export interface RunDiff {
  engines: EngineChange[];
  total: EngineChange;
}

const rates = (answers: number, mentioned: number, cited: number): Rates => ({
  answers,
  mentioned,
  cited,
  mentionRate: answers > 0 ? mentioned / answers : null,
  citationRate: answers > 0 ? cited / answers : null,
});

export function ratesByEngine(answers: readonly RunAnswer[]): Map<string, Rates & { engineLabel: string }> {
  const counts = new Map<string, { label: string; n: number; m: number; c: number }>();
  for (const a of answers) {
    const c = counts.get(a.engineId) ?? { label: a.engineLabel, n: 0, m: 0, c: 0 };
    c.n += 1;
    if (a.mentioned) c.m += 1;
    if (a.cited) c.c += 1;
    counts.set(a.engineId, c);
  }
  return new Map([...counts].map(([id, c]) => [id, { ...rates(c.n, c.m, c.c), engineLabel: c.label }]));
}

const delta = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? null : a - b;

function change(
  engineId: string,
  engineLabel: string,
  latest: Rates | null,
  previous: Rates | null,
): EngineChange {
  return {
    engineId,
    engineLabel,
    latest,
    previous,
    mentionDelta: delta(latest?.mentionRate, previous?.mentionRate),
    citationDelta: delta(latest?.citationRate, previous?.citationRate),
  };
}

function totalOf(answers: readonly RunAnswer[]): Rates | null {
  if (answers.length === 0) return null;
  return rates(
    answers.length,
    answers.filter((a) => a.mentioned).length,
    answers.filter((a) => a.cited).length,
  );
}

/** Every engine of either run, by label; an engine only one run asked has null on the other side. */
export function diffRuns(latest: readonly RunAnswer[], previous: readonly RunAnswer[]): RunDiff {
  const now = ratesByEngine(latest);
  const before = ratesByEngine(previous);
  const ids = [...new Set([...now.keys(), ...before.keys()])];
  const engines = ids
    .map((id) => {
      const label = now.get(id)?.engineLabel ?? before.get(id)?.engineLabel ?? id;
      return change(id, label, now.get(id) ?? null, before.get(id) ?? null);
    })
    .sort((a, b) => a.engineLabel.localeCompare(b.engineLabel));
  return { engines, total: change('all', 'All engines', totalOf(latest), totalOf(previous)) };
}

/**
 * Answers a run stores when every slot answers: each active prompt on each of its engines (those the plan
 * still allows, when known), `samples` times.
 */
export function expectedAnswers(
  prompts: readonly { status: string; engineIds: readonly string[] }[],
  samples: number,
  allowedEngineIds?: readonly string[],
): number {
  const allowed = allowedEngineIds ? new Set(allowedEngineIds) : null;
  let slots = 0;
  for (const p of prompts) {
    if (p.status !== 'active') continue;
    slots += allowed ? p.engineIds.filter((id) => allowed.has(id)).length : p.engineIds.length;
  }
  return slots * Math.max(1, samples);
}

/** How far along a request is: the answers its runs stored against what it should store, 0 to 1. */
export function progressFraction(stored: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.min(1, Math.max(0, stored / expected));
}
