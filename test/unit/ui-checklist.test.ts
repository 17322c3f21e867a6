import { describe, expect, it } from 'vitest';
import { checklist, type ChecklistInput } from '../../app/ui/src/setup-checklist.ts';

const fresh: ChecklistInput = {
  websiteUrl: 'https://acme.com',
  brandTerms: 0,
  competitors: 0,
  activePrompts: 0,
  readyEngines: 2,
  canRun: false,
  cadence: 'manual',
  scheduleWritable: true,
};

describe('first-run checklist', () => {
  it('lists what a new project still needs, each with where to fix it', () => {
    const items = checklist(fresh);
    expect(items.map((i) => [i.id, i.done, i.where])).toEqual([
      ['brand', true, 'brand'],
      ['website', true, 'brand'],
      ['competitors', false, 'competitors'],
      ['prompts', false, 'prompts'],
      ['engines', false, 'engines'],
      ['schedule', false, 'schedule'],
    ]);
    expect(items.find((i) => i.id === 'engines')!.note).toBe('No active prompt asks a ready engine');
  });

  it('is all done once competitors, prompts, a ready engine and a schedule are set', () => {
    const items = checklist({ ...fresh, competitors: 2, activePrompts: 3, canRun: true, cadence: 'daily' });
    expect(items.every((i) => i.done)).toBe(true);
    expect(checklist({ ...fresh, readyEngines: 0 }).find((i) => i.id === 'engines')!.note).toMatch(
      /No engine can run/,
    );
  });
});
