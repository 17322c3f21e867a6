import { describe, expect, it } from 'vitest';
import { DEMO_BRAND_TRUTH } from '../../server/domain/demo-claims.ts';
import { demoJudge } from '../../server/domain/demo-judge.ts';

const brand = { name: 'Northwind Tasks', brandTerms: ['Northwind'] };
const judge = demoJudge();
const verdictOf = (answerText: string, brandTruth: readonly string[] | null = DEMO_BRAND_TRUTH) =>
  judge.judge({ brand, answerText, mentioned: true, brandTruth });

describe('the demo judge (the real judge, answered by the demo model)', () => {
  it('finds a fact that contradicts the Brand Truth, naming what differs', async () => {
    const v = await verdictOf(
      '**Northwind Tasks** is praised for its intuitive boards and fast onboarding, which makes it a strong choice for small teams. Its free plan is limited to 3 users.',
    );
    expect(v).toMatchObject({
      sentiment: 'positive',
      narrativeDrift: true,
      narrativeDriftReason: expect.stringContaining('3 users'),
      // The free plan is the first statement.
      driftStatements: [1],
    });
  });

  it('names every statement the drifting facts are about, numbered as sent, and none when consistent', async () => {
    const text = 'Northwind Tasks is popular. It is SOC 2 Type I certified. There is no Android app yet.';
    expect(await verdictOf(text)).toMatchObject({ narrativeDrift: true, driftStatements: [4, 5] });
    const reordered = [...DEMO_BRAND_TRUTH].reverse();
    expect(await verdictOf(text, reordered)).toMatchObject({ driftStatements: [1, 2] });
    const agrees = await verdictOf('Northwind Tasks is popular. There are native apps for iOS and Android.');
    expect(agrees).toMatchObject({ narrativeDrift: 'no', driftStatements: [] });
  });

  it('calls a half-right fact partial, a true one or none consistent', async () => {
    const partial = await verdictOf('Northwind Tasks is popular. It is SOC 2 Type I certified.');
    expect(partial).toMatchObject({ sentiment: 'neutral', narrativeDrift: 'partial' });
    const agrees = await verdictOf(
      'Users report that Northwind feels clunky on mobile and its reporting is limited. There are native apps for iOS and Android.',
    );
    expect(agrees).toMatchObject({
      sentiment: 'negative',
      narrativeDrift: 'no',
      narrativeDriftReason: 'The mobile apps match the Brand Truth.',
    });
  });

  it('judges only against the Brand Truth it is given: none, or without the statement concerned', async () => {
    const text = 'Northwind Tasks is fine. There is no Android app yet.';
    expect(await verdictOf(text, null)).toMatchObject({ narrativeDrift: null, narrativeDriftReason: null });
    const without = DEMO_BRAND_TRUTH.filter((s) => !s.includes('Android'));
    expect(await verdictOf(text, without)).toMatchObject({ narrativeDrift: 'no' });
  });

  it('gives no verdict on an answer that does not name the brand', async () => {
    const v = await judge.judge({
      brand,
      answerText: 'Tasklane is good.',
      mentioned: false,
      brandTruth: null,
    });
    expect(v).toMatchObject({ sentiment: 'not-applicable', narrativeDrift: null });
  });
});
