import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, Uri } from './common.ts';
import { EXTENSION } from './extensions.ts';

/**
 * The digest's webhook event (extension, issue 27): opt-in, queued when a scheduled digest (or its send from the
 * command line) is mailed, to the webhooks that name it in `events`. A signal with links, not the report.
 */

export const REPORT_EVENTS = ['report.ready'] as const;

/** The report of a period as the API serves it, in each format, and the digest's share link. */
export function reportLinks(baseUrl: string, projectId: string, from: string, to: string, share: string) {
  const report = `${baseUrl}/projects/${encodeURIComponent(projectId)}/report?from=${from}&to=${to}`;
  return { json: report, html: `${report}&format=html`, pdf: `${report}&format=pdf`, share };
}

export const ReportReadyEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: z.enum(REPORT_EVENTS),
    createdAt: DateTime,
    data: z.strictObject({
      projectId: z.string(),
      period: z.strictObject({ from: z.string(), to: z.string() }).describe('The days the report covers'),
      cadence: z
        .enum(['weekly', 'monthly', 'manual'])
        .describe('What sent it: the schedule, or a send at once'),
      links: z.strictObject({
        json: Uri.describe('The report as JSON (an API key with visibility:read)'),
        html: Uri.describe('The printable page (an API key)'),
        pdf: Uri.describe('The PDF (an API key)'),
        share: Uri.describe('The share link made for the digest: readable without signing in for 90 days'),
      }),
    }),
  })
  .meta({
    id: 'ReportReadyEvent',
    ...EXTENSION,
    examples: [
      {
        id: 'evt7Hq2Lm9Xc4Vb1Nz8Rt5Kp',
        event: 'report.ready',
        createdAt: '2026-06-15T08:00:05.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          period: { from: '2026-06-08', to: '2026-06-14' },
          cadence: 'weekly',
          links: reportLinks(
            'http://127.0.0.1:8787/v1',
            EXAMPLE_IDS.project,
            '2026-06-08',
            '2026-06-14',
            'http://127.0.0.1:8787/r/Xk2q9Lm4Tb8Wc1Nz7Rp3Vd6Hs5Fg0Jy2Qa4Ue9Io1Mn',
          ),
        },
      },
    ],
  });
