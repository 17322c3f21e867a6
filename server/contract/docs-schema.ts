import { escapeHtml, renderInline } from './docs-markdown.ts';
import type { JsonSchema } from './openapi-types.ts';

/**
 * JSON Schema as HTML for the reference page: objects become field tables (nested inline objects flattened
 * to dotted names), component references become links to their own table.
 */

const COMPONENT_REF = '#/components/schemas/';

export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined;
}

function refLink(ref: string): string {
  const name = ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : ref;
  return `<a href="#${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</a>`;
}

function code(value: unknown): string {
  return `<code>${escapeHtml(JSON.stringify(value))}</code>`;
}

/** The alternatives of a union, or the schema itself. */
function branches(schema: JsonSchema): JsonSchema[] {
  const union = schema.anyOf ?? schema.oneOf;
  return Array.isArray(union) ? union.flatMap((branch) => branches(asSchema(branch) ?? {})) : [schema];
}

export function typeHtml(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return refLink(schema.$ref);
  const alternatives = branches(schema);
  if (alternatives.length > 1) return alternatives.map(typeHtml).join(' or ');
  if ('const' in schema) return code(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(code).join(' | ');
  if (Array.isArray(schema.type))
    return schema.type.map((type) => typeHtml({ ...schema, type })).join(' or ');
  if (schema.type === 'array') return `array of ${typeHtml(asSchema(schema.items) ?? {})}`;
  if (typeof schema.type !== 'string') return 'any';
  return typeof schema.format === 'string' && schema.type !== 'null'
    ? `${escapeHtml(schema.type)} (${escapeHtml(schema.format)})`
    : escapeHtml(schema.type);
}

const RULES: [string, string][] = [
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['pattern', 'pattern'],
  ['default', 'default'],
];

/** Description and constraints of a field, including those of its non-null alternative and of array items. */
export function notesHtml(schema: JsonSchema): string {
  const notes: string[] = [];
  if (typeof schema.description === 'string') notes.push(renderInline(schema.description));
  const rules = (part: JsonSchema, prefix: string) => {
    for (const [keyword, label] of RULES) {
      if (!(keyword in part)) continue;
      // Patterns read best as written; other values as JSON, so 50 and "50" stay apart.
      const value =
        keyword === 'pattern' ? `<code>${escapeHtml(String(part[keyword]))}</code>` : code(part[keyword]);
      notes.push(`<span class="rule">${prefix}${label} ${value}</span>`);
    }
  };
  for (const branch of branches(schema)) {
    rules(branch, '');
    const items = asSchema(branch.items);
    if (items) rules(items, 'each item: ');
  }
  return notes.join(' ');
}

interface Row {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** An inline object to expand below a field: the field itself, its non-null alternative, or its items. */
function nestedObject(schema: JsonSchema): { object: JsonSchema; suffix: string } | undefined {
  for (const branch of branches(schema)) {
    if (branch.type === 'object' && asSchema(branch.properties)) return { object: branch, suffix: '.' };
    const items = asSchema(branch.items);
    if (items?.type === 'object' && asSchema(items.properties)) return { object: items, suffix: '[].' };
  }
  return undefined;
}

function collectRows(object: JsonSchema, prefix: string, rows: Row[]): void {
  const properties = asSchema(object.properties) ?? {};
  const required = Array.isArray(object.required) ? object.required : [];
  for (const [key, value] of Object.entries(properties)) {
    const schema = asSchema(value) ?? {};
    const name = prefix + key;
    rows.push({ name, schema, required: required.includes(key) });
    const nested = nestedObject(schema);
    if (nested) collectRows(nested.object, name + nested.suffix, rows);
  }
}

export function fieldTable(object: JsonSchema): string {
  const rows: Row[] = [];
  collectRows(object, '', rows);
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code></td><td>${typeHtml(row.schema)}</td>` +
        `<td>${row.required ? 'yes' : 'no'}</td><td>${notesHtml(row.schema)}</td></tr>`,
    )
    .join('\n');
  const open =
    object.additionalProperties !== false ? '<p class="note">Other members may be present.</p>' : '';
  return `<table class="fields"><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead>\n<tbody>${body}</tbody></table>${open}`;
}

/** A schema where it is used: a link for a component, a table for an inline object, else its type. */
export function schemaHtml(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return `<p>${refLink(schema.$ref)}</p>`;
  if (schema.type === 'object' && asSchema(schema.properties)) return fieldTable(schema);
  const notes = notesHtml(schema);
  return `<p>${typeHtml(schema)}${notes ? ` — ${notes}` : ''}</p>`;
}
