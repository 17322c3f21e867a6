/**
 * Prompts to start from, made from what the person typed: the brand, what it sells and its first competitor.
 * They are templates of the questions buyers ask engines (the best X, alternatives to Y, Y or Z), filled in
 * here in the page, not guesses of a model: the person edits or replaces them before anything is tracked.
 */
export function suggestPrompts(brand: string, market: string, competitors: readonly string[]): string[] {
  const b = brand.trim();
  const m = market.trim().replace(/[.?!]+$/, '');
  const rival = competitors.map((c) => c.trim()).find((c) => c.length > 0);
  const out: string[] = [];
  if (m) {
    out.push(`Who makes the best ${m}?`, `What ${m} would you recommend for a small business?`);
  }
  if (b) {
    out.push(`What are the best alternatives to ${b}?`);
    if (rival) out.push(`${b} or ${rival}: which is better?`);
    out.push(m ? `Is ${b} a good choice for ${m}?` : `What do people say about ${b}?`);
  }
  return out;
}
