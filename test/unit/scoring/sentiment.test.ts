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
  it('holds lower-case entries (any script, `*` for any one word), none on both sides', () => {
    for (const terms of [POSITIVE_TERMS, NEGATIVE_TERMS]) {
      expect(terms.length).toBeGreaterThanOrEqual(30);
      for (const term of terms) expect(term).toMatch(/^[\p{Ll}*][\p{Ll}*' -]*[\p{Ll}*]$/u);
    }
    expect(POSITIVE_TERMS.filter((term) => NEGATIVE_TERMS.includes(term))).toEqual([]);
  });
});

describe('judgements without sentiment words (issue 16)', () => {
  it('reads uniqueness, missing features, dropped support and removals', () => {
    expect(sentimentOf('Acme is the only tool that makes databases approachable.').sentiment).toBe(
      'positive',
    );
    expect(sentimentOf('Acme still lacks native time tracking.').sentiment).toBe('negative');
    expect(sentimentOf('Acme dropped support for its legacy API last year.').sentiment).toBe('negative');
    expect(sentimentOf('Acme removed its free tier in 2022.').sentiment).toBe('negative');
    expect(sentimentOf("Acme can't run code at all.").sentiment).toBe('negative');
  });

  it('reads comparatives for the brand they describe', () => {
    expect(sentimentOf('Acme is cheaper and faster for large transfers.').sentiment).toBe('positive');
    expect(sentimentOf('Acme is pricier than Foo.').sentiment).toBe('negative');
    expect(sentimentOf('Acme is less reliable than it was.').sentiment).toBe('negative');
  });

  it('reads a judgement on each side of "but", "though" or "yet" as mixed', () => {
    expect(sentimentOf('Acme has the better teachers, but Acme is pricier.').sentiment).toBe('mixed');
    expect(
      sentimentOf('Acme is easy to start with, yet its restaurant entries are inaccurate.').sentiment,
    ).toBe('mixed');
  });

  it('ignores what the same sentence says of a competitor', () => {
    expect(sentimentOf('Foo is buggy and overpriced; Acme ships on time.').sentiment).toBe('neutral');
    expect(sentimentOf('Acme is fine for docs, whereas Foo is the best for tasks.').sentiment).toBe(
      'neutral',
    );
  });

  it('reads the main European languages', () => {
    expect(sentimentOf('Für Überweisungen ist Acme die günstigste Option.').sentiment).toBe('positive');
    expect(sentimentOf("Pour le yoga, Acme est l'application la plus complète.").sentiment).toBe('positive');
    expect(sentimentOf('Acme es económica, pero Acme puede tardar dos días.').sentiment).toBe('mixed');
  });

  it("does not end a sentence at a name's own exclamation mark", () => {
    const profile = brand({ name: 'Lose It!' });
    expect(score('Lose It! makes logging simple.', { profile }).sentiment).toBe('positive');
  });
});
