/** SerpApi's Google AI Mode engine (`GET /search.json?engine=google_ai_mode`): text blocks and references. */
import { hostOf, sentences, type FakeAnswer } from './answer.ts';
import type { ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

const errorBody = (_status: number, message: string): unknown => ({ error: message });

/** Which references the sentences inside [start, end) of the text cite. */
function referencesIn(answer: FakeAnswer, start: number, end: number): number[] {
  return sentences(answer.text, answer.sources.length)
    .filter((s) => s.start >= start && s.start < end)
    .flatMap((s) => s.cites);
}

/** Paragraphs become paragraph blocks; paragraphs of "- " lines become list blocks. */
function textBlocks(answer: FakeAnswer) {
  let at = 0;
  return answer.text.split('\n\n').map((paragraph) => {
    const start = answer.text.indexOf(paragraph, at);
    at = start + paragraph.length;
    const lines = paragraph.split('\n');
    if (!lines.every((l) => l.startsWith('- '))) {
      return { type: 'paragraph', snippet: paragraph, reference_indexes: referencesIn(answer, start, at) };
    }
    let lineStart = start;
    const list = lines.map((line) => {
      const item = {
        snippet: line.slice(2),
        reference_indexes: referencesIn(answer, lineStart, lineStart + line.length),
      };
      lineStart += line.length + 1;
      return item;
    });
    return { type: 'list', list };
  });
}

export function serpApiFake(): VendorFake {
  const unauthorized = (): Reply => ({
    status: 401,
    body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' },
  });
  return {
    engineId: 'google-ai-mode',
    behaviours: [],
    unauthorized,
    errorBody,
    gate(req: ReceivedRequest, ctx: VendorContext) {
      if (req.method !== 'GET' || req.path !== '/search.json') {
        return { status: 404, body: { error: 'Not found.' } };
      }
      if (req.query.api_key !== ctx.key) return unauthorized();
      if (req.query.engine !== 'google_ai_mode') {
        return { status: 400, body: { error: `Unsupported \`${req.query.engine ?? ''}\` search engine.` } };
      }
      if (!req.query.q) return { status: 400, body: { error: 'Missing query `q` parameter.' } };
      return undefined;
    },
    reply(req: ReceivedRequest, ctx: VendorContext): Reply {
      const q = req.query.q!;
      const answer = ctx.answer('google-ai-mode', q);
      return {
        status: 200,
        body: {
          search_metadata: {
            id: 'fake-search',
            status: 'Success',
            json_endpoint: 'https://serpapi.com/searches/fake/fake-search.json',
            created_at: '2025-05-01 10:00:00 UTC',
            processed_at: '2025-05-01 10:00:00 UTC',
            google_ai_mode_url: `https://www.google.com/search?udm=50&q=${encodeURIComponent(q)}`,
            total_time_taken: 3.1,
          },
          search_parameters: { engine: 'google_ai_mode', q },
          text_blocks: textBlocks(answer),
          references: answer.sources.map((s, index) => ({
            title: s.title,
            link: s.url,
            snippet: `About ${s.title}.`,
            source: hostOf(s.url),
            index,
          })),
        },
      };
    },
  };
}
