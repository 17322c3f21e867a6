import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, it, expect } from 'vitest';
import { renderDocsPage } from '../../server/contract/docs-page.ts';
import { ERROR_CODES } from '../../server/contract/errors.ts';
import {
  buildOpenApiDocument,
  DEFAULT_BASE_URL,
  serializeOpenApiDocument,
} from '../../server/contract/openapi.ts';
import type {
  HttpVerb,
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  Ref,
  ResponseObject,
} from '../../server/contract/openapi-types.ts';

const COMMITTED = new URL('../../server/contract/openapi.json', import.meta.url);

/** Contract section 4, row by row. */
const CONTRACT_OPERATIONS = [
  'GET /me',
  'GET /projects',
  'GET /projects/{projectId}',
  'POST /projects',
  'PATCH /projects/{projectId}',
  'GET /projects/{projectId}/engines',
  'GET /projects/{projectId}/topics',
  'GET /projects/{projectId}/prompts',
  'POST /projects/{projectId}/prompts',
  'PATCH /projects/{projectId}/prompts/{promptId}',
  'DELETE /projects/{projectId}/prompts/{promptId}',
  'GET /projects/{projectId}/competitors',
  'PUT /projects/{projectId}/competitors',
  'GET /projects/{projectId}/runs',
  'GET /projects/{projectId}/answers',
  'GET /projects/{projectId}/answers/{answerId}',
  'GET /projects/{projectId}/stats/daily',
  'GET /projects/{projectId}/stats/competitors',
  'GET /projects/{projectId}/capabilities',
  'PUT /projects/{projectId}/tracking',
  'POST /projects/{projectId}/run-requests',
  'GET /projects/{projectId}/run-requests',
  'GET /projects/{projectId}/run-requests/{requestId}',
  'POST /projects/{projectId}/webhooks',
  'GET /projects/{projectId}/webhooks',
  'DELETE /projects/{projectId}/webhooks/{webhookId}',
  'POST /projects/{projectId}/webhooks/{webhookId}/test',
  'GET /projects/{projectId}/webhooks/{webhookId}/deliveries',
];

/** The insight reads (extensions of v1): additive, each marked x-answerwatch-extension. */
const EXTENSION_OPERATIONS = [
  'GET /projects/{projectId}/stats/sources',
  'GET /projects/{projectId}/stats/prompts',
  'GET /projects/{projectId}/stats/trends',
  'GET /projects/{projectId}/stats/surfaces',
  'GET /projects/{projectId}/stats/queries',
  'GET /projects/{projectId}/source-types',
  // Access-log analytics (issue 26).
  'GET /projects/{projectId}/stats/crawlers',
  'GET /projects/{projectId}/stats/referrals',
  'GET /projects/{projectId}/stats/pages',
  'GET /projects/{projectId}/actions',
];
const ALERT_EVENTS = [
  'visibility.dropped',
  'visibility.rose',
  'citation.lost',
  'citation.gained',
  'competitor.overtook',
];
/** Opt-in extension events besides the alerts. */
const SITE_EVENTS = ['site.crawled'];
const EXTENSION_EVENTS = [
  ...ALERT_EVENTS,
  ...SITE_EVENTS,
  'actions.updated',
  'crawler.blocked',
  'report.ready',
];

const doc = buildOpenApiDocument();

