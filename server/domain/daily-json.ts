import type { z } from 'zod';
import type { DailyStats } from '../contract/stats.ts';
import type { EngineCounts } from '../store/repositories/summaries.ts';
import { JsonText } from './json-text.ts';

const engineJson = new Map<string, string>();
const jsonOf = (id: string) => engineJson.get(id) ?? engineJson.set(id, JSON.stringify(id)).get(id)!;

function renderDay(date: string, engines: EngineCounts, only: readonly string[] | undefined): string {
  const day = JSON.stringify(date);
  let out = '';
  for (const engineId of Object.keys(engines).sort()) {
    const [answers, mentioned, cited] = engines[engineId]!;
    if (answers === 0 || (only && !only.includes(engineId))) continue;
    out += `${out ? ',' : ''}{"date":${day},"engineId":${jsonOf(engineId)},"answers":${answers},"mentioned":${mentioned},"cited":${cited},"mentionRate":${mentioned / answers},"citationRate":${cited / answers}}`;
  }
  return out;
}

/**
 * Rendered days by their stored content. A day's text is a pure function of its date and counts, and past days
 * rarely change, so a year of stats mostly reuses text instead of formatting four thousand rates again.
 */
const rendered = new Map<string, string>();
const DAY_CACHE = 50_000;

function cachedDay(date: string, engines: string): string {
  const key = `${date}\0${engines}`;
  let text = rendered.get(key);
  if (text === undefined) {
    if (rendered.size >= DAY_CACHE) rendered.clear();
    // Stored flat: text built by concatenation is a tree of pieces that every later join would walk again.
    text = Buffer.from(renderDay(date, JSON.parse(engines) as EngineCounts, undefined)).toString();
    rendered.set(key, text);
  }
  return text;
}

/** The daily stats body: one row per day and engine, in date order, as JSON text. */
export function renderDailyStats(
  range: { from: string; to: string },
  rows: readonly { date: string; engines: string }[],
  only: readonly string[] | undefined,
  incompleteDays: number,
): JsonText<z.output<typeof DailyStats>> {
  const days = rows
    .map((r) =>
      only ? renderDay(r.date, JSON.parse(r.engines) as EngineCounts, only) : cachedDay(r.date, r.engines),
    )
    .filter(Boolean);
  // One join gives one flat string, which the socket can encode without first copying a tree of pieces.
  const head = `{"from":${JSON.stringify(range.from)},"to":${JSON.stringify(range.to)},"data":[`;
  return new JsonText([head, days.join(','), `],"incompleteDays":${incompleteDays}}`].join(''));
}
