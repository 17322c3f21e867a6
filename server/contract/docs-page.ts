import { escapeHtml, renderInline, renderMarkdown, slug, splitSections } from './docs-markdown.ts';
import { notesHtml, schemaAnchor, schemaHtml, typeHtml } from './docs-schema.ts';
import { DOCS_CSS } from './docs-style.ts';
import type {
  ErrorCodeDocs,
  HeaderObject,
  HttpVerb,
  OpenApiDocument,
  OperationObject,
  PathItemObject,
  Ref,
  ResponseObject,
} from './openapi-types.ts';

/**
 * The HTML API reference, rendered from the OpenAPI document alone so the page and the machine-readable
 * description cannot drift apart. Self-contained (inline CSS, no script, nothing fetched) and every piece of
 * text from the document is escaped.
 */

interface Entry {
  /** The path, or the event name for a webhook. */
  path: string;
  verb: HttpVerb;
  op: OperationObject;
}

const VERBS: HttpVerb[] = ['get', 'post', 'put', 'patch', 'delete'];

function entries(items: Record<string, PathItemObject>): Entry[] {
  return Object.entries(items).flatMap(([path, item]) =>
    VERBS.flatMap((verb) => {
      const op = item[verb];
      return op ? [{ path, verb, op }] : [];
    }),
  );
}

function byTag(list: Entry[], tag: string): Entry[] {
  return list.filter((entry) => entry.op.tags.includes(tag));
}

export function renderDocsPage(doc: OpenApiDocument): string {
  const { intro, sections } = splitSections(doc.info.description);
  const operations = entries(doc.paths);
  const webhooks = entries(doc.webhooks);
  const operationTags = doc.tags.filter((tag) => byTag(operations, tag.name).length > 0);
  const webhookTags = doc.tags.filter((tag) => byTag(webhooks, tag.name).length > 0);
  const title = escapeHtml(doc.info.title);
  const server = doc.servers[0]?.url;

  const nav = [
    '<ul>',
    ...sections.map((section) => link(slug(section.title), escapeHtml(section.title))),
    '</ul>',
    ...operationTags.map(
      (tag) =>
        `<div class="group">${escapeHtml(tag.name)}</div><ul>` +
        byTag(operations, tag.name)
          .map((entry) =>
            link(
              entry.op.operationId,
              `<span class="verb">${entry.verb.toUpperCase()}</span> ${escapeHtml(entry.path)}`,
            ),
          )
          .join('') +
        '</ul>',
    ),
    `<div class="group"><a href="#webhooks">Webhooks</a></div><ul>`,
    ...webhooks.map((entry) => link(entry.op.operationId, escapeHtml(entry.path))),
    '</ul>',
    `<div class="group"><a href="#response-headers">Response headers</a></div>`,
    `<div class="group"><a href="#schemas">Schemas</a></div>`,
  ].join('\n');

  const main = [
    `<header><h1>${title}</h1><p>Version ${escapeHtml(doc.info.version)}</p>`,
    server ? `<p>Base URL <code>${escapeHtml(server)}</code></p>` : '',
    '</header>',
    renderMarkdown(intro),
    ...sections.map((section) => {
      const id = slug(section.title);
      // The code table sits under the description's own Errors heading, where problem `type` links land.
      const extra = id === 'errors' ? errorCodesHtml(doc) : '';
      return `<section id="${escapeHtml(id)}"><h2>${escapeHtml(section.title)}</h2>\n${renderMarkdown(section.body)}\n${extra}</section>`;
    }),
    ...operationTags.map(
      (tag) =>
        `<section id="${escapeHtml(`tag-${slug(tag.name)}`)}"><h2>${escapeHtml(tag.name)}</h2>\n${renderMarkdown(tag.description)}\n` +
        byTag(operations, tag.name)
          .map((entry) => operationHtml(doc, entry))
          .join('\n') +
        '</section>',
    ),
    '<section id="webhooks"><h2>Webhooks</h2>',
    ...webhookTags.map((tag) => renderMarkdown(tag.description)),
    ...webhooks.map((entry) => webhookHtml(doc, entry)),
    '</section>',
    headersHtml(doc),
    schemasHtml(doc),
  ].join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title} ${escapeHtml(doc.info.version)}</title>
