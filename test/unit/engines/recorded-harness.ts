/**
 * Shared set-up of the recorded tests (recorded-*.test.ts): every cloud adapter against responses the real vendor
 * APIs wrote (test/fixtures/vendors, sources in its README), replayed on 127.0.0.1: the adapter code is production
 * code with only the base URL changed. Each answer is also scored, since what matters is whether the brand counts as
 * named and cited.
 */
import { afterEach } from 'vitest';
import { scoreAnswer } from '../../../engines/scoring/index.ts';
import type { AnswerEngine, EngineAnswer } from '../../../engines/types.ts';
import { startReplay, type Replay } from '../../fakes/engines/replay.ts';

/** The replay the running test started last (a live binding: read it after `ask` or `replayOf`). */
export let replay: Replay | undefined;
// Registered by each test file that imports this one, so no test leaves its replay server running.
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

/** Replays `bodies` (and answers the redirect paths given) until the test ends. */
export async function replayOf(bodies: unknown[], redirects: Record<string, string> = {}): Promise<Replay> {
  replay = await startReplay(bodies, redirects);
  return replay;
}

export const settings = (url: string) => ({ apiKey: 'recorded-key', baseUrl: url, model: 'recorded-model' });

export async function ask(
  bodies: unknown[],
  make: (url: string) => AnswerEngine,
  redirects: Record<string, string> = {},
): Promise<EngineAnswer> {
  return make((await replayOf(bodies, redirects)).url).ask('recorded prompt');
}

export function brand(name: string, site: string) {
  return (answer: EngineAnswer) =>
    scoreAnswer(answer, { name, websiteUrl: site, brandTerms: [], brandDomains: [] }, []);
}

export const MARKDOWN_LINK = /\]\(https?:\/\//;
