/**
 * The OpenAPI 3.1 document, derived from the endpoint declarations (./endpoints) and the named schemas
 * (./schemas.ts) with z.toJSONSchema. Pure: the caller passes the version and the real (trimmed) example
 * bodies, so the same function serves /api/occ/openapi.json, the /docs/api page and its markdown twin.
 */
import { z } from 'zod';
import type { Example } from './example.js';
import { fieldsIn, inputLocation, type AnyEndpoint, type ErrorStatus } from './endpoint.js';
import { separatorOf } from './fields.js';
import { LICENSE, LIMITS } from './limits.js';
import { SCHEMAS } from './schemas.js';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
  /** A list in one query parameter: `form` comma-separated, `pipeDelimited` separated by "|" (explode false). */
  style?: 'form' | 'pipeDelimited';
  explode?: false;
  example?: unknown;
}

/** An endpoint as the docs pages read it: the declaration with its inputs as JSON Schema. */
export interface Operation {
  id: string;
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  /** Name of the request body schema (POST). */
  requestBody?: string;
  /** Success schema; undefined for a free-form JSON object (the OpenAPI document itself) or a text body. */
  response?: string;
  /** The success body's media type when it is not JSON. */
  produces?: string;
  errors: Partial<Record<ErrorStatus, string>>;
  static: boolean;
  cached: boolean;
}

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const uri = (id: string) => `#/components/schemas/${id}`;

/** Drops what z.toJSONSchema adds that a reader does not need: `$schema`, `$id`, safe-integer bounds. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== 'object' || value === null) return value;
  const nullable = nullableOf(value as Json);
  if (nullable) return tidy(nullable);
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$schema' || k === '$id') continue;
    if ((k === 'minimum' || k === 'maximum') && Math.abs(Number(v)) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(v);
  }
  return out;
}

/** `anyOf: [{type: T, ...}, {type: 'null'}]` as the shorter `type: [T, 'null']`, as the reference tables show it. */
function nullableOf(schema: Json): Json | undefined {
  const anyOf = schema['anyOf'];
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || (anyOf[1] as Json)['type'] !== 'null') return undefined;
  const first = anyOf[0] as Json;
  if (typeof first['type'] !== 'string' || '$ref' in first) return undefined;
  const { anyOf: _anyOf, ...rest } = schema;
  // An enum lists null too, or null would fail it.
  const values = Array.isArray(first['enum']) ? { enum: [...(first['enum'] as unknown[]), null] } : {};
  return { ...rest, ...first, type: [first['type'], 'null'], ...values };
}

/** A Zod schema as tidy JSON Schema 2020-12; the MCP tools publish theirs through it too. */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => tidy(z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' })) as Json;
const schemaName = (schema: z.ZodType | undefined) => (schema === undefined ? undefined : SCHEMAS.get(schema)?.id);
const requestName = (e: AnyEndpoint) => `${e.id.charAt(0).toUpperCase()}${e.id.slice(1)}Request`;

function parameters(e: AnyEndpoint): Parameter[] {
  if (e.method === 'POST') return [];
  return Object.entries(e.input.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { description, examples, ...schema } = jsonSchema(field, 'output');
    const where = inputLocation(e, name) === 'path' ? 'path' : 'query';
    const required = where === 'path' || !field.safeParse(undefined).success;
    const parameter: Parameter = { name, in: where, required, description: `${String(description ?? '')}${where === 'query' ? ' Give it at most once.' : ''}`.trim(), schema };
    const separator = separatorOf(field);
    if (separator !== undefined) Object.assign(parameter, { style: separator === ',' ? 'form' : 'pipeDelimited', explode: false });
    if (Array.isArray(examples)) parameter.example = examples[0];
    return parameter;
  });
}

/** Every live endpoint refuses a name it does not take (src/server/http/input.ts); its 400 says so. */
function errorsOf(e: AnyEndpoint): Partial<Record<ErrorStatus, string>> {
  if (e.prerendered === true) return e.errors;
  const named = (location: 'query' | 'body') => fieldsIn(e, location).map((field) => `\`${field}\``);
  const query = named('query');
  const unknown =
    e.method === 'POST'
      ? `a body field other than ${named('body').join(', ')}; any query parameter`
      : query.length === 0
        ? 'any query parameter (it takes none)'
        : `a query parameter other than ${query.join(', ')}`;
  const given = e.errors[400]?.replace(/\.$/, '');
  return { ...e.errors, 400: given === undefined ? `${unknown.charAt(0).toUpperCase()}${unknown.slice(1)}.` : `${given}; ${unknown}.` };
}