function resolvePointer(ref: string): unknown {
  expect(ref.startsWith('#/'), `${ref} is a local reference`).toBe(true);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

function deref<T>(value: T | Ref): T {
  return typeof value === 'object' && value !== null && '$ref' in value
    ? (resolvePointer(value.$ref) as T)
    : value;
}

function allOperations(
  items: OpenApiDocument['paths'],
): { key: string; path: string; op: OperationObject }[] {
  return Object.entries(items).flatMap(([path, item]) =>
    Object.entries(item).map(([verb, op]) => ({ key: `${verb.toUpperCase()} ${path}`, path, op })),
  );
}

function operation(key: string): OperationObject {
  const [method = '', path = ''] = key.split(' ');
  const op = doc.paths[path]?.[method.toLowerCase() as HttpVerb];
  if (!op) throw new Error(`${key} is missing`);
  return op;
}

function parameter(key: string, name: string): ParameterObject {
  const found = operation(key).parameters?.find((p) => p.name === name);
  if (!found) throw new Error(`${key} has no parameter ${name}`);
  return found;
}

describe('generated OpenAPI document', () => {
  it('matches the committed server/contract/openapi.json', () => {
    const committed = readFileSync(COMMITTED, 'utf8');
    const stale = 'server/contract/openapi.json is out of date: run `npm run openapi` and commit the result';
    expect(JSON.parse(committed), stale).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(committed === serializeOpenApiDocument(doc), stale).toBe(true);
  });

  it('is deterministic', () => {
    expect(serializeOpenApiDocument(buildOpenApiDocument())).toBe(serializeOpenApiDocument(doc));
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has only references that resolve', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolvePointer(ref), ref).toBeDefined();
  });

  it('describes version 1.2.1 at the given server with bearer security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.1');
    expect(doc.info.description).toMatch(/untrusted/);
    expect(doc.info.description).toMatch(/CORS/);
    expect(doc.info.description).toMatch(/application\/problem\+json/);
    expect(doc.servers).toEqual([{ url: DEFAULT_BASE_URL }]);
    expect(buildOpenApiDocument('https://api.example.test/v1').servers).toEqual([
      { url: 'https://api.example.test/v1' },
    ]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has exactly the 28 operations of the contract, each with the scope it needs, and the marked extensions', () => {
    expect(CONTRACT_OPERATIONS).toHaveLength(28);
    expect(
      allOperations(doc.paths)
        .filter((entry) => !entry.op['x-answerwatch-extension'])
        .map((entry) => entry.key)
        .sort(),
    ).toEqual([...CONTRACT_OPERATIONS].sort());
    for (const key of EXTENSION_OPERATIONS) {
      expect(operation(key).security).toEqual([{ bearerAuth: ['visibility:read'] }]);
      expect(Object.keys(operation(key).responses)).toEqual(
        expect.arrayContaining(['200', '304', '400', '401', '403', '404', '429']),
      );
    }
    expect(operation('GET /me').security).toEqual([{ bearerAuth: ['visibility:read'] }]);
    expect(operation('PUT /projects/{projectId}/tracking').security).toEqual([
      { bearerAuth: ['tracking:write'] },
    ]);
    expect(operation('POST /projects/{projectId}/run-requests').security).toEqual([
      { bearerAuth: ['runs:execute'] },
    ]);
    const ids = allOperations(doc.paths).map((entry) => entry.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks every extension, and only extensions, with x-answerwatch-extension', () => {
    const extensions = allOperations(doc.paths)
      .filter((entry) => entry.op['x-answerwatch-extension'])
      .map((entry) => entry.key);
    expect(extensions.sort()).toEqual(
      [
        'GET /projects/{projectId}/readiness',
        'GET /projects/{projectId}/stats/answers',
        'POST /projects/{projectId}/run-requests/{requestId}/cancel',
        'PATCH /projects/{projectId}/webhooks/{webhookId}',
        'GET /projects/{projectId}/alerts',
        'GET /account/audit-log',
        'GET /account',
        'GET /account/keys',
        'POST /account/keys',
        'DELETE /account/keys/{keyId}',
        'GET /account/computers',
        'DELETE /account/computers/{computerId}',
        'POST /projects/{projectId}/site/crawl',
        'GET /projects/{projectId}/site',
        'GET /projects/{projectId}/site/pages',
        'GET /projects/{projectId}/site/crawls/{crawlId}',
        'GET /projects/{projectId}/brand-truth/suggestions',
        'POST /projects/{projectId}/brand-truth/suggestions/{suggestionId}/accept',
        'POST /projects/{projectId}/brand-truth/suggestions/{suggestionId}/dismiss',
        'PUT /projects/{projectId}/source-types',
        'POST /projects/{projectId}/traffic',
        'GET /projects/{projectId}/report',
        'POST /projects/{projectId}/report-links',
        'GET /projects/{projectId}/report-links',
        'DELETE /projects/{projectId}/report-links/{linkId}',
        'GET /account/brand',
        'PUT /account/brand',
        'PATCH /projects/{projectId}/actions/{actionId}',
        'GET /projects/{projectId}/report-digest',
        'PUT /projects/{projectId}/report-digest',
        'POST /projects/{projectId}/report-digest/send',
        ...EXTENSION_OPERATIONS,
      ].sort(),
    );
    expect(operation('POST /projects/{projectId}/traffic').security).toEqual([
      { bearerAuth: ['traffic:write'] },
    ]);
    expect(Object.keys(operation('POST /projects/{projectId}/traffic').requestBody!.content)).toEqual([
      'application/x-ndjson',
      'application/json',
    ]);
    expect(operation('PATCH /projects/{projectId}/webhooks/{webhookId}').security).toEqual([
      { bearerAuth: ['tracking:write'] },
    ]);
    expect(operation('PUT /projects/{projectId}/source-types').security).toEqual([
      { bearerAuth: ['tracking:write'] },
    ]);
    // The report: a read in three media types; its share links are made and revoked with the write scope.
    const report = deref(operation('GET /projects/{projectId}/report').responses['200']!);
    expect(Object.keys(report.content ?? {})).toEqual(['application/json', 'text/html', 'application/pdf']);
    expect(operation('GET /projects/{projectId}/report').security).toEqual([
      { bearerAuth: ['visibility:read'] },
    ]);
    for (const key of [
      'POST /projects/{projectId}/report-links',
      'DELETE /projects/{projectId}/report-links/{linkId}',
      'PUT /projects/{projectId}/report-digest',
      'POST /projects/{projectId}/report-digest/send',
    ])
      expect(operation(key).security).toEqual([{ bearerAuth: ['tracking:write'] }]);
    expect(operation('PATCH /projects/{projectId}/actions/{actionId}').security).toEqual([
      { bearerAuth: ['tracking:write'] },
    ]);
    expect(Object.keys(operation('GET /projects/{projectId}/actions').responses)).toContain('304');
    expect(operation('GET /projects/{projectId}/alerts').security).toEqual([
      { bearerAuth: ['visibility:read'] },
    ]);
    expect(Object.keys(operation('GET /projects/{projectId}/alerts').responses)).toContain('304');
    // The audit log is read with a person's session, but the document states the scope every caller needs first.
    expect(operation('GET /account/audit-log').security).toEqual([{ bearerAuth: ['visibility:read'] }]);
    const sources = 'GET /projects/{projectId}/stats/sources';
    expect(parameter(sources, 'class').schema).toMatchObject({ enum: ['own', 'competitor', 'other'] });
    expect(parameter(sources, 'gaps')).toMatchObject({ in: 'query', required: false, example: true });
    const answers = 'GET /projects/{projectId}/answers';
    for (const name of ['q', 'sentiment', 'maxPosition', 'competitor', 'sort'])
      expect(parameter(answers, name), name).toMatchObject({
        in: 'query',
        required: false,
        'x-answerwatch-extension': true,
      });
    for (const name of ['engine', 'mentioned', 'cursor', 'limit'])
      expect(parameter(answers, name)['x-answerwatch-extension'], name).toBeUndefined();
    // An additive field of a contract schema is marked on the field.
    const detail = (doc.components.schemas as Record<string, { properties: Record<string, unknown> }>)
      .AnswerDetail!;
    expect(detail.properties.searchQueries).toMatchObject({
      type: 'array',
      items: { type: 'string' },
      'x-answerwatch-extension': true,
    });
  });

  it('documents query, path and header parameters as the contract states them', () => {
    const answers = 'GET /projects/{projectId}/answers';
    expect(parameter(answers, 'engine')).toMatchObject({
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { type: 'string', maxLength: 60 } },
    });
    expect(parameter(answers, 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    });
    expect(parameter(answers, 'mentioned')).toMatchObject({ schema: { type: 'boolean' }, example: true });
    expect(parameter(answers, 'cited')).toMatchObject({ schema: { type: 'boolean' }, example: false });
    expect(parameter(answers, 'cursor').schema).toMatchObject({ type: 'string', maxLength: 512 });
    expect(parameter(answers, 'projectId')).toMatchObject({ in: 'path', required: true });
    expect(parameter('POST /projects/{projectId}/run-requests', 'Idempotency-Key')).toMatchObject({
      in: 'header',
      required: false,
      schema: { maxLength: 128 },
    });
    expect(operation('POST /projects').requestBody?.required).toBe(true);
    expect(operation('POST /projects/{projectId}/run-requests').requestBody?.required).toBe(false);
  });

  it('documents the response headers', () => {
    for (const { key, op } of allOperations(doc.paths)) {
      for (const [status, value] of Object.entries(op.responses)) {
        const headers = Object.keys(deref<ResponseObject>(value).headers ?? {});
        // A 503 says the database is out of reach, and with it the request counts: no RateLimit then.
        const always = status === '503' ? ['X-Request-Id', 'Retry-After'] : ['X-Request-Id', 'RateLimit'];
        expect(headers, `${key} ${status}`).toEqual(expect.arrayContaining(always));
        if (status === '429') expect(headers, `${key} 429`).toContain('Retry-After');
      }
    }
    const answers = operation('GET /projects/{projectId}/answers').responses;
    expect(Object.keys(deref<ResponseObject>(answers['200'] as ResponseObject).headers ?? {})).toContain(
      'ETag',
    );
    expect(deref<ResponseObject>(answers['304'] as ResponseObject).content).toBeUndefined();
    const started = operation('POST /projects/{projectId}/run-requests').responses['202'] as ResponseObject;
    expect(Object.keys(started.headers ?? {})).toContain('Location');
    const daily = operation('GET /projects/{projectId}/stats/daily').responses['200'] as ResponseObject;
    expect(Object.keys(daily.headers ?? {})).toContain('Cache-Control');
  });

  it('answers every error as problem+json whose code is the full ErrorCode enumeration', () => {
    const problem = doc.components.schemas.Problem as { properties: Record<string, JsonSchema> };
    const codeSchema = deref<JsonSchema>(problem.properties.code as JsonSchema);
    expect(codeSchema.enum).toEqual([...ERROR_CODES]);
    expect(Object.keys(codeSchema['x-error-codes'] as object)).toEqual([...ERROR_CODES]);

    for (const { key, path, op } of allOperations(doc.paths)) {
      const statuses = Object.keys(op.responses);
      expect(statuses, key).toEqual(expect.arrayContaining(['400', '401', '403', '429', '500', '503']));
      if (path.includes('{')) expect(statuses, key).toContain('404');
      if (!key.startsWith('GET ')) expect(statuses, key).toContain('413');
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const response = deref<ResponseObject>(op.responses[status] as ResponseObject | Ref);
        expect(Object.keys(response.content ?? {}), `${key} ${status}`).toEqual(['application/problem+json']);
        expect(response.content?.['application/problem+json']?.schema).toEqual({
          $ref: '#/components/schemas/Problem',
        });
      }
    }
    expect(Object.keys(operation('POST /projects/{projectId}/prompts').responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '409']),
    );
  });

  it('states the unknown-parameter rule for the whole API and on every operation', () => {
    expect(doc.info.description).toMatch(/Unknown query parameters are refused/);
    expect(doc.info.description).toMatch(/`GET \/me` included/);
    for (const { key, op } of allOperations(doc.paths)) {
      const rule = op.parameters?.some((p) => p.in === 'query')
        ? /A query parameter not listed here is refused with 400 `invalid_parameter`/
        : /Takes no query parameters: any query parameter is refused with 400 `invalid_parameter`/;
      expect(op.description, key).toMatch(rule);
    }
    expect(operation('GET /projects/{projectId}/answers').description).toMatch(/only `engine` may repeat/);
    const badRequest = doc.components.responses.BadRequest?.description;
    expect(badRequest).toMatch(/a parameter the operation does not take/);
  });

  it('says which status every kind of refusal gets, down to the HTTP layer', () => {
    const codes = (
      doc.components.schemas.ErrorCode as { 'x-error-codes': Record<string, { statuses: number[] }> }
    )['x-error-codes'];
    expect(codes.invalid_parameter?.statuses).toEqual([400, 408, 409, 413, 417, 431]);
    expect(codes.not_found?.statuses).toEqual([404]);
    for (const words of [
      /percent-encoded UTF-8/,
      /431 when the URL and headers/,
      /Transfer-Encoding/,
      /405/,
    ]) {
      expect(doc.info.description).toMatch(words);
    }
  });

  it('has a webhooks section with the three signed events of the contract and the marked extension events', () => {
    expect(Object.keys(doc.webhooks)).toEqual(['run.completed', 'run.failed', 'ping', ...EXTENSION_EVENTS]);
    const payloads: Record<string, string> = {
      ping: 'PingEvent',
      'run.completed': 'RunEvent',
      'run.failed': 'RunEvent',
      'visibility.dropped': 'VisibilityEvent',
      'visibility.rose': 'VisibilityEvent',
      'citation.lost': 'CitationEvent',
      'citation.gained': 'CitationEvent',
      'competitor.overtook': 'OvertakeEvent',
      'site.crawled': 'SiteCrawledEvent',
      'actions.updated': 'ActionsUpdatedEvent',
      'crawler.blocked': 'CrawlerBlockedEvent',
      'report.ready': 'ReportReadyEvent',
    };
    for (const [event, item] of Object.entries(doc.webhooks)) {
      const post = item.post;
      expect(post, event).toBeDefined();
      expect(post?.['x-answerwatch-extension'], event).toBe(
        EXTENSION_EVENTS.includes(event) ? true : undefined,
      );
      const headers = post?.parameters?.map((p) => p.name);
      expect(headers).toEqual(['X-Service-Signature', 'X-Service-Event', 'X-Service-Delivery', 'User-Agent']);
      const payload = payloads[event];
      expect(post?.requestBody?.content['application/json']?.schema).toEqual({
        $ref: `#/components/schemas/${payload}`,
      });
      expect(JSON.stringify(post?.responses)).toMatch(/10 seconds/);
    }
  });
});

