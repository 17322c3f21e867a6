import { describe, expect, it } from 'vitest';
import {
  createScorer,
  FULL_ANSWER_LIMIT,
  scoreAnswer,
  SOURCE_URL_LIMIT,
  type RawAnswer,
} from '../../../engines/scoring/index.ts';
import { brand, competitor, score } from './fixtures.ts';

describe('scoreAnswer', () => {
  it('scores a realistic answer end to end', () => {
    const answer: RawAnswer = {
      text:
        'The best CRM tools for startups:\n\n1. **Foo** – cheap but buggy.\n2. **Acme** – reliable, ' +
        'with a generous free tier ([pricing](https://acme.com/pricing?utm_source=chatgpt.com)).\n3. Bar.',
      sources: [
        { url: 'https://acme.com/pricing?utm_source=chatgpt.com', title: ' Acme pricing ' },
        { url: 'https://foo.com/', title: '' },
        { url: 'https://acme.com/pricing', title: 'dup' },
      ],
    };
    const result = scoreAnswer(answer, brand(), [
      competitor('Foo', ['foo.com']),
      competitor('Bar', ['bar.io']),
    ]);
    expect(result).toMatchObject({
      mentioned: true,
      cited: true,
      citationUrl: 'https://acme.com/pricing',
      position: 2,
      sentiment: 'positive',
      sourceUrls: ['https://acme.com/pricing', 'https://foo.com/'],
      sources: [
        { url: 'https://acme.com/pricing', title: 'Acme pricing' },
        { url: 'https://foo.com/', title: null },
      ],
      fullAnswer: answer.text,
      fullAnswerTruncated: false,
    });
    expect(result.competitors).toEqual([
      { name: 'Foo', mentioned: true, cited: true, citationUrl: 'https://foo.com/' },
      { name: 'Bar', mentioned: true, cited: false, citationUrl: null },
    ]);
    expect(result.excerpt).toContain('**Acme** – reliable');
  });

  it('gives the same result through createScorer, reused across answers', () => {
    const profile = brand({ brandTerms: ['Acme Cloud'] });
    const competitors = [competitor('Foo', ['foo.com'])];
    const scorer = createScorer(profile, competitors);
    const answers: RawAnswer[] = [
      { text: 'Foo then Acme Cloud.', sources: [{ url: 'https://foo.com', title: null }] },
      { text: 'Nothing here.', sources: [] },
      { text: 'Acme is great.', sources: [{ url: 'https://acme.com/x', title: 'x' }] },
    ];
    for (const answer of answers) expect(scorer(answer)).toEqual(scoreAnswer(answer, profile, competitors));
    expect(answers.map((answer) => scorer(answer).position)).toEqual([2, null, 1]);
  });

  it('caps sourceUrls at 30 after deduplication but keeps every source', () => {
    const sources = Array.from({ length: 40 }, (_, i) => ({
      url: `https://site${i % 35}.org/?utm_source=x`,
      title: `S${i}`,
    }));
    const result = score('text', { sources });
    expect(result.sources).toHaveLength(35);
    expect(result.sourceUrls).toHaveLength(SOURCE_URL_LIMIT);
    expect(result.sourceUrls[0]).toBe('https://site0.org/');
    expect(result.sourceUrls[29]).toBe('https://site29.org/');
    expect(new Set(result.sourceUrls).size).toBe(SOURCE_URL_LIMIT);
  });

  it('finds a citation among sources beyond the first 30', () => {
    const sources = Array.from({ length: 31 }, (_, i) => ({ url: `https://site${i}.org/`, title: null }));
    sources.push({ url: 'https://acme.com/late', title: null });
    const result = score('text', { sources });
    expect(result.sourceUrls).not.toContain('https://acme.com/late');
    expect(result.citationUrl).toBe('https://acme.com/late');
  });

  it('truncates the full answer at 12,000 characters', () => {
    const short = score('a'.repeat(FULL_ANSWER_LIMIT));
    expect(short.fullAnswer).toHaveLength(FULL_ANSWER_LIMIT);
    expect(short.fullAnswerTruncated).toBe(false);
    const long = score('a'.repeat(FULL_ANSWER_LIMIT + 500));
    expect(long.fullAnswer).toHaveLength(FULL_ANSWER_LIMIT);
    expect(long.fullAnswerTruncated).toBe(true);
  });

  it('does not split a surrogate pair when truncating', () => {
    const text = `${'a'.repeat(FULL_ANSWER_LIMIT - 1)}😀 and more`;
    const result = score(text);
    expect(result.fullAnswer).toBe('a'.repeat(FULL_ANSWER_LIMIT - 1));
    expect(result.fullAnswerTruncated).toBe(true);
  });

  it('scores the whole text even past the stored cut', () => {
    const result = score(`${'word '.repeat(3000)}Acme is reliable.`);
    expect(result.fullAnswerTruncated).toBe(true);
    expect(result.fullAnswer).not.toContain('Acme');
    expect(result.mentioned).toBe(true);
    expect(result.excerpt).toContain('Acme is reliable.');
  });

  it('handles an empty answer', () => {
    expect(score('')).toMatchObject({
      mentioned: false,
      cited: false,
      position: null,
      sentiment: 'not-applicable',
      excerpt: null,
      sourceUrls: [],
      fullAnswer: '',
    });
  });
});