/** An endpoint as the OpenAPI document and the docs pages describe it. */
export function operationOf(e: AnyEndpoint): Operation {
  const op: Operation = {
    id: e.id,
    method: e.method === 'GET' ? 'get' : 'post',
    path: e.path,
    summary: e.summary,
    description: e.description,
    parameters: parameters(e),
    errors: errorsOf(e),
    static: e.prerendered === true,
    cached: e.cache === 'short',
  };
  if (e.method === 'POST') op.requestBody = requestName(e);
  const response = schemaName(e.response);
  if (response) op.response = response;
  if (e.produces) op.produces = e.produces;
  return op;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: see `detail` and `parameter`.',
  404: 'Not found: see `detail` and `parameter`.',
  405: 'Method not allowed; the `Allow` header lists the methods of the path.',
  408: 'The request was not received in time.',
  413: 'Content too large.',
  415: 'Unsupported media type.',
  431: 'The request headers are too large.',
  500: 'The server failed; the error is logged.',
};

const HEADERS = {
  AccessControlAllowOrigin: { description: 'Always `*`: any origin may read the API.', schema: { const: '*' } },
  XOccVersion: { description: 'Semver of the running service, on every /api answer (exposed to browsers).', schema: { type: 'string' } },
  ETag: { description: 'Strong validator from the index content hash and the request; send it back in If-None-Match for a 304.', schema: { type: 'string' } },
};
const headerRefs = (...names: (keyof typeof HEADERS)[]) =>
  Object.fromEntries(names.map((n) => [n === 'AccessControlAllowOrigin' ? 'Access-Control-Allow-Origin' : n === 'XOccVersion' ? 'X-OCC-Version' : 'ETag', { $ref: `#/components/headers/${n}` }]));
const common = headerRefs('AccessControlAllowOrigin', 'XOccVersion');

function problemResponse(status: number, why: string | undefined, example: unknown, withBody = true) {
  return {
    description: `${STATUS_TEXT[status] ?? 'Error.'}${why ? ` ${why}` : ''}`,
    headers: common,
    ...(withBody ? { content: { 'application/problem+json': { schema: ref('Problem'), ...(example === undefined ? {} : { example }) } } } : {}),
  };
}

export const CORS_RULES =
  'Every /api response, errors and static JSON included, carries `Access-Control-Allow-Origin: *` and `X-OCC-Version` ' +
  '(exposed to scripts with `ETag` and `Content-Length`), so any web page may call the API. There are no cookies or ' +
  'credentials. A preflight (OPTIONS) is answered with 204, the allowed methods, `Access-Control-Allow-Headers: content-type` ' +
  'and a max-age of one day. POST /rag also accepts its JSON body as `text/plain`, which browsers send without a preflight.';

export const ERROR_RULES =
  'Errors are RFC 9457 problem details, `application/problem+json`: `type`, `title`, `status`, a `detail` saying what ' +
  'is wrong and how to fix it, and `parameter` naming the request parameter or body field at fault when there is one. ' +
  'A query parameter or body field an endpoint does not take is refused (400), naming the ones it takes, so a misspelt ' +
  'name is never answered as if it were absent; the static files (`/api/glossary.json`, `/api/occ/openapi.json`) ignore query strings. ' +
  'An unknown /api path answers 404 and a method a path does not allow answers 405 with an `Allow` header; a request ' +
  'too slow to arrive answers 408 and one with headers too large 431, all in the same format.';

export const CACHE_RULES =
  'GET answers other than /health are cacheable for 60 seconds and carry a strong `ETag` derived from the index content ' +
  'hash and the request; `If-None-Match` (one tag, a list, or `*`) answers 304 without a body. Bodies of 1 KiB or more are ' +
  'compressed when `Accept-Encoding` allows it (q-values honoured: `gzip;q=0` refuses gzip; `identity` gets none).';

export function limitRows(): { name: string; value: string }[] {
  return [
    { name: '`q` / `query` length', value: `1 to ${LIMITS.queryMaxChars} characters (after trimming)` },
    { name: '`top` / `top_k`', value: `${LIMITS.topMin} to ${LIMITS.topMax}, default ${LIMITS.topDefault}` },
    { name: '`max_chars`', value: `${LIMITS.maxCharsMin} to ${LIMITS.maxCharsMax}, or null for no cap` },
    { name: 'POST body size', value: `at most ${LIMITS.bodyMaxBytes} bytes` },
    { name: 'Query parameters', value: 'each at most once (400 otherwise); given but blank is refused: omit it instead' },
  ];
}

export interface DocumentInput {
  /** The endpoints to describe, in the order the document lists them. */
  endpoints: readonly AnyEndpoint[];
  version: string;
  /** Real example exchanges per operation id, made by the build. */
  examples: Readonly<Record<string, readonly Example[]>>;
}

