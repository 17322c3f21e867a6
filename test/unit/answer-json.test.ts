import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { page } from '../../server/contract/common.ts';
import { Answer } from '../../server/contract/results.ts';
import { renderAnswerPage } from '../../server/domain/answer-json.ts';
import { answerResource, type CompetitorSets } from '../../server/domain/answer-view.ts';
import type { AnswerRow, CompetitorHit } from '../../server/store/repositories/answers.ts';

const AnswerPage = page(Answer);

const HOSTILE =
  'He said "hi" \\ back\\slash </script><script>alert(1)</script> \u2028\u2029 \u0000\t\n 😀 \ud83d';

/** Set ids stand for their names and the renderer caches by id, so every distinct list here has its own id. */
const sets: CompetitorSets = new Map([
  ['set-plain', ['Globex', 'Initech', 'Hooli']],
  ['set-hostile', ['Foo "Bar"', 'Back\\slash', '</script>', 'Line\u2028Break', 'Emoji 😀']],
]);
const labels = new Map([
  ['pricing', 'Pricing'],
  ['evil', HOSTILE],
]);

const hits = (...list: CompetitorHit[]) => JSON.stringify(list);

// Every row gets its own id, as stored answers do: an id always names the same stored content.
let nextId = 0;
const row = (over: Partial<AnswerRow> = {}): AnswerRow => ({
  id: `ans${++nextId}`,
  project_id: 'prj1',
  run_id: null,
  prompt_id: null,
  prompt_text: 'Best CRM for startups?',
  topic_id: null,
  engine_id: 'chatgpt',
  observed_at: '2025-03-01T10:00:00.000Z',
  date: '2025-03-01',
  mentioned: 0,
  cited: 0,
  citation_url: null,
  position: null,
  sentiment: 'not-applicable',
  excerpt: null,
  source_urls: JSON.stringify(['https://review.example.org/crm']),
  competitor_set: null,
  competitor_hits: '[]',
  ...over,
});

const ROWS: AnswerRow[] = [
  row(),
  row({ id: 'ans2', competitor_set: 'set-plain', source_urls: '[]' }),
  row({
    id: 'ans3',
    run_id: 'run1',
    prompt_id: 'prm1',
    topic_id: 'pricing',
    engine_id: 'perplexity',
    mentioned: 1,
    cited: 1,
    citation_url: 'https://docs.acme.com/pricing',
    position: 2,
    sentiment: 'positive',
    excerpt: 'Acme is the best choice.',
    source_urls: JSON.stringify(['https://docs.acme.com/pricing', 'https://globex.com/']),
    competitor_set: 'set-plain',
    competitor_hits: hits([0, 1, 1, 'https://globex.com/'], [2, 1, 0, null]),
  }),
  row({
    id: 'ans4',
    prompt_text: HOSTILE,
    topic_id: 'evil',
    engine_id: 'not-in-the-catalog',
    mentioned: 1,
    sentiment: 'mixed',
    position: 1,
    excerpt: HOSTILE,
    competitor_set: 'set-hostile',
    competitor_hits: hits([1, 0, 1, 'https://example.com/a?q="x"&b=\\']), // cited only, awkward URL
  }),
  row({ id: 'ans5', topic_id: 'deleted-topic', sentiment: null }),
];

/** What the object path sends: answer-view's resources, serialised. */
const objectPage = (rows: AnswerRow[], s: CompetitorSets, nextCursor: string | null) => ({
  data: rows.map((r) => answerResource(r, labels, s)),
  nextCursor,
});

