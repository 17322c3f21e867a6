/**
 * The engines that answer the demo's runs: each answers from the demo market for the day its run's clock reads,
 * deterministically (the same run seed, prompt, engine and day give the same answer), and fails on the days the
 * story says it did. They stand in for the cloud adapters, so the runs go through the real run path.
 */
import { EngineError, type AnswerEngine } from '../../engines/types.ts';
import { daysInclusive, isoDay, type Clock } from './clock.ts';
import type { DemoCompetitor } from './demo-content.ts';
import { hashText, marketAnswer, mulberry32, STORY, type MarketPrompt } from './demo-market.ts';

export interface DemoEngineSetup {
  competitors: readonly DemoCompetitor[];
  prompts: readonly MarketPrompt[];
  runSeed: number;
  /** The period's length in days, and its last day. */
  days: number;
  lastDay: string;
  /** The run's clock: its day is the day answered. */
  clock: Clock;
}

function failure(engineId: string, daysLeft: number): EngineError | null {
  if (daysLeft === STORY.outage.daysLeft) {
    return new EngineError(engineId, 'retryable', 'timeout', 'no reply within 120 s (the network was down)');
  }
  if (daysLeft === STORY.rateLimited.daysLeft && engineId === STORY.rateLimited.engineId) {
    return new EngineError(engineId, 'retryable', 'rate_limited', 'HTTP 429: rate limit reached', {
      status: 429,
    });
  }
  return null;
}

export function demoEngines(engineIds: readonly string[], o: DemoEngineSetup): Map<string, AnswerEngine> {
  const byText = new Map(o.prompts.map((p) => [p.text, p]));
  const engine = (id: string): AnswerEngine => ({
    id,
    ask(promptText) {
      const date = isoDay(o.clock.now());
      const daysLeft = daysInclusive(date, o.lastDay) - 1;
      const failed = failure(id, daysLeft);
      if (failed) return Promise.reject(failed);
      const prompt = byText.get(promptText);
      if (!prompt) return Promise.reject(new EngineError(id, 'fatal', 'unknown_prompt', 'not a demo prompt'));
      // One generator per answer, whatever order the run asks them in.
      const r = mulberry32(hashText(o.runSeed, `${date}\0${id}\0${promptText}`));
      const day = { dayIndex: o.days - 1 - daysLeft, days: o.days, daysLeft };
      const answer = marketAnswer(r, o.competitors, prompt, id, day);
      return Promise.resolve({ ...answer, model: `${id}-demo` });
    },
  });
  return new Map(engineIds.map((id) => [id, engine(id)]));
}
