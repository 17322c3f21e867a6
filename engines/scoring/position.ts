/** The brand's rank among the names in an answer, by where each is first named. */
import { BRAND } from './mentions.ts';

/**
 * 1 when the brand is named before every tracked competitor, 2 when one competitor comes first, and so
 * on; null when the brand is not named. `firstAt` holds each owner's first mention offset or -1.
 */
export function brandPosition(firstAt: readonly number[]): number | null {
  const brandAt = firstAt[BRAND] ?? -1;
  if (brandAt === -1) return null;
  let position = 1;
  for (let owner = 0; owner < firstAt.length; owner++) {
    const at = firstAt[owner] ?? -1;
    if (owner !== BRAND && at !== -1 && at < brandAt) position++;
  }
  return position;
}
