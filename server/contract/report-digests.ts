import { z } from 'zod';
import { DateTime } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { WeeklyDay } from './tracking.ts';

/** A project's scheduled report digest (issue 27, an extension of v1). */

export const DIGEST_CADENCES = ['off', 'weekly', 'monthly'] as const;
/** Enough for a team and its clients; a digest is not a mailing list. */
export const MAX_DIGEST_RECIPIENTS = 50;

const Address = z.string().trim().toLowerCase().max(254).describe('An e-mail address');

const RecipientInput = z
  .union([
    z.strictObject({ personId: z.string().min(1).max(100).describe('A person of the account, by id') }),
    z.strictObject({
      email: Address.describe(
        'A person of the account by their address, or an extra address (added by the owner or an admin only)',
      ),
    }),
  ])
  .meta({ id: 'ReportDigestRecipientInput', ...EXTENSION });

const Recipient = z
  .strictObject({
    email: z.string(),
    personId: z.string().nullable().describe('The person of the account; null for an extra address'),
    unsubscribed: z
      .boolean()
      .describe(
        'True once the address followed the unsubscribe link of a digest: it is skipped from then on',
      ),
  })
  .meta({ id: 'ReportDigestRecipient', ...EXTENSION });

const example = {
  cadence: 'weekly' as const,
  weekday: 'monday' as const,
};

export const ReportDigest = z
  .strictObject({
    cadence: z
      .enum(DIGEST_CADENCES)
      .describe(
        'off; weekly: the last full week (Monday to Sunday), sent at 08:00 on `weekday` after it ended; monthly: the last full month, sent at 08:00 on the 1st. In the project’s time zone.',
      ),
    weekday: WeeklyDay.describe('The day a weekly digest goes out'),
    recipients: z.array(Recipient),
    lastPeriod: z
      .strictObject({ from: z.string(), to: z.string() })
      .nullable()
      .describe('The last period sent; null before the first'),
    updatedAt: DateTime.nullable().describe('null when never set'),
  })
  .meta({
    id: 'ReportDigest',
    ...EXTENSION,
    examples: [
      {
        ...example,
        recipients: [
          { email: 'ana@example.com', personId: 'usr_4kT9aQ2x', unsubscribed: false },
          { email: 'client@example.org', personId: null, unsubscribed: false },
        ],
        lastPeriod: { from: '2026-06-08', to: '2026-06-14' },
        updatedAt: '2026-06-01T09:00:00Z',
      },
    ],
  });

export const ReportDigestUpdate = z
  .strictObject({
    cadence: z.enum(DIGEST_CADENCES),
    weekday: WeeklyDay.optional().describe('Default monday'),
    recipients: z.array(RecipientInput).max(MAX_DIGEST_RECIPIENTS),
  })
  .describe('Replaces the whole setting')
  .meta({
    id: 'ReportDigestUpdate',
    ...EXTENSION,
    examples: [{ ...example, recipients: [{ personId: 'usr_4kT9aQ2x' }, { email: 'client@example.org' }] }],
  });

const BodyDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD (UTC day)');

export const ReportDigestSend = z
  .strictObject({
    from: BodyDay.optional().describe('First day; with `to`, or neither: the last full week'),
    to: BodyDay.optional().describe('Last day'),
  })
  .describe('The period to send; left out, the last full week in the project’s time zone')
  .meta({ id: 'ReportDigestSend', ...EXTENSION, examples: [{ from: '2026-06-08', to: '2026-06-14' }] });

export const ReportDigestSent = z
  .strictObject({
    from: z.string(),
    to: z.string(),
    mails: z
      .array(
        z.strictObject({
          to: z.string(),
          queued: z
            .boolean()
            .describe('false: this period’s mail to the address was queued before, and is not sent again'),
        }),
      )
      .describe('One per recipient who did not unsubscribe'),
  })
  .meta({
    id: 'ReportDigestSent',
    ...EXTENSION,
    examples: [
      {
        from: '2026-06-08',
        to: '2026-06-14',
        mails: [
          { to: 'ana@example.com', queued: true },
          { to: 'client@example.org', queued: false },
        ],
      },
    ],
  });