<style>${DOCS_CSS}</style>
</head>
<body>
<nav aria-label="Contents">
${nav}
</nav>
<main>
${main}
</main>
</body>
</html>
`;
}

function link(anchor: string, labelHtml: string): string {
  return `<li><a href="#${escapeHtml(anchor)}">${labelHtml}</a></li>`;
}

function errorCodeDocs(doc: OpenApiDocument): ErrorCodeDocs {
  return (doc.components.schemas.ErrorCode?.['x-error-codes'] ?? {}) as ErrorCodeDocs;
}

function errorCodesHtml(doc: OpenApiDocument): string {
  const rows = Object.entries(errorCodeDocs(doc)).map(
    ([code, info]) =>
      `<tr id="${escapeHtml(`error-${code}`)}"><td><code>${escapeHtml(code)}</code></td>` +
      `<td>${info.statuses.map((status) => `<span class="status">${escapeHtml(String(status))}</span>`).join(', ')}</td>` +
      `<td>${renderInline(info.description)}</td></tr>`,
  );
  return `<table><thead><tr><th>Code</th><th>HTTP status</th><th>When</th></tr></thead>\n<tbody>${rows.join('\n')}</tbody></table>`;
}

function scopeHtml(op: OperationObject): string {
  const roles = op.security.flatMap((requirement) => Object.values(requirement).flat());
  return roles.length > 0
    ? ` · Scope ${roles.map((role) => `<code>${escapeHtml(role)}</code>`).join(', ')}`
    : '';
}

function operationHtml(doc: OpenApiDocument, { path, verb, op }: Entry): string {
  return [
    `<article class="operation" id="${escapeHtml(op.operationId)}">`,
    `<h3><span class="method method-${verb}">${verb.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p class="summary">${renderInline(op.summary)}</p>`,
    `<p class="meta">Operation <code>${escapeHtml(op.operationId)}</code>${scopeHtml(op)}</p>`,
    operationBody(doc, op),
    '</article>',
  ].join('\n');
}

function webhookHtml(doc: OpenApiDocument, { path, verb, op }: Entry): string {
  return [
    `<article class="operation" id="${escapeHtml(op.operationId)}">`,
    `<h3><code>${escapeHtml(path)}</code></h3>`,
    `<p class="summary">${renderInline(op.summary)}</p>`,
    `<p class="meta">Sent as <span class="method method-${verb}">${verb.toUpperCase()}</span> to the registered URL · Operation <code>${escapeHtml(op.operationId)}</code></p>`,
    operationBody(doc, op),
    '</article>',
  ].join('\n');
}

function operationBody(doc: OpenApiDocument, op: OperationObject): string {
  const parts = [op.description ? renderMarkdown(op.description) : ''];
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td>` +
        `<td>${typeHtml(parameter.schema)}</td><td>${parameter.required ? 'yes' : 'no'}</td>` +
        `<td>${[parameter.description ? renderInline(parameter.description) : '', notesHtml(parameter.schema), parameter.explode ? `Send several as <code>${escapeHtml(`${parameter.name}=a&${parameter.name}=b`)}</code>.` : ''].filter(Boolean).join(' ')}</td></tr>`,
    );
    parts.push(
      '<h4>Parameters</h4>',
      `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead>\n<tbody>${rows.join('\n')}</tbody></table>`,
    );
  }
  if (op.requestBody) {
    const body = op.requestBody;
    parts.push('<h4>Request body</h4>');
    for (const [type, media] of Object.entries(body.content)) {
      parts.push(
        `<p><code>${escapeHtml(type)}</code>, ${body.required ? 'required' : 'optional'}</p>`,
        schemaHtml(media.schema),
      );
    }
  }
  const responses = Object.entries(op.responses);
  parts.push('<h4>Responses</h4>');
  for (const [status, response] of responses)
    if (!isError(status)) parts.push(responseHtml(doc, status, response));
  const errors = responses.filter(([status]) => isError(status));
  if (errors.length > 0) parts.push('<h4>Errors</h4>', errorsTable(doc, errors));
  return parts.filter(Boolean).join('\n');
}

