import { describe, expect, it } from 'vitest';
import { heldOut, loadEvalSet, parseSetFile } from '../../scoring-eval/eval-set.ts';
import { evaluate, headline } from '../../scoring-eval/evaluate.ts';

const PROJECT = 'project: Acme\nwebsite: https://acme.com/\ncompetitor: Foo | foo.com\n\n';

describe('the labelled scoring evaluation set', () => {
  const items = loadEvalSet();

  it('holds at least 300 answers about at least 6 brands, a third held out', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((item) => item.project.brand.name)).size).toBeGreaterThanOrEqual(6);
    const held = items.filter((item) => item.heldOut).length / items.length;
    expect(held).toBeGreaterThan(0.28);
    expect(held).toBeLessThan(0.38);
  });

  it('meets the targets with the real scorer: mention F1 0.98, position 95 %, sentiment 85 %', () => {
    const { all, heldOut: held } = evaluate(items);
    const whole = headline(all);
    expect(whole.mentionF1).toBeGreaterThanOrEqual(0.98);
    expect(whole.position).toBeGreaterThanOrEqual(0.95);
    expect(whole.sentiment).toBeGreaterThanOrEqual(0.85);
    // The held-out part was never looked at while tuning; these floors catch a rule that only fits the rest.
    const unseen = headline(held);
    expect(unseen.mentionF1).toBeGreaterThanOrEqual(0.95);
    expect(unseen.position).toBeGreaterThanOrEqual(0.95);
    expect(unseen.sentiment).toBeGreaterThanOrEqual(0.85);
  });
});

describe('reading the set', () => {
  it('parses an item with its labels, sources and text', () => {
    const [item] = parseSetFile(
      'x.answers',
      `${PROJECT}=== a1 chatgpt\norder: Foo, Acme\nsentiment: mixed | fast but pricey\nsource: https://foo.com/ | Foo\n---\nFoo first.\n\nAcme is fast but pricey.\n`,
    );
    expect(item).toMatchObject({
      id: 'a1',
      engine: 'chatgpt',
      order: ['Foo', 'Acme'],
      sentiment: 'mixed',
      why: 'fast but pricey',
      sources: [{ url: 'https://foo.com/', title: 'Foo' }],
      text: 'Foo first.\n\nAcme is fast but pricey.',
      heldOut: heldOut('a1'),
    });
    expect(item?.project.competitors).toEqual([{ name: 'Foo', domains: ['foo.com'] }]);
  });

  it('rejects bad items with the file and line', () => {
    const parse = (item: string) => () => parseSetFile('x.answers', PROJECT + item);
    expect(parse('=== a1 chatgpt\norder: Bar\nsentiment: neutral | x\n---\ntext')).toThrow(
      'x.answers:6: unknown names in order: Bar',
    );
    expect(parse('=== a1 chatgpt\norder: Acme\nsentiment: great | x\n---\ntext')).toThrow(
      /x.answers:7: sentiment must be/,
    );
    expect(parse('=== a1 chatgpt\norder: Acme\nsentiment: positive\n---\ntext')).toThrow(/needs a reason/);
    expect(parse('=== a1 chatgpt\norder: -\nsentiment: positive | x\n---\ntext')).toThrow(
      /not-applicable exactly when the brand is not named/,
    );
    expect(parse('=== a1 chatgpt\norder: Acme\nsentiment: neutral | x\ntext')).toThrow(/no "---" line/);
    expect(() => parseSetFile('x.answers', 'website: https://acme.com/\n')).toThrow(/no "project:" line/);
  });
});
