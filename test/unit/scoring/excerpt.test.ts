import { describe, expect, it } from 'vitest';
import { EXCERPT_LIMIT } from '../../../engines/scoring/index.ts';
import { score } from './fixtures.ts';

const filler = (words: number, word = 'lorem') => Array.from({ length: words }, () => word).join(' ');

describe('excerpt', () => {
  it('is null when the brand is not named', () => {
    expect(score('Nothing about the brand here.').excerpt).toBeNull();
  });

  it('is the whole answer when it is short', () => {
    expect(score('Foo is fine. Acme is better.').excerpt).toBe('Foo is fine. Acme is better.');
  });

  it('keeps whole sentences around the first mention within the limit', () => {
    const sentences = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} talks about widgets.`);
    sentences[10] = 'Acme makes the best widgets.';
    const excerpt = score(sentences.join(' ')).excerpt ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
    expect(excerpt).toContain('Acme makes the best widgets.');
    expect(excerpt).toMatch(/^Sentence number \d+ talks/);
    expect(excerpt).toMatch(/widgets\.$/);
  });

  it('cuts a very long sentence at word boundaries around the mention', () => {
    const text = `${filler(150, 'alpha')} Acme ${filler(150, 'omega')}.`;
    const excerpt = score(text).excerpt ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
    expect(excerpt.length).toBeGreaterThan(EXCERPT_LIMIT - 10);
    expect(excerpt).toContain('Acme');
    expect(excerpt.split(' ').every((word) => ['alpha', 'omega', 'Acme'].includes(word))).toBe(true);
  });

  it('uses the room before a mention near the end of a long sentence', () => {
    const excerpt = score(`${filler(200, 'alpha')} Acme wins.`).excerpt ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
    expect(excerpt.length).toBeGreaterThan(EXCERPT_LIMIT - 10);
    expect(excerpt).toMatch(/^alpha .* Acme wins\.$/);
  });

  it('never splits a surrogate pair or word made of emoji', () => {
    const text = `${'😀😀😀 '.repeat(120)}Acme ${'🎉🎉 '.repeat(120)}`;
    const excerpt = score(text).excerpt ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LIMIT);
    expect(excerpt.split(' ').every((word) => ['😀😀😀', '🎉🎉', 'Acme'].includes(word))).toBe(true);
  });

  it('excerpts around the first mention only', () => {
    const text = `Acme started it. ${filler(100)}. Acme again much later.`;
    expect(score(text).excerpt).toMatch(/^Acme started it\./);
    expect(score(text).excerpt).not.toContain('again much later');
  });

  it('collapses line breaks of lists into spaces', () => {
    const excerpt = score('Options:\n\n1. Foo\n2. Acme\n3. Bar').excerpt;
    expect(excerpt).toBe('Options: 1. Foo 2. Acme 3. Bar');
  });

  it('cuts from the unmasked text, so links around the mention stay readable', () => {
    expect(score('Acme (see https://acme.com/docs) is fine.').excerpt).toBe(
      'Acme (see https://acme.com/docs) is fine.',
    );
  });
});
