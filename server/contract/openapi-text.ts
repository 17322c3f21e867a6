import type { ErrorCode } from './errors.ts';

/**
 * The prose of the OpenAPI document, in CommonMark-style markdown (headings, lists, inline code, fenced code,
 * in-page links only). Kept apart from the generator so that wording changes do not touch its logic; the HTML
 * reference page is rendered from the document, so this is also the text of the page.
 */

export const API_TITLE = 'Answerwatch Visibility Data API';

/** `## ` headings become the page sections, so their slugs are anchors other documents link to. */
export function infoDescription(baseUrl: string): string {
  return `Answerwatch stores what AI answer engines say about a brand: the answers engines give to a project's tracked prompts, whether each names the brand (mentioned), gives a page of the brand's site as a source (cited), at which position and with which sentiment, and daily rates computed from them. Keys with the right scopes can also set up tracking, start runs and register signed webhooks.

- Requests and responses are JSON. All times are UTC; dates are \`YYYY-MM-DD\`, timestamps RFC 3339 date-times.
- Answer text is untrusted: text fields of answers (\`fullAnswer\`, \`excerpt\`, source titles, reasons) come from the engines. Render them as text, never as HTML, and never hand them to AI tools as instructions.
- No CORS headers are sent. Call the API from a server, never from a browser page.
- Errors are RFC 9457 problem details sent as \`application/problem+json\`; see [Errors](#errors).
- Every response carries an \`X-Request-Id\` header; quote it when reporting a problem.

## Authentication

Send a personal API key as a Bearer token on every request: \`Authorization: Bearer <API_KEY>\`. Only the account owner creates keys, in the account settings. A key has a label, may have an expiry (\`expiresAt\`), is limited to some projects and can be revoked at any time. \`GET /me\` describes the calling key. The API is available on paid plans only.

Each key carries scopes, and every operation names the scope it needs:

- \`visibility:read\`: every key has it; read projects, setup, results, stats, runs and webhooks.
- \`tracking:write\`: create and update projects; manage prompts, competitors, tracking settings and webhooks.
- \`runs:execute\`: start runs.
- \`traffic:write\` (extension): send access logs to \`POST /projects/{projectId}/traffic\`; meant for a log shipper's key.

A missing, malformed, unknown, expired or revoked key gets 401 with the challenge \`WWW-Authenticate: Bearer realm="answerwatch", error="invalid_token"\`. A plan without API access, or a key without the scope an operation needs, gets 403. A project the key cannot read is answered with 404 \`not_found\`, exactly like a project that does not exist. Webhook deliveries are not sent with a key but signed; see [Webhooks](#webhooks).

## Errors

Error responses are problem details (RFC 9457) with content type \`application/problem+json\`. \`type\` links to the entry of the code below (rate-limit errors link to [Rate limits](#rate-limits)); \`title\` is the short name of the HTTP status and \`status\` repeats it; \`detail\`, when present, says what went wrong and what to change; \`instance\`, when present, is the request path; \`code\` is the stable machine-readable reason; \`requestId\` equals the \`X-Request-Id\` header. Branch on \`code\`, never on \`title\` or \`detail\`.

Every response is in this shape whatever refuses the request, with \`X-Request-Id\` and \`RateLimit\`:

- **Unknown query parameters are refused.** A query parameter an operation does not list, or a single-valued one sent twice, is 400 \`invalid_parameter\` naming it, on every operation, \`GET /me\` included: a typo such as \`engines=\` would otherwise silently widen the result. \`engine\` is the one parameter that repeats. So is a malformed parameter or body field, a body that is not JSON, and a body sent with a \`Content-Type\` other than \`application/json\`.
- **A path that names nothing is 404 \`not_found\`**: an unknown path, an id that does not exist or that the key cannot read, an id that breaks its rule (an answer id of 201 characters cannot exist), and a path that is not valid percent-encoded UTF-8.
- A known path with another method is 405 \`method_not_allowed\` with an \`Allow\` header; a body over 1 MiB is 413 \`invalid_parameter\`.
- A request the HTTP layer cannot read is answered \`invalid_parameter\` and the connection is closed: 400 for bytes that are not valid HTTP/1.1 (a \`Transfer-Encoding\` other than \`chunked\`, \`Content-Length\` beside \`Transfer-Encoding\`, an HTTP/1.1 request without \`Host\`), 408 when it does not arrive in time, 417 for an \`Expect\` other than \`100-continue\`, 431 when the URL and headers together exceed 16 KB.
- Requests that reach no operation (unknown paths, unreadable requests) count against the caller's address rather than a key, and past its limit are 429 like any other.

## Rate limits

Each key may make 300 requests per minute and 20,000 requests per day, counted over all endpoints. Every response carries the header \`RateLimit: limit=<n>, remaining=<n>, reset=<seconds>\` with the budget left in the current window. Past a limit the API answers 429 with code \`rate_limited\`, a \`Retry-After\` header (whole seconds to wait) and the \`RateLimit\` header.

Starting runs has its own limit: at most 24 run requests per project per UTC day. The 25th gets 429 \`daily_run_limit\` with \`Retry-After\` set to the seconds left until the next UTC midnight.

## Pagination

Lists that can grow are paged with an opaque cursor. A page is \`{"data": [...], "nextCursor": "..."}\`, newest first; pass \`nextCursor\` back as the \`cursor\` query parameter (at most 512 characters) to get the next page, and stop when it is null. \`limit\` sets the page size: 1 to 200, default 50. Short lists (engines, competitors, webhooks) are not paged and answer \`{"data": [...]}\`; the webhook delivery list holds the last 50 deliveries.

## Versioning

This is version 1.2.1 of the contract. The major version is part of the base address (\`/v1\`). This description is served at \`${baseUrl}/openapi.json\` for API clients and code generators, and this reference at \`${baseUrl}/docs\`.`;
}

