/**
 * The demo's judge model: a deterministic stand-in for the LLM behind the judge, so the demo's runs get sentiment
 * and drift verdicts without a model key. It is given exactly what a model is given (the judge's system prompt and
 * data block) and replies as a model must; the real judge reads and checks its reply. It knows the demo's own
 * sentences: the tone of what an answer says of the brand, and the facts it states, compared with the Brand Truth
 * statements the judge sends (a fact about a statement no longer in the Brand Truth is not judged), naming the
 * statements a drift is about as a model must (their numbers in the Brand Truth sent).
 */
import { createJudge, type Judge } from '../../engines/judge/index.ts';
import { DATA_CLOSE, DATA_OPEN } from '../../engines/judge/prompt.ts';
import type { TextModel } from '../../engines/types.ts';
import { DRIFT_CLAIMS, TRUE_CLAIMS } from './demo-claims.ts';
import { BRAND_LINES } from './demo-content.ts';

interface Data {
  brand: { name: string };
  answer: string;
  brandTruth: string[] | null;
}

const TONE_REASONS = {
  positive: 'praised for ease of use, onboarding or templates',
  negative: 'criticised for support, mobile use, reporting or its learning curve',
  mixed: 'praised for some things and criticised for others',
  neutral: 'described by its features without an opinion',
} as const;

/** The tone of the demo line the answer uses for the brand: what follows the brand's name in it is unique. */
function toneOf(answer: string): keyof typeof BRAND_LINES {
  for (const [tone, lines] of Object.entries(BRAND_LINES) as [keyof typeof BRAND_LINES, string[]][]) {
    if (lines.some((line) => answer.includes(line.slice(line.indexOf('{B}') + 3)))) {
      return tone;
    }
  }
  return 'neutral';
}

function verdict(data: Data) {
  const tone = toneOf(data.answer);
  const reply = {
    sentiment: tone,
    sentimentReason: `${data.brand.name} is ${TONE_REASONS[tone]}.`,
    narrativeDrift: null as true | 'partial' | 'no' | null,
    narrativeDriftReason: null as string | null,
    driftStatements: [] as number[],
  };
  if (!data.brandTruth || data.brandTruth.length === 0) return reply;
  const held = new Set(data.brandTruth);
  const stated = [...DRIFT_CLAIMS, ...TRUE_CLAIMS].filter(
    (c) => held.has(c.statement) && data.answer.includes(c.text),
  );
  const worst = stated.find((c) => c.drift === true) ?? stated.find((c) => c.drift === 'partial');
  reply.narrativeDrift = worst?.drift ?? 'no';
  // The statements the drifting facts are about, numbered as the judge sent them (1-based).
  const drifting = stated
    .filter((c) => c.drift !== 'no')
    .map((c) => data.brandTruth!.indexOf(c.statement) + 1);
  reply.driftStatements = [...new Set(drifting)].sort((a, b) => a - b);
  reply.narrativeDriftReason =
    worst?.reason ?? stated[0]?.reason ?? 'Nothing said about the brand conflicts with the Brand Truth.';
  return reply;
}

export const DEMO_JUDGE_MODEL = 'demo-judge';

export function demoJudgeModel(): TextModel {
  return {
    id: DEMO_JUDGE_MODEL,
    complete(_system, user) {
      const start = user.indexOf(`${DATA_OPEN}\n`) + DATA_OPEN.length + 1;
      const data = JSON.parse(user.slice(start, user.lastIndexOf(`\n${DATA_CLOSE}`))) as Data;
      return Promise.resolve(JSON.stringify(verdict(data)));
    },
  };
}

/** The real judge, answered by the demo's model. */
export const demoJudge = (): Judge => createJudge(demoJudgeModel());
