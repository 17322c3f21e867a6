import { ACTION_KINDS } from '../../contract/actions.ts';
import type { ActionDraft } from './action.ts';

/** Where an action sorts: its reach, then its kind's place, then its id, so the same data gives the same order. */
export interface RankKey {
  answers: number;
  prompts: number;
  engines: number;
  kind: number;
  id: string;
}

export const rankKey = (a: ActionDraft): RankKey => ({
  ...a.reach,
  kind: ACTION_KINDS.indexOf(a.kind),
  id: a.id,
});

/**
 * The rank rule: most answers reached first, then most prompts, then most engines, then by kind in ACTION_KINDS
 * order (what was lost before what was never won), then by id.
 */
export function compareRank(a: RankKey, b: RankKey): number {
  return (
    b.answers - a.answers ||
    b.prompts - a.prompts ||
    b.engines - a.engines ||
    a.kind - b.kind ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function ranked(actions: readonly ActionDraft[]): ActionDraft[] {
  return [...actions].sort((a, b) => compareRank(rankKey(a), rankKey(b)));
}