function resolve<T>(doc: OpenApiDocument, value: T | Ref): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  if (target === undefined) throw new Error(`unresolved reference ${value.$ref}`);
  return target as T;
}

function responseHtml(doc: OpenApiDocument, status: string, value: ResponseObject | Ref): string {
  const response = resolve(doc, value);
  const headers = headerLinks(response);
  const content = Object.entries(response.content ?? {}).map(
    ([type, media]) => `<p>Body <code>${escapeHtml(type)}</code></p>${schemaHtml(media.schema)}`,
  );
  return [
    `<div class="response"><p><span class="status">${escapeHtml(status)}</span> ${renderInline(response.description)}</p>`,
    headers ? `<p class="meta">Headers: ${headers}</p>` : '',
    ...content,
    '</div>',
  ].join('\n');
}

function isError(status: string): boolean {
  return /^[45]/.test(status);
}

function headerLinks(response: ResponseObject): string {
  return Object.keys(response.headers ?? {})
    .map((name) => `<a href="#${escapeHtml(`header-${name}`)}">${escapeHtml(name)}</a>`)
    .join(', ');
}

/** Error responses are shared problem+json answers: one row each, with links to the codes they carry. */
function errorsTable(doc: OpenApiDocument, errors: [string, ResponseObject | Ref][]): string {
  const codes = errorCodeDocs(doc);
  const rows = errors.map(([status, value]) => {
    const response = resolve(doc, value);
    const links = Object.entries(codes)
      .filter(([, info]) => info.statuses.map(String).includes(status))
      .map(([code]) => `<a href="#${escapeHtml(`error-${code}`)}"><code>${escapeHtml(code)}</code></a>`);
    const bodies = Object.entries(response.content ?? {}).map(
      ([type, media]) => `<code>${escapeHtml(type)}</code> ${typeHtml(media.schema)}`,
    );
    return (
      `<tr><td><span class="status">${escapeHtml(status)}</span></td><td>${links.join(', ')}</td>` +
      `<td>${bodies.join('<br>')}</td><td>${headerLinks(response)}</td></tr>`
    );
  });
  return `<table><thead><tr><th>Status</th><th>Codes</th><th>Body</th><th>Headers</th></tr></thead>\n<tbody>${rows.join('\n')}</tbody></table>`;
}

function headersHtml(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.components.headers).map(
    ([name, header]: [string, HeaderObject]) =>
      `<tr id="${escapeHtml(`header-${name}`)}"><td><code>${escapeHtml(name)}</code></td><td>${typeHtml(header.schema)}</td>` +
      `<td>${renderInline(header.description)} ${notesHtml(header.schema)}</td></tr>`,
  );
  return `<section id="response-headers"><h2>Response headers</h2>\n<table><thead><tr><th>Header</th><th>Type</th><th>Meaning</th></tr></thead>\n<tbody>${rows.join('\n')}</tbody></table></section>`;
}

function schemasHtml(doc: OpenApiDocument): string {
  const schemas = Object.entries(doc.components.schemas).map(([name, schema]) => {
    // Tables have no place for the object's own description; other schemas show it beside their type.
    const isTable = schema.type === 'object' && schema.properties !== undefined;
    const description =
      isTable && typeof schema.description === 'string' ? renderMarkdown(schema.description) : '';
    return `<div class="schema" id="${escapeHtml(schemaAnchor(name))}"><h3>${escapeHtml(name)}</h3>\n${description}\n${schemaHtml(schema)}</div>`;
  });
  return `<section id="schemas"><h2>Schemas</h2>\n${schemas.join('\n')}</section>`;
}
