import { addDays } from '../../domain/clock.ts';

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

/** The months and the loose days of a range as lists, for reads that name each period (`period in (…)`). */
export function periodLists(from: string, to: string): { months: string[]; days: string[] } {
  const split = splitPeriods(from, to);
  const days: string[] = [];
  for (const range of split.dayRanges) {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  }
  const months: string[] = [];
  if (split.months) {
    for (let month = split.months.from; month <= split.months.to; month = nextMonthStart(month).slice(0, 7))
      months.push(month);
  }
  return { months, days };
}
