import { describe, expect, it } from 'vitest';
import { NEGATIVE_TERMS, POSITIVE_TERMS } from '../../../engines/scoring/sentiment-lexicon.ts';
import { brand, competitor, score } from './fixtures.ts';

const competitors = [competitor('Foo'), competitor('Best Buy')];
const sentimentOf = (text: string) => score(text, { competitors });

describe('sentiment', () => {
  it('is not-applicable when the brand is not named', () => {
    const result = sentimentOf('Foo is excellent and reliable.');
    expect(result.sentiment).toBe('not-applicable');
    expect(result.sentimentReason).toBe('Acme is not named in the answer');
  });

  it('is positive with the opinion words quoted', () => {
    const result = sentimentOf('Acme is reliable and best-in-class for small teams.');
    expect(result.sentiment).toBe('positive');
    expect(result.sentimentReason).toBe('Positive: "reliable", "best-in-class" in sentences naming Acme');
  });

  it('is negative', () => {
    const result = sentimentOf('Users find Acme buggy and overpriced.');
    expect(result.sentiment).toBe('negative');
    expect(result.sentimentReason).toContain('"buggy"');
  });

  it('is mixed when both sides appear', () => {
    const result = sentimentOf('Acme is powerful but has a steep learning curve.');
    expect(result.sentiment).toBe('mixed');
    expect(result.sentimentReason).toBe(
      'Mixed: positive "powerful"; negative "steep learning curve" in sentences naming Acme',
    );
  });

  it('is neutral without opinion words', () => {
    const result = sentimentOf('Acme was founded in 2015 in Berlin.');
    expect(result.sentiment).toBe('neutral');
    expect(result.sentimentReason).toBe('Neutral: no opinion words in sentences naming Acme');
  });

  it('handles simple negation', () => {
    expect(sentimentOf('Acme is not great.').sentiment).toBe('negative');
    expect(sentimentOf("Acme isn't very reliable.").sentimentReason).toContain('"isn\'t very reliable"');
    expect(sentimentOf('Acme’s support isn’t reliable.').sentiment).toBe('negative');
    expect(sentimentOf('Acme is not expensive.').sentiment).toBe('positive');
    expect(sentimentOf('Acme is not only fast but also secure.').sentiment).toBe('positive');
  });

  it('reads only sentences naming the brand', () => {
    const result = sentimentOf('Acme has a free plan. The weather is terrible today.');
    expect(result.sentiment).toBe('neutral');
  });

  it("does not give the brand a competitor's clause", () => {
    expect(sentimentOf('Acme is reliable, while Foo is buggy.').sentiment).toBe('positive');
    expect(sentimentOf('Unlike Foo, which is slow and clunky, Acme gets the job done.').sentiment).toBe(
      'neutral',
    );
    expect(sentimentOf('Acme is fast but pricey.').sentiment).toBe('mixed');
  });

  it('does not read opinion words that are part of a name', () => {
    expect(sentimentOf('Acme is sold at Best Buy.').sentiment).toBe('neutral');
    const greatProfile = brand({ name: 'Great Lakes Software' });
    expect(score('Great Lakes Software ships on Fridays.', { profile: greatProfile }).sentiment).toBe(
      'neutral',
    );
  });

  it('keeps the reason on one line and names the brand', () => {
    const profile = brand({ name: 'Acme\nCorp' });
    const result = score('Acme\nCorp is excellent.', { profile });
    expect(result.sentiment).toBe('positive');
    expect(result.sentimentReason).not.toMatch(/[\r\n]/);
    expect(result.sentimentReason).toContain('naming Acme Corp');
  });
});

describe('sentiment lexicon', () => {
  it('holds a few dozen lower-case entries a side, none on both sides', () => {
    for (const terms of [POSITIVE_TERMS, NEGATIVE_TERMS]) {
      expect(terms.length).toBeGreaterThanOrEqual(30);
      for (const term of terms) expect(term).toMatch(/^[a-z][a-z' -]*[a-z]$/);
    }
    expect(POSITIVE_TERMS.filter((term) => NEGATIVE_TERMS.includes(term))).toEqual([]);
  });
});
