import type { Kysely } from 'kysely';
import type { SecretBox } from '../../server/domain/secret-box.ts';
import { contentFromJson } from '../../server/mail/message.ts';
import type { Harness } from './api-harness.ts';

export interface QueuedMail {
  kind: string;
  subject: string;
  text: string;
}

/** The mails queued in the outbox for one address, oldest first, opened with the harness's sealing key. */
export async function mailsTo(h: Harness, secrets: SecretBox, to: string): Promise<QueuedMail[]> {
  const db = h.store.identityDatabase.db as unknown as Kysely<Record<string, Record<string, string | null>>>;
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'content_sealed'])
    .where('recipient', '=', to)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    kind: r.kind!,
    subject: r.subject!,
    text: contentFromJson(secrets.open(r.content_sealed!)).text,
  }));
}

/** The one link of a mail's text. */
export function linkIn(text: string): URL {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link in the mail, found ${links.length}: ${text}`);
  return new URL(links[0]!);
}

/** Follows a link of a mail in the in-process app: its path and query, as the browser would ask for it. */
export const follow = (h: Harness, url: URL, headers: Record<string, string> = {}) =>
  h.request({ method: 'GET', url: url.pathname + url.search, headers });