describe('renderAnswerPage', () => {
  it('parses to exactly what the object view produces, in the same field order and bytes', () => {
    for (const nextCursor of [null, 'c"ursor\\']) {
      const text = renderAnswerPage(ROWS, labels, sets, nextCursor).text;
      const expected = objectPage(ROWS, sets, nextCursor);
      expect(JSON.parse(text)).toEqual(expected);
      expect(text).toBe(JSON.stringify(expected));
    }
  });

  it('expands every competitor of the set in order, filling in the hits', () => {
    const [none, noHits, withHits, hostile] = JSON.parse(
      renderAnswerPage(ROWS, labels, sets, null).text,
    ).data;
    expect(none.competitors).toEqual([]);
    expect(noHits.competitors).toEqual([
      { name: 'Globex', mentioned: false, cited: false, citationUrl: null },
      { name: 'Initech', mentioned: false, cited: false, citationUrl: null },
      { name: 'Hooli', mentioned: false, cited: false, citationUrl: null },
    ]);
    expect(withHits.competitors).toEqual([
      { name: 'Globex', mentioned: true, cited: true, citationUrl: 'https://globex.com/' },
      { name: 'Initech', mentioned: false, cited: false, citationUrl: null },
      { name: 'Hooli', mentioned: true, cited: false, citationUrl: null },
    ]);
    expect(hostile.competitors[1]).toEqual({
      name: 'Back\\slash',
      mentioned: false,
      cited: true,
      citationUrl: 'https://example.com/a?q="x"&b=\\',
    });
    expect(hostile.promptText).toBe(HOSTILE);
    expect(hostile.excerpt).toBe(HOSTILE);
    expect(hostile.topicLabel).toBe(HOSTILE);
  });

  it('keeps untrusted text inside its JSON strings', () => {
    const text = renderAnswerPage(ROWS, labels, sets, null).text;
    expect(Object.keys(JSON.parse(text))).toEqual(['data', 'nextCursor']);
    expect(text).not.toContain('"hi"');
    expect(text).toContain('\\"hi\\"');
  });

  it('meets the contract', () => {
    const body = JSON.parse(renderAnswerPage(ROWS, labels, sets, 'next').text);
    expect(AnswerPage.safeParse(body).error).toBeUndefined();
    expect(JSON.parse(renderAnswerPage([], labels, sets, null).text)).toEqual({ data: [], nextCursor: null });
  });

  it('reuses a set once rendered, and refuses an answer whose set is unknown', () => {
    const cachedOnly = ROWS.filter((r) => r.competitor_set === 'set-plain');
    renderAnswerPage(cachedOnly, labels, sets, null);
    expect(JSON.parse(renderAnswerPage(cachedOnly, labels, new Map(), null).text)).toEqual(
      objectPage(cachedOnly, sets, null),
    );
    expect(() => renderAnswerPage([row({ competitor_set: 'set-unknown' })], labels, sets, null)).toThrow(
      /set-unknown/,
    );
  });

  it('matches the object view for any text in the prompt, excerpt, topic label and competitor names', () => {
    let n = 0;
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.option(fc.string({ unit: 'binary', maxLength: 400 })),
        fc.string({ unit: 'binary' }),
        fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }),
        (promptText, excerpt, label, names) => {
          const setId = `set-random-${n++}`;
          const s: CompetitorSets = new Map([[setId, names]]);
          const r = row({
            prompt_text: promptText,
            excerpt,
            topic_id: 'random',
            competitor_set: setId,
            competitor_hits: hits([names.length - 1, 1, 0, null]),
          });
          const topicLabels = new Map([['random', label]]);
          const text = renderAnswerPage([r], topicLabels, s, null).text;
          expect(JSON.parse(text)).toEqual({ data: [answerResource(r, topicLabels, s)], nextCursor: null });
        },
      ),
    );
  });

  it('renders an answer again when its prompt link, sentiment or topic label changes', () => {
    const stored = row({ id: 'ansMutable', prompt_id: 'pmt1', sentiment: 'positive', topic_id: 'pricing' });
    const first = JSON.parse(renderAnswerPage([stored], labels, sets, null).text).data[0];
    expect(first).toMatchObject({ promptId: 'pmt1', sentiment: 'positive', topicLabel: 'Pricing' });
    const changed = { ...stored, prompt_id: null, sentiment: 'negative' };
    const again = JSON.parse(renderAnswerPage([changed], new Map([['pricing', 'Plans']]), sets, null).text)
      .data[0];
    expect(again).toMatchObject({ promptId: null, sentiment: 'negative', topicLabel: 'Plans' });
    expect(again).toEqual(answerResource(changed, new Map([['pricing', 'Plans']]), sets));
  });
});
