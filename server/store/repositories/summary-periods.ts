import { addDays } from '../../contract/days.ts';

/** A day range split into whole calendar months and the loose days at either end. */
export interface PeriodSplit {
  months: { from: string; to: string } | null;
  dayRanges: { from: string; to: string }[];
}

const monthOf = (day: string) => day.slice(0, 7);
const nextMonthStart = (day: string) => {
  const d = new Date(`${monthOf(day)}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/** So that a year of brand counts reads about twelve month rows and at most two months of day rows. */
export function splitPeriods(from: string, to: string): PeriodSplit {
  const firstWhole = from.endsWith('-01') ? from : nextMonthStart(from);
  const afterTo = addDays(to, 1);
  const lastWholeEnd = afterTo.endsWith('-01') ? to : addDays(`${monthOf(to)}-01`, -1);
  if (firstWhole > lastWholeEnd) return { months: null, dayRanges: [{ from, to }] };
  const dayRanges = [];
  if (from < firstWhole) dayRanges.push({ from, to: addDays(firstWhole, -1) });
  if (lastWholeEnd < to) dayRanges.push({ from: addDays(lastWholeEnd, 1), to });
  return { months: { from: monthOf(firstWhole), to: monthOf(lastWholeEnd) }, dayRanges };
}

/**
 * A day range as the period ranges that read it: whole months from the month table (periods `YYYY-MM`) and the loose
 * days at either end from the day table, each one range scan of `period`.
 */
export function periodRanges<M extends string, D extends string>(
  from: string,
  to: string,
  monthTable: M,
  dayTable: D,
): { table: M | D; from: string; to: string }[] {
  const split = splitPeriods(from, to);
  return [
    ...(split.months ? [{ table: monthTable, ...split.months }] : []),
    ...split.dayRanges.map((r) => ({ table: dayTable, ...r })),
  ];
}
