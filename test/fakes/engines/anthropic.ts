/** Anthropic's Messages API (`POST /v1/messages`) with the web_search_20250305 server tool. */
import { sentences, type FakeAnswer } from './answer.ts';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

interface Message {
  role: string;
  content: unknown;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

function errorBody(status: number, message: string): unknown {
  return {
    type: 'error',
    error: { type: ERROR_TYPES[status] ?? 'api_error', message },
    request_id: 'req_fake',
  };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((b: { text?: string }) => b.text ?? '').join('') : '';
}

function hasWebSearch(body: Record<string, unknown>): boolean {
  return (
    Array.isArray(body.tools) &&
    body.tools.some((t) => JSON.stringify(t) === '{"type":"web_search_20250305","name":"web_search"}')
  );
}

const toolUse = (query: string) => ({
  type: 'server_tool_use',
  id: 'srvtoolu_fake',
  name: 'web_search',
  input: { query },
});

const searchResults = (answer: FakeAnswer) => ({
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_fake',
  content: answer.sources.map((s) => ({
    type: 'web_search_result',
    url: s.url,
    title: s.title,
    encrypted_content: 'EqgfCioIARgBIiQ3',
    page_age: 'April 30, 2025',
  })),
});

/** One text block per sentence, as Claude splits text where citations start and end. */
function textBlocks(answer: FakeAnswer, cite: boolean) {
  return sentences(answer.text, answer.sources.length).map((s) => {
    const text = answer.text.slice(s.start, s.end);
    if (!cite || s.cites.length === 0) return { type: 'text', text };
    const citations = s.cites.map((i) => ({
      type: 'web_search_result_location',
      url: answer.sources[i]!.url,
      title: answer.sources[i]!.title,
      encrypted_index: 'Eo8BCioIAhgBIiQ',
      cited_text: text.trim(),
    }));
    return { type: 'text', text, citations };
  });
}

export function anthropicFake(): VendorFake {
  const unauthorized = (): Reply => ({ status: 401, body: errorBody(401, 'invalid x-api-key') });
  return {
    engineId: 'claude',
    behaviours: ['search-error', 'pause-turn'],
    unauthorized,
    errorBody,
    gate(req: ReceivedRequest, ctx: VendorContext) {
      if (req.method !== 'POST' || req.path !== '/v1/messages') {
        return { status: 404, body: errorBody(404, `Not found: ${req.method} ${req.path}`) };
      }
      if (req.headers['x-api-key'] !== ctx.key) return unauthorized();
      if (req.headers['anthropic-version'] === undefined) {
        return { status: 400, body: errorBody(400, 'anthropic-version: header is required') };
      }
      const body = req.body as Record<string, unknown> | undefined;
      if (
        typeof body?.model !== 'string' ||
        typeof body.max_tokens !== 'number' ||
        !Array.isArray(body.messages)
      ) {
        return { status: 400, body: errorBody(400, 'model, max_tokens and messages are required') };
      }
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply {
      const body = req.body as Record<string, unknown> & { model: string; messages: Message[] };
      const prompt = textOf(body.messages[0]?.content);
      const continuation = body.messages.at(-1)?.role === 'assistant';
      const respond = (content: unknown[], stop = 'end_turn'): Reply => ({
        status: 200,
        body: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: body.model,
          content,
          stop_reason: stop,
          stop_sequence: null,
          usage: { input_tokens: 12, output_tokens: 34, server_tool_use: { web_search_requests: 1 } },
        },
      });
      if (!hasWebSearch(body)) {
        const system = typeof body.system === 'string' ? body.system : '';
        return respond([{ type: 'text', text: ctx.complete('claude', system, prompt) }]);
      }
      const answer = ctx.answer('claude', prompt);
      if (behaviour?.kind === 'pause-turn') {
        return respond(
          // As recorded: the narration before a search ends with its sentence, no blank after it.
          [{ type: 'text', text: 'Let me search for that.' }, toolUse(prompt), searchResults(answer)],
          'pause_turn',
        );
      }
      if (behaviour?.kind === 'search-error') {
        const failed = {
          type: 'web_search_tool_result',
          tool_use_id: 'srvtoolu_fake',
          content: { type: 'web_search_tool_result_error', error_code: behaviour.errorCode },
        };
        return respond([
          toolUse(prompt),
          failed,
          ...(behaviour.withText === false ? [] : textBlocks(answer, false)),
        ]);
      }
      if (continuation) return respond(textBlocks(answer, true));
      return respond([toolUse(prompt), searchResults(answer), ...textBlocks(answer, true)]);
    },
  };
}
