import { describe, expect, it } from 'vitest';
import { compileDomain, compileTerm } from '../../../engines/scoring/term-rules.ts';
import { createTermScanner } from '../../../engines/scoring/text-match.ts';

describe('term patterns', () => {
  it('are built once per term, so a run that builds its scorer anew reuses them', () => {
    expect(compileTerm('Orbit PM')!.pattern).toBe(compileTerm('Orbit PM')!.pattern);
    expect(compileDomain('orbit.example')!.pattern).toBe(compileDomain('orbit.example')!.pattern);
    expect(compileTerm('Orbit PM')!.pattern).not.toBe(compileTerm('Kanbanly')!.pattern);
  });

  it('find the same names when two scanners sharing them take turns on different texts', () => {
    const owners = [{ names: ['Orbit PM'], domains: ['orbit.example'] }];
    const first = createTermScanner(owners);
    const second = createTermScanner(owners);
    const a = 'We use Orbit PM daily; see orbit.example.';
    const b = 'Nothing here, then orbit pm at the end: Orbit PM';
    const spans = (hits: ReturnType<typeof first>) => hits.map((h) => [h.start, h.end]);
    const alone = [spans(first(a)), spans(first(b))];
    expect([spans(second(a)), spans(first(b)), spans(first(a)), spans(second(b))]).toEqual([
      alone[0],
      alone[1],
      alone[0],
      alone[1],
    ]);
    expect(alone[0]).toHaveLength(2);
  });
});