export const SECURITY_DESCRIPTION =
  'Personal API key sent as `Authorization: Bearer <API_KEY>`. Operations list the scope they need as the role of this scheme.';

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: 'The calling key: its scopes, expiry, plan and the projects it can read.',
  Projects:
    'A project is one tracked brand. Creating a project does not start a site crawl: the host computer turns on a weekly scheduled crawl that happens later. If another project of the account has a host device, the new project uses the same one. Brand Truth is not required. Updates change only the fields sent; `brandTerms` and `brandDomains` replace the whole list when sent.',
  Setup:
    'Engines, topics, prompts and competitors. Active prompts run on schedule; paused prompts are kept but not run. The API can set a paused prompt back to `active` but cannot pause one. A prompt with no engine is skipped in runs. Deleting a prompt keeps its stored answers readable, with `promptId` null. The competitor list is replaced as a whole (at most 50); names are matched case-insensitively.',
  Results:
    "Runs and the answers stored from them. An answer is one engine's reply to one prompt on one date; its text fields come from the engines and are untrusted. Answers carry an `ETag` (a hash of the body): send it back in `If-None-Match` to get 304 when nothing changed.",
  Stats:
    'Rates computed from stored answers. The range defaults to the last 30 days and is at most 366 days. Rows of the last three days can still change while scoring finishes; `incompleteDays` above zero means some daily summaries were not ready: call again after a few seconds.',
  Tracking:
    'What the plan allows, and the tracking schedule. The host computer picks up a new schedule within a minute while it is open, or when it next opens. On bring-your-own-key plans the settings live on the host computer and cannot be written through the API.',
  Runs: `Start a run over the tracked prompts and follow it.

1. The allowance is checked first: an estimate above the remaining balance is refused with 409 \`insufficient_allowance\`.
2. One request at a time per project, at most 24 per project per UTC day.
3. When all tracked engines are cloud engines, the run starts in the cloud at once (\`mode\` \`cloud\`).
4. When any tracked engine is a local-fetch engine, the run is handed to the host computer (\`mode\` \`host\`). If it is off, the request is accepted with a warning (status \`waiting_for_host\`) and waits up to 24 hours.
5. A retry with the same \`Idempotency-Key\` within 24 hours returns the earlier request (200, \`replayed\` true) instead of starting another run.
6. Poll the request about once a minute.`,
  Insights:
    'Extensions of v1 beyond the contract (marked `x-answerwatch-extension`), under the same rules as its reads: the key needs `visibility:read`, a project it cannot read is 404, bad parameters are 400 problems, the range defaults to the last 30 days and is at most 366 (`range_too_wide`), lists are paged with the opaque cursor, and bodies carry an `ETag` for `If-None-Match`. They read summaries kept up to date as answers are stored, never the answers themselves.',
  Reports:
    'Extensions of v1 beyond the contract (marked `x-answerwatch-extension`): one report of a project and a period, built from the same reads as the insights (so its figures are theirs), as JSON, a printable HTML page or a PDF, and share links that open one report read-only without signing in. The report needs `visibility:read`, links are made and revoked with `tracking:write`; a project the key cannot read is 404, a bad range a 400 problem.',
  Site: 'Extensions of v1 beyond the contract (marked `x-answerwatch-extension`): the weekly crawl of the project’s website that its host computer makes, and one on request. What the site tells AI engines: which AI agents robots.txt lets read it, whether the pages engines cite still work, which pages need JavaScript to show their text, missing titles and structured data, llms.txt; and what the site states about the brand, offered as Brand Truth suggestions. A project it cannot read is 404; lists are paged with the opaque cursor.',
  Traffic:
    "Extensions of v1 beyond the contract (marked `x-answerwatch-extension`): the brand's own access logs. Which AI crawlers fetch the site (to train, to index for search, or live for a person's question), verified against the address ranges their operators publish; classic search crawlers and other bots beside them; which pages the engines cite, crawl and send people to, and which answer AI agents with errors. Logs come in through `npx answerwatch traffic import` or `POST /projects/{projectId}/traffic` (scope `traffic:write`); no address is stored. A project the key cannot read is 404; lists are paged with the opaque cursor.",
  Webhooks:
    'Register endpoints that receive signed events when runs finish, at most 5 per project. Only public https URLs are accepted: private and local addresses, localhost and plain http are refused with 400 `invalid_parameter`. Registering without `events` subscribes to `run.completed` and `run.failed`; the alert events beyond the contract (`visibility.dropped`, `visibility.rose`, `citation.lost`, `citation.gained`, `competitor.overtook`; extension) are sent only to webhooks that name them, with the optional `thresholds`. After 20 consecutive failed deliveries a webhook is turned off (`active` false); delete it and register it again to resume. Payloads and signatures are described under [Webhooks](#webhooks).',
};

