/**
 * UTC days as the contract writes them (`DateString`, YYYY-MM-DD), and their arithmetic: one definition for every
 * floor, the store's period tables as much as the domain's date ranges.
 */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** Whole days from `from` to `to`, counting both ends. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
