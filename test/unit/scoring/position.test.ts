import { describe, expect, it } from 'vitest';
import { brand, competitor, score } from './fixtures.ts';

const competitors = [competitor('Foo'), competitor('Bar'), competitor('Baz'), competitor('Globex')];

describe('position', () => {
  it('is 1 when the brand is named first', () => {
    expect(score('Acme leads, then Foo and Bar.', { competitors }).position).toBe(1);
  });

  it('counts the competitors named before the brand in a list', () => {
    expect(score('1. Foo\n2. Acme\n3. Bar', { competitors }).position).toBe(2);
    expect(score('1. Foo 2. Acme 3. Bar', { competitors }).position).toBe(2);
    expect(score('Top picks: Bar, Foo, Baz and finally Acme.', { competitors }).position).toBe(4);
  });

  it("uses each name's first mention", () => {
    const text = 'Foo is cheap. Acme is fast. Foo again, and Bar. Acme once more.';
    expect(score(text, { competitors }).position).toBe(2);
  });

  it('ignores competitors that are not named or only appear in URLs', () => {
    const text = 'See https://globex.com/compare first. Acme wins; Bar is second.';
    expect(score(text, { competitors }).position).toBe(1);
    expect(score(text, { competitors }).competitors.find((c) => c.name === 'Globex')?.mentioned).toBe(false);
  });

  it('uses the earliest of the brand terms', () => {
    const profile = brand({ brandTerms: ['RoadRunner'] });
    expect(score('RoadRunner beats Foo. Acme also ships it.', { profile, competitors }).position).toBe(1);
  });

  it('is null when the brand is not named', () => {
    expect(score('Foo and Bar are both fine.', { competitors }).position).toBeNull();
  });
});
