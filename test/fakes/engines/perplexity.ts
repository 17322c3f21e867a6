/** Perplexity's chat completions (`POST /chat/completions`): `[n]` markers, `search_results` and `citations`. */
import { withMarkers } from './answer.ts';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

interface Message {
  role: string;
  content: string;
}

function errorBody(status: number, message: string): unknown {
  return { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: status } };
}

export function perplexityFake(): VendorFake {
  // Perplexity's edge answers a bad key with an HTML page, not JSON.
  const unauthorized = (): Reply => ({
    status: 401,
    body: '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>openresty/1.25.3.1</center>\r\n</body>\r\n</html>\r\n',
    headers: { 'content-type': 'text/html' },
  });
  return {
    engineId: 'perplexity',
    behaviours: ['citations-only', 'no-sources'],
    unauthorized,
    errorBody,
    gate(req: ReceivedRequest, ctx: VendorContext) {
      if (req.method !== 'POST' || req.path !== '/chat/completions') {
        return { status: 404, body: errorBody(404, 'Not Found') };
      }
      if (req.headers.authorization !== `Bearer ${ctx.key}`) return unauthorized();
      const body = req.body as Record<string, unknown> | undefined;
      if (typeof body?.model !== 'string' || !Array.isArray(body.messages)) {
        return { status: 400, body: errorBody(400, 'model and messages are required') };
      }
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply {
      const body = req.body as { model: string; messages: Message[] };
      const system = body.messages.find((m) => m.role === 'system')?.content;
      const user = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
      const respond = (content: string, extra: Record<string, unknown>): Reply => ({
        status: 200,
        body: {
          id: 'fake-completion',
          model: body.model,
          created: 1_750_000_000,
          usage: { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46, search_context_size: 'low' },
          ...extra,
          object: 'chat.completion',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        },
      });
      if (system !== undefined) return respond(ctx.complete('perplexity', system, user), {});
      const answer = ctx.answer('perplexity', user);
      if (behaviour?.kind === 'no-sources') return respond(answer.text, {});
      const content = withMarkers(answer.text, answer.sources.length, (i) => `[${i + 1}]`).text;
      const citations = answer.sources.map((s) => s.url);
      if (behaviour?.kind === 'citations-only') return respond(content, { citations });
      const searchResults = answer.sources.map((s) => ({
        title: s.title,
        url: s.url,
        date: '2025-05-01',
        last_updated: '2025-05-02',
      }));
      return respond(content, { citations, search_results: searchResults });
    },
  };
}
