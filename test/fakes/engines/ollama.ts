/** Ollama's chat endpoint (`POST /api/chat`); no key, no search, no sources. */
import type { ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

interface Message {
  role: string;
  content: string;
}

const errorBody = (_status: number, message: string): unknown => ({ error: message });

export function ollamaFake(): VendorFake {
  return {
    engineId: 'ollama',
    behaviours: [],
    // Ollama has no keys; a proxy in front of it would answer this.
    unauthorized: () => ({ status: 401, body: { error: 'unauthorized' } }),
    errorBody,
    gate(req: ReceivedRequest) {
      if (req.method !== 'POST' || req.path !== '/api/chat') {
        return { status: 404, body: '404 page not found', headers: { 'content-type': 'text/plain' } };
      }
      const body = req.body as Record<string, unknown> | undefined;
      if (typeof body?.model !== 'string' || !Array.isArray(body.messages)) {
        return { status: 400, body: errorBody(400, 'model and messages are required') };
      }
      // The real server would stream a line per token; the adapter must not ask for that.
      if (body.stream !== false) {
        return { status: 400, body: errorBody(400, 'fake: only stream:false is served') };
      }
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext): Reply {
      const body = req.body as { model: string; messages: Message[] };
      const system = body.messages.find((m) => m.role === 'system')?.content;
      const user = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
      const content =
        system === undefined ? ctx.answer('ollama', user).text : ctx.complete('ollama', system, user);
      return {
        status: 200,
        body: {
          model: body.model,
          created_at: '2025-05-01T10:00:00.000000Z',
          message: { role: 'assistant', content },
          done_reason: 'stop',
          done: true,
          total_duration: 1_000_000,
          eval_count: 34,
        },
      };
    },
  };
}