function operation(e: AnyEndpoint, op: Operation, examples: readonly Example[]) {
  const ok = examples.find((x) => x.status === 200);
  const responses: Json = {
    200: {
      description: 'OK',
      headers: op.cached ? headerRefs('AccessControlAllowOrigin', 'XOccVersion', 'ETag') : common,
      content: {
        [op.produces ?? 'application/json']: {
          schema: op.produces ? { type: 'string' } : op.response ? ref(op.response) : { type: 'object' },
          ...(ok === undefined ? {} : { example: ok.response }),
        },
      },
    },
  };
  if (op.cached) responses['304'] = { description: 'Not modified: the `If-None-Match` tag matches; no body.', headers: headerRefs('AccessControlAllowOrigin', 'XOccVersion', 'ETag') };
  for (const [status, why] of Object.entries(op.errors)) {
    responses[status] = problemResponse(Number(status), why, examples.find((x) => x.status === Number(status))?.response);
  }
  if (!op.static) responses['500'] = problemResponse(500, undefined, undefined);
  const withExamples = op.parameters.map(({ example, ...p }) => {
    const fromExample = ok?.query?.[p.name] ?? ok?.params?.[p.name];
    const value = fromExample !== undefined && p.schema['type'] === 'integer' ? Number(fromExample) : (fromExample ?? example);
    return value === undefined ? p : { ...p, example: value };
  });
  const body =
    op.requestBody === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            description: `A JSON object of at most ${LIMITS.bodyMaxBytes} bytes, as application/json or as text/plain (the same JSON, sent by browsers without a CORS preflight).`,
            content: {
              'application/json': { schema: ref(op.requestBody), ...(ok?.body ? { example: ok.body } : {}) },
              'text/plain': {
                schema: { type: 'string', contentMediaType: 'application/json', contentSchema: ref(op.requestBody) },
                ...(ok?.body ? { example: JSON.stringify(ok.body) } : {}),
              },
            },
          },
        };
  const main = {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    ...(withExamples.length > 0 ? { parameters: withExamples } : {}),
    ...body,
    responses,
  };
  const item: Json = { [op.method]: main };
  if (e.method === 'GET') {
    const headResponses = Object.fromEntries(
      Object.entries(responses).map(([status, r]) => {
        const { content: _content, ...rest } = r as Json;
        return [status, status === '200' ? { ...rest, description: 'OK, no body' } : rest];
      }),
    );
    item['head'] = {
      operationId: `${op.id}Head`,
      summary: `${op.summary} (headers only)`,
      description: 'As GET, without the body.',
      ...(withExamples.length > 0 ? { parameters: withExamples } : {}),
      responses: headResponses,
    };
  }
  item['options'] = {
    operationId: `${op.id}Options`,
    summary: 'CORS preflight',
    description: 'Answers 204 with the allowed methods; see CORS.',
    ...(withExamples.some((p) => p.in === 'path') ? { parameters: withExamples.filter((p) => p.in === 'path') } : {}),
    responses: {
      204: {
        description: 'No content: the `Allow` and `Access-Control-Allow-Methods` headers list the methods.',
        headers: { ...common, Allow: { schema: { type: 'string' } }, 'Access-Control-Allow-Methods': { schema: { type: 'string' } } },
      },
    },
  };
  return item;
}

/** The OpenAPI 3.1 document: a pure function of the declarations, their example exchanges and the version. */
export function openapiDocument({ endpoints, version, examples }: DocumentInput) {
  const paths: Record<string, Json> = {};
  for (const e of endpoints) paths[e.path] = { ...paths[e.path], ...operation(e, operationOf(e), examples[e.id] ?? []) };
  const components = (z.toJSONSchema(SCHEMAS, { target: 'draft-2020-12', uri, unrepresentable: 'any' }) as { schemas: Json }).schemas;
  for (const e of endpoints) if (e.method === 'POST') components[requestName(e)] = jsonSchema(e.input, 'input');

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'OCC API',
      version,
      summary: 'Search, cited RAG context, glossary, sources and curated insights on AI governance.',
      description:
        'OCC is an open knowledge retrieval service for AI governance. Every body is licensed ' +
        `${LICENSE} and carries an \`attribution\` line to credit.\n\n${ERROR_RULES}\n\n${CACHE_RULES}\n\n${CORS_RULES}`,
      license: { name: 'Creative Commons Attribution 4.0 (responses and content)', identifier: LICENSE },
    },
    servers: [{ url: '/', description: 'This server' }],
    paths,
    components: {
      schemas: tidy(components) as Json,
      headers: HEADERS,
      responses: Object.fromEntries([404, 405, 408, 431].map((s) => [`Problem${s}`, problemResponse(s, undefined, undefined)])),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openapiDocument>;