describe('HTML reference page', () => {
  const html = renderDocsPage(doc);

  it('has the sections and anchors that problem types and links point to', () => {
    for (const id of ['authentication', 'errors', 'rate-limits', 'pagination', 'webhooks']) {
      expect(html, id).toContain(`id="${id}"`);
    }
    for (const code of ERROR_CODES) expect(html, code).toContain(`id="error-${code}"`);
    const ids = [...allOperations(doc.paths), ...allOperations(doc.webhooks)].map(
      (entry) => entry.op.operationId,
    );
    // Every operation, extensions included, and every webhook event.
    expect(ids.length).toBe(allOperations(doc.paths).length + 3 + EXTENSION_EVENTS.length);
    for (const id of ids) expect(html, id).toContain(`id="${id}"`);
    for (const response of Object.values(doc.components.responses)) {
      const example = response.content?.['application/problem+json']?.example as { type: string };
      expect(html, example.type).toContain(`id="${new URL(example.type).hash.slice(1)}"`);
    }
    expect(html).toMatch(/300 requests per minute and 20,000 requests per day/);
    expect(html).toContain('limit=&lt;n&gt;, remaining=&lt;n&gt;, reset=&lt;seconds&gt;');
  });

  it('is self-contained: no script and no other host', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link\b/i);
    const base = new URL(DEFAULT_BASE_URL);
    const urls = [...html.matchAll(/https?:\/\/[^\s"'<>`)]+/g)].map((match) => match[0]);
    for (const url of urls) expect(new URL(url).host, url).toBe(base.host);
  });

  it('escapes text taken from the document', () => {
    const tampered = structuredClone(doc);
    const me = tampered.paths['/me']?.get;
    if (!me) throw new Error('GET /me is missing');
    me.summary = '<img src=x onerror="alert(1)">';
    me.description = 'See [this](javascript:alert(1)) and `</code><script>alert(2)</script>`';
    const page = renderDocsPage(tampered);
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain('href="javascript:');
  });
});
