import type { FastifyInstance, FastifyReply } from 'fastify';
import { form, p, page, PAGE_CSP, type Html } from '../auth/link-page.ts';
import type { Services } from '../domain/context.ts';
import { unsubscribe, unsubscribeTarget, UNSUBSCRIBE_PATH } from '../reports/digest-send.ts';

const TITLE = 'Unsubscribe from the report digest';
const GONE =
  'This unsubscribe link is not one Answerwatch sent, or it was cut short: open the whole link from the mail.';

function show(reply: FastifyReply, status: number, parts: Html[]) {
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(TITLE, parts));
}

/**
 * The unsubscribe link of a digest mail, without signing in: GET only shows a button (mail scanners that open
 * links must not unsubscribe anyone), and the button's POST, or a mail client's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`), unsubscribes the token's address from the token's project's digest.
 */
export async function reportUnsubscribeRoutes(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (req, reply) => {
      const target = await unsubscribeTarget(s, req.params.token);
      if (!target) return show(reply, 404, [p(GONE)]);
      return show(reply, 200, [
        p(`Stop sending the project’s report digest to ${target.email}?`),
        form(`${UNSUBSCRIBE_PATH}/${req.params.token}`, {}, [], 'Unsubscribe'),
      ]);
    });
    scope.post<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (req, reply) => {
      if (!(await unsubscribe(s, req.params.token))) return show(reply, 404, [p(GONE)]);
      return show(reply, 200, [p('You are unsubscribed: this project’s digest is no longer sent to you.')]);
    });
  });
}
