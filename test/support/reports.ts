import { addDays } from '../../server/domain/clock.ts';
import type { Harness } from './api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS, TODAY, type LineSpec } from './insights.ts';
import { rawDb } from './raw-db.ts';

/** The last full week before TODAY (a Monday): the report's default period, and the week before it. */
export const WEEK = { from: addDays(TODAY, -7), to: addDays(TODAY, -1) };
export const PREVIOUS = { from: addDays(TODAY, -14), to: addDays(TODAY, -8) };

/** Markup an engine or judge could write: a report must show it as text. */
export const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';

function week(from: string, engine: string, text: string, count: number, sources: string[]): LineSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    day: addDays(from, i % 7),
    engine,
    prompt: PROMPTS[i % 2]!.text,
    text,
    sources,
    hour: 8 + (i % 10),
  }));
}

/**
 * Project "Acme" with two weeks of answers that differ on purpose: in the last week ChatGPT names and cites Acme in
 * 30 answers where the week before it named only its rivals, so the change clears the noise; Gemini barely moves.
 * Two of the last week's answers are marked drifting by a judge, one with a hostile reason.
 */
export async function reportProject(h: Harness) {
  const lines = [
    ...week(WEEK.from, 'chatgpt', TEXTS.acmeFirst, 30, [PAGES.pricing, PAGES.g2]),
    ...week(WEEK.from, 'gemini', TEXTS.acmeSecond, 6, [PAGES.globex]),
    ...week(WEEK.from, 'gemini', TEXTS.rivalsOnly, 6, [PAGES.review, PAGES.initech]),
    ...week(PREVIOUS.from, 'chatgpt', TEXTS.rivalsOnly, 30, [PAGES.g2, PAGES.globex]),
    ...week(PREVIOUS.from, 'gemini', TEXTS.acmeSecond, 5, [PAGES.pricing]),
    ...week(PREVIOUS.from, 'gemini', TEXTS.nobody, 7, [PAGES.review]),
  ];
  const project = await insightProject(h, lines);
  const db = rawDb(h.dbPath);
  try {
    const drifting = await db
      .selectFrom('answers')
      .select('id')
      .where('project_id', '=', project.projectId)
      .where('date', '>=', WEEK.from)
      .where('engine_id', '=', 'gemini')
      .orderBy('id')
      .limit(2)
      .execute();
    const [full, partial] = drifting.map((r) => r.id);
    await db.updateTable('answers').set({ narrative_drift: 'true' }).where('id', '=', full!).execute();
    await db.updateTable('answers').set({ narrative_drift: 'partial' }).where('id', '=', partial!).execute();
    await db
      .updateTable('answer_details')
      .set({ narrative_drift_reason: `Says Acme is slow ${HOSTILE}` })
      .where('answer_id', '=', full!)
      .execute();
  } finally {
    await db.destroy();
  }
  return project;
}
