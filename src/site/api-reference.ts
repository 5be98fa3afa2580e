/**
 * Reads the OpenAPI document back into what a reference page shows: per endpoint its parameters, body and
 * response fields, errors and examples. Both /docs/api and /docs/api.md render from this, so the pages
 * say exactly what the document says.
 */
import { OPERATIONS } from '../api/endpoints/index.js';
import type { Example } from '../api/example.js';
import type { OpenApiDocument, Operation } from '../api/openapi.js';

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ErrorRow {
  status: string;
  description: string;
}

export interface Endpoint {
  op: Operation;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: FieldRow[];
  requestBody?: { schema: string; fields: FieldRow[] };
  response?: { schema: string; fields: FieldRow[] };
  errors: ErrorRow[];
  examples: Example[];
}

const asJson = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

function refName(schema: Json): string | undefined {
  const ref = schema['$ref'];
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

/** A short human label of a schema: `string`, `integer 1–50`, `array of SearchResult`, `"ok"`. */
export function typeLabel(schemaValue: unknown): string {
  const schema = asJson(schemaValue);
  const name = refName(schema);
  if (name) return name;
  if ('const' in schema) return JSON.stringify(schema['const']);
  const type = schema['type'];
  const base = Array.isArray(type) ? type.join(' | ') : String(type ?? 'any');
  if (base === 'array') {
    const prefix = schema['prefixItems'];
    if (Array.isArray(prefix)) return `[${prefix.map(typeLabel).join(', ')}]`;
    return `array of ${typeLabel(schema['items'])}`;
  }
  const parts = [base];
  if (typeof schema['format'] === 'string') parts.push(`(${schema['format']})`);
  if (typeof schema['minimum'] === 'number' && typeof schema['maximum'] === 'number') parts.push(`${schema['minimum']}–${schema['maximum']}`);
  if (typeof schema['maxLength'] === 'number') parts.push(`≤ ${schema['maxLength']} chars`);
  if (schema['default'] !== undefined) parts.push(`default ${JSON.stringify(schema['default'])}`);
  return parts.join(' ');
}

/** The properties of a named component schema as table rows. */
export function schemaFields(document: OpenApiDocument, name: string): FieldRow[] {
  const schema = asJson(asJson(document.components.schemas)[name]);
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  return Object.entries(asJson(schema['properties'])).map(([field, value]) => ({
    name: field,
    type: typeLabel(value),
    required: required.has(field),
    description: String(asJson(value)['description'] ?? ''),
  }));
}

/** Named schemas used by responses but not themselves endpoints' top-level bodies, for a "Types" section. */
export function nestedSchemas(document: OpenApiDocument): string[] {
  const top = new Set(OPERATIONS.flatMap((op) => [op.response, op.requestBody]).filter(Boolean));
  return Object.keys(document.components.schemas).filter((name) => !top.has(name as never));
}

export function endpoints(document: OpenApiDocument, examples: Readonly<Record<string, readonly Example[]>>): Endpoint[] {
  const paths = asJson(document.paths);
  return OPERATIONS.map((op) => {
    const operation = asJson(asJson(paths[op.path])[op.method]);
    const parameters = (Array.isArray(operation['parameters']) ? operation['parameters'] : []).map((p: Json) => ({
      name: p['in'] === 'path' ? `{${String(p['name'])}}` : String(p['name']),
      type: `${typeLabel(p['schema'])}${p['style'] === 'form' ? ', comma-separated' : p['style'] === 'pipeDelimited' ? ', separated by |' : ''}`,
      required: p['required'] === true,
      description: String(p['description'] ?? ''),
    }));
    const responses = asJson(operation['responses']);
    const errors = Object.entries(responses)
      .filter(([status]) => status !== '200')
      .map(([status, r]) => ({ status, description: String(asJson(r)['description'] ?? '') }));
    const endpoint: Endpoint = {
      op,
      method: op.method.toUpperCase(),
      path: op.path,
      summary: String(operation['summary'] ?? ''),
      description: String(operation['description'] ?? ''),
      parameters,
      errors,
      examples: [...(examples[op.id] ?? [])],
    };
    if (op.requestBody) endpoint.requestBody = { schema: op.requestBody, fields: schemaFields(document, op.requestBody) };
    if (op.response) endpoint.response = { schema: op.response, fields: schemaFields(document, op.response) };
    return endpoint;
  });
}

/** The id of an endpoint's section on /docs/api. */
export const endpointAnchor = (op: Pick<Operation, 'id'>) => `endpoint-${op.id}`;

/** Arrays keep this many items in a trimmed example. */
const KEEP_ITEMS = 2;
/** Long texts are cut after this many characters. */
const KEEP_CHARS = 240;
const LONG_FIELDS = new Set(['text', 'context', 'definition']);

/**
 * Keeps the first KEEP_ITEMS of every array and cuts long texts, so an example stays readable; offsets,
 * paths and id lists stay whole since they are meaningless cut.
 */
export function trim(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.slice(0, key === 'highlights' || key === 'path' || key === 'ids' ? undefined : KEEP_ITEMS).map((v) => trim(v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, k)]));
  if (typeof value === 'string' && LONG_FIELDS.has(key) && value.length > KEEP_CHARS) return `${value.slice(0, KEEP_CHARS)} …`;
  return value;
}
