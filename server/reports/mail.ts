import type { Caller, Services } from '../domain/context.ts';
import type { Repositories } from '../store/index.ts';
import { invalid } from '../domain/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailProblem, type MailMessage } from '../mail/message.ts';
import { html } from './html.ts';
import type { ReportBody } from './part.ts';
import { renderReportPage } from './page.ts';
import { PARTS } from './parts/index.ts';
import { renderPdf } from './pdf.ts';
import { brandOf, buildReport, type ReportQuery } from './report.ts';

/** What a digest adds to the report mail: the period's share link and when it ends, each recipient's unsubscribe link. */
export interface ReportMailExtras {
  shareUrl?: string;
  shareExpiresAt?: string;
  /** Makes the recipient's unsubscribe link, in the transaction that queues their mail. */
  unsubscribe?: (tx: Repositories, to: string) => Promise<string>;
  /** More to write with the mails (a webhook event), once they are queued: `queued` tells which are new. */
  alsoInTransaction?: (tx: Repositories, queued: readonly { to: string; queued: boolean }[]) => Promise<void>;
}

interface MailLink {
  label: string;
  url: string;
}

const digestLinks = (extras: ReportMailExtras, unsubscribeUrl: string | undefined): MailLink[] => [
  ...(extras.shareUrl && extras.shareExpiresAt
    ? [
        {
          // A day, not a time: the text part's links are read as "label: url".
          label: `Open the report in a browser (the link works until ${extras.shareExpiresAt.slice(0, 10)})`,
          url: extras.shareUrl,
        },
      ]
    : []),
  ...(unsubscribeUrl ? [{ label: 'Stop receiving this digest', url: unsubscribeUrl }] : []),
];

/** The links as a footer of the HTML part, before its end. */
function withFooter(page: string, links: readonly MailLink[]): string {
  if (links.length === 0) return page;
  const footer = html`<footer class="mail-links">
    ${links.map((l) => html`<p>${l.label}: <a href="${l.url}">${l.url}</a></p>`)}
  </footer>`;
  return page.replace('</body>', `${footer.toString()}</body>`);
}

/** The plain-text part: each part's title and sentence, for mail readers that show no HTML. */
function reportText(r: ReportBody): string {
  const keys = Object.keys(PARTS) as (keyof typeof PARTS)[];
  return [
    `${r.projectName}: report of ${r.from} to ${r.to} (compared with ${r.previous.from} to ${r.previous.to})`,
    `${r.brand.name}`,
    '',
    ...keys.flatMap((k) => [PARTS[k].title, r.parts[k].summary, '']),
    'The full report, with every figure and its 95 % interval, is the attached PDF.',
  ].join('\n');
}

/**
 * Queues the report of a period by mail to each recipient through the service's outbox: the page as HTML, its
 * sentences as the text part, the PDF attached. One mail per project, period and recipient however often it is
 * asked (the outbox's key), so a repeated send, or two instances sending, mails each person once.
 */
export async function queueReportMail(
  s: Services,
  caller: Caller,
  projectId: string,
  q: ReportQuery,
  recipients: readonly string[],
  extras: ReportMailExtras = {},
) {
  if (recipients.length === 0) throw invalid('name at least one recipient');
  const report = JSON.parse((await buildReport(s, caller, projectId, q)).text) as ReportBody;
  const brand = await brandOf(s, (await s.store.readProject(projectId))!.accountId);
  const page = renderReportPage(report, brand);
  const base = {
    kind: 'report' as const,
    subject: `${report.projectName}: report of ${report.from} to ${report.to}`,
    text: reportText(report),
    html: page.html,
  };
  const mails: MailMessage[] = [...new Set(recipients.map((r) => r.trim().toLowerCase()))].map((to) => ({
    ...base,
    to,
    key: `report:${projectId}:${report.from}:${report.to}:${to}`,
  }));
  for (const m of mails) {
    const problem = mailProblem(m);
    if (problem) throw invalid(problem);
  }
  const pdf = await renderPdf(page.html);
  const attachments = [
    { filename: `report-${report.from}-${report.to}.pdf`, contentType: 'application/pdf', content: pdf },
  ];
  const queued = await s.store.transaction(async (tx) => {
    const out: { to: string; queued: boolean }[] = [];
    for (const m of mails) {
      const unsubscribeUrl = await extras.unsubscribe?.(tx, m.to);
      const links = digestLinks(extras, unsubscribeUrl);
      const mail: MailMessage = {
        ...m,
        text:
          links.length === 0 ? m.text : [m.text, '', ...links.map((l) => `${l.label}: ${l.url}`)].join('\n'),
        html: withFooter(page.html, links),
        attachments,
        ...(unsubscribeUrl !== undefined && { unsubscribeUrl }),
      };
      out.push({ to: m.to, queued: (await enqueueMail(s, tx, mail)).queued });
    }
    await extras.alsoInTransaction?.(tx, out);
    return out;
  });
  s.signals.mailQueued();
  return { from: report.from, to: report.to, mails: queued };
}
