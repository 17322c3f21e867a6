/**
 * Gemini's generateContent (`POST /v1beta/models/{model}:generateContent`) with the google_search tool, and the
 * grounding redirect service its source links point at (`GET /grounding-api-redirect/…` answers a 302 to the
 * page, as vertexaisearch.cloud.google.com does): point ANSWERWATCH_GEMINI_REDIRECT_BASE_URL here.
 */
import { hostOf, sentences, type FakeAnswer } from './answer.ts';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;
const REDIRECT_PATH = /^\/grounding-api-redirect\/([A-Za-z0-9_-]+)$/;

/** Grounding sources point at Google's redirect, never at the page. */
export function groundingRedirect(url: string): string {
  return `https://vertexaisearch.cloud.google.com/grounding-api-redirect/${Buffer.from(url).toString('base64url')}`;
}

/** The redirect service: a 302 to the page behind a link groundingRedirect made, with a small HTML body. */
function redirectReply(token: string): Reply {
  const target = Buffer.from(token, 'base64url').toString('utf8');
  if (!/^https?:\/\//.test(target))
    return { status: 404, body: 'Not Found', headers: { 'content-type': 'text/html' } };
  return {
    status: 302,
    headers: { location: target, 'content-type': 'text/html; charset=UTF-8' },
    body: `<HTML><HEAD><meta http-equiv="content-type" content="text/html;charset=utf-8">\n<TITLE>302 Moved</TITLE></HEAD><BODY>\n<H1>302 Moved</H1>\nThe document has moved\n<A HREF="${target}">here</A>.\r\n</BODY></HTML>\r\n`,
  };
}

function quotaFailure(quotaId: string) {
  return {
    '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
    violations: [
      {
        quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
        quotaId,
        quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
        quotaValue: '10',
      },
    ],
  };
}

function errorBody(status: number, message: string, behaviour?: Behaviour): unknown {
  const details =
    status !== 429
      ? undefined
      : [
          quotaFailure(
            behaviour?.kind === 'daily-quota'
              ? 'GenerateRequestsPerDayPerProjectPerModel-FreeTier'
              : 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
          ),
          ...(behaviour?.kind === 'rate-limit' && behaviour.retryDelay
            ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: behaviour.retryDelay }]
            : []),
        ];
  return {
    error: { code: status, message, status: STATUSES[status] ?? 'INTERNAL', ...(details ? { details } : {}) },
  };
}

function textOf(contents: unknown): string {
  const last = Array.isArray(contents) ? (contents.at(-1) as { parts?: { text?: string }[] }) : undefined;
  return (last?.parts ?? []).map((p) => p.text ?? '').join('');
}

/** Two parts, split after the first paragraph, as long answers arrive. */
function parts(text: string) {
  const cut = text.indexOf('\n\n');
  return cut === -1 ? [{ text }] : [{ text: text.slice(0, cut + 2) }, { text: text.slice(cut + 2) }];
}

function grounding(answer: FakeAnswer, query: string) {
  const bytes = (end: number) => Buffer.byteLength(answer.text.slice(0, end));
  return {
    webSearchQueries: [query],
    searchEntryPoint: { renderedContent: '<style>.container{}</style><div class="container">...</div>' },
    groundingChunks: answer.sources.map((s) => ({
      web: { uri: groundingRedirect(s.url), title: hostOf(s.url) },
    })),
    // Offsets are UTF-8 bytes, as Gemini gives them.
    groundingSupports: sentences(answer.text, answer.sources.length)
      .filter((s) => s.cites.length > 0)
      .map((s) => ({
        segment: {
          startIndex: bytes(s.start),
          endIndex: bytes(s.end),
          text: answer.text.slice(s.start, s.end),
        },
        groundingChunkIndices: s.cites,
      })),
  };
}

export function geminiFake(): VendorFake {
  const unauthorized = (): Reply => ({
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ],
      },
    },
  });
  return {
    engineId: 'gemini',
    behaviours: ['no-grounding', 'thought', 'daily-quota'],
    unauthorized,
    errorBody,
    gate(req: ReceivedRequest, ctx: VendorContext) {
      const redirect = REDIRECT_PATH.exec(req.path);
      if (redirect && (req.method === 'GET' || req.method === 'HEAD')) return redirectReply(redirect[1]!);
      if (req.method !== 'POST' || !PATH.test(req.path)) {
        return { status: 404, body: errorBody(404, `Not found: ${req.method} ${req.path}`) };
      }
      const key = req.headers['x-goog-api-key'] ?? req.query.key;
      if (key === undefined) {
        return { status: 403, body: errorBody(403, "Method doesn't allow unregistered callers.") };
      }
      if (key !== ctx.key) return unauthorized();
      const body = req.body as Record<string, unknown> | undefined;
      if (!Array.isArray(body?.contents)) {
        return { status: 400, body: errorBody(400, 'contents is required') };
      }
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply {
      const body = req.body as Record<string, unknown>;
      const model = PATH.exec(req.path)![1]!;
      const prompt = textOf(body.contents);
      if (behaviour?.kind === 'daily-quota') {
        return { status: 429, body: errorBody(429, 'You exceeded your current quota.', behaviour) };
      }
      const respond = (candidate: Record<string, unknown>): Reply => ({
        status: 200,
        body: {
          candidates: [{ finishReason: 'STOP', index: 0, ...candidate }],
          usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 34, totalTokenCount: 46 },
          modelVersion: model,
          responseId: 'fake-response',
        },
      });
      const searches = Array.isArray(body.tools) && JSON.stringify(body.tools) === '[{"google_search":{}}]';
      if (!searches) {
        const system = (body.systemInstruction as { parts?: { text?: string }[] } | undefined)?.parts?.[0]
          ?.text;
        const text = ctx.complete('gemini', system ?? '', prompt);
        return respond({ content: { role: 'model', parts: [{ text }] } });
      }
      const answer = ctx.answer('gemini', prompt);
      const thought =
        behaviour?.kind === 'thought'
          ? [
              {
                text: behaviour.thought ?? '**Weighing the options**\nAcme and Globex come up most.',
                thought: true,
              },
            ]
          : [];
      const content = { role: 'model', parts: [...thought, ...parts(answer.text)] };
      if (behaviour?.kind === 'no-grounding') return respond({ content });
      return respond({ content, groundingMetadata: grounding(answer, prompt) });
    },
  };
}
