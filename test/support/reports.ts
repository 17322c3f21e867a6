import { addDays } from '../../server/domain/clock.ts';
import { createMailSender } from '../../server/mail/sender.ts';
import { createSmtpTransport } from '../../server/mail/smtp-transport.ts';
import { SILENT, type Harness } from './api-harness.ts';
import { insightProject, PAGES, PROMPTS, TEXTS, TODAY, type LineSpec } from './insights.ts';
import { rawDb } from './raw-db.ts';
import { shippedAddress } from './shipped-ranges.ts';

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

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Log lines of the two weeks: crawlers and people from ChatGPT's answers rose far beyond the noise. */
export const TRAFFIC = {
  week: { gptbot: 40, claudebot: 20, visits: 25 },
  previous: { gptbot: 6, claudebot: 4, visits: 2 },
  /** A landing page whose path is markup (without spaces, as a server logs a request it accepted): shown as text. */
  hostilePage: '/landing<script>alert(3)</script><svg/onload=alert(4)>',
};

/** Posts the access-log lines of TRAFFIC to the project, through the API as a site would. */
export async function postTraffic(h: Harness, key: string, projectId: string, t: typeof TRAFFIC) {
  const lines: string[] = [];
  const line = (day: string, i: number, url: string, userAgent: string, referer: string | null) =>
    JSON.stringify({
      time: `${day}T${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
      ip: userAgent === CHROME ? '192.0.2.1' : shippedAddress('openai-gptbot', 1),
      method: 'GET',
      url,
      status: 200,
      bytes: 1,
      referer,
      userAgent,
      host: 'acme.com',
    });
  for (const [period, counts] of [
    [WEEK, t.week],
    [PREVIOUS, t.previous],
  ] as const) {
    const day = (i: number) => addDays(period.from, i % 7);
    for (let i = 0; i < counts.gptbot; i++) lines.push(line(day(i), i, '/pricing', GPTBOT, null));
    for (let i = 0; i < counts.claudebot; i++) lines.push(line(day(i), i, '/docs', CLAUDEBOT, null));
    for (let i = 0; i < counts.visits; i++)
      lines.push(line(day(i), i, i % 5 === 0 ? t.hostilePage : '/pricing', CHROME, 'https://chatgpt.com/'));
  }
  const r = await h.request({
    method: 'POST',
    url: `/v1/projects/${projectId}/traffic`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    payload: lines.join('\n'),
  });
  const refused = r.statusCode < 300 ? (r.json() as { refused: { count: number } }).refused.count : 0;
  if (r.statusCode >= 300 || refused > 0) throw new Error(`traffic: ${r.statusCode} ${r.body}`);
}

/** Sends what the mail outbox holds to the SMTP receiver at `smtpUrl`, as the service's mail sender does, and waits. */
export async function deliverMail(
  h: Pick<Harness, 'store' | 'clock'> & { services: Pick<Harness['services'], 'secrets'> },
  smtpUrl: string,
) {
  const sender = createMailSender({
    store: h.store,
    clock: h.clock,
    secrets: h.services.secrets,
    transport: createSmtpTransport({ smtpUrl, from: 'Answerwatch <reports@example.com>' }),
    log: SILENT,
    leaseMs: 60_000,
  });
  try {
    sender.start();
    await sender.idle();
  } finally {
    await sender.stop();
  }
}