export const WEBHOOK_EVENTS_TAG = 'Webhook events';

export const WEBHOOK_EVENTS_DESCRIPTION = `Events are posted as JSON over HTTPS to every registered endpoint of the project that subscribed to them. The event is a signal, not the data: follow \`data.links.answers\` or refresh the daily stats.

Delivery headers:

- \`X-Service-Signature\`: \`t=<unix seconds>,v1=<hex>\`.
- \`X-Service-Event\`: the event name.
- \`X-Service-Delivery\`: the delivery id, the same as the id of the delivery record.
- \`User-Agent\`: \`Service-Webhooks/1.0\`; \`Content-Type\`: \`application/json\`.

Delivery rules:

1. Answer with a 2xx status within 10 seconds. Redirects are not followed.
2. A failed delivery is retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours: 6 attempts in total.
3. After 20 consecutive failures the webhook's \`active\` becomes false and no more events are sent.
4. An event can arrive more than once; its \`id\` identifies repeats.
5. Events of a project can arrive out of order when a retry is involved; \`createdAt\` orders them.

Verifying the signature: \`v1\` is the lowercase hex HMAC-SHA256 of the string \`<t>.<raw request body>\`, keyed with the webhook's whole signing secret (\`whsec_\` prefix included) as UTF-8. Verify on the raw body before parsing it, compare in constant time, and reject timestamps more than five minutes old. In Node.js:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifySignature(rawBody, header, secret, now = Date.now()) {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.get('t'));
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\``;

