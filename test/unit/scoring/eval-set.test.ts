import { describe, expect, it } from 'vitest';
import { heldOut, loadEvalSet, parseSetFile } from '../../scoring-eval/eval-set.ts';
import { evaluate, headline } from '../../scoring-eval/evaluate.ts';

const PROJECT = 'project: Acme\nwebsite: https://acme.com/\ncompetitor: Foo | foo.com\n\n';

describe('the labelled scoring evaluation set', () => {
  const items = loadEvalSet();
  const labelled = items.filter((item) => item.part !== 'fresh');

  it('holds at least 300 answers about at least 6 brands, a third held out, and a fresh batch of 40', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(300);
    expect(new Set(labelled.map((item) => item.project.brand.name)).size).toBeGreaterThanOrEqual(6);
    const held = labelled.filter((item) => item.part === 'held-out').length / labelled.length;
    expect(held).toBeGreaterThan(0.28);
    expect(held).toBeLessThan(0.38);
    const fresh = items.filter((item) => item.part === 'fresh');
    expect(fresh.length).toBeGreaterThanOrEqual(40);
    // New brands, so the batch checks the rules on names they were never tuned on.
    const tuned = new Set(labelled.map((item) => item.project.brand.name));
    expect(fresh.every((item) => !tuned.has(item.project.brand.name))).toBe(true);
  });

  it('meets the targets with the real scorer: mention and competitor F1 0.98, position 95 %, sentiment 85 %', () => {
    const { set, parts } = evaluate(items);
    const whole = headline(set);
    expect(whole.mentionF1).toBeGreaterThanOrEqual(0.98);
    expect(whole.competitorF1).toBeGreaterThanOrEqual(0.98);
    expect(whole.position).toBeGreaterThanOrEqual(0.95);
    expect(whole.sentiment).toBeGreaterThanOrEqual(0.85);
    // The held-out part was never looked at while tuning: it must meet the targets too.
    const unseen = headline(parts['held-out']);
    expect(unseen.mentionF1).toBeGreaterThanOrEqual(0.98);
    expect(unseen.competitorF1).toBeGreaterThanOrEqual(0.98);
    expect(unseen.position).toBeGreaterThanOrEqual(0.95);
    expect(unseen.sentiment).toBeGreaterThanOrEqual(0.85);
    // The fresh batch is never tuned on; these floors sit just under what it measured when first scored
    // (mention F1 0.892, competitor F1 0.989, position 94.3 %, sentiment 60.0 %), below the targets: they
    // catch a change that makes the rules generalise worse, and are no target to tune for.
    const fresh = headline(parts.fresh);
    expect(fresh.mentionF1).toBeGreaterThanOrEqual(0.88);
    expect(fresh.competitorF1).toBeGreaterThanOrEqual(0.97);
    expect(fresh.position).toBeGreaterThanOrEqual(0.9);
    expect(fresh.sentiment).toBeGreaterThanOrEqual(0.55);
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
      part: heldOut('a1') ? 'held-out' : 'tuning',
    });
    expect(item?.project.competitors).toEqual([{ name: 'Foo', domains: ['foo.com'] }]);
    const [fresh] = parseSetFile(
      'x.answers',
      `${PROJECT}=== a1 chatgpt\norder: -\nsentiment: not-applicable | x\n---\nText.\n`,
      true,
    );
    expect(fresh?.part).toBe('fresh');
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
