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

describe('position after look-alikes (issue 16)', () => {
  it('is not pushed back by a look-alike of a competitor named before the brand', () => {
    const monday = [competitor('Monday', ['monday.com'])];
    expect(
      score('If you plan on Monday mornings, keep it in Acme. Teams on monday.com can embed it.', {
        competitors: monday,
      }).position,
    ).toBe(1);
    const claude = [competitor('Claude')];
    const pi = brand({ name: 'Pi' });
    expect(
      score('Raspberry Pi boards aside, Pi is the gentlest assistant; Claude is for writing.', {
        profile: pi,
        competitors: claude,
      }).position,
    ).toBe(1);
    const downDog = [competitor('Down Dog')];
    expect(
      score("If your down dog feels heavy, try Acme's program. The Down Dog app is similar.", {
        competitors: downDog,
      }).position,
    ).toBe(1);
  });

  it('counts a lower-case brand in a quoted comment where it first appears', () => {
    const foo = [competitor('Foo')];
    const notion = brand({ name: 'Notion' });
    expect(
      score('"tried to cancel notion three times" wrote one user. Foo cancels in a tap; Notion does not.', {
        profile: notion,
        competitors: foo,
      }).position,
    ).toBe(1);
  });
});
