import { ActionsUpdatedEvent } from '../../server/contract/actions-event.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument } from '../../server/contract/openapi.ts';
import type {
  HttpVerb,
  JsonSchema,
  OperationObject,
  ParameterObject,
} from '../../server/contract/openapi-types.ts';
import { operations, type Operation } from '../../server/contract/operations.ts';
import { CitationEvent, OvertakeEvent, VisibilityEvent } from '../../server/contract/alerts.ts';
import { SiteCrawledEvent } from '../../server/contract/site-events.ts';
import { CrawlerBlockedEvent } from '../../server/contract/traffic-events.ts';
import { ReportReadyEvent } from '../../server/contract/report-events.ts';
import { PingEvent, RunEvent } from '../../server/contract/webhooks.ts';

/**
 * The document's examples and patterns against the runtime: every example is accepted both by the zod schema the
 * service validates with and by the JSON Schema the document publishes, and the published patterns accept and
 * refuse what the service does, so tools that check requests against the document agree with the service.
 */

const doc = buildOpenApiDocument();
// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
/** Examples are held to the formats too (dates, date-times, URIs), as a strict client library would. */
const strict = addFormats(new Ajv2020({ strict: false, allErrors: true }));
/**
 * The request rules as JSON Schema 2020-12 states them: `format` is an annotation there, so what a URL must be
 * is said by the pattern (https, a host, no whitespace), and the URL parser behind it has the last word.
 */
const rules = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

/** A validator for a schema of the document, its `#/components/...` references resolved in the document. */
const validators = new Map<Ajv2020, Map<JsonSchema, (value: unknown) => boolean>>();
function documentAccepts(schema: JsonSchema, value: unknown, ajv = rules): boolean {
  const cache = validators.get(ajv) ?? new Map<JsonSchema, (value: unknown) => boolean>();
  validators.set(ajv, cache);
  let validate = cache.get(schema);
  if (!validate) {
    const compiled = ajv.compile({ ...schema, components: doc.components });
    validate = (v) => compiled(v);
    cache.set(schema, validate);
  }
  return validate(value);
}

function described(op: Operation): OperationObject {
  const found = doc.paths[op.path]?.[op.method.toLowerCase() as HttpVerb];
  if (!found) throw new Error(`${op.operationId} is not in the document`);
  return found;
}

function zodField(op: Operation, p: ParameterObject): z.ZodType {
  const object = p.in === 'path' ? op.params : p.in === 'query' ? op.query : op.headers;
  const field = object?.shape[p.in === 'header' ? p.name.toLowerCase() : p.name];
  if (!field) throw new Error(`${op.operationId}: no zod schema for ${p.in} parameter ${p.name}`);
  return field as z.ZodType;
}

/** A parameter value as it travels in a URL or header: text, arrays as repeated values. */
const onTheWire = (value: unknown): unknown =>
  Array.isArray(value) ? value.map((v) => String(v)) : String(value);

const EVENT_PAYLOADS: Record<string, z.ZodType> = {
  'run.completed': RunEvent,
  'run.failed': RunEvent,
  ping: PingEvent,
  'visibility.dropped': VisibilityEvent,
  'visibility.rose': VisibilityEvent,
  'citation.lost': CitationEvent,
  'citation.gained': CitationEvent,
  'competitor.overtook': OvertakeEvent,
  'site.crawled': SiteCrawledEvent,
  'actions.updated': ActionsUpdatedEvent,
  'crawler.blocked': CrawlerBlockedEvent,
  'report.ready': ReportReadyEvent,
};

describe('examples in the OpenAPI document', () => {
  it('are given for every parameter, request body, JSON response and event', () => {
    for (const op of operations) {
      const d = described(op);
      for (const p of d.parameters ?? []) expect(p.example, `${op.operationId} ${p.name}`).toBeDefined();
      if (d.requestBody) {
        expect(d.requestBody.content['application/json']?.example, op.operationId).toBeDefined();
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!response.schema) continue;
        const media = (d.responses[status] as { content?: Record<string, { example?: unknown }> }).content;
        expect(media?.['application/json']?.example, `${op.operationId} ${status}`).toBeDefined();
      }
    }
    for (const [event, item] of Object.entries(doc.webhooks)) {
      expect(item.post?.requestBody?.content['application/json']?.example, event).toBeDefined();
    }
  });

  it('are accepted by the zod schemas the service validates with', () => {
    for (const op of operations) {
      const d = described(op);
      for (const p of d.parameters ?? []) {
        if (p.name === 'If-None-Match') continue;
        const parsed = zodField(op, p).safeParse(onTheWire(p.example));
        expect(parsed.success, `${op.operationId} ${p.name}: ${parsed.error?.message}`).toBe(true);
      }
      if (op.body) {
        const parsed = op.body.safeParse(d.requestBody?.content['application/json']?.example);
        expect(parsed.success, `${op.operationId} body: ${parsed.error?.message}`).toBe(true);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!response.schema) continue;
        const media = (d.responses[status] as { content: Record<string, { example: unknown }> }).content;
        const parsed = response.schema.safeParse(media['application/json']?.example);
        expect(parsed.success, `${op.operationId} ${status}: ${parsed.error?.message}`).toBe(true);
      }
    }
    for (const [event, item] of Object.entries(doc.webhooks)) {
      const payload = EVENT_PAYLOADS[event];
      expect(payload, event).toBeDefined();
      const example = item.post?.requestBody?.content['application/json']?.example;
      expect(payload!.safeParse(example).success, event).toBe(true);
      expect((example as { event: string }).event).toBe(event);
    }
  });

  it('are valid against the JSON Schema the document publishes', () => {
    const checks: [string, JsonSchema, unknown][] = [];
    for (const op of operations) {
      const d = described(op);
      for (const p of d.parameters ?? []) checks.push([`${op.operationId} ${p.name}`, p.schema, p.example]);
      const body = d.requestBody?.content['application/json'];
      if (body) checks.push([`${op.operationId} body`, body.schema, body.example]);
      for (const [status, response] of Object.entries(d.responses)) {
        const media = (response as { content?: Record<string, { schema: JsonSchema; example: unknown }> })
          .content;
        for (const m of Object.values(media ?? {}))
          checks.push([`${op.operationId} ${status}`, m.schema, m.example]);
      }
    }
    for (const [event, item] of Object.entries(doc.webhooks)) {
      const media = item.post?.requestBody?.content['application/json'];
      if (media) checks.push([event, media.schema, media.example]);
    }
    for (const schema of Object.values(doc.components.schemas)) {
      for (const example of (schema.examples as unknown[] | undefined) ?? [])
        checks.push(['component', schema, example]);
    }
    expect(checks.length).toBeGreaterThan(100);
    for (const [what, schema, example] of checks) {
      expect(documentAccepts(schema, example, strict), `${what}: ${JSON.stringify(example)}`).toBe(true);
    }
  });
});

