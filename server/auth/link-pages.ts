import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAPIError } from 'better-auth/api';
import type { Identity } from './identity.ts';
import { a, form, p, page, PAGE_CSP, type Html } from './link-page.ts';
import { LINK_LIFETIME_SECONDS, LINK_PAGES } from './mail-flows.ts';
import { mayWriteWithCookie } from './same-origin.ts';
import { identityHeaders } from './web-headers.ts';

const FORGOT = '/app/forgot-password';
const APP = '/app/';
const minutes = LINK_LIFETIME_SECONDS / 60;

const codeOf = (e: unknown): string => {
  if (!isAPIError(e)) throw e;
  return String((e.body as { code?: unknown } | undefined)?.code ?? '');
};

function show(reply: FastifyReply, status: number, title: string, parts: Html[], cookies: string[] = []) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, parts));
}

const field = (request: FastifyRequest, name: string): string => {
  const source = request.method === 'GET' ? request.query : request.body;
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The address a verification token was made for, read without checking it: the library checks it next. */
function tokenEmail(token: string): string | null {
  try {
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    const email = (claims as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

/**
 * The pages the sign-in mails link to, served by the service itself without script: the verification landing
 * (signs in), the reset form, the request for a reset link, and accepting an invitation. Each calls the identity
 * library's own endpoint and says what happened in a sentence; forms post here as application/x-www-form-urlencoded.
 */
export async function linkPageRoutes(
  app: FastifyInstance,
  identity: Identity,
  ownOrigin: string,
): Promise<void> {
  const internal = async () => (await identity.$context).internalAdapter;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(LINK_PAGES.verify, async (request, reply) => {
      const title = 'Confirm your e-mail address';
      const token = field(request, 'token');
      const email = tokenEmail(token);
      // Verifying twice changes nothing in the library; the page says the link was used rather than "confirmed".
      const used =
        email !== null && (await (await internal()).findUserByEmail(email))?.user.emailVerified === true;
      try {
        const { headers } = await identity.api.verifyEmail({
          query: { token },
          headers: identityHeaders(request),
          returnHeaders: true,
        });
        if (used)
          return show(reply, 410, title, [
            p(
              'This link was used already: your address is confirmed. Sign in with your e-mail and password.',
            ),
            a(APP, 'Open Answerwatch'),
          ]);
        return show(
          reply,
          200,
          title,
          [p('Your e-mail address is confirmed and you are signed in.'), a(APP, 'Open Answerwatch')],
          headers.getSetCookie(),
        );
      } catch (e) {
        const expired = codeOf(e) === 'TOKEN_EXPIRED';
        return show(reply, expired ? 410 : 400, title, [
          p(
            expired
              ? `This link has expired (links work for ${minutes} minutes).`
              : 'This link is not one Answerwatch sent, or it was cut short: open the whole link from the mail.',
          ),
          p('Sign in with your e-mail address and password, and a new link will be sent to you.'),
          a(APP, 'Open Answerwatch'),
        ]);
      }
    });

    /** Why a reset token cannot be used, or null while it can: used (the library deletes it) or expired. */
    const resetProblem = async (token: string): Promise<string | null> => {
      const row = token ? await (await internal()).findVerificationValue(`reset-password:${token}`) : null;
      if (!row) return 'This link was used already, or it is not one Answerwatch sent. Ask for a new one.';
      // The library checks expiry against the system clock; so does this page, to say the same.
      if (new Date(row.expiresAt).getTime() < Date.now())
        return `This link has expired (links work for ${minutes} minutes). Ask for a new one.`;
      return null;
    };
    const resetForm = (token: string, before: Html[] = []) => [
      ...before,
      form(
        LINK_PAGES.reset,
        { token },
        [
          {
            name: 'newPassword',
            label: 'New password (at least 10 characters)',
            type: 'password',
            minLength: 10,
          },
        ],
        'Set the new password',
      ),
    ];
    const resetTitle = 'Choose a new password';

    scope.get(LINK_PAGES.reset, async (request, reply) => {
      const token = field(request, 'token');
      const problem = await resetProblem(token);
      if (problem) return show(reply, 410, resetTitle, [p(problem), a(FORGOT, 'Ask for a new link')]);
      return show(reply, 200, resetTitle, resetForm(token));
    });

    scope.post(LINK_PAGES.reset, async (request, reply) => {
      const token = field(request, 'token');
      const problem = await resetProblem(token);
      if (problem) return show(reply, 410, resetTitle, [p(problem), a(FORGOT, 'Ask for a new link')]);
      try {
        await identity.api.resetPassword({
          body: { token, newPassword: field(request, 'newPassword') },
          headers: identityHeaders(request),
        });
      } catch (e) {
        const code = codeOf(e);
        if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG')
          return show(
            reply,
            400,
            resetTitle,
            resetForm(token, [p('That password is too short or too long: use 10 to 128 characters.')]),
          );
        // Used by another request in the meantime: the library consumed the token.
        return show(reply, 410, resetTitle, [
          p((await resetProblem(token))!),
          a(FORGOT, 'Ask for a new link'),
        ]);
      }
      return show(reply, 200, resetTitle, [
        p('Your password is changed, and every session you had has ended. Sign in with the new password.'),
        a(APP, 'Open Answerwatch'),
      ]);
    });

    const forgotTitle = 'Forgot your password?';
    const forgotForm = form(
      FORGOT,
      {},
      [{ name: 'email', label: 'Your e-mail address', type: 'email' }],
      'Send me a link',
    );
    scope.get(FORGOT, async (_request, reply) =>
      show(reply, 200, forgotTitle, [p('We will send a link to choose a new password.'), forgotForm]),
    );
    scope.post(FORGOT, async (request, reply) => {
      const email = field(request, 'email').trim();
      try {
        await identity.api.requestPasswordReset({ body: { email }, headers: identityHeaders(request) });
      } catch (e) {
        codeOf(e);
        return show(reply, 400, forgotTitle, [p('That is not an e-mail address.'), forgotForm]);
      }
      // The same sentence whether or not the address has an account here.
      return show(reply, 200, forgotTitle, [
        p(
          `If ${email} has an account here, a link to choose a new password is on its way; it works for ${minutes} minutes.`,
        ),
      ]);
    });

    const joinTitle = 'Join an account';
    const invitationProblem = (code: string): string =>
      code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'
        ? 'This invitation is for another e-mail address: sign in with the address it was sent to, and open the link again.'
        : 'This invitation was accepted or withdrawn already, or it has expired: ask the person who invited you for a new one.';
    const signInFirst = [
      p(
        'Sign in first with the address the invitation was sent to (sign up with it if you have no password yet), then open this link again.',
      ),
      a(APP, 'Open Answerwatch'),
    ];

    /** The account and role an invitation is for, read from the library's own rows. */
    const invitedTo = async (id: string) => {
      const rows = (await identity.$context).adapter;
      const invitation = await rows.findOne<{ organizationId: string; role: string }>({
        model: 'invitation',
        where: [{ field: 'id', value: id }],
      });
      const account =
        invitation &&
        (await rows.findOne<{ name: string }>({
          model: 'organization',
          where: [{ field: 'id', value: invitation.organizationId }],
        }));
      return account ? { name: account.name, role: invitation.role } : null;
    };

    scope.get(LINK_PAGES.invitation, async (request, reply) => {
      const headers = identityHeaders(request);
      const id = field(request, 'id');
      if (!(await identity.api.getSession({ headers }))) return show(reply, 401, joinTitle, signInFirst);
      const join = (line: string) =>
        show(reply, 200, joinTitle, [p(line), form(LINK_PAGES.invitation, { id }, [], 'Join the account')]);
      try {
        const i = await identity.api.getInvitation({ query: { id }, headers });
        return join(`${i.inviterEmail} invited you to the account “${i.organizationName}” as ${i.role}.`);
      } catch (e) {
        // The library checks its inviter last, once the invitation is pending, unexpired and this person's: an
        // operator's invitation (`people invite`, made at a shell) names an inviter who is in no account.
        const operator =
          codeOf(e) === 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION' && (await invitedTo(id));
        if (operator) return join(`You are invited to the account “${operator.name}” as ${operator.role}.`);
        return show(reply, 410, joinTitle, [p(invitationProblem(codeOf(e)))]);
      }
    });

    scope.post(LINK_PAGES.invitation, async (request, reply) => {
      const headers = identityHeaders(request);
      // A write with the session cookie: only from the service's own page (as /v1's cookie writes).
      if (!mayWriteWithCookie(request.method, request.headers, ownOrigin))
        return show(reply, 403, joinTitle, [
          p('Accept the invitation on Answerwatch’s own page: open the link from the mail.'),
        ]);
      if (!(await identity.api.getSession({ headers }))) return show(reply, 401, joinTitle, signInFirst);
      try {
        const { headers: set } = await identity.api.acceptInvitation({
          body: { invitationId: field(request, 'id') },
          headers,
          returnHeaders: true,
        });
        return show(
          reply,
          200,
          joinTitle,
          [p('You joined the account.'), a(APP, 'Open Answerwatch')],
          set.getSetCookie(),
        );
      } catch (e) {
        return show(reply, 410, joinTitle, [p(invitationProblem(codeOf(e)))]);
      }
    });
  });
}
