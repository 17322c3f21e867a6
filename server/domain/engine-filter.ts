import { findEngine } from '../../engines/catalog.ts';
import { invalid } from './errors.ts';

/** An engine id nobody knows is a typo, not an empty filter: say so instead of answering with nothing. */
export function checkEngineIds(ids: readonly string[] | undefined): readonly string[] | undefined {
  const unknown = ids?.filter((id) => !findEngine(id)) ?? [];
  if (unknown.length > 0)
    throw invalid(`unknown engine ${unknown.join(', ')}; see the engines endpoint for ids`);
  return ids && [...new Set(ids)];
}

/** Engines a project may track: the ones its plan allows, the same list capabilities shows. */
export function allowedEngineIds(
  plan: { code: string; engineIds: readonly string[] },
  field: string,
  ids: readonly string[],
) {
  const refused = ids.filter((id) => !plan.engineIds.includes(id));
  if (refused.length > 0) {
    throw invalid(`${field}: ${refused.join(', ')} not available on the ${plan.code} plan; see capabilities`);
  }
  return [...new Set(ids)];
}
