/** OpenAI's and xAI's Responses API (`POST /v1/responses`), each with its own citation style and errors. */
import { hostOf, withMarkers, type FakeAnswer } from './answer.ts';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

type Flavor = 'openai' | 'xai';

/** What OpenAI appends to every URL its web search cites. */
export function withUtm(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}utm_source=openai`;
}

const OPENAI_TYPES: Record<number, [string, string | null]> = {
  401: ['invalid_request_error', 'invalid_api_key'],
  429: ['requests', 'rate_limit_exceeded'],
};

function errorBody(flavor: Flavor, status: number, message: string): unknown {
  if (flavor === 'xai') {
    return { code: status === 429 ? 'Too many requests' : 'Internal error', error: message };
  }
  const [type, code] = OPENAI_TYPES[status] ?? ['server_error', null];
  return { error: { message, type, param: null, code } };
}

function hasWebSearch(body: Record<string, unknown>): boolean {
  return Array.isArray(body.tools) && body.tools.some((t) => JSON.stringify(t) === '{"type":"web_search"}');
}

function message(text: string, annotations: unknown[]) {
  return {
    type: 'message',
    id: 'msg_fake',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations, logprobs: [] }],
  };
}

/** The sentence around [start, end): from the end of the one before to its own closing punctuation. */
function sentenceAround(text: string, start: number, end: number): { start: number; end: number } {
  let from = 0;
  for (const m of text.slice(0, start).matchAll(/[.!?]\s+|\n/g)) from = m.index + m[0].length;
  const stop = text.slice(end).search(/[.!?]/);
  return { start: from, end: stop < 0 ? text.length : end + stop + 1 };
}

/**
 * The search call as each vendor records it: OpenAI's `action` with `queries` (and `query`, the first of them), xAI's
 * function-style `arguments` (test/fixtures/vendors: vercel-live-web-search-call, vercel-xai-web-search).
 */
function searchCall(flavor: Flavor, query: string) {
  if (flavor === 'xai') {
    const args = JSON.stringify({ query, num_results: 5 });
    return {
      arguments: args,
      call_id: '',
      name: 'web_search',
      type: 'web_search_call',
      id: 'fc_fake',
      status: 'completed',
    };
  }
  return {
    type: 'web_search_call',
    id: 'ws_fake',
    status: 'completed',
    action: { type: 'search', queries: [query], query },
  };
}

/**
 * The answer as the vendor writes it (see the recordings in test/fixtures/vendors): OpenAI `([site](url))` after a
 * claim with an annotation spanning it; Azure OpenAI and newer models (`plain`) `[Title](url)` after the sentence,
 * only the first link to a URL annotated; xAI `[[n]](url)` with url-only annotations and `citations`, or (`sentence-spans`)
 * annotations that span the sentence each link sits in.
 */
function searched(flavor: Flavor, answer: FakeAnswer, query: string, style?: Behaviour['kind']) {
  const plain = style === 'plain-citations';
  const cited = answer.sources.map((s) => ({ ...s, url: flavor === 'openai' ? withUtm(s.url) : s.url }));
  const marked = withMarkers(answer.text, cited.length, (i) => {
    const { url, title } = cited[i]!;
    if (flavor === 'xai') return ` [[${i + 1}]](${url})`;
    return plain ? ` [${title ?? hostOf(url)}](${url})` : ` ([${hostOf(url)}](${url}))`;
  });
  const annotated = new Set<number>();
  const annotations = marked.spans.flatMap(({ source, start, end }) => {
    if (flavor === 'xai' && style === 'sentence-spans') {
      const span = sentenceAround(marked.text, start, end);
      const url = cited[source]!.url;
      return [
        {
          type: 'url_citation',
          url,
          title: String(source + 1),
          start_index: span.start,
          end_index: span.end,
        },
      ];
    }
    if (flavor === 'xai') return [{ type: 'url_citation', url: cited[source]!.url }];
    if (plain && annotated.has(source)) return [];
    annotated.add(source);
    const { url, title } = cited[source]!;
    return [{ type: 'url_citation', start_index: start, end_index: end, url, title }];
  });
  return {
    output: [
      { type: 'reasoning', id: 'rs_fake', summary: [] },
      searchCall(flavor, query),
      message(marked.text, annotations),
    ],
    ...(flavor === 'xai' ? { citations: cited.map((s) => s.url) } : {}),
  };
}

export function responsesFake(flavor: Flavor): VendorFake {
  const engineId = flavor === 'openai' ? 'chatgpt' : 'grok';
  const unauthorized = (): Reply =>
    flavor === 'openai'
      ? {
          status: 401,
          body: errorBody(
            'openai',
            401,
            'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
          ),
        }
      : {
          status: 401,
          body: {
            code: 'Unauthenticated',
            error: 'Incorrect API key provided. Obtain one at https://console.x.ai.',
          },
        };

  return {
    engineId,
    behaviours:
      flavor === 'openai'
        ? ['failed', 'incomplete', 'insufficient-quota', 'plain-citations']
        : ['failed', 'incomplete', 'sentence-spans'],
    unauthorized,
    errorBody: (status, text) => errorBody(flavor, status, text),
    gate(req: ReceivedRequest, ctx: VendorContext) {
      if (req.method !== 'POST' || req.path !== '/v1/responses') {
        return { status: 404, body: errorBody(flavor, 404, `Invalid URL (${req.method} ${req.path})`) };
      }
      if (req.headers.authorization !== `Bearer ${ctx.key}`) return unauthorized();
      const body = req.body as Record<string, unknown> | undefined;
      if (typeof body?.model !== 'string' || typeof body.input !== 'string') {
        return { status: 400, body: errorBody(flavor, 400, 'model and input are required') };
      }
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply {
      const body = req.body as Record<string, unknown> & { model: string; input: string };
      const base = { id: 'resp_fake', object: 'response', created_at: 1_750_000_000, model: body.model };
      if (behaviour?.kind === 'insufficient-quota') {
        return {
          status: 429,
          body: {
            error: {
              message: 'You exceeded your current quota, please check your plan and billing details.',
              type: 'insufficient_quota',
              param: null,
              code: 'insufficient_quota',
            },
          },
        };
      }
      if (behaviour?.kind === 'failed') {
        const error = {
          code: behaviour.code ?? 'server_error',
          message: behaviour.message ?? 'The model failed.',
        };
        return {
          status: 200,
          body: { ...base, status: 'failed', error, incomplete_details: null, output: [] },
        };
      }
      if (behaviour?.kind === 'incomplete') {
        const output = behaviour.partialText === undefined ? [] : [message(behaviour.partialText, [])];
        return {
          status: 200,
          body: {
            ...base,
            status: 'incomplete',
            error: null,
            incomplete_details: { reason: behaviour.reason },
            output,
          },
        };
      }
      const done = { ...base, status: 'completed', error: null, incomplete_details: null };
      if (!hasWebSearch(body)) {
        const instructions = typeof body.instructions === 'string' ? body.instructions : '';
        return {
          status: 200,
          body: { ...done, output: [message(ctx.complete(engineId, instructions, body.input), [])] },
        };
      }
      return {
        status: 200,
        body: {
          ...done,
          ...searched(flavor, ctx.answer(engineId, body.input), body.input, behaviour?.kind),
        },
      };
    },
  };
}
