/**
 * SerpApi's Google AI Mode engine (`GET /search.json?engine=google_ai_mode`): text blocks and references; with
 * `local-cards`, the answer as Google shows local businesses (see test/fixtures/vendors/google-ai-mode): each
 * paragraph a card whose buttons' labels are glued in front of its snippet, the site linked in `snippet_links`,
 * and the references only Google's own `searchviewer` pages.
 */
import { hostOf, sentences, type FakeAnswer } from './answer.ts';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

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

const searchViewer = (i: number) =>
  `https://www.google.com/searchviewer/10?svid=CAwSHRIbCgNwdnES${Buffer.from(`place-${i}`).toString('base64url')}GAo`;

/** One card per source: its site's name in the text, linked; the answer's paragraphs follow as they are. */
function localCards(answer: FakeAnswer, labels: string) {
  const cards = answer.sources.map((s, i) => {
    const name = s.title ?? hostOf(s.url);
    return {
      type: 'paragraph',
      snippet: `${labels}Recommended for its reviews. More on ${name}.`,
      snippet_links: [{ text: name, link: s.url }],
      reference_indexes: [i],
    };
  });
  const references = answer.sources.map((s, index) => ({
    title: s.title,
    link: searchViewer(index),
    snippet: `About ${s.title}.`,
    source: 'Google',
    index,
  }));
  return { text_blocks: [...cards, ...textBlocks(answer)], references };
}

export function serpApiFake(): VendorFake {
  const unauthorized = (): Reply => ({
    status: 401,
    body: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' },
  });
  return {
    engineId: 'google-ai-mode',
    behaviours: ['local-cards'],
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
    reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply {
      const q = req.query.q!;
      const answer = ctx.answer('google-ai-mode', q);
      const content =
        behaviour?.kind === 'local-cards'
          ? localCards(answer, behaviour.labels ?? 'CallDirectionsWebsite')
          : {
              text_blocks: textBlocks(answer),
              references: answer.sources.map((s, index) => ({
                title: s.title,
                link: s.url,
                snippet: `About ${s.title}.`,
                source: hostOf(s.url),
                index,
              })),
            };
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
          ...content,
        },
      };
    },
  };
}