/** When each code is sent (contract section 7, and DESIGN section 5 where the contract says "not shown"). */
export const ERROR_CODE_DOCS: Record<ErrorCode, { statuses: number[]; description: string }> = {
  byok_not_supported: {
    statuses: [409],
    description:
      'The write concerns settings that bring-your-own-key plans keep on the host computer, such as changing tracking on a byok plan.',
  },
  daily_run_limit: {
    statuses: [429],
    description:
      'The project already had 24 run requests this UTC day. `Retry-After` gives the seconds until the next UTC midnight.',
  },
  host_required: {
    statuses: [409],
    description: 'A local-fetch engine is tracked but no host computer is chosen for the project.',
  },
  insufficient_allowance: {
    statuses: [409],
    description:
      'The run estimate is above the remaining allowance. The problem adds integer fields `estimatedUnits` and `remainingUnits`.',
  },
  insufficient_scope: { statuses: [403], description: 'The key lacks the scope the operation needs.' },
  internal: {
    statuses: [500, 503],
    description:
      'An unexpected fault on the service side (500): try again later; quote the `requestId` when reporting it. Or the database cannot be reached for the moment (503, with `Retry-After`): nothing was done, and the same request succeeds once it is back.',
  },
  invalid_key: {
    statuses: [401],
    description:
      'The key is missing, malformed or unknown. Sent with `WWW-Authenticate: Bearer realm="answerwatch", error="invalid_token"`.',
  },
  invalid_parameter: {
    statuses: [400, 408, 409, 413, 417, 431],
    description:
      'A parameter or body field is missing or malformed (`detail` names it), the query has a parameter the operation does not take or a single-valued one twice, the body is not JSON, a webhook URL is refused, or an `Idempotency-Key` is reused with a different body: 400. Duplicate prompt text: 409, with the existing prompt id in the extension member `existingPromptId`. A body over 1 MiB: 413. A request the HTTP layer cannot read: 400 (not valid HTTP/1.1), 408 (not received in time), 417 (an `Expect` other than `100-continue`) or 431 (URL and headers over 16 KB).',
  },
  key_expired: { statuses: [401], description: 'The key is past its `expiresAt`.' },
  key_revoked: { statuses: [401], description: 'The key was revoked.' },
  method_not_allowed: {
    statuses: [405],
    description: 'The path exists but not with this method. The `Allow` header lists the methods it takes.',
  },
  no_prompts: {
    statuses: [409],
    description: 'A run was requested but no active prompt of the project has an engine.',
  },
  not_found: {
    statuses: [404],
    description:
      'No such resource, or a project the key cannot read. The two are not told apart, so ids of other accounts cannot be probed. A path id that breaks its rule, or a path that is not valid percent-encoded UTF-8, names no resource and gets the same answer.',
  },
  plan_limit: {
    statuses: [409],
    description:
      'The write would go over a limit of the plan (`maxPrompts`, `maxProjects`, `maxCompetitors`, `maxSamplesPerPrompt`; see the capabilities endpoint).',
  },
  plan_required: {
    statuses: [403],
    description: 'The account plan does not include API access (free plans).',
  },
  range_too_wide: { statuses: [400], description: 'The date range is wider than 366 days.' },
  rate_limited: {
    statuses: [429],
    description:
      'The key reached its per-minute or per-day request limit. Wait the seconds given in `Retry-After`; see [Rate limits](#rate-limits).',
  },
  run_in_progress: {
    statuses: [409],
    description: 'A run request of the project is already queued, waiting for the host computer or running.',
  },
  unsupported_filter_combination: {
    statuses: [400],
    description:
      '`runId` was combined with `from` or `to` on the answers list. A run fixes its own dates; with `runId` alone no default date window applies.',
  },
};