/** Values on either side of the rules the patterns state: blank text, schemes, spaces, ids. */
const CORPUS = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u00a0',
  '\u2003x\u2003',
  '\ufeff',
  'a',
  ' a ',
  'Northwind',
  'x'.repeat(64),
  'x'.repeat(65),
  'abc_def',
  'a_b:c.d-e',
  'prj7QmT2xK9pLw4RzN8vB3c',
  'https://acme.com',
  'https://acme.com/pricing?plan=team#faq',
  'HTTPS://ACME.COM/x',
  'https://user@acme.com/hook',
  'http://acme.com',
  'ftp://acme.com',
  ' https://acme.com',
  'https://acme.com ',
  'https://acme.com/a b',
  'https:acme.com',
  'https:/acme.com',
  'https://',
  'https://?x',
  'acme.com',
  '07:30',
  '24:00',
];

/** Every string in an example, with a function that puts another value in its place. */
function stringLeaves(value: unknown, set: (v: unknown) => void, out: [string, (s: string) => void][]) {
  if (typeof value === 'string') out.push([value, set]);
  else if (Array.isArray(value)) value.forEach((v, i) => stringLeaves(v, (n) => (value[i] = n), out));
  else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) stringLeaves(object[key], (n) => (object[key] = n), out);
  }
}

describe('patterns in the OpenAPI document', () => {
  it('state the https rule of websiteUrl and webhook url and the non-blank rule of text fields', () => {
    const fields = (name: string) => doc.components.schemas[name]?.properties as Record<string, JsonSchema>;
    expect(fields('ProjectCreate').websiteUrl).toMatchObject({
      format: 'uri',
      pattern: expect.stringMatching(/^\^\[Hh\]/),
    });
    expect(fields('ProjectUpdate').websiteUrl?.pattern).toBe(fields('ProjectCreate').websiteUrl?.pattern);
    expect(fields('WebhookCreate').url?.pattern).toBe(fields('ProjectCreate').websiteUrl?.pattern);
    for (const [schema, field] of [
      ['ProjectCreate', 'name'],
      ['ProjectUpdate', 'name'],
      ['PromptCreate', 'text'],
      ['PromptUpdate', 'text'],
      ['CompetitorInput', 'name'],
    ] as const) {
      expect(fields(schema)[field]?.pattern, `${schema}.${field}`).toBe('\\S');
    }
  });

  it('accept and refuse the same request bodies as the service, field by field', () => {
    for (const op of operations.filter((o) => o.body)) {
      const media = described(op).requestBody?.content['application/json'];
      if (!media || !op.body) throw new Error(`${op.operationId} has no documented body`);
      const leaves: [string, (s: string) => void][] = [];
      const body = structuredClone(media.example);
      stringLeaves(body, () => {}, leaves);
      for (const [original, set] of leaves) {
        const url = original.startsWith('https://');
        const check = (sample: string) => {
          set(sample);
          const service = op.body!.safeParse(body).success;
          const document = documentAccepts(media.schema, body);
          // A URL the parser refuses (a bad host, a port over 65535) has no JSON Schema form: there the document
          // may be laxer than the service, never stricter.
          if (url && !service && !URL.canParse(sample)) return;
          expect(document, `${op.operationId}: ${JSON.stringify(sample)} in place of ${original}`).toBe(
            service,
          );
        };
        for (const sample of CORPUS) check(sample);
        fc.assert(
          fc.property(
            fc.oneof(
              fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', 'a', '.', '-') }),
              fc.string({ maxLength: 30 }),
              fc.string({ maxLength: 20 }).map((s) => `https://${s}`),
              fc.string({ maxLength: 20 }).map((s) => `${s}https://acme.com/${s}`),
            ),
            (sample) => check(sample),
          ),
          { numRuns: 200 },
        );
        set(original);
      }
    }
  });

  it('accept and refuse the same path and query values as the service', () => {
    for (const op of operations) {
      for (const p of described(op).parameters ?? []) {
        if (typeof p.schema.pattern !== 'string') continue;
        const field = zodField(op, p);
        const check = (sample: string) => {
          const service = field.safeParse(sample).success;
          expect(
            documentAccepts(p.schema, sample),
            `${op.operationId} ${p.name} ${JSON.stringify(sample)}`,
          ).toBe(service);
        };
        for (const sample of CORPUS) check(sample);
        fc.assert(fc.property(fc.string({ maxLength: 210 }), check), { numRuns: 200 });
      }
    }
  });
});
